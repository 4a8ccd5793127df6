import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { OrderStatus } from '../../../contract/order.ts';
import type { Database } from '../../db/database.ts';
import type { OrderEventsTable, OrderLineRow, OrderLinesTable, OrderRow, OrdersTable } from './order.tables.ts';
import { escapeLike } from '../../db/escape-like.ts';
import { dealCondition, keptCentsExpression } from './order-deal.query.ts';

/** Orders, their lines and events, and the stock they hold: the only SQL of the order feature. */

export function findOrderByKey(db: Kysely<Database>, userId: number, idempotencyKey: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('userId', '=', userId).where('idempotencyKey', '=', idempotencyKey).executeTakeFirst();
}

export function findOrderByNo(db: Kysely<Database>, orderNo: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('orderNo', '=', orderNo).executeTakeFirst();
}

export function findOrderById(db: Kysely<Database>, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export type NewOrderRow = Omit<Insertable<OrdersTable>, 'id'>;

/** The new order's id; null when its number is taken (the caller draws another). */
export async function insertOrder(trx: Kysely<Database>, order: NewOrderRow): Promise<number | null> {
  const row = await trx
    .insertInto('orders')
    .values(order)
    .onConflict((conflict) => conflict.column('orderNo').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The new lines' ids with their products (an order has one line per product). */
export async function insertOrderLines(trx: Kysely<Database>, lines: Omit<Insertable<OrderLinesTable>, 'id'>[]): Promise<{ id: number; productId: number }[]> {
  if (lines.length === 0) return [];
  return trx.insertInto('orderLines').values(lines).returning(['id', 'productId']).execute();
}

export async function insertOrderEvents(trx: Kysely<Database>, events: Omit<Insertable<OrderEventsTable>, 'id'>[]): Promise<void> {
  if (events.length > 0) await trx.insertInto('orderEvents').values(events).execute();
}

/**
 * One conditional update: the order moves only from one of `from`, so of racing changes
 * (pay and cancel, two sweepers) exactly one finds it there. True when this one moved it.
 */
export async function claimOrderStatus(
  trx: Kysely<Database>,
  orderId: number,
  from: readonly OrderStatus[],
  changes: Omit<Updateable<OrdersTable>, 'id' | 'orderNo' | 'userId'> & { status?: OrderStatus; updatedAt: number },
  extra: { expiredBy?: number; paidCents?: number } = {},
): Promise<boolean> {
  let query = trx.updateTable('orders').set(changes).where('id', '=', orderId).where('status', 'in', from);
  if (extra.expiredBy !== undefined) query = query.where('expiresAt', '<=', extra.expiredBy);
  if (extra.paidCents !== undefined) query = query.where('payableCents', '=', extra.paidCents);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findOrderLines(db: Kysely<Database>, orderIds: readonly number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('orderLines').selectAll().where('orderId', 'in', orderIds).orderBy('orderId').orderBy('id').execute();
}

export function findOrderEvents(db: Kysely<Database>, orderId: number): Promise<{ kind: string; text: string; at: number }[]> {
  return db.selectFrom('orderEvents').select(['kind', 'text', 'at']).where('orderId', '=', orderId).orderBy('at').orderBy('id').execute();
}

/** The stock now, for a compare-and-set decrement. */
export async function readStock(trx: Kysely<Database>, productId: number): Promise<number | undefined> {
  const row = await trx.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirst();
  return row?.stock;
}

/**
 * Takes `take` units if the stock is still `expected`: the row never goes below zero, and a
 * concurrent order that changed it makes this one read again (PostgreSQL re-checks the
 * condition on the committed row after waiting for its lock).
 */
export async function takeStockIfUnchanged(trx: Kysely<Database>, productId: number, expected: number, take: number, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '-', take), updatedAt: now }))
    .where('id', '=', productId)
    .where('stock', '=', expected)
    .where('stock', '>=', take)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Takes `take` units if there are that many: the guarded decrement of the common case, whatever
 * the stock is. Returns the stock left, or null when there were fewer (the row is unchanged).
 */
export async function takeStockIfEnough(trx: Kysely<Database>, productId: number, take: number, now: number): Promise<number | null> {
  const row = await trx
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '-', take), updatedAt: now }))
    .where('id', '=', productId)
    .where('stock', '>=', take)
    .returning('stock')
    .executeTakeFirst();
  return row?.stock ?? null;
}

