import { sql, type Kysely } from 'kysely';
import type { PriceImportCategoryOption, PriceImportJobStatus } from '../../../contract/price-import.ts';
import type { Database } from '../../db/database.ts';

export async function insertUpload(
  db: Kysely<Database>,
  values: { staffId: number; staffName: string; fileName: string; bytes: Uint8Array; now: number },
): Promise<number> {
  const row = await db
    .insertInto('priceImportUploads')
    .values({
      staffId: values.staffId,
      staffName: values.staffName.slice(0, 64),
      fileName: values.fileName.slice(0, 255),
      bytes: values.bytes,
      status: 'uploaded',
      optionsJson: null,
      summaryJson: null,
      errorsJson: null,
      actionsJson: null,
      jobId: null,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findUploadFile(db: Kysely<Database>, id: number) {
  return db.selectFrom('priceImportUploads').select(['id', 'fileName', 'bytes', 'status', 'jobId']).where('id', '=', id).executeTakeFirst();
}

export function findUploadOutcome(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('priceImportUploads')
    .select(['id', 'fileName', 'status', 'optionsJson', 'summaryJson', 'errorsJson', 'actionsJson', 'jobId'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Stores a validation's outcome unless the upload was applied meanwhile; false then. */
export async function saveValidation(
  db: Kysely<Database>,
  id: number,
  values: { optionsJson: string; summaryJson: string; errorsJson: string; actionsJson: string; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('priceImportUploads')
    .set({
      optionsJson: values.optionsJson,
      summaryJson: values.summaryJson,
      errorsJson: values.errorsJson,
      actionsJson: values.actionsJson,
      status: 'validated',
      updatedAt: values.now,
    })
    .where('id', '=', id)
    .where('status', '!=', 'applied')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** validated → applied in one statement: of two racing 应用 clicks one wins, the other sees applied. */
export async function claimUploadForApply(db: Kysely<Database>, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('priceImportUploads')
    .set({ status: 'applied', updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'validated')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The job row keeps the rows to apply; the upload keeps the file for its report, not a second copy of them. */
export async function attachJob(db: Kysely<Database>, id: number, jobId: number, now: number): Promise<void> {
  await db.updateTable('priceImportUploads').set({ jobId, actionsJson: null, updatedAt: now }).where('id', '=', id).execute();
}

/** The job list's query (one row per job, with who applied it), without order or limit. */
export function jobRowsQuery(db: Kysely<Database>, filters: { status?: PriceImportJobStatus | undefined; fileName?: string | undefined }) {
  let query = db
    .selectFrom('priceImportJobs')
    .leftJoin('priceImportUploads', 'priceImportUploads.jobId', 'priceImportJobs.id')
    .select([
      'priceImportJobs.id',
      'priceImportJobs.status',
      'priceImportJobs.fileName',
      'priceImportJobs.total',
      'priceImportJobs.processed',
      'priceImportJobs.error',
      'priceImportJobs.createdAt',
      'priceImportJobs.updatedAt',
      'priceImportJobs.undoUntil',
      'priceImportJobs.undoTotal',
      'priceImportJobs.undone',
      'priceImportUploads.staffName',
      (eb) =>
        eb
          .selectFrom('priceImportRollbackConflicts')
          .select(eb.fn.countAll<number | string>().as('count'))
          .whereRef('priceImportRollbackConflicts.jobId', '=', 'priceImportJobs.id')
          .as('conflictCount'),
    ]);
  if (filters.status) query = query.where('priceImportJobs.status', '=', filters.status);
  if (filters.fileName) {
    const pattern = `%${filters.fileName.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    query = query.where(sql<boolean>`price_import_jobs.file_name like ${pattern} escape '\\'`);
  }
  return query;
}

export function findJobRow(db: Kysely<Database>, jobId: number) {
  return jobRowsQuery(db, {}).where('priceImportJobs.id', '=', jobId).executeTakeFirst();
}

/** Level-2 categories with their parent's name, for the new parts' category. */
export async function loadSecondLevelCategories(db: Kysely<Database>): Promise<PriceImportCategoryOption[]> {
  const rows = await db
    .selectFrom('categories as child')
    .innerJoin('categories as parent', 'parent.id', 'child.parentId')
    .select(['child.id', 'child.name', 'parent.name as parentName'])
    .where('child.level', '=', 2)
    .orderBy('parent.sort')
    .orderBy('parent.id')
    .orderBy('child.sort')
    .orderBy('child.id')
    .execute();
  return rows.map((row) => ({ id: row.id, label: `${row.parentName} / ${row.name}` }));
}

export async function isSecondLevelCategory(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await db.selectFrom('categories').select('level').where('id', '=', id).executeTakeFirst();
  return row?.level === 2;
}

/** Current stock and first-tier price of the parts a preview page shows. */
export async function loadPartFigures(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { stock: number; firstTierPriceE4: number | null }>();
  const rows = await db
    .selectFrom('products')
    .select(['id', 'stock', 'firstTierPriceE4'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, { stock: row.stock, firstTierPriceE4: row.firstTierPriceE4 }]));
}
