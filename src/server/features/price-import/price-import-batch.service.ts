import type { Kysely } from 'kysely';
import { priceImportLimits, priceImportRollbackReasons, type PriceTier } from '../../../contract/price-import.ts';
import { purchasingFields, type PurchasingData } from '../../../contract/purchasing.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { yieldToEventLoop } from '../../work/yield-to-event-loop.ts';
import {
  countPartsAt,
  deleteImportedParts,
  insertImportedPart,
  replaceImportedTiers,
  writeImportedFields,
  type ImportedFields,
  type NewPartPlace,
  type PriceRow,
} from '../catalog/product-import.service.ts';
import { forgetProductStock, restoreStockIfUnchanged, setImportedFigures, warehouseIdsByCode } from '../warehouse/warehouse-stock.service.ts';
import type { ImportAction } from './price-import-plan.ts';
import {
  findPartCodes,
  findUndoChunk,
  insertUndoEntries,
  partUses,
  setJobProcessed,
  settleUndoChunk,
  snapshotParts,
  type NewUndoEntry,
  type RollbackConflict,
  type UndoEntry,
} from './price-import.repository.ts';
import { decideRestore, type PartBefore } from './price-import-rollback-rules.ts';

export type { NewPartPlace } from '../catalog/product-import.service.ts';

/**
 * A price list's batches and their rollback, each a transaction across three owners: the catalogue's
 * parts and tiers (catalog/product-import.service.ts), the warehouses' stock (warehouse-stock.service.ts)
 * and the import's own undo rows, report and progress (price-import.repository.ts).
 */