export interface OrderListFilter {
  userId: number;
  /** The site lists live orders only; /open/v1 the orders of the key's kind. */
  isSandbox?: boolean;
  status: OrderStatus | null;
  keyword: string;
  /** /open/v1: placed at or after, and before (epoch ms); the 采购订单号 exactly. */
  createdFrom?: number;
  createdBefore?: number;
  poNumber?: string;
}

/**
 * The member's orders of a status (null: all) whose number or 采购订单号 holds the keyword, or one of
 * whose lines' part number or 客户料号 does (case aside). Shared by the list and its export.
 */
export function filteredOrders(db: Kysely<Database>, filter: OrderListFilter) {
  let query = db
    .selectFrom('orders as o')
    .where('o.userId', '=', filter.userId)
    .where('o.isSandbox', '=', filter.isSandbox ? 1 : 0);
  if (filter.status !== null) query = query.where('o.status', '=', filter.status);
  if (filter.createdFrom !== undefined) query = query.where('o.createdAt', '>=', filter.createdFrom);
  if (filter.createdBefore !== undefined) query = query.where('o.createdAt', '<', filter.createdBefore);
  if (filter.poNumber !== undefined) query = query.where('o.poNumber', '=', filter.poNumber);
  if (filter.keyword !== '') {
    const pattern = `%${escapeLike(filter.keyword.toUpperCase())}%`;
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`o.order_no like ${pattern} escape '\\'`,
        sql<boolean>`upper(o.po_number) like ${pattern} escape '\\'`,
        eb.exists(
          eb
            .selectFrom('orderLines as l')
            .select('l.id')
            .whereRef('l.orderId', '=', 'o.id')
            .where(sql<boolean>`(upper(l.product_code) like ${pattern} escape '\\' or upper(l.customer_part_no) like ${pattern} escape '\\')`),
        ),
      ]),
    );
  }
  return query;
}

export function findOrderPage(db: Kysely<Database>, filter: OrderListFilter, offset: number, limit: number): Promise<OrderRow[]> {
  return filteredOrders(db, filter).selectAll('o').orderBy('o.createdAt', 'desc').orderBy('o.id', 'desc').offset(offset).limit(limit).execute();
}

export async function countOrderPage(db: Kysely<Database>, filter: OrderListFilter): Promise<number> {
  const row = await filteredOrders(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  return row?.count ?? 0;
}

export async function countOrdersByStatus(db: Kysely<Database>, userId: number): Promise<Map<OrderStatus, number>> {
  const rows = await db
    .selectFrom('orders')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .where('userId', '=', userId)
    .where('isSandbox', '=', 0)
    .groupBy('status')
    .execute();
  return new Map(rows.map((row) => [row.status, row.count]));
}

/** The states an order holds its stock in until expiresAt: 待付款, and 待审批 (the payment window's time). */
const expiringStatuses = ['unpaid', 'awaitingApproval'] as const;

/** Unpaid (or unapproved) orders past their time, oldest first: the sweeper's work (of one member when given). */
export function findOverdueOrders(db: Kysely<Database>, now: number, limit: number, userId?: number): Promise<{ id: number; status: OrderStatus }[]> {
  let query = db.selectFrom('orders').select(['id', 'status']).where('status', 'in', expiringStatuses).where('expiresAt', '<=', now);
  if (userId !== undefined) query = query.where('userId', '=', userId);
  return query.orderBy('expiresAt').limit(limit).execute();
}

/** The orders' statuses now (the sweeper's wording for orders it is given). */
export function findOrderStatuses(db: Kysely<Database>, orderIds: readonly number[]): Promise<{ id: number; status: OrderStatus }[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('orders').select(['id', 'status']).where('id', 'in', orderIds).orderBy('id').execute();
}

/** The expiry of the longest-overdue unpaid order; null when none is overdue. */
export async function findOldestOverdue(db: Kysely<Database>, now: number): Promise<number | null> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.min<number>('expiresAt').as('oldest'))
    .where('status', 'in', expiringStatuses)
    .where('expiresAt', '<=', now)
    .executeTakeFirst();
  return row?.oldest ?? null;
}

