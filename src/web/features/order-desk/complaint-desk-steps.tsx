import { useState, type SyntheticEvent } from 'react';
import type { AdminComplaintDetail } from '../../../contract/console/orders.ts';
import { adminComplaintCalls } from '../../../contract/console/orders-calls.ts';
import type { CallBody } from '../../../contract/call.ts';
import { complaintLimits } from '../../../contract/complaint.ts';
import {
  complaintLifecycle,
  eventsNeedingReason,
  plainStaffEvents,
  type ComplaintLifecycleEvent,
  type PlainStaffEvent,
} from '../../../contract/complaint-lifecycle.ts';
import { yuanTextOfCents } from '../../../contract/money.ts';
import type { Carrier } from '../../../contract/order.ts';
import { formatCents } from '../../../contract/pricing.ts';
import type { AnyStaffCall } from '../../../contract/staff-calls.ts';

type Run = <C extends AnyStaffCall>(call: C, body: CallBody<C>) => Promise<boolean>;

interface StepProps {
  complaint: AdminComplaintDetail;
  isBusy: boolean;
  run: Run;
}

interface StepsProps extends StepProps {
  /** What the lifecycle allows this staff member now. */
  events: readonly ComplaintLifecycleEvent[];
  carriers: readonly Carrier[];
}

export function onSubmit(handler: () => void) {
  return (event: SyntheticEvent) => {
    event.preventDefault();
    handler();
  };
}

/** 同意退货: the quantity and the address the member sends the goods back to. */
function ReturnForm({ complaint, isBusy, run }: StepProps) {
  const [quantity, setQuantity] = useState(String(complaint.quantity));
  const [address, setAddress] = useState(complaint.defaultReturnAddress);
  const { id, status: from } = complaint;
  return (
    <form
      className="desk-form"
      aria-label="同意退货"
      onSubmit={onSubmit(() => void run(adminComplaintCalls.authoriseReturn, { id, from, quantity: Number(quantity), address, note: '' }))}
    >
      <h3>同意退货</h3>
      <p className="desk-form__hint">将生成退货单号，并把退货地址和数量发送给会员；{complaintLimits.returnShipDays}天内未寄回自动关闭。</p>
      <label>
        退货数量（最多 {complaint.quantity}）
        <input name="returnQuantity" type="number" min={1} max={complaint.quantity} value={quantity} onChange={(event) => setQuantity(event.target.value)} />
      </label>
      <label>
        退货地址
        <textarea
          name="returnAddress"
          rows={2}
          maxLength={complaintLimits.returnAddressMax}
          value={address}
          onChange={(event) => setAddress(event.target.value)}
        />
      </label>
      <button className="admin-button" disabled={isBusy}>
        同意退货
      </button>
    </form>
  );
}

function ReceiveForm({ complaint, isBusy, run }: StepProps) {
  const [receiveNote, setReceiveNote] = useState('');
  return (
    <form
      className="desk-form"
      aria-label="确认收到退货"
      onSubmit={onSubmit(() => void run(adminComplaintCalls.receiveGoods, { id: complaint.id, from: complaint.status, note: receiveNote }))}
    >
      <h3>收到退货</h3>
      <label>
        收货备注
        <input name="note" maxLength={100} value={receiveNote} onChange={(event) => setReceiveNote(event.target.value)} placeholder="如 外箱完好，数量相符" />
      </label>
      <button className="admin-button" disabled={isBusy}>
        确认收到退货
      </button>
    </form>
  );
}

