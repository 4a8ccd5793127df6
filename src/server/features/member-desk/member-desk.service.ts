import type { Kysely } from 'kysely';
import { loginMethodLabels, memberLevelOf } from '../../../contract/member.ts';
import {
  memberDeskErrors,
  memberDeskLimits,
  type MemberDeskDetail,
  type MemberDeskOrder,
  type MemberDeskRow,
  type MemberSortColumn,
  type RepMemberRow,
  type RepMemberView,
  type SalesRepRow,
  type SalesStaffChoice,
} from '../../../contract/member-desk.ts';
import { orderStatusLabels } from '../../../contract/order.ts';
import type { StaffIdentity } from '../../../contract/staff.ts';
import type { GridPage, GridQuery } from '../../../contract/staff-grid.ts';
import { formatBeijingTime } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { endAllMemberSessions } from '../../http/session.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import { changeEachOfBulk } from '../staff/grid-bulk.ts';
import { setMemberDisabledByStaff } from '../account/account-staff.service.ts';
import { assignServiceRep, saveServiceRep, type ServiceRepCard } from '../content/content-staff.service.ts';
import {
  findAddressesOf,
  findBomsOf,
  findCartOf,
  findCouponsOf,
  findExistingMemberIds,
  findLoginsOf,
  findMemberRow,
  findMembersForExport,
  findMembersOfRep,
  findMembersPage,
  findOrdersOf,
  findRep,
  findRepOfMember,
  findRepOfStaff,
  findReps,
  findSalesStaff,
  findStaffRole,
  isMemberOfRep,
  type MemberFilters,
  type MemberListRow,
} from './member-desk.repository.ts';

export type RepCard = ServiceRepCard;

/** Who changes something from the console, and from where (the audit log keeps both). */
export interface StaffActor {
  staff: StaffIdentity;
  ip: string;
}

function timeOrEmpty(epochMs: number | null): string {
  return epochMs === null ? '' : formatBeijingTime(epochMs);
}

function memberRowOf(row: MemberListRow): MemberDeskRow {
  const paidCents = Number(row.paidCents);
  return {
    userId: row.userId,
    userNumber: row.userNumber,
    nickName: row.nickName,
    phone: row.phone,
    levelName: memberLevelOf(paidCents).name,
    paidCents,
    orderCount: Number(row.orderCount),
    isDisabled: row.disabledAt !== null,
    repName: row.repName ?? '',
    registeredAtStr: formatBeijingTime(row.createdAt),
  };
}

export async function listMembers(db: Kysely<Database>, grid: GridQuery<MemberSortColumn, MemberFilters>): Promise<GridPage<MemberDeskRow>> {
  const page = await findMembersPage(db, grid);
  return { ...page, rows: page.rows.map(memberRowOf) };
}

async function memberOrMissing(db: Kysely<Database>, userId: number): Promise<MemberListRow> {
  const row = await findMemberRow(db, userId);
  if (!row) throw new AppError(memberDeskErrors.memberMissing);
  return row;
}

function orderOf(row: Awaited<ReturnType<typeof findOrdersOf>>[number]): MemberDeskOrder {
  return {
    orderNo: row.orderNo,
    statusLabel: orderStatusLabels[row.status],
    payableCents: row.payableCents,
    refundedCents: row.refundedCents,
    createdAtStr: formatBeijingTime(row.createdAt),
    paidAtStr: timeOrEmpty(row.paidAt),
  };
}

function repOf(row: NonNullable<Awaited<ReturnType<typeof findRep>>>): SalesRepRow {
  return {
    repId: row.repId,
    staffId: row.staffId,
    staffName: row.staffName ?? '',
    operatorName: row.operatorName,
    operatorMobile: row.operatorMobile,
    operatorQq: row.operatorQq,
    operatorWechat: row.operatorWechat,
    memberCount: Number(row.memberCount ?? 0),
  };
}