export async function findShippedBefore(db: Kysely<Database>, shippedBefore: number, limit: number, orderIds?: readonly number[]): Promise<number[]> {
  let query = db.selectFrom('orders').select('id').where('status', '=', 'shipped').where('shippedAt', '<=', shippedBefore);
  if (orderIds !== undefined) query = orderIds.length === 0 ? query.where(sql<boolean>`false`) : query.where('id', 'in', orderIds);
  const rows = await query.orderBy('shippedAt').limit(limit).execute();
  return rows.map((row) => row.id);
}

/** How many unpaid orders are past their time and how many shipped orders are past `shippedBefore` (the orders_status_expires index narrows both to their status). */
export async function countOverdueOrders(db: Kysely<Database>, now: number, shippedBefore: number): Promise<{ toExpire: number; toComplete: number }> {
  const [toExpire, toComplete] = await Promise.all([
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', 'in', expiringStatuses)
      .where('expiresAt', '<=', now)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', 'shipped')
      .where('shippedAt', '<=', shippedBefore)
      .executeTakeFirstOrThrow(),
  ]);
  return { toExpire: toExpire.count, toComplete: toComplete.count };
}

export interface RecentOrderRow {
  phone: string;
  productCount: number;
  /** Paid less refunded (a partial refund lowers it; the order still went through). */
  keptCents: number;
  createdAt: number;
}

/**
 * The latest deals (order-deal.ts): paid, neither cancelled nor closed, not refunded in full. By
 * placing time, newest first: the created_at index serves it, stopping at `limit` deals.
 */
export function findRecentOrders(db: Kysely<Database>, limit: number): Promise<RecentOrderRow[]> {
  return db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.userId')
    .select(['u.phone', 'o.productCount', keptCentsExpression('o').as('keptCents'), 'o.createdAt'])
    .where(dealCondition('o'))
    .orderBy('o.createdAt', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
}

export async function countPayableOrders(db: Kysely<Database>, userId: number, now: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .where('isSandbox', '=', 0)
    .where('status', '=', 'unpaid')
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return row?.count ?? 0;
}

export async function countOrdersOfUser(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .where('isSandbox', '=', 0)
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** Parts the demo orders may buy: priced and in stock, by id. */
export async function findSeedProductIds(db: Kysely<Database>, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('stock', '>=', 1000)
    .where('firstTierPriceE4', 'is not', null)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes `quantity` units off a line before they are sent (a refund): `fromReserved` of them were
 * reserved for it (the caller puts them back in stock), the rest were still waiting on a back
 * order. Guarded so a line never gives up more than it has; the caller holds the order.
 */
export async function cancelLineUnits(trx: Kysely<Database>, lineId: number, quantity: number, fromReserved: number): Promise<boolean> {
  const result = await trx
    .updateTable('orderLines')
    .set((eb) => ({ cancelledQuantity: eb('cancelledQuantity', '+', quantity), reservedQuantity: eb('reservedQuantity', '-', fromReserved) }))
    .where('id', '=', lineId)
    .where(sql<boolean>`quantity - cancelled_quantity >= ${quantity}`)
    .where('reservedQuantity', '>=', fromReserved)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The order's refunds, for its buyer's view (a read of the payment feature's table: the payment
 * feature drives orders, so the order feature does not call it back).
 */
export function findRefundsOfOrder(db: Kysely<Database>, orderNo: string): Promise<Selectable<Database['paymentRefunds']>[]> {
  return db.selectFrom('paymentRefunds').selectAll().where('orderNo', '=', orderNo).orderBy('createdAt').orderBy('id').execute();
}
