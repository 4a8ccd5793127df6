import type { Kysely, Transaction } from 'kysely';
import { maskPhone, displayNameOf } from '../../../contract/account.ts';
import { companyErrors, type CompanyPageData, type CompanyRole } from '../../../contract/company-account.ts';
import { companyAbilitiesOf, companyAbilityFor, type CompanyAction, type CompanySubject } from '../../../contract/company-account-permissions.ts';
import { invitationExpiresAt, isInvitationLapsed } from '../../../contract/company-invitation-lifecycle.ts';
import { formatBeijingTime } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/database-errors.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { lockMember } from '../account/account.service.ts';
import {
  findCompany,
  findMembers,
  findOpenMembership,
  findPendingInvitationsOfCompany,
  findPendingInvitationsToPhone,
  findPhoneOfUser,
  insertCompany,
  insertMembership,
  lockCompanyRow,
} from './company-account.repository.ts';

/** A member's place in a company: what other features ask (常购清单, later 月结 and approvals). */
export interface CompanyMembership {
  companyId: number;
  role: CompanyRole;
  joinedAt: number;
}

export async function membershipOf(db: Kysely<Database>, userId: number): Promise<CompanyMembership | null> {
  return (await findOpenMembership(db, userId)) ?? null;
}

/** Serializes checked writes to what a company shares (its 常购清单 count, a shared list's lines) inside a transaction. */
export function lockCompany(trx: Transaction<Database>, companyId: number): Promise<void> {
  return lockCompanyRow(trx, companyId);
}

/** Whether the member's role allows it (company-account-permissions.ts); false without a company. */
export function mayInCompany(membership: CompanyMembership | null, action: CompanyAction, subject: CompanySubject): boolean {
  return membership !== null && companyAbilityFor(membership.role).can(action, subject);
}

/** The member's company and role, refused with company.forbidden when the role may not do it. */
export async function requireCompanyAbility(db: Kysely<Database>, userId: number, action: CompanyAction, subject: CompanySubject): Promise<CompanyMembership> {
  const membership = await membershipOf(db, userId);
  if (membership === null) throw new AppError(companyErrors.notInCompany);
  if (!mayInCompany(membership, action, subject)) throw new AppError(companyErrors.forbidden);
  return membership;
}

async function invitationsToMember(db: Kysely<Database>, userId: number): Promise<CompanyPageData['myInvitations']> {
  const phone = await findPhoneOfUser(db, userId);
  if (phone === undefined) return [];
  const now = Date.now();
  const live = (await findPendingInvitationsToPhone(db, phone)).filter((row) => !isInvitationLapsed(row.createdAt, now));
  return live.map((row) => ({
    invitationId: row.id,
    companyName: row.companyName,
    role: row.role,
    invitedByName: displayNameOf(row),
    createdAtStr: formatBeijingTime(row.createdAt),
  }));
}

/** /user/company and every company call's answer. */
export async function loadCompanyPage(db: Kysely<Database>, userId: number): Promise<CompanyPageData> {
  const membership = await membershipOf(db, userId);
  const company = membership === null ? undefined : await findCompany(db, membership.companyId);
  if (membership === null || company === undefined) {
    return { company: null, myRole: null, can: companyAbilitiesOf(null), members: [], invitations: [], myInvitations: await invitationsToMember(db, userId) };
  }
  const can = companyAbilitiesOf(membership.role);
  const [members, invitations] = await Promise.all([
    findMembers(db, company.id),
    can.canManage ? findPendingInvitationsOfCompany(db, company.id) : Promise.resolve([]),
  ]);
  return {
    company: {
      companyId: company.id,
      name: company.name,
      creditCode: company.creditCode,
      contactName: company.contactName,
      contactPhone: company.contactPhone,
      approvalThresholdCents: company.approvalThresholdCents,
      createdAt: company.createdAt,
      createdAtStr: formatBeijingTime(company.createdAt),
    },
    myRole: membership.role,
    can,
    members: members.map((row) => ({
      userId: row.userId,
      displayName: displayNameOf(row),
      maskedPhone: maskPhone(row.phone),
      role: row.role,
      joinedAtStr: formatBeijingTime(row.joinedAt),
      isMe: row.userId === userId,
    })),
    invitations: invitations.map((row) => ({
      invitationId: row.id,
      maskedPhone: maskPhone(row.phone),
      role: row.role,
      invitedByName: displayNameOf(row),
      createdAtStr: formatBeijingTime(row.createdAt),
      isExpired: isInvitationLapsed(row.createdAt, Date.now()),
      expiresAtStr: formatBeijingTime(invitationExpiresAt(row.createdAt)),
    })),
    myInvitations: [],
  };
}

/**
 * A member without a company makes one and becomes its 管理员, under the member's lock (so an
 * invitation accepted at the same moment cannot put them in two). One account per credit code.
 */
export async function createCompany(
  db: Kysely<Database>,
  userId: number,
  request: { name: string; creditCode: string; contactName: string; contactPhone: string },
  now = Date.now(),
): Promise<CompanyPageData> {
  try {
    await withTransaction(db, async (trx) => {
      await lockMember(trx, userId);
      if (await findOpenMembership(trx, userId)) throw new AppError(companyErrors.alreadyInCompany);
      const companyId = await insertCompany(trx, { ...request, createdBy: userId }, now);
      await insertMembership(trx, { companyId, userId, role: 'admin' }, now);
    });
  } catch (error) {
    if (isUniqueViolation(error, { name: 'company_accounts_credit_code', table: 'company_accounts', columns: ['credit_code'] }))
      throw new AppError(companyErrors.creditCodeTaken);
    throw error;
  }
  return loadCompanyPage(db, userId);
}
