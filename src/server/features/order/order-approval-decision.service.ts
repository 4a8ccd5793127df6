import type { Kysely } from 'kysely';
import type { CompanyOrdersData } from '../../../contract/company-account.ts';
import { approver } from '../../../contract/lifecycle.ts';
import { OrderStatus } from '../../../contract/order.ts';
import { orderApprovalErrors, type CompanyOrderFilter } from '../../../contract/order-approval.ts';
import { orderLifecycle } from '../../../contract/order-lifecycle.ts';
import type { OrderConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { assertAllowed } from '../../lifecycle/lifecycle-guard.ts';
import { lockApproverOf } from '../company-account/company-approval.service.ts';
import { findOrderApproval, recordApprovalDecision } from './order-approval.repository.ts';
import { loadCompanyOrders } from './order-company.service.ts';
import { isOverdue, orderFactsOf } from './order.state.ts';
import { findOrderById, findOrderByNo } from './order.repository.ts';
import { expireOverdueOrders } from './order-sweeper.ts';
import { transitionOrThrow } from './order-transition.service.ts';

/**
 * 批准 and 驳回 (decision 0029): by a member of the order's company whose role may approve, with the
 * company locked while their role is read; the order moves by one conditional update from 待审批,
 * so of two approvers, an approver and the clock, or an approver and the buyer cancelling, exactly
 * one acts and the others are refused with the order's state now.
 */

export interface ApprovalDecisionRequest {
  orderNo: string;
  filter: CompanyOrderFilter;
  page: number;
}

/** The order held for approval, lapsed first when past its time (reading it is a sweep of it). */
async function heldOrder(db: Kysely<Database>, orderNo: string, now: number) {
  const order = await findOrderByNo(db, orderNo);
  const approval = order?.isSandbox === 0 ? await findOrderApproval(db, order.id) : undefined;
  if (!order || !approval) throw new AppError(orderApprovalErrors.notFound);
  if (isOverdue(order, now)) await expireOverdueOrders(db, now, { orderIds: [order.id] });
  return { orderId: order.id, companyId: approval.companyId };
}

/** 批准: the order becomes 待付款 with a whole payment window from now (the buyer is told). */
export async function approveOrder(
  db: Kysely<Database>,
  orders: OrderConfig,
  userId: number,
  request: ApprovalDecisionRequest,
  now = Date.now(),
): Promise<CompanyOrdersData> {
  const { orderId, companyId } = await heldOrder(db, request.orderNo, now);
  await withTransaction(db, async (trx) => {
    const { name } = await lockApproverOf(trx, userId, companyId);
    const order = await findOrderById(trx, orderId);
    if (!order) throw new AppError(orderApprovalErrors.notFound);
    assertAllowed(orderLifecycle, 'approve', orderFactsOf(order, now), approver);
    const expiresAt = now + orders.paymentMinutes * 60_000;
    await transitionOrThrow(trx, {
      orderId,
      event: 'approve',
      now,
      seen: OrderStatus.awaitingApproval,
      changes: { expiresAt },
      eventText: () => `${name}批准了订单，等待付款`,
      messageText: (row) => `您的订单${row.orderNo}已通过企业审批（审批人：${name}），请在${String(orders.paymentMinutes)}分钟内完成支付，超时订单将自动取消。`,
    });
    await recordApprovalDecision(trx, orderId, { decision: 'approved', decidedBy: userId, decidedAt: now, reason: '' });
  });
  return loadCompanyOrders(db, userId, request, now);
}

/** 驳回 with a reason: the order is cancelled, its stock and coupons released as a cancel does (the buyer is told why). */
export async function rejectOrder(
  db: Kysely<Database>,
  userId: number,
  request: ApprovalDecisionRequest & { reason: string },
  now = Date.now(),
): Promise<CompanyOrdersData> {
  const { orderId, companyId } = await heldOrder(db, request.orderNo, now);
  await withTransaction(db, async (trx) => {
    const { name } = await lockApproverOf(trx, userId, companyId);
    const order = await findOrderById(trx, orderId);
    if (!order) throw new AppError(orderApprovalErrors.notFound);
    assertAllowed(orderLifecycle, 'reject', orderFactsOf(order, now), approver);
    await transitionOrThrow(trx, {
      orderId,
      event: 'reject',
      now,
      seen: OrderStatus.awaitingApproval,
      changes: { cancelledAt: now, cancelReason: `企业审批驳回：${request.reason}` },
      eventText: () => `${name}驳回了订单（${request.reason}），库存与优惠券已释放`,
      messageText: (row) => `您的订单${row.orderNo}未通过企业审批（审批人：${name}），理由：${request.reason}。订单已取消，库存与优惠券已释放。`,
    });
    await recordApprovalDecision(trx, orderId, { decision: 'rejected', decidedBy: userId, decidedAt: now, reason: request.reason });
  });
  return loadCompanyOrders(db, userId, request, now);
}
