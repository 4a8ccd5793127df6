import type { Kysely } from 'kysely';
import type { AdminBrandRow, BrandSortColumn } from '../../../contract/console/taxonomy.ts';
import { imageUrl } from '../../../contract/content.ts';
import type { GridBulkResult, GridPage, GridQuery } from '../../../contract/staff-grid.ts';
import type { Database } from '../../db/database.ts';
import type { AlongsideChange } from '../../db/transaction.ts';
import {
  createBrand as createCatalogBrand,
  deleteBrand as deleteCatalogBrand,
  updateBrand as updateCatalogBrand,
  type BrandFields,
  type BrandStaffRow,
} from '../catalog/brand-staff.service.ts';
import type { TaxonomyChange } from '../catalog/category-staff.service.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import { changeEachOfBulk } from '../staff/grid-bulk.ts';
import { exportRowsOfQuery, pageOfQuery } from '../staff/grid-query.ts';
import type { StaffActor } from '../staff/staff-desk.service.ts';
import { brandDeskQuery, brandSortExpressions, type BrandFilters } from './taxonomy-desk.repository.ts';

export type { BrandFields } from '../catalog/brand-staff.service.ts';
export type { BrandFilters } from './taxonomy-desk.repository.ts';

/**
 * 品牌管理: the catalogue's brands changed through catalog/brand-staff.service.ts, each change with
 * its audit entry in the change's transaction.
 */

function adminBrand(row: BrandStaffRow, productCount: number, imageBaseUrl: string): AdminBrandRow {
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
function auditView(row: BrandStaffRow | null) {
  return (
    row && {
      nameEn: row.nameEn,
      nameCn: row.nameCn,
      initial: row.initial,
      logoPath: row.logoPath,
      intro: row.intro,
      website: row.website,
      country: row.country,
    }
  );
}

function audited(actor: StaffActor, action: string): AlongsideChange<TaxonomyChange<BrandStaffRow>> {
  return async (trx, { before, after }) => {
    const subjectId = after?.id ?? before?.id ?? 0;
    await recordStaffChange(trx, { ...actor, action, subject: 'Brand', subjectId, before: auditView(before), after: auditView(after) });
  };
}

const defaultBrandSort = { column: 'nameEn', direction: 'asc' } as const;

export async function listBrandsForDesk(
  db: Kysely<Database>,
  imageBaseUrl: string,
  grid: GridQuery<BrandSortColumn, BrandFilters>,
): Promise<GridPage<AdminBrandRow>> {
  const page = await pageOfQuery(brandDeskQuery(db, grid.filters), grid, brandSortExpressions, defaultBrandSort, 'brands.id');
  return { ...page, rows: page.rows.map((row) => adminBrand(row, row.productCount, imageBaseUrl)) };
}

/** The grid's filter and order as rows for the Excel export (at most staffExportLimit). */
export async function exportBrandsForDesk(
  db: Kysely<Database>,
  imageBaseUrl: string,
  grid: Pick<GridQuery<BrandSortColumn, BrandFilters>, 'filters' | 'sort'>,
): Promise<AdminBrandRow[]> {
  const rows = await exportRowsOfQuery(brandDeskQuery(db, grid.filters), grid.sort, brandSortExpressions, defaultBrandSort, 'brands.id');
  return rows.map((row) => adminBrand(row, row.productCount, imageBaseUrl));
}

export async function createBrand(db: Kysely<Database>, imageBaseUrl: string, actor: StaffActor, fields: BrandFields): Promise<AdminBrandRow> {
  return adminBrand(await createCatalogBrand(db, fields, audited(actor, 'create')), 0, imageBaseUrl);
}

export async function updateBrand(db: Kysely<Database>, imageBaseUrl: string, actor: StaffActor, brandId: number, fields: BrandFields): Promise<AdminBrandRow> {
  const { brand, productCount } = await updateCatalogBrand(db, brandId, fields, audited(actor, 'update'));
  return adminBrand(brand, productCount, imageBaseUrl);
}

/** Deletes a brand without parts; one with parts is refused with how many. */
export async function deleteBrand(db: Kysely<Database>, actor: StaffActor, brandId: number): Promise<void> {
  await deleteCatalogBrand(db, brandId, audited(actor, 'delete'));
}

/** 批量删除: each brand as deleteBrand does it, in its own transaction and audit entry; one with parts is reported. */
export function deleteBrands(db: Kysely<Database>, actor: StaffActor, brandIds: readonly number[]): Promise<GridBulkResult> {
  return changeEachOfBulk(brandIds, (brandId) => deleteBrand(db, actor, brandId));
}
