import type { Kysely, Transaction } from 'kysely';
import { priceImportRollbackReasons, type PriceTier } from '../../../contract/price-import.ts';
import type { Database } from '../../db/database.ts';
import { figuresOf, forgetProductStock, restoreFigures, setImportedFigures, warehouseIdsByCode } from '../warehouse/warehouse-stock.service.ts';
import type { BrandRow, CatalogPart, ImportAction } from './price-import-plan.ts';
import { decideRestore, type PartBefore } from './price-import-rollback-rules.ts';

/** Keys per IN (...) list and rows per multi-row insert: well under SQLite's and PostgreSQL's parameter limits. */
const chunkSize = 500;

function chunks<T>(items: readonly T[], size = chunkSize): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}

export function loadBrands(db: Kysely<Database>): Promise<BrandRow[]> {
  return db.selectFrom('brands').select(['id', 'nameEn', 'nameCn']).execute();
}

const partColumns = ['id', 'code', 'codeNorm', 'brandId', 'package', 'description', 'stock', 'packSize'] as const;

async function withTiers(db: Kysely<Database>, rows: Omit<CatalogPart, 'tiers'>[]): Promise<CatalogPart[]> {
  const tiersOf = new Map<number, PriceTier[]>();
  for (const ids of chunks(rows.map((row) => row.id))) {
    if (ids.length === 0) continue;
    const prices = await db
      .selectFrom('productPrices')
      .select(['productId', 'qtyStart', 'priceE4'])
      .where('productId', 'in', ids)
      .orderBy('productId')
      .orderBy('qtyStart')
      .execute();
    for (const price of prices) {
      const list = tiersOf.get(price.productId) ?? [];
      list.push({ qtyStart: price.qtyStart, priceE4: price.priceE4 });
      tiersOf.set(price.productId, list);
    }
  }
  return rows.map((row) => ({ ...row, tiers: tiersOf.get(row.id) ?? [] }));
}

/** The parts whose normalised code is among these, with their tiers: one query per 500 codes. */
export async function loadPartsByCodeNorm(db: Kysely<Database>, codeNorms: readonly string[]): Promise<CatalogPart[]> {
  const found: Omit<CatalogPart, 'tiers'>[] = [];
  for (const batch of chunks([...new Set(codeNorms)])) {
    found.push(...(await db.selectFrom('products').select(partColumns).where('codeNorm', 'in', batch).execute()));
  }
  return withTiers(db, found);
}

export async function loadPartsById(db: Kysely<Database>, ids: readonly number[]): Promise<CatalogPart[]> {
  const found: Omit<CatalogPart, 'tiers'>[] = [];
  for (const batch of chunks([...new Set(ids)])) {
    found.push(...(await db.selectFrom('products').select(partColumns).where('id', 'in', batch).execute()));
  }
  return withTiers(db, found);
}

export function loadCategory(db: Kysely<Database>, id: number) {
  return db.selectFrom('categories').select(['id', 'parentId', 'level']).where('id', '=', id).executeTakeFirst();
}

