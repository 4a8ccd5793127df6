import { sql } from 'kysely';
import type { Db } from '../db/create-db.ts';
import { withTransaction } from '../db/transaction.ts';
import { yieldToEventLoop } from '../work/yield-to-event-loop.ts';

export interface CatalogChange {
  seq: number;
  productId: number | null;
}

export interface SyncState {
  /** The newest change, or prunedThrough when the log is empty. */
  maxSeq: number;
  prunedThrough: number;
}

/** One cheap query: the newest change and how far the log has been pruned. */
export async function readSyncState(db: Pick<Db, 'kysely'>): Promise<SyncState> {
  const row = await db.kysely
    .selectFrom('catalogSync')
    .select(['prunedThrough', sql<number | null>`(select max(seq) from catalog_changes)`.as('maxSeq')])
    .where('id', '=', 1)
    .executeTakeFirst();
  const prunedThrough = row?.prunedThrough ?? 0;
  return { maxSeq: row?.maxSeq === null || row?.maxSeq === undefined ? prunedThrough : Math.max(prunedThrough, row.maxSeq), prunedThrough };
}

export async function readChangesAfter(db: Db, afterSeq: number, limit: number): Promise<CatalogChange[]> {
  const rows = await db.kysely.selectFrom('catalogChanges').select(['seq', 'productId']).where('seq', '>', afterSeq).orderBy('seq').limit(limit).execute();
  return rows.map((row) => ({ seq: row.seq, productId: row.productId }));
}

/**
 * Deletes changes up to a seq and older than a time, oldest first and a small range of seqs
 * per statement (writers and requests never wait long), and records how far the log now
 * starts: a process that had not read that far rebuilds its index.
 */
export async function pruneChanges(db: Db, throughSeq: number, olderThan: number, batchSize = 5000, maxBatches = 400): Promise<number> {
  let deleted = 0;
  for (let round = 0; round < maxBatches; round++) {
    // Seqs grow with time: when the oldest row is recent enough, so is every other.
    const oldest = await db.kysely.selectFrom('catalogChanges').select(['seq', 'changedAt']).orderBy('seq').limit(1).executeTakeFirst();
    if (!oldest || oldest.changedAt >= olderThan || oldest.seq > throughSeq) break;
    const upTo = Math.min(throughSeq, oldest.seq + batchSize - 1);
    await withTransaction(db.kysely, async (trx) => {
      const result = await trx.deleteFrom('catalogChanges').where('seq', '<=', upTo).where('changedAt', '<', olderThan).executeTakeFirst();
      deleted += Number(result.numDeletedRows);
      await trx
        .updateTable('catalogSync')
        .set((eb) => ({ prunedThrough: sql<number>`case when ${eb.ref('prunedThrough')} > ${upTo} then ${eb.ref('prunedThrough')} else ${upTo} end` }))
        .where('id', '=', 1)
        .execute();
    });
    await yieldToEventLoop();
  }
  return deleted;
}
