import { sql, type Kysely } from 'kysely';
import { memberLevels } from '../../../contract/member.ts';
import type { MemberSortColumn } from '../../../contract/member-desk.ts';
import type { GridQuery } from '../../../contract/staff-grid.ts';
import { dayMs, startOfBeijingDay } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { dealCondition, keptCentsExpression } from '../order/order-deal.query.ts';
import { exportRowsOfQuery, pageOfQuery } from '../staff/grid-query.ts';

export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export interface MemberFilters {
  phone?: string | undefined;
  userNumber?: string | undefined;
  nickName?: string | undefined;
  level?: string | undefined;
  disabled?: 'yes' | 'no' | undefined;
  registeredFrom?: string | undefined;
  registeredTo?: string | undefined;
}

/**
 * Per member, over their deals (order-deal.ts: paid, neither cancelled nor closed, not refunded in
 * full): what they came to, paid less refunded (累计消费, which sets the level), and how many.
 * Unpaid and cancelled orders are no purchases; the member's order list still shows them.
 */
function orderTotals(db: Kysely<Database>) {
  return db
    .selectFrom('orders')
    .select(['orders.userId', sql<number | string>`sum(${keptCentsExpression('orders')})`.as('paidCents'), sql<number | string>`count(*)`.as('orderCount')])
    .where(dealCondition('orders'))
    .groupBy('orders.userId')
    .as('totals');
}

// PostgreSQL answers sums and counts as strings: the service turns them into numbers.
const paidExpression = sql<number | string>`coalesce(totals.paid_cents, 0)`;

function memberSelect(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .leftJoin(orderTotals(db), 'totals.userId', 'users.id')
    .leftJoin('userServiceReps', 'userServiceReps.userId', 'users.id')
    .leftJoin('serviceReps', 'serviceReps.id', 'userServiceReps.repId')
    .select([
      'users.id as userId',
      'users.userNumber',
      'users.nickName',
      'users.phone',
      'users.createdAt',
      'users.disabledAt',
      'users.email',
      'users.company',
      'users.job',
      'users.inviter',
      paidExpression.as('paidCents'),
      sql<number | string>`coalesce(totals.order_count, 0)`.as('orderCount'),
      'serviceReps.operatorName as repName',
    ]);
}

export type MemberListRow = Awaited<ReturnType<ReturnType<typeof memberSelect>['execute']>>[number];

function filteredMembers(db: Kysely<Database>, filters: MemberFilters) {
  let query = memberSelect(db);
  if (filters.phone) query = query.where(sql<boolean>`users.phone like ${likeContaining(filters.phone)} escape '\\'`);
  if (filters.userNumber) query = query.where(sql<boolean>`users.user_number like ${likeContaining(filters.userNumber.toUpperCase())} escape '\\'`);
  if (filters.nickName) query = query.where(sql<boolean>`users.nick_name like ${likeContaining(filters.nickName)} escape '\\'`);
  if (filters.disabled) query = query.where('users.disabledAt', filters.disabled === 'yes' ? 'is not' : 'is', null);
  if (filters.registeredFrom) query = query.where('users.createdAt', '>=', startOfBeijingDay(filters.registeredFrom));
  if (filters.registeredTo) query = query.where('users.createdAt', '<', startOfBeijingDay(filters.registeredTo) + dayMs);
  const levelIndex = memberLevels.findIndex((level) => level.name === filters.level);
  const level = memberLevels[levelIndex];
  if (level) {
    query = query.where(sql<boolean>`${paidExpression} >= ${level.fromCents}`);
    const next = memberLevels[levelIndex + 1];
    if (next) query = query.where(sql<boolean>`${paidExpression} < ${next.fromCents}`);
  }
  return query;
}

const memberSorts = { registered: 'users.createdAt', paidTotal: paidExpression } as const;
const memberDefaultSort = { column: 'registered', direction: 'desc' } as const;

export function findMembersPage(db: Kysely<Database>, grid: GridQuery<MemberSortColumn, MemberFilters>) {
  return pageOfQuery(filteredMembers(db, grid.filters), grid, memberSorts, memberDefaultSort, 'users.id');
}

/** The members an export holds: the grid's filters and order, at most staffExportLimit. */
export function findMembersForExport(db: Kysely<Database>, grid: Pick<GridQuery<MemberSortColumn, MemberFilters>, 'sort' | 'filters'>) {
  return exportRowsOfQuery(filteredMembers(db, grid.filters), grid.sort, memberSorts, memberDefaultSort, 'users.id');
}

export function findMemberRow(db: Kysely<Database>, userId: number) {
  return memberSelect(db).where('users.id', '=', userId).executeTakeFirst();
}

export function findAddressesOf(db: Kysely<Database>, userId: number) {
  return db.selectFrom('addresses').selectAll().where('userId', '=', userId).orderBy('isDefault', 'desc').orderBy('id', 'desc').execute();
}

