import { sql, type Kysely } from 'kysely';
import { brandLogoKeyPattern, taxonomyErrors, taxonomyMessages, type AdminBrandRow, type BrandSortColumn } from '../../../contract/admin-taxonomy.ts';
import { imageUrl } from '../../../contract/content.ts';
import type { GridBulkResult, GridPage, GridQuery } from '../../../contract/staff-grid.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { escapeLike } from '../../db/escape-like.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import { changeEachOfBulk } from '../staff/grid-bulk.ts';
import { exportRowsOfQuery, pageOfQuery } from '../staff/grid-query.ts';
import type { StaffActor } from '../staff/staff-desk.service.ts';
import { brandInitialOf } from './brand-initial.ts';
import { refusingReferenced } from './category-desk.service.ts';
import { countBrandProducts, findDeskBrand, isUniqueViolation, type BrandDeskRow } from './taxonomy-desk.repository.ts';

type Db = Kysely<Database>;

/**
 * 品牌管理. /brand and the brand pages read the brands table on every request, and the caches that
 * hold brand names (home, search) follow the brands' triggers (cache_versions, catalog_changes).
 */

export interface BrandFilters {
  name?: string | undefined;
  initial?: string | undefined;
  hasProducts?: 'yes' | 'no' | undefined;
}

export interface BrandFields {
  nameEn: string;
  nameCn: string;
  initial: string;
  logoPath: string;
  intro: string;
  website: string;
  country: string;
}

const productCountSql = sql<number>`(select count(*) from products where products.brand_id = brands.id)`;
const hasProductsSql = sql<boolean>`exists (select 1 from products where products.brand_id = brands.id)`;

function adminBrand(row: BrandDeskRow, productCount: number, imageBaseUrl: string): AdminBrandRow {
  return {
    id: row.id,
    nameEn: row.nameEn,
    nameCn: row.nameCn ?? '',
    initial: row.initial,
    logoPath: row.logoPath ?? '',
    logoUrl: row.logoPath ? imageUrl(imageBaseUrl, row.logoPath) : '',
    intro: row.intro,
    website: row.website ?? '',
    country: row.country,
    productCount,
  };
}

/** What the audit keeps of a brand. */
function auditView(row: BrandDeskRow) {
  return { nameEn: row.nameEn, nameCn: row.nameCn, initial: row.initial, logoPath: row.logoPath, intro: row.intro, website: row.website, country: row.country };
}

function brandDeskQuery(db: Db, { name, initial, hasProducts }: BrandFilters) {
  let query = db
    .selectFrom('brands')
    .select(['id', 'nameEn', 'nameCn', 'initial', 'logoPath', 'intro', 'website', 'country', 'sort', productCountSql.as('productCount')]);
  if (name) {
    const pattern = `%${escapeLike(name.toLowerCase())}%`;
    query = query.where(sql<boolean>`(lower(name_en) like ${pattern} escape '\\' or lower(coalesce(name_cn, '')) like ${pattern} escape '\\')`);
  }
  if (initial) query = query.where('initial', '=', initial);
  if (hasProducts === 'yes') query = query.where(hasProductsSql);
  if (hasProducts === 'no') query = query.where(sql<boolean>`not ${hasProductsSql}`);
  return query;
}

const brandSortExpressions = { nameEn: sql`lower(name_en)`, productCount: productCountSql };
const defaultBrandSort = { column: 'nameEn', direction: 'asc' } as const;

export async function listBrandsForDesk(db: Db, imageBaseUrl: string, grid: GridQuery<BrandSortColumn, BrandFilters>): Promise<GridPage<AdminBrandRow>> {
  const page = await pageOfQuery(brandDeskQuery(db, grid.filters), grid, brandSortExpressions, defaultBrandSort, 'brands.id');
  return { ...page, rows: page.rows.map((row) => adminBrand(row, row.productCount, imageBaseUrl)) };
}

/** The grid's filter and order as rows for the Excel export (at most staffExportLimit). */
export async function exportBrandsForDesk(
  db: Db,
  imageBaseUrl: string,
  grid: Pick<GridQuery<BrandSortColumn, BrandFilters>, 'filters' | 'sort'>,
): Promise<AdminBrandRow[]> {
  const rows = await exportRowsOfQuery(brandDeskQuery(db, grid.filters), grid.sort, brandSortExpressions, defaultBrandSort, 'brands.id');
  return rows.map((row) => adminBrand(row, row.productCount, imageBaseUrl));
}

