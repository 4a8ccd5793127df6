import type { Kysely } from 'kysely';
import { requestErrors } from '../../../contract/errors.ts';
import { staffDeskMessages, staffRoleLabels, staffStatusLabel, type StaffListRow, type StaffRole, type StaffTotpSetup } from '../../../contract/staff.ts';
import type { GridPage, GridQuery } from '../../../contract/staff-grid.ts';
import type { staffSortColumns } from '../../../contract/staff-requests.ts';
import { formatBeijingTime } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { recordStaffChange } from './audit.service.ts';
import { deleteStaffSessionsOf, findStaffById, staffUsersQuery, updateStaffUser } from './staff.repository.ts';
import type { StaffUserRow } from './staff.tables.ts';
import { createStaffUser, type NewStaffFields } from './staff.service.ts';
import { newTotpSecret, totpUri } from './staff-totp.ts';
import type { StaffActor } from './staff-actor.ts';
import { exportRowsOfQuery, pageOfQuery, type SortExpression, type StaffExportColumn } from './grid-query.ts';

// The desks import the actor from here; it is declared in the console's kit (staff-actor.ts), which the access hook uses too.
export type { StaffActor };

export function staffListRow(row: StaffUserRow, now = Date.now()): StaffListRow {
  const isLocked = row.lockedUntil !== null && row.lockedUntil > now;
  return {
    id: row.id,
    login: row.login,
    displayName: row.displayName,
    role: row.role,
    roleLabel: staffRoleLabels[row.role],
    isDisabled: row.isDisabled === 1,
    isLocked,
    lockedUntilStr: isLocked && row.lockedUntil !== null ? formatBeijingTime(row.lockedUntil) : '',
    createdAtStr: formatBeijingTime(row.createdAt),
    updatedAtStr: formatBeijingTime(row.updatedAt),
  };
}

/** What the audit log keeps of an account: never its password hash or TOTP secret. */
function auditView(row: StaffUserRow) {
  return {
    login: row.login,
    displayName: row.displayName,
    role: row.role,
    isDisabled: row.isDisabled === 1,
    failedCount: row.failedCount,
    lockedUntil: row.lockedUntil,
  };
}

type StaffSortColumn = (typeof staffSortColumns)[number];
export type StaffGridQuery = GridQuery<
  StaffSortColumn,
  { login?: string | undefined; name?: string | undefined; role?: StaffRole | undefined; disabled?: 'yes' | 'no' | undefined }
>;

const staffSortExpressions: Record<StaffSortColumn, SortExpression> = {
  login: 'login',
  displayName: 'displayName',
  role: 'role',
  status: 'isDisabled',
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
};
const staffDefaultSort = { column: 'createdAt', direction: 'desc' } as const;

function staffQueryOf(db: Kysely<Database>, filters: StaffGridQuery['filters']) {
  return staffUsersQuery(db, {
    login: filters.login,
    name: filters.name,
    role: filters.role,
    isDisabled: filters.disabled === undefined ? undefined : filters.disabled === 'yes',
  });
}

/** 员工管理's list: a page of the accounts the filters match, in the chosen order. */
export async function listStaff(db: Kysely<Database>, grid: StaffGridQuery): Promise<GridPage<StaffListRow>> {
  const now = Date.now();
  const page = await pageOfQuery(staffQueryOf(db, grid.filters), grid, staffSortExpressions, staffDefaultSort);
  return { ...page, rows: page.rows.map((row) => staffListRow(row, now)) };
}

export const staffExportColumns: readonly StaffExportColumn<StaffListRow>[] = [
  { header: '登录名', value: (row) => row.login },
  { header: '显示名', value: (row) => row.displayName },
  { header: '角色', value: (row) => row.roleLabel },
  { header: '状态', value: (row) => staffStatusLabel(row) },
  { header: '创建时间', value: (row) => row.createdAtStr },
  { header: '最后修改', value: (row) => row.updatedAtStr },
];

