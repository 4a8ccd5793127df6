import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export interface LoggedChange {
  seq: number;
  productId: number | null;
  changedAt: number;
}

export async function readAlertCursor(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('favoriteAlertCursor').select('seenThrough').where('id', '=', 1).executeTakeFirst();
  return row?.seenThrough ?? 0;
}

/** Moves the cursor only from where this pass found it: of two passes that read the same rows, one moves it. */
export async function advanceAlertCursor(db: Kysely<Database>, from: number, to: number): Promise<boolean> {
  if (to <= from) return false;
  const result = await db.updateTable('favoriteAlertCursor').set({ seenThrough: to }).where('id', '=', 1).where('seenThrough', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Changes with seq ≤ this were pruned from the log by the search feature. */
export async function readPrunedThrough(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('catalogSync').select('prunedThrough').where('id', '=', 1).executeTakeFirst();
  return row?.prunedThrough ?? 0;
}

export async function readLoggedChanges(db: Kysely<Database>, afterSeq: number, limit: number): Promise<LoggedChange[]> {
  const rows = await db
    .selectFrom('catalogChanges')
    .select(['seq', 'productId', 'changedAt'])
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ seq: row.seq, productId: row.productId, changedAt: row.changedAt }));
}

/** Of these parts, those some member watches (an alert on). */
export async function findWatchedAmong(db: Kysely<Database>, productIds: readonly number[]): Promise<number[]> {
  const watched: number[] = [];
  for (let start = 0; start < productIds.length; start += 1000) {
    const chunk = productIds.slice(start, start + 1000);
    const rows = await db
      .selectFrom('favorites')
      .select('productId')
      .distinct()
      .where('productId', 'in', chunk)
      .where((eb) => eb.or([eb('stockAlertOn', '=', 1), eb('priceAlertOn', '=', 1)]))
      .execute();
    watched.push(...rows.map((row) => row.productId));
  }
  return watched.sort((a, b) => a - b);
}

/** Every part with an alert on: the pass's catch-up after the log was pruned past its cursor. */
export async function findAllWatched(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .selectFrom('favorites')
    .select('productId')
    .distinct()
    .where((eb) => eb.or([eb('stockAlertOn', '=', 1), eb('priceAlertOn', '=', 1)]))
    .orderBy('productId')
    .execute();
  return rows.map((row) => row.productId);
}

export function findPartNow(db: Kysely<Database>, productId: number) {
  return db.selectFrom('products').select(['code', 'stock', 'firstTierPriceE4']).where('id', '=', productId).executeTakeFirst();
}

/** Claims the armed back-in-stock alerts of a part now in stock, in one statement: the members to tell. */
export async function claimBackInStock(db: Kysely<Database>, productId: number, stock: number): Promise<number[]> {
  const rows = await db
    .updateTable('favorites')
    .set({ alertStockSeen: stock })
    .where('productId', '=', productId)
    .where('stockAlertOn', '=', 1)
    .where('alertStockSeen', '=', 0)
    .returning('userId')
    .execute();
  return rows.map((row) => row.userId);
}

/** A part out of stock arms its back-in-stock alerts again. */
export async function armBackInStock(db: Kysely<Database>, productId: number): Promise<void> {
  await db
    .updateTable('favorites')
    .set({ alertStockSeen: 0 })
    .where('productId', '=', productId)
    .where('stockAlertOn', '=', 1)
    .where((eb) => eb.or([eb('alertStockSeen', '>', 0), eb('alertStockSeen', 'is', null)]))
    .execute();
}

/** The marks (price when set or last told) above the price now: each is a drop to tell. */
export async function findPriceMarksAbove(db: Kysely<Database>, productId: number, priceE4: number): Promise<number[]> {
  const rows = await db
    .selectFrom('favorites')
    .select('alertPriceE4')
    .distinct()
    .where('productId', '=', productId)
    .where('priceAlertOn', '=', 1)
    .where('alertPriceE4', '>', priceE4)
    .execute();
  return rows.flatMap((row) => (row.alertPriceE4 === null ? [] : [row.alertPriceE4]));
}

/** Claims the price alerts still at a mark, moving the mark to the new price in one statement: the members to tell. */
export async function claimPriceDrop(db: Kysely<Database>, productId: number, fromE4: number, toE4: number): Promise<number[]> {
  const rows = await db
    .updateTable('favorites')
    .set({ alertPriceE4: toE4 })
    .where('productId', '=', productId)
    .where('priceAlertOn', '=', 1)
    .where('alertPriceE4', '=', fromE4)
    .returning('userId')
    .execute();
  return rows.map((row) => row.userId);
}

/** A price alert switched on while the part had no price starts from its first price. */
export async function markFirstPrice(db: Kysely<Database>, productId: number, priceE4: number): Promise<void> {
  await db
    .updateTable('favorites')
    .set({ alertPriceE4: priceE4 })
    .where('productId', '=', productId)
    .where('priceAlertOn', '=', 1)
    .where('alertPriceE4', 'is', null)
    .execute();
}

/** How many seqs the log holds past the cursor (an upper bound on changes not yet read: one indexed max). */
export async function countChangesBehind(db: Kysely<Database>): Promise<number> {
  const [cursor, newest] = await Promise.all([
    readAlertCursor(db),
    db
      .selectFrom('catalogChanges')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst(),
  ]);
  return Math.max(0, (newest?.seq ?? cursor) - cursor);
}
