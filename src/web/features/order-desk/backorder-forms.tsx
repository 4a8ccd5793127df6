import { useState, type SyntheticEvent } from 'react';
import { expectedDateNote } from '../../../contract/backorder.ts';
import { adminBackOrderCalls } from '../../../contract/console/backorder-desk-calls.ts';
import type { AdminOrderDetail, AdminOrderLine } from '../../../contract/console/orders.ts';
import type { CallBody } from '../../../contract/call.ts';
import { OrderStatus } from '../../../contract/order.ts';
import type { AnyStaffCall } from '../../../contract/staff-calls.ts';

type Run = <C extends AnyStaffCall>(call: C, body: CallBody<C>) => Promise<boolean>;

interface BackOrderProps {
  detail: AdminOrderDetail;
  run: Run;
  isBusy: boolean;
}

/** Orders whose waiting lines may still get units or a new date. */
const openStatuses: readonly OrderStatus[] = [OrderStatus.unpaid, OrderStatus.unshipped, OrderStatus.partlyShipped];

/** Units of the line still waiting for stock (0 when all arrived or were refunded). */
export function waitingUnitsOf(line: Pick<AdminOrderLine, 'quantity' | 'cancelledQuantity' | 'reservedQuantity'>): number {
  return Math.max(0, line.quantity - line.cancelledQuantity - line.reservedQuantity);
}

/** The line's 到货 cell: 现货, or 缺货 N with its 预计 date. */
export function arrivalText(line: AdminOrderLine): string {
  const waiting = waitingUnitsOf(line);
  return waiting > 0 ? `缺货 ${String(waiting)}，${expectedDateNote(line.expectedDate)}` : '现货';
}

function MoveDateForm({ detail, line, run, isBusy }: BackOrderProps & { line: AdminOrderLine }) {
  const [expectedDate, setExpectedDate] = useState(line.expectedDate ?? '');
  const [reason, setReason] = useState('');
  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const body = { orderNo: detail.orderNo, lineId: line.id, expectedDate, reason, seenDate: line.expectedDate };
    void run(adminBackOrderCalls.moveDate, body).then((isDone) => isDone && setReason(''));
  }
  return (
    <form className="desk-form" data-testid="backorder-date-form" onSubmit={submit}>
      <label>
        新的预计到货日期
        <input type="date" name="expectedDate" value={expectedDate} onChange={(event) => setExpectedDate(event.target.value)} />
      </label>
      <label>
        变更原因（将通知买家）
        <input name="reason" maxLength={100} value={reason} onChange={(event) => setReason(event.target.value)} placeholder="如 原厂交期顺延" />
      </label>
      <button className="admin-button" disabled={isBusy}>
        修改预计到货
      </button>
    </form>
  );
}

function ReceiveStockForm({ detail, line, run, isBusy }: BackOrderProps & { line: AdminOrderLine }) {
  const [quantity, setQuantity] = useState('');
  function submit(event: SyntheticEvent) {
    event.preventDefault();
    void run(adminBackOrderCalls.receiveStock, { orderNo: detail.orderNo, lineId: line.id, quantity: Number(quantity) }).then(
      (isDone) => isDone && setQuantity(''),
    );
  }
  return (
    <form className="desk-form" data-testid="backorder-receive-form" onSubmit={submit}>
      <label>
        到货数量（先分配给最早下单的订单）
        <input name="quantity" inputMode="numeric" value={quantity} onChange={(event) => setQuantity(event.target.value)} />
      </label>
      <button className="admin-button" disabled={isBusy}>
        到货登记
      </button>
    </form>
  );
}

/** 缺货商品: each waiting line of an open order with its date, 修改预计到货 and 到货登记 (the server checks the staff member's role). */
export function BackOrderSection(props: BackOrderProps) {
  const waiting = openStatuses.includes(props.detail.status) ? props.detail.lines.filter((line) => waitingUnitsOf(line) > 0) : [];
  if (waiting.length === 0) return null;
  return (
    <section className="admin-card desk-section" data-testid="backorder-lines">
      <h2>缺货商品</h2>
      {waiting.map((line) => (
        <div key={line.id} className="desk-backorder" data-testid="backorder-line">
          <h3>
            {line.productCode}：{arrivalText(line)}
          </h3>
          <MoveDateForm {...props} line={line} />
          <ReceiveStockForm {...props} line={line} />
        </div>
      ))}
    </section>
  );
}
