import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** A member's time in a company: orders placed from `from` until `until` (null: still a member) are the company's. */
export interface MembershipPeriod {
  userId: number;
  from: number;
  until: number | null;
}

function ordersWithin(db: Kysely<Database>, periods: readonly MembershipPeriod[]) {
  return (
    db
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
      )
  );
}

/** Newest first, a page of the orders placed within the periods. */
export function findOrdersWithin(db: Kysely<Database>, periods: readonly MembershipPeriod[], offset: number, limit: number) {
  return ordersWithin(db, periods)
    .select(['orderNo', 'poNumber', 'status', 'createdAt', 'payableCents', 'productCount', 'userId'])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countOrdersWithin(db: Kysely<Database>, periods: readonly MembershipPeriod[]): Promise<number> {
  const row = await ordersWithin(db, periods)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  return row?.count ?? 0;
}