/** 退款: the suggested amount (the returned goods, or the whole line), back the way the order was paid. */
function RefundForm({ complaint, isBusy, run }: StepProps) {
  const [amount, setAmount] = useState(yuanTextOfCents(complaint.suggestedRefundCents));
  const [refundNote, setRefundNote] = useState('');
  return (
    <form
      className="desk-form"
      aria-label="退款"
      onSubmit={onSubmit(() => void run(adminComplaintCalls.refund, { id: complaint.id, from: complaint.status, amount, note: refundNote }))}
    >
      <h3>退款</h3>
      <p className="desk-form__hint">
        经订单原路退回。建议金额 {formatCents(complaint.suggestedRefundCents)}
        {complaint.aftersales.returnQuantity !== null ? `（退货 ${String(complaint.aftersales.returnQuantity)} 个的商品金额）` : '（整行商品金额，未退货）'}
        ，订单可退 {formatCents(complaint.orderRefundableCents)}。
      </p>
      <label>
        退款金额（元）
        <input name="refundAmount" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
      </label>
      <label>
        退款说明
        <input name="refundNote" maxLength={200} value={refundNote} onChange={(event) => setRefundNote(event.target.value)} />
      </label>
      <button className="admin-button" disabled={isBusy}>
        退款
      </button>
    </form>
  );
}

function ReplaceForm({ complaint, carriers, isBusy, run }: StepProps & { carriers: readonly Carrier[] }) {
  const [carrierCode, setCarrierCode] = useState(carriers.find((carrier) => !carrier.isPickup)?.code ?? '');
  const [trackingNo, setTrackingNo] = useState('');
  return (
    <form
      className="desk-form"
      aria-label="换货"
      onSubmit={onSubmit(() => void run(adminComplaintCalls.replace, { id: complaint.id, from: complaint.status, carrierCode, trackingNo }))}
    >
      <h3>换货发出</h3>
      <label>
        快递公司
        <select value={carrierCode} onChange={(event) => setCarrierCode(event.target.value)}>
          {carriers.map((carrier) => (
            <option key={carrier.code} value={carrier.code}>
              {carrier.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        运单号
        <input name="replaceTrackingNo" maxLength={64} value={trackingNo} onChange={(event) => setTrackingNo(event.target.value)} />
      </label>
      <button className="admin-button" disabled={isBusy}>
        登记换货
      </button>
    </form>
  );
}

/** 受理 / 解决 / 驳回 / 关闭 / 重新处理 with a note the member sees (驳回 needs one). */
function PlainSteps({ complaint, plain, isBusy, run }: StepProps & { plain: readonly PlainStaffEvent[] }) {
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  function firePlain(event: PlainStaffEvent) {
    if (eventsNeedingReason.includes(event) && note.trim() === '') {
      setProblem(`请填写${complaintLifecycle.events[event].label}的原因，会员将看到这段说明`);
      return;
    }
    setProblem('');
    void run(adminComplaintCalls.transition, { id: complaint.id, event, from: complaint.status, note }).then((isDone) => isDone && setNote(''));
  }
  return (
    <div className="desk-form">
      <h3>处理</h3>
      <label>
        说明（发送给会员；驳回须填写原因）
        <textarea name="statusNote" rows={2} maxLength={200} value={note} onChange={(event) => setNote(event.target.value)} />
      </label>
      {problem && (
        <p className="desk-notice desk-notice--error" role="alert">
          {problem}
        </p>
      )}
      <div className="desk-form__buttons">
        {plain.map((event) => (
          <button key={event} type="button" className="admin-button" disabled={isBusy} onClick={() => firePlain(event)}>
            {complaintLifecycle.events[event].label}
          </button>
        ))}
      </div>
    </div>
  );
}

/** The forms and buttons of the allowed events: 同意退货, 确认收到退货, 退款, 换货, then 受理 / 解决 / 驳回 / 关闭 / 重新处理 with a note. */
export function ComplaintSteps({ complaint, events, carriers, isBusy, run }: StepsProps) {
  const plain = plainStaffEvents.filter((event) => events.includes(event));
  const has = (event: ComplaintLifecycleEvent) => events.includes(event);
  const step = { complaint, isBusy, run };
  return (
    <>
      {has('authoriseReturn') && <ReturnForm {...step} />}
      {has('receiveGoods') && <ReceiveForm {...step} />}
      {has('refund') && <RefundForm {...step} />}
      {has('replace') && <ReplaceForm {...step} carriers={carriers} />}
      {plain.length > 0 && <PlainSteps {...step} plain={plain} />}
    </>
  );
}
