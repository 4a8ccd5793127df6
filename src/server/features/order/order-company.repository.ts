import type { Kysely } from 'kysely';
import type { OrderStatus } from '../../../contract/order.ts';
import type { Database } from '../../db/database.ts';

/** A member's time in a company: orders placed from `from` until `until` (null: still a member) are the company's. */
export interface MembershipPeriod {
  userId: number;
  from: number;
  until: number | null;
}

function ordersWithin(db: Kysely<Database>, periods: readonly MembershipPeriod[], status: OrderStatus | null) {
  const query = db
    .selectFrom('orders')
    // Sandbox orders (an open API test key's) are no one's purchases.
    .where('isSandbox', '=', 0)
    .where((eb) =>
      eb.or(
        periods.map((period) =>
          eb.and([
            eb('userId', '=', period.userId),
            eb('createdAt', '>=', period.from),
            ...(period.until === null ? [] : [eb('createdAt', '<', period.until)]),
          ]),
        ),
      ),
    );
  return status === null ? query : query.where('status', '=', status);
}

/** Newest first, a page of the orders placed within the periods (of one status, when given). */
export function findOrdersWithin(db: Kysely<Database>, periods: readonly MembershipPeriod[], status: OrderStatus | null, offset: number, limit: number) {
  return ordersWithin(db, periods, status)
    .select(['id', 'orderNo', 'poNumber', 'status', 'createdAt', 'payableCents', 'productCount', 'userId', 'expiresAt'])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countOrdersWithin(db: Kysely<Database>, periods: readonly MembershipPeriod[], status: OrderStatus | null): Promise<number> {
  const row = await ordersWithin(db, periods, status)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  return row?.count ?? 0;
}
