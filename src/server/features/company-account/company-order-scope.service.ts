import type { Kysely } from 'kysely';
import { displayNameOf } from '../../../contract/account.ts';
import { companyErrors, type CompanyRole } from '../../../contract/company-account.ts';
import type { Database } from '../../db/database.ts';
import { findCompany, findMembershipPeriods } from './company-account.repository.ts';
import { mayInCompany, membershipOf } from './company-account.service.ts';

/** A member's time in the company, with their name and role now (null once they left). */
export interface CompanyBuyerPeriod {
  userId: number;
  from: number;
  until: number | null;
  name: string;
  roleNow: CompanyRole | null;
}

export type CompanyOrderScope =
  | { refusal: string }
  | { refusal: ''; companyId: number; companyName: string; approvalThresholdCents: number | null; canApprove: boolean; periods: CompanyBuyerPeriod[] };

/**
 * Whose orders are the company's (decision 0027: those its members placed while members), for a
 * member whose role may read 公司订单; otherwise why not. The order feature lists them (公司订单).
 */
export async function companyOrderScopeOf(db: Kysely<Database>, userId: number): Promise<CompanyOrderScope> {
  const membership = await membershipOf(db, userId);
  if (membership === null) return { refusal: companyErrors.notInCompany.msg };
  if (!mayInCompany(membership, 'read', 'CompanyOrder')) return { refusal: companyErrors.forbidden.msg };
  const [company, periods] = await Promise.all([findCompany(db, membership.companyId), findMembershipPeriods(db, membership.companyId)]);
  return {
    refusal: '',
    companyId: membership.companyId,
    companyName: company?.name ?? '',
    approvalThresholdCents: company?.approvalThresholdCents ?? null,
    canApprove: mayInCompany(membership, 'approve', 'CompanyOrder'),
    periods: periods.map((period) => ({
      userId: period.userId,
      from: period.joinedAt,
      until: period.leftAt,
      name: displayNameOf(period),
      roleNow: period.leftAt === null ? period.role : null,
    })),
  };
}
