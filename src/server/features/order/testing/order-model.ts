import type { OrderStatus } from '../../../../contract/order.ts';

/**
 * A plain in-memory reference of orders for the model-based tests (order.model.test.ts): what a
 * careful distributor's order desk should do, written without the lifecycle table, so the real
 * services are checked against an independent account of the rules.
 */

export interface ModelLine {
  productIndex: number;
  quantity: number;
  reserved: number;
  cancelled: number;
  shipped: number;
  unitCents: number;
}

export type ModelInvoice = 'none' | 'requested' | 'issued' | 'reversalPending' | 'reversed' | 'withdrawn';

export interface ModelRefund {
  refundNo: string;
  amountCents: number;
  status: 'processing' | 'succeeded';
}

export interface ModelOrder {
  orderNo: string;
  /** Held for the company's approval at placement (decision 0029), and who decided it (null while undecided). */
  wasHeld: boolean;
  decidedBy: number | null;
  memberIndex: number;
  status: OrderStatus;
  payableCents: number;
  method: 'development' | 'bankTransfer' | null;
  refundedCents: number;
  expiresAt: number;
  lines: ModelLine[];
  invoice: ModelInvoice;
  hasCoupon: boolean;
  hasParcel: boolean;
  refunds: ModelRefund[];
}

export interface Model {
  now: number;
  clockJumps: number;
  stock: number[];
  orders: ModelOrder[];
  /** Messages of type 3 (order) and 4 (invoice) each member should have had in this run. */
  messages: number[];
  /** Successful staff actions: one audit entry each. */
  staffActions: number;
  /** Whether each member's coupon is free to use. */
  couponFree: boolean[];
}

export const paymentMinutes = 30;
const openStatuses: readonly OrderStatus[] = ['awaitingApproval', 'unpaid', 'unshipped', 'partlyShipped'];
export const paidStatuses: readonly OrderStatus[] = ['unshipped', 'partlyShipped', 'shipped', 'completed'];

export function paidCentsOf(order: ModelOrder): number {
  return order.method === null ? 0 : order.payableCents;
}

export function toShipOf(line: ModelLine): number {
  return line.quantity - line.cancelled - line.shipped;
}

export function shippableNowOf(line: ModelLine): number {
  return Math.min(toShipOf(line), line.reserved - line.shipped);
}

export function waitingOf(line: ModelLine): number {
  return line.quantity - line.cancelled - line.reserved;
}

export function isOpen(order: ModelOrder): boolean {
  return openStatuses.includes(order.status);
}

/** An order that ends: its unsent reserved units go back, its coupon too unless goods were sent. */
export function releaseOrder(model: Model, order: ModelOrder): void {
  for (const line of order.lines) model.stock[line.productIndex] = (model.stock[line.productIndex] ?? 0) + line.reserved - line.shipped;
  if (order.hasCoupon && !order.hasParcel) model.couponFree[order.memberIndex] = true;
  if (order.method !== null && order.invoice === 'issued') {
    order.invoice = 'reversalPending';
    model.messages[order.memberIndex] = (model.messages[order.memberIndex] ?? 0) + 1;
  }
  if (order.invoice === 'requested') order.invoice = 'withdrawn';
}

export function notify(model: Model, order: ModelOrder, count = 1): void {
  model.messages[order.memberIndex] = (model.messages[order.memberIndex] ?? 0) + count;
}

/** Reading an order as its buyer sweeps it first: an unpaid (or unapproved) one past its time is cancelled. */
export function expireIfOverdue(model: Model, order: ModelOrder): void {
  if ((order.status === 'unpaid' || order.status === 'awaitingApproval') && model.now >= order.expiresAt) {
    order.status = 'cancelled';
    releaseOrder(model, order);
    notify(model, order);
  }
}

/** Arriving units go to waiting lines of open orders, oldest order first; a filled order's buyer is told. */
export function restockModel(model: Model, productIndex: number, quantity: number): void {
  model.stock[productIndex] = (model.stock[productIndex] ?? 0) + quantity;
  for (const order of model.orders) {
    if (!isOpen(order)) continue;
    let touched = false;
    for (const line of order.lines) {
      if (line.productIndex !== productIndex) continue;
      const give = Math.min(waitingOf(line), model.stock[productIndex] ?? 0);
      if (give <= 0) continue;
      line.reserved += give;
      model.stock[productIndex] = (model.stock[productIndex] ?? 0) - give;
      touched = true;
    }
    if (touched && order.lines.every((line) => waitingOf(line) === 0)) notify(model, order);
  }
}

/** A refund the order takes: its event by the rules of a careful desk, or null when it is refused. */
export function refundOutcome(
  order: ModelOrder,
  amountCents: number,
  takeOff: { lineIndex: number; quantity: number } | null,
): 'part' | 'full' | 'remaining' | null {
  const refundable = paidCentsOf(order) - order.refundedCents;
  if (!paidStatuses.includes(order.status) || refundable <= 0 || amountCents <= 0 || amountCents > refundable) return null;
  if (amountCents === refundable) return 'full';
  if (takeOff) {
    const line = order.lines[takeOff.lineIndex];
    if (!line || takeOff.quantity > toShipOf(line)) return null;
    const unitsToShip = order.lines.reduce((sum, each) => sum + toShipOf(each), 0);
    if (takeOff.quantity >= unitsToShip) return order.status === 'partlyShipped' ? 'remaining' : null;
  }
  return 'part';
}

/** Takes units off a line: what still waits first, then what was reserved (back to stock). */
export function takeOffModel(model: Model, line: ModelLine, quantity: number): void {
  const fromWaiting = Math.min(quantity, waitingOf(line));
  const fromReserved = quantity - fromWaiting;
  line.cancelled += quantity;
  line.reserved -= fromReserved;
  model.stock[line.productIndex] = (model.stock[line.productIndex] ?? 0) + fromReserved;
}
