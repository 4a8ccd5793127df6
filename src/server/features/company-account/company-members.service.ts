import type { Kysely, Transaction } from 'kysely';
import { displayNameOf } from '../../../contract/account.ts';
import { companyErrors, type CompanyPageData, type CompanyRole } from '../../../contract/company-account.ts';
import { companyAbilityFor } from '../../../contract/company-account-permissions.ts';
import { MessageType } from '../../../contract/message.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { sendMessages } from '../message/message.service.ts';
import { loadCompanyPage } from './company-account.service.ts';
import { lockedCompanyOf, lockedCompanyOfAdmin, messageAdmins } from './company-lock.ts';
import { companyMessageTexts } from './company-messages.ts';
import { endMembership, findMembers, setMemberRole, updateCompany, type CompanyRow } from './company-account.repository.ts';

/** The target member, in the actor's locked company; refused when the change would leave it without a 管理员. */
async function targetKeepingAnAdmin(trx: Transaction<Database>, company: CompanyRow, targetUserId: number, losesAdminRole: boolean) {
  const members = await findMembers(trx, company.id);
  const target = members.find((member) => member.userId === targetUserId);
  if (!target) throw new AppError(companyErrors.memberNotFound);
  const adminCount = members.filter((member) => member.role === 'admin').length;
  if (target.role === 'admin' && losesAdminRole && adminCount <= 1) throw new AppError(companyErrors.lastAdmin);
  return target;
}

async function tellMember(trx: Transaction<Database>, actorUserId: number, targetUserId: number, text: string, now: number): Promise<void> {
  if (targetUserId === actorUserId) return;
  await sendMessages(trx, [{ userId: targetUserId, messageType: MessageType.company, msgContent: text, sendDate: now }]);
}

/** The 管理员 changes a member's role (their own too, while another 管理员 remains). */
export async function changeCompanyMemberRole(
  db: Kysely<Database>,
  userId: number,
  change: { userId: number; role: CompanyRole },
  now = Date.now(),
): Promise<CompanyPageData> {
  await withTransaction(db, async (trx) => {
    const { company } = await lockedCompanyOfAdmin(trx, userId);
    const target = await targetKeepingAnAdmin(trx, company, change.userId, change.role !== 'admin');
    if (target.role === change.role) return;
    if (!(await setMemberRole(trx, company.id, change.userId, change.role))) throw new AppError(companyErrors.memberNotFound);
    await tellMember(trx, userId, change.userId, companyMessageTexts.roleChanged(company.name, change.role), now);
  });
  return loadCompanyPage(db, userId);
}

/**
 * The 管理员 removes a member (themselves too, while another 管理员 remains). The membership is
 * closed, not deleted: the orders they placed meanwhile stay the company's.
 */
export async function removeCompanyMember(db: Kysely<Database>, userId: number, targetUserId: number, now = Date.now()): Promise<CompanyPageData> {
  await withTransaction(db, async (trx) => {
    const { company } = await lockedCompanyOfAdmin(trx, userId);
    await targetKeepingAnAdmin(trx, company, targetUserId, true);
    if (!(await endMembership(trx, company.id, targetUserId, now))) throw new AppError(companyErrors.memberNotFound);
    await tellMember(trx, userId, targetUserId, companyMessageTexts.removed(company.name), now);
  });
  return loadCompanyPage(db, userId);
}

/** A member leaves the company on their own (a 管理员 too, while another remains); the 管理员 are told. */
export async function leaveCompany(db: Kysely<Database>, userId: number, now = Date.now()): Promise<CompanyPageData> {
  await withTransaction(db, async (trx) => {
    const { company } = await lockedCompanyOf(trx, userId);
    const me = await targetKeepingAnAdmin(trx, company, userId, true);
    if (!(await endMembership(trx, company.id, userId, now))) throw new AppError(companyErrors.notInCompany);
    await messageAdmins(trx, company.id, companyMessageTexts.left(displayNameOf(me), company.name), now, userId);
  });
  return loadCompanyPage(db, userId);
}

/** 企业信息: the 管理员 changes the name and contact (the credit code stays). */
export async function updateCompanyDetails(
  db: Kysely<Database>,
  userId: number,
  fields: { name: string; contactName: string; contactPhone: string },
  now = Date.now(),
): Promise<CompanyPageData> {
  await withTransaction(db, async (trx) => {
    const { company, role } = await lockedCompanyOf(trx, userId);
    if (!companyAbilityFor(role).can('update', 'Company')) throw new AppError(companyErrors.forbidden);
    await updateCompany(trx, company.id, fields, now);
  });
  return loadCompanyPage(db, userId);
}
