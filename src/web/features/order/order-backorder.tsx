import { expectedDateNote } from '../../../contract/backorder.ts';
import { OrderStatus, type OrderDetail, type OrderLine, type OrderShipment, type SettlementLine } from '../../../contract/order.ts';

/**
 * Back orders with dates on the buyer's pages (decision 0031): at checkout a short line's factory lead
 * time and 预计到货; on the order each line 现货 or 缺货 with its date, and the parcels sent so far.
 */

/** Orders whose units may still arrive (a cancelled or closed one waits for nothing). */
const openStatuses: readonly OrderStatus[] = [OrderStatus.unpaid, OrderStatus.unshipped, OrderStatus.partlyShipped];

/** Checkout: 工厂交期 4 周，预计 2026-01-03 到货 for a short line whose part has a lead time; '' otherwise. */
export function leadTimeText(line: Pick<SettlementLine, 'backOrder'>): string {
  return line.backOrder ? `工厂交期 ${String(line.backOrder.leadWeeks)} 周，预计 ${line.backOrder.expectedDate} 到货` : '';
}

function waitingUnitsOf(line: Pick<OrderLine, 'quantity' | 'cancelledQuantity' | 'reservedQuantity'>): number {
  return Math.max(0, line.quantity - line.cancelledQuantity - line.reservedQuantity);
}

/**
 * An open order with a back order: each line 现货, or 缺货 N with its 预计 date (到货日期待定 when none
 * is known). null for an order with nothing waiting (its lines say nothing, as before).
 */
export function arrivalNoteOf(line: OrderLine, order: Pick<OrderDetail, 'status' | 'lines'>): string | null {
  if (!openStatuses.includes(order.status) || !order.lines.some((each) => waitingUnitsOf(each) > 0)) return null;
  const waiting = waitingUnitsOf(line);
  return waiting > 0 ? `缺货待发 ${String(waiting)}，${expectedDateNote(line.expectedDate)}` : '现货';
}

/** The parcels sent so far: when, by whom, the tracking number and what each held. */
export function OrderShipments({ shipments, className }: { shipments: readonly OrderShipment[]; className: string }) {
  return (
    <ol className={className} aria-label="包裹">
      {shipments.map((shipment, index) => (
        <li key={shipment.id} data-testid="order-shipment">
          <strong>包裹{String(index + 1)}</strong> {shipment.shippedAtStr} {shipment.carrierName}
          {shipment.trackingNo ? ` 运单号 ${shipment.trackingNo}` : ''}：{shipment.linesText}
        </li>
      ))}
    </ol>
  );
}