export function findOrdersOf(db: Kysely<Database>, userId: number, limit: number) {
  return db
    .selectFrom('orders')
    .select(['orderNo', 'status', 'payableCents', 'refundedCents', 'createdAt', 'paidAt'])
    .where('userId', '=', userId)
    .where('isSandbox', '=', 0)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function findCouponsOf(db: Kysely<Database>, userId: number, limit: number) {
  return db
    .selectFrom('memberCoupons')
    .innerJoin('couponTemplates', 'couponTemplates.id', 'memberCoupons.templateId')
    .select(['couponTemplates.name', 'memberCoupons.validUntil', 'memberCoupons.usedAt'])
    .where('memberCoupons.userId', '=', userId)
    .orderBy('memberCoupons.claimedAt', 'desc')
    .limit(limit)
    .execute();
}

export function findLoginsOf(db: Kysely<Database>, userId: number, limit: number) {
  return db.selectFrom('loginRecords').selectAll().where('userId', '=', userId).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export function findCartOf(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('cartItems')
    .innerJoin('products', 'products.id', 'cartItems.productId')
    .select(['products.code', 'cartItems.quantity', 'cartItems.createdAt'])
    .where('cartItems.userId', '=', userId)
    .orderBy('cartItems.createdAt', 'desc')
    .execute();
}

export function findBomsOf(db: Kysely<Database>, userId: number, limit: number) {
  return db
    .selectFrom('boms')
    .select(['id', 'name', 'lineCount', 'matchedCount', 'totalCents', 'updatedAt'])
    .where('userId', '=', userId)
    .orderBy('updatedAt', 'desc')
    .limit(limit)
    .execute();
}

function repSelect(db: Kysely<Database>) {
  return db
    .selectFrom('serviceReps')
    .leftJoin('staffUsers', 'staffUsers.id', 'serviceReps.staffId')
    .select((eb) => [
      'serviceReps.id as repId',
      'serviceReps.staffId',
      'staffUsers.displayName as staffName',
      'serviceReps.operatorName',
      'serviceReps.operatorMobile',
      'serviceReps.operatorQq',
      'serviceReps.operatorWechat',
      eb
        .selectFrom('userServiceReps')
        .select(eb.fn.countAll<number | string>().as('n'))
        .whereRef('userServiceReps.repId', '=', 'serviceReps.id')
        .as('memberCount'),
    ]);
}

export function findReps(db: Kysely<Database>) {
  return repSelect(db).orderBy('serviceReps.id').execute();
}

export function findRep(db: Kysely<Database>, repId: number) {
  return repSelect(db).where('serviceReps.id', '=', repId).executeTakeFirst();
}

export function findRepOfStaff(db: Kysely<Database>, staffId: number) {
  return repSelect(db).where('serviceReps.staffId', '=', staffId).executeTakeFirst();
}

export function findRepOfMember(db: Kysely<Database>, userId: number) {
  return repSelect(db).innerJoin('userServiceReps', 'userServiceReps.repId', 'serviceReps.id').where('userServiceReps.userId', '=', userId).executeTakeFirst();
}

export function findSalesStaff(db: Kysely<Database>) {
  return db
    .selectFrom('staffUsers')
    .leftJoin('serviceReps', 'serviceReps.staffId', 'staffUsers.id')
    .select(['staffUsers.id as staffId', 'staffUsers.displayName', 'serviceReps.id as repId'])
    .where('staffUsers.role', '=', 'sales')
    .where('staffUsers.isDisabled', '=', 0)
    .orderBy('staffUsers.id')
    .execute();
}

export function findStaffRole(db: Kysely<Database>, staffId: number) {
  return db.selectFrom('staffUsers').select(['id', 'role', 'displayName']).where('id', '=', staffId).executeTakeFirst();
}

export async function findExistingMemberIds(db: Kysely<Database>, userIds: readonly number[]): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('id', 'in', userIds).execute();
  return rows.map((row) => row.id);
}

export function findMembersOfRep(db: Kysely<Database>, repId: number) {
  return db
    .selectFrom('userServiceReps')
    .innerJoin('users', 'users.id', 'userServiceReps.userId')
    .select((eb) => [
      'users.id as userId',
      'users.userNumber',
      'users.nickName',
      'users.phone',
      eb.selectFrom('cartItems').select(eb.fn.countAll<number | string>().as('n')).whereRef('cartItems.userId', '=', 'users.id').as('cartLines'),
      eb.selectFrom('boms').select(eb.fn.countAll<number | string>().as('n')).whereRef('boms.userId', '=', 'users.id').as('bomCount'),
      eb
        .selectFrom('orders')
        .select(eb.fn.countAll<number | string>().as('n'))
        .whereRef('orders.userId', '=', 'users.id')
        .where(dealCondition('orders'))
        .as('orderCount'),
    ])
    .where('userServiceReps.repId', '=', repId)
    .orderBy('users.id', 'desc')
    .execute();
}

export async function isMemberOfRep(db: Kysely<Database>, repId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('userServiceReps').select('userId').where('repId', '=', repId).where('userId', '=', userId).executeTakeFirst();
  return row !== undefined;
}
