import { sql, type RawBuilder } from 'kysely';
import { OrderStatus } from '../../../contract/order.ts';

/**
 * 成交: what every figure of the store counts as a sale (the home page's 实时成交, the console's
 * dashboard, the member desk's 累计消费 and order counts, the member level). An order is a deal
 * when it was paid and is neither 已取消 nor 已关闭, and not everything it paid has been (or is
 * being) refunded: the amount check covers orders refunded in full whose state has not moved to
 * 已关闭. Its amount is what the store keeps: paid less refunded, a refund still with the provider
 * included (refunded_cents holds it from the moment it is asked for, and gives it back on failure).
 */

/** The states of a paid order that still stands. */
export const dealStatuses = [OrderStatus.unshipped, OrderStatus.partlyShipped, OrderStatus.shipped, OrderStatus.completed] as const;

export interface DealFacts {
  status: string;
  paidAt: number | null;
  payableCents: number;
  refundedCents: number;
}

/** The rule below in JavaScript (a ¥0.00 order fully paid by coupons is a deal with nothing refunded). */
export function isDeal(order: DealFacts): boolean {
  return (
    order.paidAt !== null &&
    (dealStatuses as readonly string[]).includes(order.status) &&
    (order.refundedCents === 0 || order.refundedCents < order.payableCents)
  );
}

/** What a deal brings in: paid less refunded, in cents. */
export function keptCentsOf(order: Pick<DealFacts, 'payableCents' | 'refundedCents'>): number {
  return order.payableCents - order.refundedCents;
}

function column(table: string, name: string) {
  return sql.ref(`${table}.${name}`);
}

/** The deal condition on an orders table named `table` in the query (`orders`, or an alias). */
export function dealCondition(table: string): RawBuilder<boolean> {
  const refunded = column(table, 'refundedCents');
  // A sandbox order (/open/v1 sandbox keys) is never a sale.
  return sql<boolean>`(${column(table, 'isSandbox')} = 0 and ${column(table, 'paidAt')} is not null and ${column(table, 'status')} in (${sql.join([...dealStatuses])}) and (${refunded} = 0 or ${refunded} < ${column(table, 'payableCents')}))`;
}

/** A deal's kept amount in SQL (paid less refunded). */
export function keptCentsExpression(table: string): RawBuilder<number> {
  return sql<number>`(${column(table, 'payableCents')} - ${column(table, 'refundedCents')})`;
}