/** A member's profile, addresses, newest orders, coupons, logins and dedicated rep. */
export async function loadMemberDetail(db: Kysely<Database>, userId: number, now = Date.now()): Promise<MemberDeskDetail> {
  const row = await memberOrMissing(db, userId);
  const limit = memberDeskLimits.detailRows;
  const [addresses, orders, coupons, logins, rep] = await Promise.all([
    findAddressesOf(db, userId),
    findOrdersOf(db, userId, limit),
    findCouponsOf(db, userId, limit),
    findLoginsOf(db, userId, limit),
    findRepOfMember(db, userId),
  ]);
  return {
    member: {
      ...memberRowOf(row),
      email: row.email ?? '',
      company: row.company ?? '',
      job: row.job ?? '',
      inviter: row.inviter ?? '',
      disabledAtStr: timeOrEmpty(row.disabledAt),
    },
    addresses: addresses.map((address) => ({
      id: address.id,
      name: address.receiver,
      phone: address.mobile,
      address: `${address.provinceName}${address.cityName}${address.districtName}${address.detail}`,
      isDefault: address.isDefault === 1,
    })),
    orders: orders.map(orderOf),
    coupons: coupons.map((coupon) => ({
      name: coupon.name,
      statusLabel: coupon.usedAt !== null ? '已使用' : coupon.validUntil < now ? '已过期' : '未使用',
      validUntilStr: formatBeijingTime(coupon.validUntil),
    })),
    logins: logins.map((login) => ({
      methodLabel: (loginMethodLabels as Record<string, string>)[login.method] ?? login.method,
      ip: login.ip,
      userAgent: login.userAgent,
      atStr: formatBeijingTime(login.createdAt),
    })),
    rep: rep ? repOf(rep) : null,
  };
}

/**
 * 停用/启用. Disabling writes disabled_at, then ends every session of the member: a login racing
 * it either stored its session before they are ended, or reads disabled_at after storing it
 * (account's isMemberDisabled) and is refused. The conditional update decides racing staff.
 */
export async function setMemberDisabled(
  db: Kysely<Database>,
  actor: StaffActor,
  userId: number,
  isDisabled: boolean,
  /** reason: the bulk action's, kept in the audit entry. */
  { now = Date.now(), reason }: { now?: number; reason?: string } = {},
): Promise<MemberDeskRow> {
  let after: MemberDeskRow | undefined;
  await setMemberDisabledByStaff(db, { userId, isDisabled, now }, async (trx, { wasDisabled }) => {
    after = memberRowOf(await memberOrMissing(trx, userId));
    await recordStaffChange(trx, {
      ...actor,
      action: isDisabled ? 'disable' : 'enable',
      subject: 'Member',
      subjectId: userId,
      before: { isDisabled: wasDisabled },
      after: reason === undefined ? { isDisabled } : { isDisabled, reason },
    });
  });
  if (!after) throw new AppError(memberDeskErrors.memberMissing);
  // After the commit: a login that read disabled_at before it was written has its session ended here.
  if (isDisabled) await endAllMemberSessions(db, userId);
  return after;
}

/** 批量停用/启用 with a reason: each member as setMemberDisabled (audited, sessions ended), one in that state already reported. */
export function bulkSetMembersDisabled(db: Kysely<Database>, actor: StaffActor, userIds: readonly number[], isDisabled: boolean, reason: string) {
  return changeEachOfBulk(userIds, (userId) => setMemberDisabled(db, actor, userId, isDisabled, { reason }));
}

/** The members grid's rows for its Excel export. */
export async function exportMembers(
  db: Kysely<Database>,
  grid: Pick<GridQuery<MemberSortColumn, MemberFilters>, 'sort' | 'filters'>,
): Promise<MemberDeskRow[]> {
  return (await findMembersForExport(db, grid)).map(memberRowOf);
}

/** Assigns members to a rep (or takes their rep away, repId null); one audit entry per member whose rep changed. */
export async function assignRep(db: Kysely<Database>, actor: StaffActor, userIds: readonly number[], repId: number | null): Promise<{ count: number }> {
  const unique = [...new Set(userIds)];
  return withTransaction(db, async (trx) => {
    if (repId !== null && !(await findRep(trx, repId))) throw new AppError(memberDeskErrors.repMissing);
    const existing = await findExistingMemberIds(trx, unique);
    if (existing.length !== unique.length) throw new AppError(memberDeskErrors.memberMissing);
    const beforeOf = await assignServiceRep(trx, unique, repId);
    const changed = unique.filter((userId) => (beforeOf.get(userId) ?? null) !== repId);
    for (const userId of changed) {
      await recordStaffChange(trx, {
        ...actor,
        action: 'assignRep',
        subject: 'Member',
        subjectId: userId,
        before: { repId: beforeOf.get(userId) ?? null },
        after: { repId },
      });
    }
    return { count: unique.length };
  });
}

