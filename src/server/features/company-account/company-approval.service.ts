import type { Kysely, Transaction } from 'kysely';
import { displayNameOf } from '../../../contract/account.ts';
import { companyErrors, type CompanyPageData, type CompanyRole } from '../../../contract/company-account.ts';
import { companyAbilityFor, ordersWaitForApproval } from '../../../contract/company-account-permissions.ts';
import { orderApprovalErrors } from '../../../contract/order-approval.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { findCompany, findMembers, findMembershipPeriods, findOpenMembership, lockCompanyRow, updateApprovalThreshold } from './company-account.repository.ts';
import { loadCompanyPage } from './company-account.service.ts';
import { lockedCompanyOf } from './company-lock.ts';

/**
 * The company side of order approval (decision 0029): the 管理员's 审批金额, whose orders wait, and
 * who may approve them. The order feature asks these; the orders and their decisions are its own.
 */

/** The 管理员 sets or clears the 审批金额, under the company's lock (a role changed a moment ago is read again). */
export async function setApprovalThreshold(db: Kysely<Database>, userId: number, thresholdCents: number | null, now = Date.now()): Promise<CompanyPageData> {
  await withTransaction(db, async (trx) => {
    const { company, role } = await lockedCompanyOf(trx, userId);
    if (!companyAbilityFor(role).can('update', 'ApprovalThreshold')) throw new AppError(companyErrors.forbidden);
    await updateApprovalThreshold(trx, company.id, thresholdCents, now);
  });
  return loadCompanyPage(db, userId);
}

/** What holds a member's order for approval: their company's threshold, when their role's orders wait and one is set. */
export interface ApprovalPolicy {
  companyId: number;
  role: CompanyRole;
  thresholdCents: number;
}

/** The policy for the member's orders now; null without a company, without a threshold, or for a role whose orders never wait. */
export async function approvalPolicyOf(db: Kysely<Database>, userId: number): Promise<ApprovalPolicy | null> {
  const membership = await findOpenMembership(db, userId);
  if (!membership || !ordersWaitForApproval(membership.role)) return null;
  const company = await findCompany(db, membership.companyId);
  if (company === undefined || company.approvalThresholdCents === null) return null;
  return { companyId: company.id, role: membership.role, thresholdCents: company.approvalThresholdCents };
}

/** The company's members who may approve its orders now (审批, 管理员), with their names. */
export async function approversOf(db: Kysely<Database>, companyId: number): Promise<{ userId: number; name: string }[]> {
  const members = await findMembers(db, companyId);
  return members
    .filter((member) => companyAbilityFor(member.role).can('approve', 'CompanyOrder'))
    .map((member) => ({ userId: member.userId, name: displayNameOf(member) }));
}

/**
 * The member about to approve or reject an order of `companyId`, with the company locked (so a role
 * changed or a member removed at the same moment is seen): refused unless they are its member now
 * and their role may approve. The decision itself is the order feature's.
 */
export async function lockApproverOf(trx: Transaction<Database>, userId: number, companyId: number): Promise<{ name: string }> {
  await lockCompanyRow(trx, companyId);
  const membership = await findOpenMembership(trx, userId);
  if (!membership) throw new AppError(companyErrors.notInCompany);
  // Another company's order: as if it did not exist.
  if (membership.companyId !== companyId) throw new AppError(orderApprovalErrors.notFound);
  if (!companyAbilityFor(membership.role).can('approve', 'CompanyOrder')) throw new AppError(companyErrors.forbidden);
  const me = (await findMembers(trx, companyId)).find((member) => member.userId === userId);
  return { name: me ? displayNameOf(me) : '' };
}

/** The company's name and every member it has had, by id (a decision's approver may have left since). */
export async function companyNamesOf(db: Kysely<Database>, companyId: number): Promise<{ companyName: string; memberNames: Map<number, string> }> {
  const [company, periods] = await Promise.all([findCompany(db, companyId), findMembershipPeriods(db, companyId)]);
  return { companyName: company?.name ?? '', memberNames: new Map(periods.map((period) => [period.userId, displayNameOf(period)])) };
}
