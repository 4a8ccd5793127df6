import type { Kysely } from 'kysely';
import type { StaffIdentity } from '../../../contract/staff.ts';
import type { StaffSubject } from '../../../contract/staff-permissions.ts';
import type { Database } from '../../db/database.ts';
import * as XLSX from '@e965/xlsx';
import { formatBeijingTime } from '../../../contract/coupon.ts';
import { auditExportLimit, auditPageSize, type AuditListResponse, type AuditRow } from '../../../contract/staff.ts';
import { countAuditEntries, findAuditEntries, insertAuditEntry, type AuditQuery } from './audit.repository.ts';

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

const beijingOffsetMs = 8 * 3_600_000;

function beijingDayStart(date: string): number | undefined {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(ms) ? undefined : ms - beijingOffsetMs;
}

function queryOf(filter: AuditFilter): AuditQuery {
  const from = filter.from ? beijingDayStart(filter.from) : undefined;
  const toStart = filter.to ? beijingDayStart(filter.to) : undefined;
  return {
    ...(filter.staffName ? { staffName: filter.staffName } : {}),
    ...(filter.subject ? { subject: filter.subject } : {}),
    ...(from === undefined ? {} : { fromMs: from }),
    ...(toStart === undefined ? {} : { toMs: toStart + 86_400_000 }),
  };
}

function auditRow(entry: Awaited<ReturnType<typeof findAuditEntries>>[number]): AuditRow {
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

export async function searchAuditLog(db: Kysely<Database>, filter: AuditFilter, page: number): Promise<AuditListResponse> {
  const query = queryOf(filter);
  const [total, entries] = await Promise.all([countAuditEntries(db, query), findAuditEntries(db, query, auditPageSize, (page - 1) * auditPageSize)]);
  return { total, rows: entries.map(auditRow) };
}

/** The matching entries (newest first, at most auditExportLimit) as an .xlsx workbook. */
export async function exportAuditLog(db: Kysely<Database>, filter: AuditFilter): Promise<Buffer> {
  const entries = await findAuditEntries(db, queryOf(filter), auditExportLimit, 0);
  const sheet = XLSX.utils.aoa_to_sheet([
    ['时间', '员工', '操作', '对象', '对象编号', '修改前', '修改后', 'IP'],
    ...entries.map(auditRow).map((row) => [row.atStr, row.staffName, row.action, row.subject, row.subjectId, row.beforeJson, row.afterJson, row.ip]),
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, '操作日志');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
