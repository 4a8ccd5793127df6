import { sql, type Kysely } from 'kysely';
import type { GridQuery } from '../../../contract/staff-grid.ts';
import { dayMs, startOfBeijingDay } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { exportRowsOfQuery, pageOfQuery } from '../staff/grid-query.ts';
import { likeContaining } from './member-desk.repository.ts';

export interface ContactFilters {
  status?: 'new' | 'handled' | undefined;
  keyword?: string | undefined;
}

export function findContactMessagesPage(db: Kysely<Database>, grid: GridQuery<'created', ContactFilters>) {
  let query = db.selectFrom('contactMessages').selectAll();
  if (grid.filters.status) query = query.where('status', '=', grid.filters.status);
  if (grid.filters.keyword) {
    const pattern = likeContaining(grid.filters.keyword);
    query = query.where(
      sql<boolean>`(name like ${pattern} escape '\\' or phone like ${pattern} escape '\\' or company like ${pattern} escape '\\' or message like ${pattern} escape '\\')`,
    );
  }
  return pageOfQuery(query, grid, { created: 'createdAt' }, { column: 'created', direction: 'desc' });
}

export function findContactMessageRow(db: Kysely<Database>, id: number) {
  return db.selectFrom('contactMessages').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface SupplierFilters {
  status?: 'pending' | 'approved' | 'rejected' | undefined;
  keyword?: string | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
}

function filteredSupplierApplications(db: Kysely<Database>, filters: SupplierFilters) {
  let query = db.selectFrom('supplierApplications').select(['id', 'applicationNo', 'companyName', 'contactName', 'phone', 'status', 'createdAt', 'reviewer']);
  if (filters.status) query = query.where('status', '=', filters.status);
  if (filters.createdFrom) query = query.where('createdAt', '>=', startOfBeijingDay(filters.createdFrom));
  if (filters.createdTo) query = query.where('createdAt', '<', startOfBeijingDay(filters.createdTo) + dayMs);
  if (filters.keyword) {
    const pattern = likeContaining(filters.keyword);
    query = query.where(
      sql<boolean>`(company_name like ${pattern} escape '\\' or application_no like ${pattern} escape '\\' or phone like ${pattern} escape '\\' or contact_name like ${pattern} escape '\\')`,
    );
  }
  return query;
}

const supplierSorts = { created: 'createdAt' } as const;
const supplierDefaultSort = { column: 'created', direction: 'desc' } as const;

export function findSupplierApplicationsPage(db: Kysely<Database>, grid: GridQuery<'created', SupplierFilters>) {
  return pageOfQuery(filteredSupplierApplications(db, grid.filters), grid, supplierSorts, supplierDefaultSort);
}

/** The applications an export holds: the grid's filters and order, at most staffExportLimit. */
export function findSupplierApplicationsForExport(db: Kysely<Database>, grid: Pick<GridQuery<'created', SupplierFilters>, 'sort' | 'filters'>) {
  return exportRowsOfQuery(filteredSupplierApplications(db, grid.filters), grid.sort, supplierSorts, supplierDefaultSort);
}

export function findSupplierDocument(db: Kysely<Database>, applicationId: number, position: number) {
  return db
    .selectFrom('supplierDocuments')
    .select(['uploadKey', 'provider'])
    .where('applicationId', '=', applicationId)
    .where('position', '=', position)
    .executeTakeFirst();
}
