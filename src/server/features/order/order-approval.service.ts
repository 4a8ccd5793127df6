import type { Kysely, Transaction } from 'kysely';
import { companyOrdersPath } from '../../../contract/company-account.ts';
import { buyer } from '../../../contract/lifecycle.ts';
import { MessageType } from '../../../contract/message.ts';
import { formatCents } from '../../../contract/money.ts';
import { OrderStatus } from '../../../contract/order.ts';
import { orderApprovalStateLabels, type OrderApprovalState, type OrderApprovalView } from '../../../contract/order-approval.ts';
import { orderLifecycle } from '../../../contract/order-lifecycle.ts';
import { formatBeijingTime } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { assertAllowed } from '../../lifecycle/lifecycle-guard.ts';
import { approvalPolicyOf, approversOf, companyNamesOf } from '../company-account/company-approval.service.ts';
import { sendMessages } from '../message/message.service.ts';
import { findOrderApproval, insertOrderApproval } from './order-approval.repository.ts';
import { orderFactsOf } from './order.state.ts';
import type { OrderRow } from './order.tables.ts';
import { findOrderById } from './order.repository.ts';
import { transitionOrThrow } from './order-transition.service.ts';

/**
 * Company approval of orders (decision 0029), at placement and on the order's detail: an order a
 * 采购 places with a payable above the company's 审批金额 moves 待付款 → 待审批 in the placing
 * transaction, its stock held until the payment window's end; the approvers are told.
 */

export interface JustPlaced {
  orderId: number;
  orderNo: string;
  userId: number;
  payableCents: number;
  isSandbox: boolean;
  paymentMinutes: number;
}

/** Holds the order for approval when the buyer's company asks for it; true when it now waits. A sandbox order never waits. */
export async function holdForApprovalIfNeeded(trx: Transaction<Database>, placed: JustPlaced, now: number): Promise<boolean> {
  if (placed.isSandbox) return false;
  const policy = await approvalPolicyOf(trx, placed.userId);
  if (policy === null || placed.payableCents <= policy.thresholdCents) return false;
  const order = await findOrderById(trx, placed.orderId);
  if (!order) return false;
  assertAllowed(orderLifecycle, 'requireApproval', { ...orderFactsOf(order, now), needsApproval: true }, buyer);
  await insertOrderApproval(trx, {
    orderId: placed.orderId,
    companyId: policy.companyId,
    buyerId: placed.userId,
    thresholdCents: policy.thresholdCents,
    decision: null,
    decidedBy: null,
    decidedAt: null,
    reason: '',
    createdAt: now,
  });
  const deadline = formatBeijingTime(order.expiresAt ?? now);
  await transitionOrThrow(trx, {
    orderId: placed.orderId,
    event: 'requireApproval',
    now,
    seen: OrderStatus.unpaid,
    eventText: () => `订单金额超过企业审批金额${formatCents(policy.thresholdCents)}，等待企业审批`,
    messageText: (row) =>
      `您的订单${row.orderNo}（应付${formatCents(row.payableCents)}）超过企业审批金额${formatCents(policy.thresholdCents)}，已提交企业审批。` +
      `请在${deadline}前获得审批，批准后可在${String(placed.paymentMinutes)}分钟内付款，逾期订单将自动取消。`,
  });
  const approvers = await approversOf(trx, policy.companyId);
  const text =
    `订单${placed.orderNo}（应付${formatCents(placed.payableCents)}）超过企业审批金额${formatCents(policy.thresholdCents)}，` +
    `请在${deadline}前审批：${companyOrdersPath}?filter=awaitingApproval`;
  await sendMessages(
    trx,
    approvers.map((approver) => ({ userId: approver.userId, messageType: MessageType.company, msgContent: text, sendDate: now })),
  );
  return true;
}

function approvalStateOf(order: Pick<OrderRow, 'status'>, decision: string | null): OrderApprovalState {
  if (decision === 'approved') return 'approved';
  if (decision === 'rejected') return 'rejected';
  return order.status === OrderStatus.awaitingApproval ? 'waiting' : 'lapsed';
}

/** The detail's 企业审批 block: who must approve while it waits, who decided once decided; null for an order that never waited. */
export async function loadOrderApprovalView(db: Kysely<Database>, order: Pick<OrderRow, 'id' | 'status'>): Promise<OrderApprovalView | null> {
  const approval = await findOrderApproval(db, order.id);
  if (!approval) return null;
  const state = approvalStateOf(order, approval.decision);
  const [{ companyName, memberNames }, approvers] = await Promise.all([
    companyNamesOf(db, approval.companyId),
    state === 'waiting' ? approversOf(db, approval.companyId) : Promise.resolve([]),
  ]);
  return {
    state,
    stateLabel: orderApprovalStateLabels[state],
    companyName,
    thresholdCents: approval.thresholdCents,
    approverNames: approvers.map((approver) => approver.name),
    decidedByName: approval.decidedBy === null ? '' : (memberNames.get(approval.decidedBy) ?? ''),
    decidedAtStr: approval.decidedAt === null ? '' : formatBeijingTime(approval.decidedAt),
    reason: approval.reason,
  };
}
