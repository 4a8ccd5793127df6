import type { Kysely } from 'kysely';
import { companyOrdersPageSize, type CompanyOrderRow, type CompanyOrdersData } from '../../../contract/company-account.ts';
import { orderStatusLabels, OrderStatus } from '../../../contract/order.ts';
import type { CompanyOrderFilter } from '../../../contract/order-approval.ts';
import { formatBeijingTime } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { companyOrderScopeOf, type CompanyBuyerPeriod } from '../company-account/company-order-scope.service.ts';
import { countOrdersWithin, findOrdersWithin } from './order-company.repository.ts';
import { isOverdue } from './order.state.ts';
import { expireOverdueOrders } from './order-sweeper.ts';

export interface CompanyOrdersQuery {
  filter: CompanyOrderFilter;
  page: number;
}

function refused(refusal: string, query: CompanyOrdersQuery): CompanyOrdersData {
  return {
    companyName: '',
    refusal,
    filter: query.filter,
    awaitingCount: 0,
    canApprove: false,
    approvalThresholdCents: null,
    orders: [],
    total: 0,
    page: query.page,
    pageSize: companyOrdersPageSize,
  };
}

async function findPage(db: Kysely<Database>, periods: readonly CompanyBuyerPeriod[], query: CompanyOrdersQuery) {
  const status = query.filter === 'awaitingApproval' ? OrderStatus.awaitingApproval : null;
  const offset = (query.page - 1) * companyOrdersPageSize;
  return Promise.all([
    findOrdersWithin(db, periods, status, offset, companyOrdersPageSize),
    countOrdersWithin(db, periods, status),
    countOrdersWithin(db, periods, OrderStatus.awaitingApproval),
  ]);
}

/**
 * 公司订单: the orders the company's members placed while they belonged to it (a member removed
 * later keeps them the company's), with who placed each; all of them or those 待审批. For the roles
 * allowed to read them (company-account-permissions.ts). Reading it lapses the waiting orders past
 * their time first, as reading one's own order does.
 */
export async function loadCompanyOrders(db: Kysely<Database>, userId: number, query: CompanyOrdersQuery, now = Date.now()): Promise<CompanyOrdersData> {
  const scope = await companyOrderScopeOf(db, userId);
  if (scope.refusal !== '' || !('companyId' in scope)) return refused(scope.refusal, query);
  if (scope.periods.length === 0) return { ...refused('', query), companyName: scope.companyName, canApprove: scope.canApprove };
  let [rows, total, awaitingCount] = await findPage(db, scope.periods, query);
  const lapsed = rows.filter((row) => isOverdue(row, now)).map((row) => row.id);
  if (lapsed.length > 0) {
    await expireOverdueOrders(db, now, { orderIds: lapsed });
    [rows, total, awaitingCount] = await findPage(db, scope.periods, query);
  }
  const buyers = new Map(scope.periods.map((period) => [period.userId, period]));
  const orders: CompanyOrderRow[] = rows.map((row) => ({
    orderNo: row.orderNo,
    poNumber: row.poNumber,
    status: row.status,
    statusLabel: orderStatusLabels[row.status],
    createdAtStr: formatBeijingTime(row.createdAt),
    payableCents: row.payableCents,
    productCount: row.productCount,
    buyerName: buyers.get(row.userId)?.name ?? '',
    buyerRole: buyers.get(row.userId)?.roleNow ?? null,
    approvalDeadlineStr: row.status === OrderStatus.awaitingApproval && row.expiresAt !== null ? formatBeijingTime(row.expiresAt) : '',
  }));
  return {
    companyName: scope.companyName,
    refusal: '',
    filter: query.filter,
    awaitingCount,
    canApprove: scope.canApprove,
    approvalThresholdCents: scope.approvalThresholdCents,
    orders,
    total,
    page: query.page,
    pageSize: companyOrdersPageSize,
  };
}
