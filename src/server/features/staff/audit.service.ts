import type { Kysely, Selectable } from 'kysely';
import type { StaffIdentity } from '../../../contract/staff.ts';
import type { StaffSubject } from '../../../contract/staff-permissions.ts';
import { dayMs, formatBeijingTime, startOfBeijingDay } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import type { AuditLogTable } from './staff.tables.ts';
import type { AuditRow } from '../../../contract/staff.ts';
import type { GridPage, GridQuery } from '../../../contract/staff-grid.ts';
import type { auditSortColumns } from '../../../contract/staff-requests.ts';
import { auditEntriesQuery, insertAuditEntry, type AuditQuery } from './audit.repository.ts';
import { exportRowsOfQuery, pageOfQuery, type SortExpression, type StaffExportColumn } from './grid-query.ts';

export interface StaffChange {
  staff: StaffIdentity;
  /** A permission's action, or the desk's own name for the change (setRole, disable, resetTotp…). */
  action: string;
  subject: StaffSubject;
  subjectId: string | number;
  /** The entity before and after the change (null when it did not exist); secrets left out by the caller. */
  before: unknown;
  after: unknown;
  ip: string;
  at?: number;
}

/**
 * Writes one audit entry. Call it with the transaction that makes the change: the entry and the
 * change are committed together or not at all.
 */
export async function recordStaffChange(trx: Kysely<Database>, change: StaffChange): Promise<void> {
  await insertAuditEntry(trx, {
    staffId: change.staff.id,
    staffName: change.staff.displayName,
    action: change.action,
    subject: change.subject,
    subjectId: String(change.subjectId),
    beforeJson: change.before === null || change.before === undefined ? null : JSON.stringify(change.before),
    afterJson: change.after === null || change.after === undefined ? null : JSON.stringify(change.after),
    ip: change.ip,
    at: change.at ?? Date.now(),
  });
}

export interface AuditFilter {
  staffName?: string | undefined;
  subject?: string | undefined;
  /** Beijing dates, yyyy-MM-dd, both ends included. */
  from?: string | undefined;
  to?: string | undefined;
}

function queryOf(filter: AuditFilter): AuditQuery {
  const from = filter.from ? startOfBeijingDay(filter.from) : Number.NaN;
  const toStart = filter.to ? startOfBeijingDay(filter.to) : Number.NaN;
  return {
    ...(filter.staffName ? { staffName: filter.staffName } : {}),
    ...(filter.subject ? { subject: filter.subject } : {}),
    ...(Number.isNaN(from) ? {} : { fromMs: from }),
    ...(Number.isNaN(toStart) ? {} : { toMs: toStart + dayMs }),
  };
}

function auditRow(entry: Selectable<AuditLogTable>): AuditRow {
  return {
    id: entry.id,
    staffName: entry.staffName,
    action: entry.action,
    subject: entry.subject,
    subjectId: entry.subjectId,
    beforeJson: entry.beforeJson ?? '',
    afterJson: entry.afterJson ?? '',
    ip: entry.ip,
    atStr: formatBeijingTime(entry.at),
  };
}

type AuditSortColumn = (typeof auditSortColumns)[number];
export type AuditGridQuery = GridQuery<AuditSortColumn, AuditFilter>;

const auditSortExpressions: Record<AuditSortColumn, SortExpression> = { at: 'at', staffName: 'staffName', action: 'action', subject: 'subject' };
const auditDefaultSort = { column: 'at', direction: 'desc' } as const;

/** 操作日志's list: newest first unless another order is chosen. */
export async function searchAuditLog(db: Kysely<Database>, grid: AuditGridQuery): Promise<GridPage<AuditRow>> {
  const page = await pageOfQuery(auditEntriesQuery(db, queryOf(grid.filters)), grid, auditSortExpressions, auditDefaultSort);
  return { ...page, rows: page.rows.map(auditRow) };
}

/** The entries of the export: the grid's filters and order, at most staffExportLimit. */
export async function exportAuditRows(db: Kysely<Database>, grid: Pick<AuditGridQuery, 'filters' | 'sort'>): Promise<AuditRow[]> {
  return (await exportRowsOfQuery(auditEntriesQuery(db, queryOf(grid.filters)), grid.sort, auditSortExpressions, auditDefaultSort)).map(auditRow);
}

export const auditExportColumns: readonly StaffExportColumn<AuditRow>[] = [
  { header: '时间', value: (row) => row.atStr },
  { header: '员工', value: (row) => row.staffName },
  { header: '操作', value: (row) => row.action },
  { header: '对象', value: (row) => row.subject },
  { header: '对象编号', value: (row) => row.subjectId },
  { header: '修改前', value: (row) => row.beforeJson },
  { header: '修改后', value: (row) => row.afterJson },
  { header: 'IP', value: (row) => row.ip },
];