export async function listReps(db: Kysely<Database>): Promise<{ reps: SalesRepRow[]; salesStaff: SalesStaffChoice[] }> {
  const [reps, staff] = await Promise.all([findReps(db), findSalesStaff(db)]);
  return { reps: reps.map(repOf), salesStaff: staff.map((row) => ({ staffId: row.staffId, displayName: row.displayName, repId: row.repId })) };
}

/** Makes a sales-role staff member a rep, or changes the card the shop shows their members. */
export async function saveRep(db: Kysely<Database>, actor: StaffActor, staffId: number, input: RepCard): Promise<SalesRepRow> {
  return withTransaction(db, async (trx) => {
    const staff = await findStaffRole(trx, staffId);
    if (staff?.role !== 'sales') throw new AppError(memberDeskErrors.notSalesStaff);
    const { repId, before, after: card } = await saveServiceRep(trx, staffId, input);
    const after = await findRep(trx, repId);
    if (!after) throw new AppError(memberDeskErrors.repMissing);
    await recordStaffChange(trx, {
      ...actor,
      action: 'saveRep',
      subject: 'Member',
      subjectId: `rep:${String(repId)}`,
      before,
      after: card,
    });
    return repOf(after);
  });
}

async function repIdOf(db: Kysely<Database>, staff: StaffIdentity): Promise<number> {
  const rep = await findRepOfStaff(db, staff.id);
  if (!rep) throw new AppError(memberDeskErrors.notARep);
  return rep.repId;
}

/** The rep's own members, with how much each has in the cart, BOMs and orders; null when the staff member is no rep. */
export async function listMyMembers(db: Kysely<Database>, staff: StaffIdentity): Promise<RepMemberRow[] | null> {
  const rep = await findRepOfStaff(db, staff.id);
  if (!rep) return null;
  const rows = await findMembersOfRep(db, rep.repId);
  return rows.map((row) => ({
    userId: row.userId,
    userNumber: row.userNumber,
    nickName: row.nickName,
    phone: row.phone,
    cartLines: Number(row.cartLines ?? 0),
    bomCount: Number(row.bomCount ?? 0),
    orderCount: Number(row.orderCount ?? 0),
  }));
}

/** What a rep sees of one of their own members (read only); any other member is refused. */
export async function loadRepMemberView(db: Kysely<Database>, staff: StaffIdentity, userId: number): Promise<RepMemberView> {
  const repId = await repIdOf(db, staff);
  if (!(await isMemberOfRep(db, repId, userId))) throw new AppError(memberDeskErrors.notYourMember);
  const row = await memberOrMissing(db, userId);
  const limit = memberDeskLimits.detailRows;
  const [cart, boms, orders] = await Promise.all([findCartOf(db, userId), findBomsOf(db, userId, limit), findOrdersOf(db, userId, limit)]);
  return {
    member: { userId, userNumber: row.userNumber, nickName: row.nickName, phone: row.phone },
    cart: cart.map((line) => ({ productCode: line.code, quantity: line.quantity, addedAtStr: formatBeijingTime(line.createdAt) })),
    boms: boms.map((bom) => ({ ...bom, updatedAtStr: formatBeijingTime(bom.updatedAt) })),
    orders: orders.map(orderOf),
  };
}

/** The rep view for the member page: null when the staff member is not this member's rep. */
export async function repViewIfMine(db: Kysely<Database>, staff: StaffIdentity, userId: number): Promise<RepMemberView | null> {
  const rep = await findRepOfStaff(db, staff.id);
  if (!rep || !(await isMemberOfRep(db, rep.repId, userId))) return null;
  return loadRepMemberView(db, staff, userId);
}