/** A new part's insert that the database refused, naming the part for the job's message (the batch rolls back). */
export class NewPartRefused extends Error {
  constructor(
    readonly code: string,
    cause: unknown,
  ) {
    super(`新建型号 ${code} 失败：${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'NewPartRefused';
  }
}

/** A row's warehouse figures by warehouse id: the codes it names, or all of its stock in the first warehouse (SZ). */
function figuresOfAction(action: ImportAction, ids: ReadonlyMap<string, number>): Map<number, number> {
  const byCode = action.warehouseStock ?? { SZ: action.stock ?? 0 };
  const figures = new Map<number, number>();
  for (const [code, quantity] of Object.entries(byCode)) {
    const id = ids.get(code);
    if (id !== undefined) figures.set(id, quantity);
  }
  return figures;
}

function tierRows(productId: number, tiers: readonly PriceTier[]): PriceRow[] {
  return tiers.map((tier, index) => {
    const next = tiers[index + 1];
    return { productId, qtyStart: tier.qtyStart, qtyEnd: next ? next.qtyStart - 1 : null, priceE4: tier.priceE4, originalPriceE4: null };
  });
}

/** The parts the batch knows: their fields, then (behind each product row's lock) their warehouses. Answers their undo rows. */
async function updateKnownParts(
  trx: Kysely<Database>,
  batch: { jobId: number; updates: readonly ImportAction[]; befores: ReadonlyMap<number, PartBefore>; now: number },
): Promise<NewUndoEntry[]> {
  const warehouseIds = await warehouseIdsByCode(trx);
  const undo: NewUndoEntry[] = [];
  for (const action of batch.updates) {
    const productId = action.productId ?? 0;
    const before = batch.befores.get(productId);
    if (!before) continue;
    undo.push({ jobId: batch.jobId, productId, beforeJson: JSON.stringify(before), afterJson: null, rowNumber: action.row });
    const set: ImportedFields = { updatedAt: batch.now };
    if (action.packSize !== null) set.packSize = action.packSize;
    if (action.package !== null) set.package = action.package;
    if (action.description !== null) set.description = action.description;
    Object.assign(set, action.purchasing);
    // The product row first (its lock), then its warehouses; products.stock becomes their sum.
    await writeImportedFields(trx, productId, set);
    if (action.stock !== null) await setImportedFigures(trx, productId, figuresOfAction(action, warehouseIds));
  }
  return undo;
}

/** The parts the catalogue does not have yet, filed at the place; answers their undo rows and tiers. */
async function createNewParts(
  trx: Kysely<Database>,
  batch: { jobId: number; creates: readonly ImportAction[]; place: NewPartPlace; now: number },
): Promise<{ undo: NewUndoEntry[]; priceRows: PriceRow[] }> {
  const warehouseIds = await warehouseIdsByCode(trx);
  const undo: NewUndoEntry[] = [];
  const priceRows: PriceRow[] = [];
  for (const action of batch.creates) {
    const part = {
      code: action.code,
      codeNorm: action.codeNorm,
      brandId: action.brandId,
      package: action.package ?? '',
      description: action.description ?? '',
      stock: action.stock ?? 0,
      packSize: action.packSize ?? 1,
      purchasing: action.purchasing,
    };
    const id = await insertImportedPart(trx, batch.place, part, batch.now).catch((error: unknown) => {
      throw new NewPartRefused(action.code, error);
    });
    if (action.stock !== null) await setImportedFigures(trx, id, figuresOfAction(action, warehouseIds));
    undo.push({ jobId: batch.jobId, productId: id, beforeJson: null, afterJson: null, rowNumber: action.row });
    priceRows.push(...tierRows(id, action.tiers ?? []));
  }
  await countPartsAt(trx, batch.place, batch.creates.length);
  return { undo, priceRows };
}

/**
 * One batch in one transaction: every touched part's "before" saved to price_import_undo, the writes made, and the
 * job's processed count moved on, all committing together (a crash leaves the batch wholly applied or not at all).
 */
export async function applyBatch(
  db: Kysely<Database>,
  jobId: number,
  actions: readonly ImportAction[],
  place: NewPartPlace | null,
  processedAfter: number,
  now: number,
): Promise<void> {
  await withTransaction(db, async (trx) => {
    const updates = actions.filter((action) => action.productId !== null);
    const befores = await snapshotParts(
      trx,
      updates.map((action) => action.productId ?? 0),
    );
    const undo = await updateKnownParts(trx, { jobId, updates, befores, now });
    const repriced = updates.filter((action) => action.tiers !== null && befores.has(action.productId ?? 0));
    const priceRows = repriced.flatMap((action) => tierRows(action.productId ?? 0, action.tiers ?? []));
    const creates = actions.filter((action) => action.productId === null);
    if (creates.length > 0 && place) {
      const created = await createNewParts(trx, { jobId, creates, place, now });
      undo.push(...created.undo);
      priceRows.push(...created.priceRows);
    }
    await replaceImportedTiers(
      trx,
      priceRows,
      repriced.map((action) => action.productId ?? 0),
    );
    // The parts as this batch left them: a rollback overwrites only those still so.
    const afters = await snapshotParts(
      trx,
      undo.map((entry) => entry.productId),
    );
    for (const entry of undo) entry.afterJson = JSON.stringify(afters.get(entry.productId) ?? null);
    await insertUndoEntries(trx, undo);
    await setJobProcessed(trx, jobId, processedAfter, now);
  });
}

/** The purchasing fields a snapshot holds (none in one written before migration 0058). */
function purchasingOfSnapshot(snapshot: PartBefore): Partial<PurchasingData> {
  return Object.fromEntries(purchasingFields.flatMap((field) => (snapshot[field] === undefined ? [] : [[field, snapshot[field]]])));
}

interface RestoreOf {
  productId: number;
  before: PartBefore;
  after: PartBefore | null;
  isStockKept: boolean;
}

/** What each undo row of a chunk asks (price-import-rollback-rules.ts): parts to delete, parts to restore, report lines. */
async function decideChunk(trx: Kysely<Database>, jobId: number, undo: readonly UndoEntry[]) {
  const productIds = undo.map((entry) => entry.productId);
  const current = await snapshotParts(trx, productIds);
  const codes = await findPartCodes(trx, productIds);
  const uses = await partUses(
    trx,
    undo.filter((entry) => entry.beforeJson === null).map((entry) => entry.productId),
  );
  const deleted: number[] = [];
  const restored: RestoreOf[] = [];
  const report: RollbackConflict[] = [];
  const reportLine = (entry: UndoEntry, reason: string) =>
    report.push({ jobId, productId: entry.productId, rowNumber: entry.rowNumber, code: codes.get(entry.productId) ?? `#${entry.productId}`, reason });
  for (const entry of undo) {
    const before = entry.beforeJson === null ? null : (JSON.parse(entry.beforeJson) as PartBefore);
    const after = entry.afterJson === null ? null : (JSON.parse(entry.afterJson) as PartBefore | null);
    const decision = decideRestore(before, after, current.get(entry.productId));
    const used = uses.get(entry.productId);
    if (decision.kind === 'delete' && used) reportLine(entry, priceImportRollbackReasons.createdReferenced(used));
    else if (decision.kind === 'delete') deleted.push(entry.productId);
    else if (decision.kind === 'conflict') reportLine(entry, decision.reason);
    else if (decision.kind === 'restore' && before) {
      restored.push({ productId: entry.productId, before, after, isStockKept: decision.isStockKept });
      if (decision.isStockKept) reportLine(entry, decision.note);
    }
  }
  return { deleted, restored, report };
}

/** One chunk of a rollback, in the caller's transaction: restores, deletes, the report lines, the chunk's undo rows gone. */
async function rollBackChunk(trx: Kysely<Database>, jobId: number, undo: readonly UndoEntry[], place: NewPartPlace | null, now: number): Promise<void> {
  const { deleted, restored, report } = await decideChunk(trx, jobId, undo);
  if (deleted.length > 0) {
    await forgetProductStock(trx, deleted);
    await deleteImportedParts(trx, deleted);
    if (place) await countPartsAt(trx, place, -deleted.length);
  }
  for (const { productId, before, after, isStockKept } of restored) {
    await writeImportedFields(trx, productId, {
      ...purchasingOfSnapshot(before),
      package: before.package,
      description: before.description,
      packSize: before.packSize,
      updatedAt: Math.max(now, before.updatedAt),
    });
    // Stock goes back only while it is still what the job wrote: an order taking units meanwhile keeps them taken.
    if (isStockKept) continue;
    await restoreStockIfUnchanged(trx, productId, { stock: before.stock, written: after ? after.stock : null, figures: before.warehouses });
  }
  await replaceImportedTiers(
    trx,
    restored.flatMap(({ productId, before }) => before.prices.map((price) => ({ productId, ...price }))),
    restored.map(({ productId }) => productId),
  );
  await settleUndoChunk(trx, jobId, undo, report, now);
}

/**
 * Undoes a job's applied batches, newest first, a chunk per transaction: each chunk's restores, deletions, report
 * lines and progress commit with the deletion of its undo rows, so a rollback that stops midway runs again from
 * where it stopped, never undoing a chunk twice nor half of one. Parts changed since the job are left alone and
 * reported (price-import-rollback-rules.ts).
 */
export interface RollbackChunks {
  /** Undo rows per transaction: priceImportLimits.batchRows, as applying (tests use a few). */
  chunkRows?: number;
  /** Called before each chunk with the count already undone in this run (tests inject a failure here). */
  beforeChunk?: (undone: number) => void | Promise<void>;
  /** True leaves the job rolling back at what is left, for the next worker (a process stopping). */
  shouldStop?: () => boolean;
}

/** Returns false when stopped by shouldStop before the last chunk. */
export async function rollBackJob(
  db: Kysely<Database>,
  jobId: number,
  place: NewPartPlace | null,
  now: number,
  options: RollbackChunks = {},
): Promise<boolean> {
  for (let undone = 0; ;) {
    const undo = await findUndoChunk(db, jobId, options.chunkRows ?? priceImportLimits.batchRows);
    if (undo.length === 0) return true;
    if (options.shouldStop?.()) return false;
    await options.beforeChunk?.(undone);
    // A part twice in one job (a finished job applied again): its older row waits for the next chunk, compared then.
    const seen = new Set<number>();
    const firstRepeat = undo.findIndex((entry) => seen.has(entry.productId) || !seen.add(entry.productId));
    const chunk = firstRepeat === -1 ? undo : undo.slice(0, firstRepeat);
    await withTransaction(db, (trx) => rollBackChunk(trx, jobId, chunk, place, now));
    undone += chunk.length;
    await yieldToEventLoop();
  }
}
