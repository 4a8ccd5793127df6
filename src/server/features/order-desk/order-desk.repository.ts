import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { complaintGridQuery, orderGridQuery } from '../../../contract/console/orders-requests.ts';
import { dayMs, startOfBeijingDay } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';

/** The desk's grids: orders and complaints with their member's phone, filtered by what staff typed. */

type OrderFilters = z.output<typeof orderGridQuery>['filters'];
type ComplaintFilters = z.output<typeof complaintGridQuery>['filters'];

/** LIKE's wildcards taken literally. */
function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export function orderGridSelect(db: Kysely<Database>, filters: OrderFilters) {
  let query = db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.userId')
    .select([
      'orders.id',
      'orders.orderNo',
      'orders.poNumber',
      'orders.status',
      'orders.payableCents',
      'orders.refundedCents',
      'orders.paymentMethod',
      'orders.productCount',
      'orders.carrierCode',
      'orders.invoiceJson',
      'orders.createdAt',
      'users.phone as memberPhone',
    ])
    // Sandbox orders (/open/v1 sandbox keys) are never fulfilled: the desk never sees them.
    .where('orders.isSandbox', '=', 0);
  if (filters.orderNo) query = query.where(sql<boolean>`orders.order_no like ${likeContaining(filters.orderNo)} escape '\\'`);
  if (filters.memberPhone) query = query.where(sql<boolean>`users.phone like ${likeContaining(filters.memberPhone)} escape '\\'`);
  if (filters.status) query = query.where('orders.status', '=', filters.status);
  if (filters.paymentMethod) query = query.where('orders.paymentMethod', '=', filters.paymentMethod);
  if (filters.dateFrom) query = query.where('orders.createdAt', '>=', startOfBeijingDay(filters.dateFrom));
  if (filters.dateTo) query = query.where('orders.createdAt', '<', startOfBeijingDay(filters.dateTo) + dayMs);
  return query;
}

export const orderSortExpressions = { createdAt: 'orders.createdAt', payableCents: 'orders.payableCents' } as const;

export function complaintGridSelect(db: Kysely<Database>, filters: ComplaintFilters) {
  let query = db
    .selectFrom('complaints')
    .innerJoin('users', 'users.id', 'complaints.userId')
    .innerJoin('orders', 'orders.id', 'complaints.orderId')
    .innerJoin('orderLines', 'orderLines.id', 'complaints.orderLineId')
    .select([
      'complaints.id',
      'complaints.complaintNo',
      'complaints.type',
      'complaints.status',
      'complaints.createdAt',
      'complaints.updatedAt',
      'orders.orderNo',
      'orderLines.productCode',
      'users.phone as memberPhone',
    ]);
  if (filters.complaintNo) query = query.where(sql<boolean>`complaints.complaint_no like ${likeContaining(filters.complaintNo)} escape '\\'`);
  if (filters.orderNo) query = query.where(sql<boolean>`orders.order_no like ${likeContaining(filters.orderNo)} escape '\\'`);
  if (filters.memberPhone) query = query.where(sql<boolean>`users.phone like ${likeContaining(filters.memberPhone)} escape '\\'`);
  if (filters.status) query = query.where('complaints.status', '=', filters.status);
  if (filters.type) query = query.where('complaints.type', '=', filters.type);
  return query;
}

export const complaintSortExpressions = { createdAt: 'complaints.createdAt', updatedAt: 'complaints.updatedAt' } as const;

export async function findMemberPhone(db: Kysely<Database>, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select('phone').where('id', '=', userId).executeTakeFirst();
  return row?.phone ?? '';
}
