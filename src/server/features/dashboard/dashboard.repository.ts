import { sql, type Kysely } from 'kysely';
import { lowStockThreshold } from '../../../contract/dashboard.ts';
import { beijingOffsetMs, dayMs } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { dealCondition, keptCentsExpression } from '../order/order-deal.query.ts';

/** The Beijing day number (days since 1970-01-01 in Beijing) of an epoch-ms column, the same on both engines. */
function beijingDayOf(column: string) {
  // Literals, not parameters: SQLite divides a bound number as a real.
  return sql<number | string>`(${sql.ref(column)} + ${sql.lit(beijingOffsetMs)}) / ${sql.lit(dayMs)}`;
}

/**
 * Deals (order-deal.ts: paid, neither cancelled nor closed, not refunded in full) by the Beijing day
 * they were paid, and what they brought in: paid less refunded, so a refund lowers the day the
 * order was paid. Unpaid and cancelled orders are no sales, and neither is one refunded in full.
 */
export function sumDealsByDay(db: Kysely<Database>, fromMs: number) {
  return db
    .selectFrom('orders')
    .select([
      beijingDayOf('paidAt').as('dayNumber'),
      sql<number | string>`count(*)`.as('n'),
      sql<number | string>`sum(${keptCentsExpression('orders')})`.as('cents'),
    ])
    .where('paidAt', '>=', fromMs)
    .where(dealCondition('orders'))
    .groupBy(sql`1`)
    .execute();
}

/** Members with a cart in the window: cart lines touched in it, or an order placed in it (placing empties the cart). */
export async function countCartMembers(db: Kysely<Database>, fromMs: number): Promise<number> {
  const row = await db
    .selectFrom(
      db
        .selectFrom('cartItems')
        .select('userId')
        .where('updatedAt', '>=', fromMs)
        .union(db.selectFrom('orders').select('userId').where('createdAt', '>=', fromMs).where('isSandbox', '=', 0))
        .as('carting'),
    )
    .select(sql<number | string>`count(*)`.as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Members with a deal paid in the window (an order cancelled or refunded in full converts no one). */
export async function countPaidMembers(db: Kysely<Database>, fromMs: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(sql<number | string>`count(distinct user_id)`.as('n'))
    .where('paidAt', '>=', fromMs)
    .where(dealCondition('orders'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function sumBomMatches(db: Kysely<Database>, fromMs: number) {
  const row = await db
    .selectFrom('boms')
    .select([
      sql<number | string>`count(*)`.as('bomCount'),
      sql<number | string>`coalesce(sum(line_count), 0)`.as('lineCount'),
      sql<number | string>`coalesce(sum(matched_count), 0)`.as('matchedCount'),
    ])
    .where('updatedAt', '>=', fromMs)
    .executeTakeFirst();
  return { bomCount: Number(row?.bomCount ?? 0), lineCount: Number(row?.lineCount ?? 0), matchedCount: Number(row?.matchedCount ?? 0) };
}

function lowStockQuery(db: Kysely<Database>) {
  return db.selectFrom('products').where('stock', '<', lowStockThreshold).where('lifecycle', '!=', 'eol');
}

export async function countLowStock(db: Kysely<Database>): Promise<number> {
  const row = await lowStockQuery(db)
    .select(sql<number | string>`count(*)`.as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findLowStock(db: Kysely<Database>, limit: number) {
  return lowStockQuery(db).select(['id as productId', 'code', 'stock']).orderBy('stock').orderBy('id').limit(limit).execute();
}
