import type { Kysely, Selectable, Transaction } from 'kysely';
import type { CompanyRole } from '../../../contract/company-account.ts';
import type { Database } from '../../db/database.ts';
import type { CompaniesTable } from './company-account.tables.ts';

export type CompanyRow = Selectable<CompaniesTable>;

export interface MembershipRow {
  companyId: number;
  role: CompanyRole;
  joinedAt: number;
}

export interface MemberRow {
  userId: number;
  role: CompanyRole;
  joinedAt: number;
  nickName: string;
  userNumber: string;
  phone: string;
}

/** Serializes a company's checked writes (members, roles, invitations) inside a transaction. */
export async function lockCompanyRow(trx: Transaction<Database>, companyId: number): Promise<void> {
  await trx
    .updateTable('companyAccounts')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', companyId)
    .execute();
}

export async function insertCompany(
  db: Kysely<Database>,
  company: { name: string; creditCode: string; contactName: string; contactPhone: string; createdBy: number },
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('companyAccounts')
    .values({ ...company, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCompany(
  db: Kysely<Database>,
  companyId: number,
  fields: { name: string; contactName: string; contactPhone: string },
  now: number,
): Promise<void> {
  await db
    .updateTable('companyAccounts')
    .set({ ...fields, updatedAt: now })
    .where('id', '=', companyId)
    .execute();
}

/** 审批金额 (decision 0029); null turns approval off. */
export async function updateApprovalThreshold(db: Kysely<Database>, companyId: number, thresholdCents: number | null, now: number): Promise<void> {
  await db.updateTable('companyAccounts').set({ approvalThresholdCents: thresholdCents, updatedAt: now }).where('id', '=', companyId).execute();
}

export function findCompany(db: Kysely<Database>, companyId: number): Promise<CompanyRow | undefined> {
  return db.selectFrom('companyAccounts').selectAll().where('id', '=', companyId).executeTakeFirst();
}

export async function insertMembership(db: Kysely<Database>, membership: { companyId: number; userId: number; role: CompanyRole }, now: number): Promise<void> {
  await db
    .insertInto('companyAccountMembers')
    .values({ ...membership, joinedAt: now, leftAt: null })
    .execute();
}

/** The member's company now, if any. */
export function findOpenMembership(db: Kysely<Database>, userId: number): Promise<MembershipRow | undefined> {
  return db
    .selectFrom('companyAccountMembers')
    .select(['companyId', 'role', 'joinedAt'])
    .where('userId', '=', userId)
    .where('leftAt', 'is', null)
    .executeTakeFirst();
}

/** The company's members now, 管理员 first, then by when they joined. */
export function findMembers(db: Kysely<Database>, companyId: number): Promise<MemberRow[]> {
  return db
    .selectFrom('companyAccountMembers as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['m.userId', 'm.role', 'm.joinedAt', 'u.nickName', 'u.userNumber', 'u.phone'])
    .where('m.companyId', '=', companyId)
    .where('m.leftAt', 'is', null)
    .orderBy('m.joinedAt')
    .orderBy('m.id')
    .execute();
}

/** Every membership the company has had, closed ones too: whose orders are the company's, and when. */
export function findMembershipPeriods(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('companyAccountMembers as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['m.userId', 'm.role', 'm.joinedAt', 'm.leftAt', 'u.nickName', 'u.userNumber'])
    .where('m.companyId', '=', companyId)
    .orderBy('m.joinedAt')
    .orderBy('m.id')
    .execute();
}

export async function setMemberRole(db: Kysely<Database>, companyId: number, userId: number, role: CompanyRole): Promise<boolean> {
  const result = await db
    .updateTable('companyAccountMembers')
    .set({ role })
    .where('companyId', '=', companyId)
    .where('userId', '=', userId)
    .where('leftAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function endMembership(db: Kysely<Database>, companyId: number, userId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('companyAccountMembers')
    .set({ leftAt: now })
    .where('companyId', '=', companyId)
    .where('userId', '=', userId)
    .where('leftAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertInvitation(
  db: Kysely<Database>,
  invitation: { companyId: number; phone: string; role: CompanyRole; invitedBy: number },
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('companyAccountInvitations')
    .values({ ...invitation, status: 'pending', createdAt: now, decidedAt: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function countPendingInvitations(db: Kysely<Database>, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('companyAccountInvitations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('companyId', '=', companyId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row?.count ?? 0;
}

function pendingInvitations(db: Kysely<Database>) {
  return db
    .selectFrom('companyAccountInvitations as i')
    .innerJoin('companyAccounts as c', 'c.id', 'i.companyId')
    .innerJoin('users as inviter', 'inviter.id', 'i.invitedBy')
    .select(['i.id', 'i.companyId', 'i.phone', 'i.role', 'i.createdAt', 'c.name as companyName', 'inviter.nickName', 'inviter.userNumber'])
    .where('i.status', '=', 'pending')
    .orderBy('i.createdAt', 'desc')
    .orderBy('i.id', 'desc');
}

export function findPendingInvitationsOfCompany(db: Kysely<Database>, companyId: number) {
  return pendingInvitations(db).where('i.companyId', '=', companyId).execute();
}

export function findPendingInvitationsToPhone(db: Kysely<Database>, phone: string) {
  return pendingInvitations(db).where('i.phone', '=', phone).execute();
}

export function findInvitation(db: Kysely<Database>, invitationId: number) {
  return db
    .selectFrom('companyAccountInvitations as i')
    .innerJoin('companyAccounts as c', 'c.id', 'i.companyId')
    .select(['i.id', 'i.companyId', 'i.phone', 'i.role', 'i.status', 'i.createdAt', 'c.name as companyName'])
    .where('i.id', '=', invitationId)
    .executeTakeFirst();
}

export async function findPhoneOfUser(db: Kysely<Database>, userId: number): Promise<string | undefined> {
  return (await db.selectFrom('users').select('phone').where('id', '=', userId).executeTakeFirst())?.phone;
}

export async function findUserIdByPhone(db: Kysely<Database>, phone: string): Promise<number | undefined> {
  return (await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst())?.id;
}
