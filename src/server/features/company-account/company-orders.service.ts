import type { Kysely } from 'kysely';
import { displayNameOf } from '../../../contract/account.ts';
import { companyErrors, companyOrdersPageSize, type CompanyOrdersData } from '../../../contract/company-account.ts';
import { formatBeijingTime } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { listOrdersPlacedWithin } from '../order/order-company.service.ts';
import { findCompany, findMembershipPeriods } from './company-account.repository.ts';
import { mayInCompany, membershipOf } from './company-account.service.ts';

function refused(refusal: string, page: number): CompanyOrdersData {
  return { companyName: '', refusal, orders: [], total: 0, page, pageSize: companyOrdersPageSize };
}

/**
 * 公司订单: the orders the company's members placed while they belonged to it (a member removed
 * later keeps them the company's), with who placed each. For the roles allowed to read them.
 */
export async function loadCompanyOrders(db: Kysely<Database>, userId: number, page: number): Promise<CompanyOrdersData> {
  const membership = await membershipOf(db, userId);
  if (membership === null) return refused(companyErrors.notInCompany.msg, page);
  if (!mayInCompany(membership, 'read', 'CompanyOrder')) return refused(companyErrors.forbidden.msg, page);
  const [company, periods] = await Promise.all([findCompany(db, membership.companyId), findMembershipPeriods(db, membership.companyId)]);
  const placed = await listOrdersPlacedWithin(
    db,
    periods.map((period) => ({ userId: period.userId, from: period.joinedAt, until: period.leftAt })),
    { offset: (page - 1) * companyOrdersPageSize, limit: companyOrdersPageSize },
  );
  const buyers = new Map(periods.map((period) => [period.userId, period]));
  return {
    companyName: company?.name ?? '',
    refusal: '',
    orders: placed.orders.map((order) => {
      const buyer = buyers.get(order.userId);
      return {
        orderNo: order.orderNo,
        poNumber: order.poNumber,
        statusLabel: order.statusLabel,
        createdAtStr: formatBeijingTime(order.createdAt),
        payableCents: order.payableCents,
        productCount: order.productCount,
        buyerName: buyer ? displayNameOf(buyer) : '',
        buyerRole: buyer?.leftAt === null ? buyer.role : null,
      };
    }),
    total: placed.total,
    page,
    pageSize: companyOrdersPageSize,
  };
}
