import type { Transaction } from 'kysely';
import { companyErrors, type CompanyRole } from '../../../contract/company-account.ts';
import { companyAbilityFor } from '../../../contract/company-account-permissions.ts';
import { MessageType } from '../../../contract/message.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { sendMessages } from '../message/message.service.ts';
import { findCompany, findMembers, findOpenMembership, lockCompanyRow, type CompanyRow } from './company-account.repository.ts';

/**
 * The actor's company, locked, with the actor's membership read again after the lock: an admin another
 * admin removed or demoted a moment ago is refused (two admins removing each other leave one).
 */
export async function lockedCompanyOf(trx: Transaction<Database>, userId: number): Promise<{ company: CompanyRow; role: CompanyRole }> {
  const before = await findOpenMembership(trx, userId);
  if (!before) throw new AppError(companyErrors.notInCompany);
  await lockCompanyRow(trx, before.companyId);
  const membership = await findOpenMembership(trx, userId);
  if (membership?.companyId !== before.companyId) throw new AppError(companyErrors.notInCompany);
  const company = await findCompany(trx, membership.companyId);
  if (!company) throw new AppError(companyErrors.notInCompany);
  return { company, role: membership.role };
}

/** lockedCompanyOf for a change of members or invitations: refused with company.forbidden to a role that may not. */
export async function lockedCompanyOfAdmin(trx: Transaction<Database>, userId: number): Promise<{ company: CompanyRow }> {
  const { company, role } = await lockedCompanyOf(trx, userId);
  if (!companyAbilityFor(role).can('update', 'CompanyMember')) throw new AppError(companyErrors.forbidden);
  return { company };
}

/** A 企业账户 message to each 管理员 of the company but the one who caused it. */
export async function messageAdmins(trx: Transaction<Database>, companyId: number, text: string, now: number, exceptUserId: number): Promise<void> {
  const admins = (await findMembers(trx, companyId)).filter((member) => member.role === 'admin' && member.userId !== exceptUserId);
  await sendMessages(
    trx,
    admins.map((admin) => ({ userId: admin.userId, messageType: MessageType.company, msgContent: text, sendDate: now })),
  );
}
