import type { Kysely } from 'kysely';
import { orderStatusLabels, type OrderStatus } from '../../../contract/order.ts';
import type { Database } from '../../db/database.ts';
import { countOrdersWithin, findOrdersWithin, type MembershipPeriod } from './order-company.repository.ts';

export type { MembershipPeriod };

export interface PlacedOrder {
  orderNo: string;
  poNumber: string;
  status: OrderStatus;
  statusLabel: string;
  createdAt: number;
  payableCents: number;
  productCount: number;
  userId: number;
}

/**
 * A page of the orders several members placed within given periods (a company's, for 公司订单):
 * read only, the buyers' own pages stay where they act on them.
 */
export async function listOrdersPlacedWithin(
  db: Kysely<Database>,
  periods: readonly MembershipPeriod[],
  page: { offset: number; limit: number },
): Promise<{ orders: PlacedOrder[]; total: number }> {
  if (periods.length === 0) return { orders: [], total: 0 };
  const [rows, total] = await Promise.all([findOrdersWithin(db, periods, page.offset, page.limit), countOrdersWithin(db, periods)]);
  return { orders: rows.map((row) => ({ ...row, statusLabel: orderStatusLabels[row.status] })), total };
}
