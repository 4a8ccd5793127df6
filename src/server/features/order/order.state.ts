import { OrderStatus } from '../../../contract/order.ts';

/**
 * The order's state machine: 待付款 → 待发货 → 已发货 → 已完成, and 已取消 from 待付款 (buyer,
 * expiry, staff) or 待发货 (staff, with a refund). Every change is one conditional update whose
 * `where status in (from)` comes from this table, so of two racing changes one wins.
 */
export const OrderAction = {
  pay: 'pay',
  confirmTransfer: 'confirmTransfer',
  ship: 'ship',
  complete: 'complete',
  cancelByBuyer: 'cancelByBuyer',
  expire: 'expire',
  cancelByStaff: 'cancelByStaff',
} as const;
export type OrderAction = (typeof OrderAction)[keyof typeof OrderAction];

export interface Transition {
  from: readonly OrderStatus[];
  to: OrderStatus;
  /** The order_events kind written with it. */
  eventKind: string;
}

export const transitions: Readonly<Record<OrderAction, Transition>> = {
  pay: { from: [OrderStatus.unpaid], to: OrderStatus.unshipped, eventKind: 'paid' },
  confirmTransfer: { from: [OrderStatus.unpaid], to: OrderStatus.unshipped, eventKind: 'transferConfirmed' },
  ship: { from: [OrderStatus.unshipped], to: OrderStatus.shipped, eventKind: 'shipped' },
  complete: { from: [OrderStatus.shipped], to: OrderStatus.completed, eventKind: 'completed' },
  cancelByBuyer: { from: [OrderStatus.unpaid], to: OrderStatus.cancelled, eventKind: 'cancelled' },
  expire: { from: [OrderStatus.unpaid], to: OrderStatus.cancelled, eventKind: 'cancelled' },
  cancelByStaff: { from: [OrderStatus.unpaid, OrderStatus.unshipped], to: OrderStatus.cancelled, eventKind: 'cancelled' },
};

export function canApply(action: OrderAction, status: OrderStatus): boolean {
  return transitions[action].from.includes(status);
}

/** Whether any action leads from one status to the other. */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return Object.values(transitions).some((transition) => transition.to === to && transition.from.includes(from));
}

/** Paid orders (待发货, 已发货, 已完成, or cancelled after payment) may be refunded. */
export function isPaidStatus(status: OrderStatus, paidAt: number | null): boolean {
  return paidAt !== null && status !== OrderStatus.unpaid;
}

/** The buyer may still pay: unpaid and not past its time. */
export function isPayable(order: { status: OrderStatus; expiresAt: number | null }, now: number): boolean {
  return order.status === OrderStatus.unpaid && (order.expiresAt === null || order.expiresAt > now);
}

/** Unpaid and past its time: cancelled on the next sweep, or at once when read. */
export function isOverdue(order: { status: OrderStatus; expiresAt: number | null }, now: number): boolean {
  return order.status === OrderStatus.unpaid && order.expiresAt !== null && order.expiresAt <= now;
}
