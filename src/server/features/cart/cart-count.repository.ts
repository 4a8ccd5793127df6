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

/** The cart's line count and whether one of them is the part's, in one statement (the add's line cap). */
export async function countCartLinesBeside(db: Kysely<Database>, userId: number, productId: number): Promise<{ lineCount: number; hasLine: boolean }> {
  const row = await db
    .selectFrom('cartItems')
    .select((eb) => [eb.fn.countAll<number>().as('lineCount'), eb.fn.count<number>(eb.case().when('productId', '=', productId).then(1).end()).as('partLines')])
    .where('userId', '=', userId)
    .executeTakeFirst();
  return { lineCount: row?.lineCount ?? 0, hasLine: (row?.partLines ?? 0) > 0 };
}