async function mustFindBrand(db: Db, id: number): Promise<BrandDeskRow> {
  const row = await findDeskBrand(db, id);
  if (!row) throw new AppError(taxonomyErrors.brandMissing);
  return row;
}

/** The row's columns from the form: the initial from the name when none is chosen, a logo only as uploadLogo made it (or the one kept). */
function columnsOf(fields: BrandFields, keptLogoPath: string | null) {
  if (fields.logoPath !== '' && fields.logoPath !== keptLogoPath && !brandLogoKeyPattern.test(fields.logoPath))
    throw new AppError(taxonomyErrors.logoNotImage, taxonomyMessages.logoInvalid);
  return {
    nameEn: fields.nameEn,
    nameCn: fields.nameCn === '' ? null : fields.nameCn,
    initial: fields.initial === '' ? brandInitialOf(fields.nameCn && !/^[A-Za-z]/.test(fields.nameEn) ? fields.nameCn : fields.nameEn) : fields.initial,
    logoPath: fields.logoPath === '' ? null : fields.logoPath,
    intro: fields.intro,
    website: fields.website === '' ? null : fields.website,
    country: fields.country,
  };
}

/** One brand per name whatever its case: the unique index decides between racing creations or renames. */
async function refusingTakenName<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(taxonomyErrors.brandNameTaken);
    throw error;
  }
}

async function refuseTakenName(trx: Db, nameEn: string, exceptId: number | null) {
  const clash = await trx
    .selectFrom('brands')
    .select('id')
    .where(sql<boolean>`lower(name_en) = ${nameEn.toLowerCase()}`)
    .executeTakeFirst();
  if (clash && clash.id !== exceptId) throw new AppError(taxonomyErrors.brandNameTaken);
}

export function createBrand(db: Db, imageBaseUrl: string, actor: StaffActor, fields: BrandFields): Promise<AdminBrandRow> {
  return refusingTakenName(
    withTransaction(db, async (trx) => {
      await refuseTakenName(trx, fields.nameEn, null);
      const inserted = await trx
        .insertInto('brands')
        .values({ ...columnsOf(fields, null), isPartner: 0, sort: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const after = await mustFindBrand(trx, inserted.id);
      await recordStaffChange(trx, { ...actor, action: 'create', subject: 'Brand', subjectId: after.id, before: null, after: auditView(after) });
      return adminBrand(after, 0, imageBaseUrl);
    }),
  );
}

export function updateBrand(db: Db, imageBaseUrl: string, actor: StaffActor, brandId: number, fields: BrandFields): Promise<AdminBrandRow> {
  return refusingTakenName(
    withTransaction(db, async (trx) => {
      await trx
        .updateTable('brands')
        .set((eb) => ({ sort: eb.ref('sort') }))
        .where('id', '=', brandId)
        .execute();
      const before = await mustFindBrand(trx, brandId);
      await refuseTakenName(trx, fields.nameEn, brandId);
      await trx.updateTable('brands').set(columnsOf(fields, before.logoPath)).where('id', '=', brandId).execute();
      const after = await mustFindBrand(trx, brandId);
      await recordStaffChange(trx, { ...actor, action: 'update', subject: 'Brand', subjectId: brandId, before: auditView(before), after: auditView(after) });
      return adminBrand(after, await countBrandProducts(trx, brandId), imageBaseUrl);
    }),
  );
}

/** Deletes a brand without parts; one with parts is refused with how many. */
export async function deleteBrand(db: Db, actor: StaffActor, brandId: number): Promise<void> {
  await refusingReferenced(
    withTransaction(db, async (trx) => {
      const before = await mustFindBrand(trx, brandId);
      const count = await countBrandProducts(trx, brandId);
      if (count > 0) throw new AppError(taxonomyErrors.inUse, taxonomyMessages.brandHasProducts(count));
      // Of two staff deleting it at once, the one whose delete finds no row is told it is gone (one audit entry).
      const deleted = await trx.deleteFrom('brands').where('id', '=', brandId).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw new AppError(taxonomyErrors.brandMissing);
      await recordStaffChange(trx, { ...actor, action: 'delete', subject: 'Brand', subjectId: brandId, before: auditView(before), after: null });
    }),
  );
}

/** 批量删除: each brand as deleteBrand does it, in its own transaction and audit entry; one with parts is reported. */
export function deleteBrands(db: Db, actor: StaffActor, brandIds: readonly number[]): Promise<GridBulkResult> {
  return changeEachOfBulk(brandIds, (brandId) => deleteBrand(db, actor, brandId));
}
