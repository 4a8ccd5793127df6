import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** Number of lines in the member's cart: what the header and sidebar badges show. */
export async function countCartLines(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('cartItems')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row?.count ?? 0;
}