export async function insertJob(
  db: Kysely<Database>,
  values: { fileName: string; optionsJson: string; rowsJson: string; total: number; now: number },
): Promise<number> {
  const row = await db
    .insertInto('priceImportJobs')
    .values({
      status: 'queued',
      fileName: values.fileName,
      optionsJson: values.optionsJson,
      rowsJson: values.rowsJson,
      total: values.total,
      processed: 0,
      error: null,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findJob(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('priceImportJobs')
    .select(['id', 'status', 'fileName', 'total', 'processed', 'error', 'createdAt', 'updatedAt'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findJobWork(db: Kysely<Database>, id: number) {
  return db.selectFrom('priceImportJobs').select(['id', 'status', 'optionsJson', 'rowsJson', 'processed', 'total']).where('id', '=', id).executeTakeFirst();
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

/** The "before"/"after" snapshot of these parts, one query per 500 ids (a part gone is absent from the map). */
async function snapshotParts(trx: Kysely<Database>, productIds: readonly number[]): Promise<Map<number, PartBefore>> {
  const snapshots = new Map<number, PartBefore>();
  for (const ids of chunks(productIds)) {
    if (ids.length === 0) continue;
    const parts = await trx.selectFrom('products').select(['id', 'package', 'description', 'stock', 'packSize', 'updatedAt']).where('id', 'in', ids).execute();
    for (const part of parts)
      snapshots.set(part.id, {
        package: part.package,
        description: part.description,
        stock: part.stock,
        packSize: part.packSize,
        updatedAt: part.updatedAt,
        prices: [],
      });
    const prices = await trx
      .selectFrom('productPrices')
      .select(['productId', 'qtyStart', 'qtyEnd', 'priceE4', 'originalPriceE4'])
      .where('productId', 'in', ids)
      .orderBy('productId')
      .orderBy('qtyStart')
      .execute();
    for (const { productId, ...price } of prices) snapshots.get(productId)?.prices.push(price);
    const figures = await figuresOf(trx, ids);
    for (const [productId, snapshot] of snapshots) if (ids.includes(productId)) snapshot.warehouses = figures.get(productId) ?? {};
  }
  return snapshots;
}

function tierRows(productId: number, tiers: readonly PriceTier[]) {
  return tiers.map((tier, index) => {
    const next = tiers[index + 1];
    return { productId, qtyStart: tier.qtyStart, qtyEnd: next ? next.qtyStart - 1 : null, priceE4: tier.priceE4, originalPriceE4: null };
  });
}

async function replacePrices(
  trx: Transaction<Database>,
  rows: { productId: number; qtyStart: number; qtyEnd: number | null; priceE4: number; originalPriceE4: number | null }[],
  productIds: number[],
): Promise<void> {
  for (const ids of chunks(productIds)) await trx.deleteFrom('productPrices').where('productId', 'in', ids).execute();
  for (const batch of chunks(rows, 1000)) if (batch.length > 0) await trx.insertInto('productPrices').values(batch).execute();
}

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

export interface NewPartPlace {
  categoryFirstId: number;
  categorySecondId: number;
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
  await db.transaction().execute(async (trx) => {
    const updates = actions.filter((action) => action.productId !== null);
    const warehouseIds = await warehouseIdsByCode(trx);
    const befores = await snapshotParts(
      trx,
      updates.map((action) => action.productId ?? 0),
    );
    const undo: { jobId: number; productId: number; beforeJson: string | null; afterJson: string | null; rowNumber: number }[] = [];
    for (const action of updates) {
      const productId = action.productId ?? 0;
      const before = befores.get(productId);
      if (!before) continue;
      undo.push({ jobId, productId, beforeJson: JSON.stringify(before), afterJson: null, rowNumber: action.row });
      const set: { updatedAt: number; packSize?: number; package?: string; description?: string } = { updatedAt: now };
      if (action.packSize !== null) set.packSize = action.packSize;
      if (action.package !== null) set.package = action.package;
      if (action.description !== null) set.description = action.description;
      // The product row first (its lock), then its warehouses; products.stock becomes their sum.
      await trx.updateTable('products').set(set).where('id', '=', productId).execute();
      if (action.stock !== null) await setImportedFigures(trx, productId, figuresOfAction(action, warehouseIds));
    }
    const repriced = updates.filter((action) => action.tiers !== null && befores.has(action.productId ?? 0));
    const priceRows = repriced.flatMap((action) => tierRows(action.productId ?? 0, action.tiers ?? []));
    const creates = actions.filter((action) => action.productId === null);
    if (creates.length > 0 && place) {
      for (const action of creates) {
        const { id } = await trx
          .insertInto('products')
          .values({
            code: action.code,
            codeNorm: action.codeNorm,
            brandId: action.brandId,
            categoryFirstId: place.categoryFirstId,
            categorySecondId: place.categorySecondId,
            package: action.package ?? '',
            description: action.description ?? '',
            lifecycle: 'active',
            isRohs: 0,
            datasheetUrl: null,
            stock: action.stock ?? 0,
            packSize: action.packSize ?? 1,
            imagePath: null,
            label: null,
            isSpecialOffer: 0,
            isIcZone: 0,
            createdAt: now,
            updatedAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
          .catch((error: unknown) => {
            throw new NewPartRefused(action.code, error);
          });
        if (action.stock !== null) await setImportedFigures(trx, id, figuresOfAction(action, warehouseIds));
        undo.push({ jobId, productId: id, beforeJson: null, afterJson: null, rowNumber: action.row });
        priceRows.push(...tierRows(id, action.tiers ?? []));
      }
      await moveSkuCounts(trx, place, creates.length);
    }
    await replacePrices(
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
    for (const batch of chunks(undo, 1000)) if (batch.length > 0) await trx.insertInto('priceImportUndo').values(batch).execute();
    await trx.updateTable('priceImportJobs').set({ processed: processedAfter, updatedAt: now }).where('id', '=', jobId).execute();
  });
}

async function moveSkuCounts(trx: Transaction<Database>, place: NewPartPlace, delta: number): Promise<void> {
  await trx
    .updateTable('categories')
    .set((eb) => ({ skuCount: eb('skuCount', '+', delta) }))
    .where('id', 'in', [place.categoryFirstId, place.categorySecondId])
    .execute();
}

/** Tables whose rows point at a product, and how the rollback report names them. */
const productUses: { table: 'cartItems' | 'favorites' | 'homeProducts' | 'orderLines' | 'quotationLines'; label: string }[] = [
  { table: 'cartItems', label: '购物车' },
  { table: 'favorites', label: '收藏' },
  { table: 'homeProducts', label: '首页推荐' },
  { table: 'orderLines', label: '订单' },
  { table: 'quotationLines', label: '询价单' },
];

/** For each of these parts that something points at (cart lines, favourites, orders, quotations…), what does. */
async function partUses(trx: Transaction<Database>, productIds: readonly number[]): Promise<Map<number, string[]>> {
  const uses = new Map<number, string[]>();
  const add = (productId: number | null, label: string) => {
    if (productId === null) return;
    const list = uses.get(productId) ?? [];
    if (!list.includes(label)) list.push(label);
    uses.set(productId, list);
  };
  for (const ids of chunks(productIds)) {
    if (ids.length === 0) continue;
    for (const { table, label } of productUses) {
      const rows = await trx.selectFrom(table).select('productId').distinct().where('productId', 'in', ids).execute();
      for (const row of rows) add(row.productId, label);
    }
    const offers = await trx.selectFrom('quotationLines').select('offerProductId').distinct().where('offerProductId', 'in', ids).execute();
    for (const row of offers) add(row.offerProductId, '询价单');
  }
  return uses;
}

interface UndoEntry {
  id: number;
  productId: number;
  beforeJson: string | null;
  afterJson: string | null;
  rowNumber: number | null;
}

/** One chunk of a rollback, in the caller's transaction: restores, deletes, the report lines, the chunk's undo rows gone. */
async function rollBackChunk(trx: Transaction<Database>, jobId: number, undo: readonly UndoEntry[], place: NewPartPlace | null, now: number): Promise<void> {
  const productIds = undo.map((entry) => entry.productId);
  const current = await snapshotParts(trx, productIds);
  const codes = new Map<number, string>();
  for (const ids of chunks(productIds)) {
    for (const row of await trx.selectFrom('products').select(['id', 'code']).where('id', 'in', ids).execute()) codes.set(row.id, row.code);
  }
  const uses = await partUses(
    trx,
    undo.filter((entry) => entry.beforeJson === null).map((entry) => entry.productId),
  );
  const deleted: number[] = [];
  const restored: { productId: number; before: PartBefore; after: PartBefore | null; isStockKept: boolean }[] = [];
  const report: { jobId: number; productId: number; rowNumber: number | null; code: string; reason: string }[] = [];
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
  if (deleted.length > 0) {
    await forgetProductStock(trx, deleted);
    await trx.deleteFrom('productPrices').where('productId', 'in', deleted).execute();
    await trx.deleteFrom('products').where('id', 'in', deleted).execute();
    if (place) await moveSkuCounts(trx, place, -deleted.length);
  }
  for (const { productId, before, after, isStockKept } of restored) {
    await trx
      .updateTable('products')
      .set({ package: before.package, description: before.description, packSize: before.packSize, updatedAt: Math.max(now, before.updatedAt) })
      .where('id', '=', productId)
      .execute();
    // Stock goes back only while it is still what the job wrote: an order taking units meanwhile keeps them taken.
    if (isStockKept) continue;
    let stock = trx.updateTable('products').set({ stock: before.stock }).where('id', '=', productId);
    if (after) stock = stock.where('stock', '=', after.stock);
    if (Number((await stock.executeTakeFirst()).numUpdatedRows) === 0) continue;
    // The warehouses as they were (a snapshot from before 0044 holds the total only: 深圳仓 gets it); the product row is locked now.
    await restoreFigures(trx, productId, before.warehouses ?? { [String((await warehouseIdsByCode(trx)).get('SZ') ?? 0)]: before.stock });
  }
  await replacePrices(
    trx,
    restored.flatMap(({ productId, before }) => before.prices.map((price) => ({ productId, ...price }))),
    restored.map(({ productId }) => productId),
  );
  for (const batch of chunks(report, 1000)) if (batch.length > 0) await trx.insertInto('priceImportRollbackConflicts').values(batch).execute();
  await trx
    .deleteFrom('priceImportUndo')
    .where(
      'id',
      'in',
      undo.map((entry) => entry.id),
    )
    .execute();
  await trx
    .updateTable('priceImportJobs')
    .set((eb) => ({ undone: eb('undone', '+', undo.length), updatedAt: now }))
    .where('id', '=', jobId)
    .execute();
}

/**
 * Undoes a job's applied batches, newest first, a chunk per transaction: each chunk's restores, deletions, report
 * lines and progress commit with the deletion of its undo rows, so a rollback that stops midway runs again from
 * where it stopped, never undoing a chunk twice nor half of one. Parts changed since the job are left alone and
 * reported (price-import-rollback-rules.ts).
 */
export interface RollbackChunks {
  /** Undo rows per transaction (tests use a few). */
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
    const undo = await db
      .selectFrom('priceImportUndo')
      .select(['id', 'productId', 'beforeJson', 'afterJson', 'rowNumber'])
      .where('jobId', '=', jobId)
      .orderBy('id', 'desc')
      .limit(options.chunkRows ?? chunkSize)
      .execute();
    if (undo.length === 0) return true;
    if (options.shouldStop?.()) return false;
    await options.beforeChunk?.(undone);
    // A part twice in one job (a finished job applied again): its older row waits for the next chunk, compared then.
    const seen = new Set<number>();
    const firstRepeat = undo.findIndex((entry) => seen.has(entry.productId) || !seen.add(entry.productId));
    const chunk = firstRepeat === -1 ? undo : undo.slice(0, firstRepeat);
    await db.transaction().execute((trx) => rollBackChunk(trx, jobId, chunk, place, now));
    undone += chunk.length;
  }
}
