import type { Kysely } from 'kysely';
import type { PriceTier } from '../../../contract/price-import.ts';
import type { Database } from '../../db/database.ts';
import { figuresOf } from '../warehouse/warehouse-stock.service.ts';
import { purchasingOfRow, purchasingColumns } from '../catalog/purchasing.service.ts';
import type { BrandRow, CatalogPart } from './price-import-plan.ts';
import type { PartBefore } from './price-import-rollback-rules.ts';

// The price import's SQL: the parts a list names (reads), its jobs, undo rows and rollback report. What a batch or
// a rollback writes of the catalogue goes through catalog/product-import.service.ts (price-import-batch.service.ts).

/** Keys per IN (...) list and rows per multi-row insert: well under SQLite's and PostgreSQL's parameter limits. */
export const chunkSize = 500;

export function chunks<T>(items: readonly T[], size = chunkSize): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}

export function loadBrands(db: Kysely<Database>): Promise<BrandRow[]> {
  return db.selectFrom('brands').select(['id', 'nameEn', 'nameCn']).execute();
}

const partColumns = ['id', 'code', 'codeNorm', 'brandId', 'package', 'description', 'stock', 'packSize', ...purchasingColumns] as const;

type PartRow = Omit<CatalogPart, 'tiers' | 'purchasing'> & Parameters<typeof purchasingOfRow>[0];

async function withTiers(db: Kysely<Database>, rows: PartRow[]): Promise<CatalogPart[]> {
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
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    codeNorm: row.codeNorm,
    brandId: row.brandId,
    package: row.package,
    description: row.description,
    stock: row.stock,
    packSize: row.packSize,
    tiers: tiersOf.get(row.id) ?? [],
    purchasing: purchasingOfRow(row),
  }));
}

/** The parts whose normalised code is among these, with their tiers: one query per 500 codes. */
export async function loadPartsByCodeNorm(db: Kysely<Database>, codeNorms: readonly string[]): Promise<CatalogPart[]> {
  const found: PartRow[] = [];
  for (const batch of chunks([...new Set(codeNorms)])) {
    found.push(...(await db.selectFrom('products').select(partColumns).where('codeNorm', 'in', batch).execute()));
  }
  return withTiers(db, found);
}

export async function loadPartsById(db: Kysely<Database>, ids: readonly number[]): Promise<CatalogPart[]> {
  const found: PartRow[] = [];
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

/** The "before"/"after" snapshot of these parts, one query per 500 ids (a part gone is absent from the map). */
export async function snapshotParts(trx: Kysely<Database>, productIds: readonly number[]): Promise<Map<number, PartBefore>> {
  const snapshots = new Map<number, PartBefore>();
  for (const ids of chunks(productIds)) {
    if (ids.length === 0) continue;
    const parts = await trx
      .selectFrom('products')
      .select(['id', 'package', 'description', 'stock', 'packSize', 'updatedAt', ...purchasingColumns])
      .where('id', 'in', ids)
      .execute();
    for (const part of parts)
      snapshots.set(part.id, {
        package: part.package,
        description: part.description,
        stock: part.stock,
        packSize: part.packSize,
        updatedAt: part.updatedAt,
        prices: [],
        ...purchasingOfRow(part),
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

/** Tables whose rows point at a product, and how the rollback report names them. */
const productUses: { table: 'cartItems' | 'favorites' | 'homeProducts' | 'orderLines' | 'quotationLines'; label: string }[] = [
  { table: 'cartItems', label: '购物车' },
  { table: 'favorites', label: '收藏' },
  { table: 'homeProducts', label: '首页推荐' },
  { table: 'orderLines', label: '订单' },
  { table: 'quotationLines', label: '询价单' },
];

/** For each of these parts that something points at (cart lines, favourites, orders, quotations…), what does. */
export async function partUses(trx: Kysely<Database>, productIds: readonly number[]): Promise<Map<number, string[]>> {
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

export interface UndoEntry {
  id: number;
  productId: number;
  beforeJson: string | null;
  afterJson: string | null;
  rowNumber: number | null;
}

export type NewUndoEntry = Omit<UndoEntry, 'id' | 'rowNumber'> & { jobId: number; rowNumber: number };

/** One batch's undo rows: each touched part as it was before the batch and as the batch left it. */
export async function insertUndoEntries(trx: Kysely<Database>, undo: readonly NewUndoEntry[]): Promise<void> {
  for (const batch of chunks(undo, 1000)) if (batch.length > 0) await trx.insertInto('priceImportUndo').values(batch).execute();
}

export async function setJobProcessed(trx: Kysely<Database>, jobId: number, processed: number, now: number): Promise<void> {
  await trx.updateTable('priceImportJobs').set({ processed, updatedAt: now }).where('id', '=', jobId).execute();
}

/** The newest undo rows of a job, newest first (the next chunk of its rollback). */
export function findUndoChunk(db: Kysely<Database>, jobId: number, limit: number): Promise<UndoEntry[]> {
  return db
    .selectFrom('priceImportUndo')
    .select(['id', 'productId', 'beforeJson', 'afterJson', 'rowNumber'])
    .where('jobId', '=', jobId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Part numbers by id (a part gone is absent). */
export async function findPartCodes(trx: Kysely<Database>, productIds: readonly number[]): Promise<Map<number, string>> {
  const codes = new Map<number, string>();
  for (const ids of chunks(productIds)) {
    for (const row of await trx.selectFrom('products').select(['id', 'code']).where('id', 'in', ids).execute()) codes.set(row.id, row.code);
  }
  return codes;
}

export interface RollbackConflict {
  jobId: number;
  productId: number;
  rowNumber: number | null;
  code: string;
  reason: string;
}

/**
 * The end of one rollback chunk: its report lines written, its undo rows gone and the job's count of
 * undone rows moved on, in the chunk's transaction.
 */
export async function settleUndoChunk(
  trx: Kysely<Database>,
  jobId: number,
  undo: readonly UndoEntry[],
  report: readonly RollbackConflict[],
  now: number,
): Promise<void> {
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
