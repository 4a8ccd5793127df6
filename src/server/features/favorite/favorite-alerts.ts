import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { backInStockText, priceDropText } from '../../../contract/favorite.ts';
import { MessageType } from '../../../contract/message.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { PeriodicWork } from '../../ops/periodic-work.ts';
import { sendMessages, type NewMessage } from '../message/message.service.ts';
import {
  advanceAlertCursor,
  armBackInStock,
  claimBackInStock,
  claimPriceDrop,
  findAllWatched,
  findPartNow,
  findPriceMarksAbove,
  findWatchedAmong,
  markFirstPrice,
  readAlertCursor,
  readLoggedChanges,
  readPrunedThrough,
  type LoggedChange,
} from './favorite-alert.repository.ts';

export const favoriteAlertIntervalMs = 60_000;

export interface AlertPassOptions {
  /** Change-log rows read per round. */
  batchSize: number;
  rounds: number;
  /**
   * A change younger than this may still have a smaller seq in a transaction not yet committed
   * (PostgreSQL hands seqs out at write, shows them at commit): the cursor stays before it, so the
   * next pass reads it again (telling twice is prevented by the claims, not by the cursor).
   */
  settleMs: number;
}

const defaultOptions: AlertPassOptions = { batchSize: 5000, rounds: 20, settleMs: 30_000 };

/** How far the cursor may move: through the rows old enough that nothing can still appear below them. */
function settledThrough(rows: readonly LoggedChange[], from: number, settledBefore: number): number {
  let through = from;
  for (const row of rows) {
    if (row.changedAt >= settledBefore) break;
    through = row.seq;
  }
  return through;
}

/**
 * Tells the members watching one part what changed, each alert once per event: the claims are
 * conditional updates (an alert still armed / still at its old price mark), so of two processes
 * looking at the same change one claims and the other finds nothing. The messages are written in
 * the claiming transaction, so a claim never goes without its message.
 */
export async function notifyWatchers(db: Kysely<Database>, productId: number, now: number): Promise<number> {
  return withTransaction(db, async (trx) => {
    const part = await findPartNow(trx, productId);
    if (!part) return 0;
    const messages: NewMessage[] = [];
    const stock = part.stock;
    if (stock > 0) {
      for (const userId of await claimBackInStock(trx, productId, stock)) {
        messages.push({ userId, messageType: MessageType.alert, msgContent: backInStockText(part.code, productId, stock), sendDate: now });
      }
    } else {
      await armBackInStock(trx, productId);
    }
    if (part.firstTierPriceE4 !== null) {
      const price = part.firstTierPriceE4;
      for (const mark of await findPriceMarksAbove(trx, productId, price)) {
        for (const userId of await claimPriceDrop(trx, productId, mark, price)) {
          messages.push({ userId, messageType: MessageType.alert, msgContent: priceDropText(part.code, productId, mark, price), sendDate: now });
        }
      }
      await markFirstPrice(trx, productId, price);
    }
    await sendMessages(trx, messages);
    return messages.length;
  });
}

/**
 * One pass: reads the catalogue's change log after the alert cursor, looks only at changed parts
 * somebody watches, and tells their watchers. When the search feature has pruned the log past
 * the cursor (no pass ran for the retention time), the rows in between are gone: every watched
 * part is looked at once instead. Alerts compare the part now with their own mark, so nothing is
 * lost but a round trip that ended where it started (sold out and back between two looks).
 */
export async function runFavoriteAlertPass(db: Kysely<Database>, now: number, options: AlertPassOptions = defaultOptions): Promise<number> {
  let sent = 0;
  // Where this pass reads next. Changes too young to settle hold the stored cursor back, but the pass
  // reads on past them, so a burst (a price list of 10,000 parts) does not hide a later change for settleMs.
  let readFrom = 0;
  for (let round = 0; round < options.rounds; round++) {
    const cursor = await readAlertCursor(db);
    const prunedThrough = await readPrunedThrough(db);
    if (cursor < prunedThrough) {
      for (const productId of await findAllWatched(db)) sent += await notifyWatchers(db, productId, now);
      if (!(await advanceAlertCursor(db, cursor, prunedThrough))) break;
      continue;
    }
    const from = Math.max(cursor, readFrom);
    const rows = await readLoggedChanges(db, from, options.batchSize);
    const changed = [...new Set(rows.flatMap((row) => (row.productId === null ? [] : [row.productId])))];
    for (const productId of await findWatchedAmong(db, changed)) sent += await notifyWatchers(db, productId, now);
    // The stored cursor moves only through settled rows read from it without a gap.
    const through = from === cursor ? settledThrough(rows, cursor, now - options.settleMs) : cursor;
    const moved = through === cursor || (await advanceAlertCursor(db, cursor, through));
    if (rows.length < options.batchSize || !moved) break;
    readFrom = rows[rows.length - 1]?.seq ?? from;
  }
  return sent;
}

/** Each process runs the pass every interval (FAVORITE_ALERT_INTERVAL_MS); the claims keep it once across processes. */
export function createFavoriteAlerts(
  db: Kysely<Database>,
  logger: Logger,
  intervalMs = favoriteAlertIntervalMs,
  options?: AlertPassOptions,
): PeriodicWork<number> {
  return new PeriodicWork({
    name: 'favorite alerts',
    intervalMs,
    logger,
    idle: 0,
    pass: async (now) => {
      const sent = await runFavoriteAlertPass(db, now, options);
      if (sent > 0) logger.info({ sent }, 'favorite alerts');
      return sent;
    },
  });
}
