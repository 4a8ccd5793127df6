import { useState, type SyntheticEvent } from 'react';
import { newRefundNo, type AdminOrderDetail } from '../../../contract/console/orders.ts';
import { adminOrderCalls } from '../../../contract/console/orders-calls.ts';
import type { CallBody } from '../../../contract/call.ts';
import { yuanTextOfCents } from '../../../contract/money.ts';
import type { Carrier } from '../../../contract/order.ts';
import { formatCents } from '../../../contract/pricing.ts';
import type { AnyStaffCall } from '../../../contract/staff-calls.ts';
import { InvoicePdfUpload } from './invoice-pdf-upload.tsx';

type Run = <C extends AnyStaffCall>(call: C, body: CallBody<C>) => Promise<boolean>;

interface FormProps {
  detail: AdminOrderDetail;
  run: Run;
  isBusy: boolean;
}

function submitted(handler: () => void) {
  return (event: SyntheticEvent) => {
    event.preventDefault();
    handler();
  };
}

/** 确认到账: the amount the bank shows, checked against the order's by the server. */
export function ConfirmTransferForm({ detail, run, isBusy }: FormProps) {
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  return (
    <form
      className="desk-form"
      data-testid="confirm-transfer-form"
      onSubmit={submitted(() => void run(adminOrderCalls.confirmTransfer, { orderNo: detail.orderNo, amount, note, from: detail.status }))}
    >
      <h3>确认到账（对公转账）</h3>
      <label>
        到账金额（应付 {formatCents(detail.payableCents)}）
        <input name="amount" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} placeholder="如 250.00" />
      </label>
      <label>
        备注
        <input name="note" maxLength={100} value={note} onChange={(event) => setNote(event.target.value)} placeholder="如 招商银行 流水号" />
      </label>
      <button className="admin-button" disabled={isBusy}>
        确认到账
      </button>
    </form>
  );
}