/** The same accounts for the Excel export. */
export async function exportStaff(db: Kysely<Database>, grid: Pick<StaffGridQuery, 'filters' | 'sort'>): Promise<StaffListRow[]> {
  const now = Date.now();
  return (await exportRowsOfQuery(staffQueryOf(db, grid.filters), grid.sort, staffSortExpressions, staffDefaultSort)).map((row) => staffListRow(row, now));
}

export async function createStaffByAdmin(
  db: Kysely<Database>,
  actor: StaffActor,
  fields: NewStaffFields,
): Promise<{ staff: StaffListRow; totp: StaffTotpSetup }> {
  return withTransaction(db, async (trx) => {
    const created = await createStaffUser(trx, fields);
    const row = await mustFind(trx, created.id);
    await recordStaffChange(trx, { ...actor, action: 'create', subject: 'Staff', subjectId: row.id, before: null, after: auditView(row) });
    return { staff: staffListRow(row), totp: created.totp };
  });
}

async function mustFind(db: Kysely<Database>, staffId: number): Promise<StaffUserRow> {
  const row = await findStaffById(db, staffId);
  if (!row) throw new AppError(requestErrors.notFound, staffDeskMessages.staffMissing);
  return row;
}

/** One audited change of an account, in one transaction: before, change, after, audit entry. */
async function changeStaff(
  db: Kysely<Database>,
  actor: StaffActor,
  staffId: number,
  action: string,
  change: (trx: Kysely<Database>, before: StaffUserRow, now: number) => Promise<void>,
) {
  return withTransaction(db, async (trx) => {
    const now = Date.now();
    const before = await mustFind(trx, staffId);
    await change(trx, before, now);
    const after = await mustFind(trx, staffId);
    await recordStaffChange(trx, { ...actor, action, subject: 'Staff', subjectId: staffId, before: auditView(before), after: auditView(after), at: now });
    return after;
  });
}

function refuseSelf(actor: StaffActor, staffId: number) {
  if (actor.staff.id === staffId) throw new AppError(requestErrors.invalid, staffDeskMessages.notYourself);
}

export async function setStaffRole(db: Kysely<Database>, actor: StaffActor, staffId: number, role: StaffRole): Promise<StaffListRow> {
  refuseSelf(actor, staffId);
  return staffListRow(await changeStaff(db, actor, staffId, 'setRole', (trx, _before, now) => updateStaffUser(trx, staffId, { role }, now)));
}

/** A disabled account's sessions end at once. */
export async function setStaffDisabled(db: Kysely<Database>, actor: StaffActor, staffId: number, isDisabled: boolean): Promise<StaffListRow> {
  refuseSelf(actor, staffId);
  const after = await changeStaff(db, actor, staffId, isDisabled ? 'disable' : 'enable', async (trx, _before, now) => {
    await updateStaffUser(trx, staffId, { isDisabled: isDisabled ? 1 : 0 }, now);
    if (isDisabled) await deleteStaffSessionsOf(trx, staffId);
  });
  return staffListRow(after);
}

/** A new secret for a lost phone: the old authenticator's codes stop working and the account's sessions end. */
export async function resetStaffTotp(db: Kysely<Database>, actor: StaffActor, staffId: number): Promise<StaffTotpSetup> {
  const secret = newTotpSecret();
  const after = await changeStaff(db, actor, staffId, 'resetTotp', async (trx, _before, now) => {
    await updateStaffUser(trx, staffId, { totpSecret: secret, totpLastStep: null }, now);
    await deleteStaffSessionsOf(trx, staffId);
  });
  return { secret, uri: totpUri(secret, after.login) };
}

export async function unlockStaff(db: Kysely<Database>, actor: StaffActor, staffId: number): Promise<StaffListRow> {
  return staffListRow(
    await changeStaff(db, actor, staffId, 'unlock', (trx, _before, now) => updateStaffUser(trx, staffId, { failedCount: 0, lockedUntil: null }, now)),
  );
}
