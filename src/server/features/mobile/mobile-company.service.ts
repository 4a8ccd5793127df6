import type { Kysely } from 'kysely';
import { companyAbilitiesOf, companyAbilityFor } from '../../../contract/company-account-permissions.ts';
import type { MobileCompanyEntry } from '../../../contract/mobile-company.ts';
import { OrderStatus, type OrderDetail } from '../../../contract/order.ts';
import type { Database } from '../../db/database.ts';
import { companyNamesOf } from '../company-account/company-approval.service.ts';
import { membershipOf } from '../company-account/company-account.service.ts';
import { companyOrderScopeOf } from '../company-account/company-order-scope.service.ts';
import { loadCompanyOrders } from '../order/order-company.service.ts';

/**
 * 我的's 企业 entry: the member's company and what their role opens (the same rules as the desktop,
 * company-account-permissions.ts); null for a member without a company. An approver also sees how many
 * orders wait (公司订单's own count, which lapses the overdue ones first).
 */
export async function loadMobileCompanyEntry(db: Kysely<Database>, userId: number): Promise<MobileCompanyEntry | null> {
  const membership = await membershipOf(db, userId);
  if (membership === null) return null;
  const can = companyAbilitiesOf(membership.role);
  const [{ companyName }, awaiting] = await Promise.all([
    companyNamesOf(db, membership.companyId),
    can.canApprove ? loadCompanyOrders(db, userId, { filter: 'awaitingApproval', page: 1 }) : null,
  ]);
  return {
    companyName,
    role: membership.role,
    canSeeOrders: can.canSeeOrders,
    canApprove: can.canApprove,
    awaitingCount: awaiting?.awaitingCount ?? 0,
    canSeeStatements: companyAbilityFor(membership.role).can('read', 'CompanyStatement'),
  };
}

/**
 * Whether the viewer of their own order may 批准/驳回 it: it is 待审批 and it is their company's (placed
 * while they belonged to the company they are in now, as 公司订单 counts it), and their role may approve
 * there now (a 采购 made 审批 while the order waits). The calls check again.
 */
export async function mayApproveOwnOrder(db: Kysely<Database>, userId: number, order: Pick<OrderDetail, 'status' | 'createdAt'>): Promise<boolean> {
  if (order.status !== OrderStatus.awaitingApproval) return false;
  const scope = await companyOrderScopeOf(db, userId);
  if (!('companyId' in scope) || !scope.canApprove) return false;
  return scope.periods.some(
    (period) => period.userId === userId && period.from <= order.createdAt && (period.until === null || order.createdAt < period.until),
  );
}