/** 发货: carrier and tracking number; a parcel of chosen lines and quantities, or everything left. */
export function ShipForm({ detail, run, isBusy, carriers }: FormProps & { carriers: readonly Carrier[] }) {
  const [carrierCode, setCarrierCode] = useState(carriers.find((carrier) => !carrier.isPickup)?.code ?? '');
  const [trackingNo, setTrackingNo] = useState('');
  const [isPartial, setPartial] = useState(false);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const shippable = detail.lines.filter((line) => line.shippableQuantity > 0);
  function ship() {
    const lines = shippable.map((line) => ({ orderLineId: line.id, quantity: Number(quantities[line.id] ?? '0') })).filter((line) => line.quantity !== 0);
    void run(adminOrderCalls.ship, { orderNo: detail.orderNo, carrierCode, trackingNo, from: detail.status, ...(isPartial ? { lines } : {}) }).then(
      (isDone) => {
        if (isDone) {
          setTrackingNo('');
          setQuantities({});
        }
      },
    );
  }
  return (
    <form className="desk-form" data-testid="ship-form" onSubmit={submitted(ship)}>
      <h3>发货</h3>
      <label>
        快递公司
        <select name="carrierCode" value={carrierCode} onChange={(event) => setCarrierCode(event.target.value)}>
          {carriers.map((carrier) => (
            <option key={carrier.code} value={carrier.code}>
              {carrier.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        运单号
        <input name="trackingNo" maxLength={64} value={trackingNo} onChange={(event) => setTrackingNo(event.target.value)} />
      </label>
      <label className="desk-form__check">
        <span>
          <input type="checkbox" name="isPartial" checked={isPartial} onChange={(event) => setPartial(event.target.checked)} /> 部分发货（选择商品和数量）
        </span>
      </label>
      {isPartial && (
        <div className="admin-scroll">
          <table className="admin-table desk-form__lines">
            <thead>
              <tr>
                <th>型号</th>
                <th>可发</th>
                <th>本次发货</th>
              </tr>
            </thead>
            <tbody>
              {shippable.map((line) => (
                <tr key={line.id}>
                  <td>{line.productCode}</td>
                  <td>{line.shippableQuantity}</td>
                  <td>
                    <input
                      aria-label={`${line.productCode} 本次发货数量`}
                      inputMode="numeric"
                      value={quantities[line.id] ?? ''}
                      onChange={(event) => setQuantities({ ...quantities, [line.id]: event.target.value })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <button className="admin-button" disabled={isBusy}>
        {isPartial ? '发出本包裹' : '全部发货'}
      </button>
    </form>
  );
}

export function CancelForm({ detail, run, isBusy }: FormProps) {
  const [reason, setReason] = useState('');
  return (
    <form
      className="desk-form"
      data-testid="cancel-form"
      onSubmit={submitted(() => void run(adminOrderCalls.cancel, { orderNo: detail.orderNo, reason, from: detail.status }))}
    >
      <h3>取消订单</h3>
      <label>
        取消原因{detail.payment ? '（已付款项将全额退回）' : ''}
        <input name="reason" maxLength={100} value={reason} onChange={(event) => setReason(event.target.value)} />
      </label>
      <button className="admin-button" disabled={isBusy}>
        取消订单
      </button>
    </form>
  );
}

/** A line's share of the amount paid for it, for `quantity` of its units (what taking them off refunds by default). */
function shareCents(line: AdminOrderDetail['lines'][number], quantity: number): number {
  return Math.round((line.amountCents * quantity) / line.quantity);
}

/** 不再发货: quantities of the lines not yet sent that the refund takes off (they go back to stock). */
function TakeOffTable({
  lines,
  quantities,
  onChange,
}: {
  lines: AdminOrderDetail['lines'];
  quantities: Record<number, string>;
  onChange: (next: Record<number, string>) => void;
}) {
  return (
    <div className="admin-scroll">
      <table className="admin-table desk-form__lines">
        <thead>
          <tr>
            <th>型号</th>
            <th>待发</th>
            <th>不再发货</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id}>
              <td>{line.productCode}</td>
              <td>{line.toShipQuantity}</td>
              <td>
                <input
                  aria-label={`${line.productCode} 不再发货数量`}
                  inputMode="numeric"
                  value={quantities[line.id] ?? ''}
                  onChange={(event) => onChange({ ...quantities, [line.id]: event.target.value })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * 退款: a refund number is drawn when the form opens, so sending it twice is one refund. It may take
 * units not yet sent off their lines (the amount follows their share unless typed); refunding
 * everything that is left closes the order.
 */
export function RefundForm({ detail, run, isBusy }: FormProps) {
  const [refundNo, setRefundNo] = useState(() => newRefundNo(Date.now(), Math.random().toString(36).slice(2, 8)));
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [isTakingOff, setTakingOff] = useState(false);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const unsent = detail.lines.filter((line) => line.toShipQuantity > 0);
  const takeOffs = isTakingOff
    ? unsent.map((line) => ({ orderLineId: line.id, quantity: Number(quantities[line.id] ?? '0') })).filter((line) => line.quantity !== 0)
    : [];
  const suggested = takeOffs.reduce((sum, taken) => {
    const line = unsent.find((candidate) => candidate.id === taken.orderLineId);
    return line && Number.isInteger(taken.quantity) && taken.quantity > 0 ? sum + shareCents(line, taken.quantity) : sum;
  }, 0);
  function refund() {
    const body = { orderNo: detail.orderNo, refundNo, amount: amount || (suggested > 0 ? yuanTextOfCents(suggested) : ''), reason, from: detail.status };
    void run(adminOrderCalls.refund, takeOffs.length > 0 ? { ...body, lines: takeOffs } : body).then((isDone) => {
      if (isDone) {
        setRefundNo(newRefundNo(Date.now(), Math.random().toString(36).slice(2, 8)));
        setAmount('');
        setQuantities({});
        setTakingOff(false);
      }
    });
  }
  return (
    <form className="desk-form" data-testid="refund-form" onSubmit={submitted(refund)}>
      <h3>退款</h3>
      {unsent.length > 0 && (
        <label className="desk-form__check">
          <span>
            <input type="checkbox" name="isTakingOff" checked={isTakingOff} onChange={(event) => setTakingOff(event.target.checked)} /> 同时取消未发货的商品
          </span>
        </label>
      )}
      {isTakingOff && <TakeOffTable lines={unsent} quantities={quantities} onChange={setQuantities} />}
      <label>
        退款金额（可退 {formatCents(detail.refundableCents)}）
        <input
          name="amount"
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          placeholder={suggested > 0 ? yuanTextOfCents(suggested) : yuanTextOfCents(detail.refundableCents)}
        />
      </label>
      <p className="desk-form__hint">
        <button type="button" className="link-button" onClick={() => setAmount(yuanTextOfCents(detail.refundableCents))}>
          全额退款
        </button>
        ：退还全部可退金额后订单关闭，未发出的商品不再发货。
      </p>
      <label>
        退款原因
        <input name="reason" maxLength={100} value={reason} onChange={(event) => setReason(event.target.value)} />
      </label>
      <button className="admin-button" disabled={isBusy}>
        提交退款
      </button>
    </form>
  );
}

export function OfflineRefundButton({ detail, run, isBusy, refundNo }: FormProps & { refundNo: string }) {
  return (
    <button
      className="admin-button"
      type="button"
      disabled={isBusy}
      onClick={() => void run(adminOrderCalls.confirmOfflineRefund, { orderNo: detail.orderNo, refundNo, note: '' })}
    >
      确认已线下退款
    </button>
  );
}

/** 重新退款: a failed refund asked again under its own number. */
export function RetryRefundButton({ detail, run, isBusy, refund }: FormProps & { refund: AdminOrderDetail['refunds'][number] }) {
  return (
    <button
      className="admin-button"
      type="button"
      disabled={isBusy}
      onClick={() => void run(adminOrderCalls.retryRefund, { orderNo: detail.orderNo, refundNo: refund.refundNo, from: refund.status })}
    >
      重新退款
    </button>
  );
}

/** 登记到账退回: a bank transfer that arrived for an order that can no longer take it, paid back by finance (线下退款). */
export function LateTransferForm({ detail, run, isBusy }: FormProps) {
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  return (
    <form
      className="desk-form"
      data-testid="late-transfer-form"
      onSubmit={submitted(() => void run(adminOrderCalls.recordLateTransfer, { orderNo: detail.orderNo, amount, note }))}
    >
      <h3>登记到账退回</h3>
      <p className="desk-form__hint">订单已不能收款（已取消、已关闭或已付款）时收到的对公转账：登记后生成线下退款，由财务转账退回后确认。</p>
      <label>
        到账金额
        <input name="amount" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} placeholder="如 250.00" />
      </label>
      <label>
        备注
        <input name="note" maxLength={100} value={note} onChange={(event) => setNote(event.target.value)} placeholder="如 招商银行 流水号" />
      </label>
      <button className="admin-button" disabled={isBusy}>
        登记到账退回
      </button>
    </form>
  );
}

/** 开票: the tax system's number and the electronic invoice's PDF (a 数电票 needs it); 登记开票 waits for the upload. */
export function InvoiceForm({ detail, run, isBusy }: FormProps) {
  const [invoiceNumber, setInvoiceNumber] = useState('');
  const [fileUrl, setFileUrl] = useState('');
  const [isUploading, setUploading] = useState(false);
  return (
    <form
      className="desk-form"
      data-testid="invoice-form"
      onSubmit={submitted(() => {
        if (!isUploading) void run(adminOrderCalls.issueInvoice, { orderNo: detail.orderNo, invoiceNumber, fileUrl, from: detail.status });
      })}
    >
      <h3>开具发票</h3>
      {detail.poNumber ? <p data-testid="invoice-po-number">发票备注请注明采购订单号：{detail.poNumber}</p> : null}
      <label>
        发票号码
        <input name="invoiceNumber" inputMode="numeric" maxLength={20} value={invoiceNumber} onChange={(event) => setInvoiceNumber(event.target.value)} />
      </label>
      <InvoicePdfUpload orderNo={detail.orderNo} fileUrl={fileUrl} onUploaded={setFileUrl} onSending={setUploading} />
      <button className="admin-button" disabled={isBusy || isUploading}>
        {isUploading ? '等待上传完成…' : '登记开票'}
      </button>
    </form>
  );
}

/** 登记红冲: the red-letter invoice's number, once the order was cancelled or refunded in full. */
export function ReverseInvoiceForm({ detail, run, isBusy }: FormProps) {
  const [reversalNumber, setReversalNumber] = useState('');
  return (
    <form
      className="desk-form"
      data-testid="reverse-invoice-form"
      onSubmit={submitted(() => void run(adminOrderCalls.reverseInvoice, { orderNo: detail.orderNo, reversalNumber }))}
    >
      <h3>发票红冲（发票 {detail.issuedInvoice?.invoiceNumber ?? ''}）</h3>
      <label>
        红字发票号码
        <input name="reversalNumber" inputMode="numeric" maxLength={20} value={reversalNumber} onChange={(event) => setReversalNumber(event.target.value)} />
      </label>
      <button className="admin-button" disabled={isBusy}>
        登记红冲
      </button>
    </form>
  );
}
