import type { Kysely } from 'kysely';
import { formatCents } from '../../../contract/pricing.ts';
import { orderErrors, OrderStatus, paymentMethodLabels, PaymentMethod } from '../../../contract/order.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { isPayable } from './order.state.ts';
import type { OrderRow } from './order.tables.ts';
import { findOrderByNo } from './order.repository.ts';
import { extendExpiry, findExpiry } from './order-payment.repository.ts';
import { applyTransition } from './order-transition.service.ts';
import { creditInviterOnFirstPaidOrder } from '../invite/invite.service.ts';

/** What the payment feature needs of an order it is about to charge. */
export interface PayableOrder {
  orderId: number;
  orderNo: string;
  userId: number;
  payableCents: number;
  /** The payment must complete before this (the order is cancelled at it). */
  expiresAt: number | null;
  productCount: number;
  createdAt: number;
}

/** The member's order if it may be paid now: unpaid and within its time (the site's cashier: a live order; /open/v1 sandbox: a sandbox one). */
export async function findPayableOrder(db: Kysely<Database>, userId: number, orderNo: string, now = Date.now(), isSandbox = false): Promise<PayableOrder> {
  const order = await findOrderByNo(db, orderNo);
  if (order?.userId !== userId || order.isSandbox !== (isSandbox ? 1 : 0)) throw new AppError(orderErrors.notFound);
  if (order.status === OrderStatus.awaitingApproval) throw new AppError(orderErrors.awaitingApproval);
  if (!isPayable(order, now)) throw new AppError(orderErrors.notPayable);
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    userId: order.userId,
    payableCents: order.payableCents,
    expiresAt: order.expiresAt,
    productCount: order.productCount,
    createdAt: order.createdAt,
  };
}

const dayMs = 86_400_000;

/**
 * The buyer chose 对公转账, which takes a day or more to arrive: the unpaid order waits `days`
 * from its placement instead of the usual minutes, moved once by a guarded update (an order past
 * its time, paid or cancelled is not moved; a second choice finds it moved). Choosing another
 * method later does not shorten it. Answers the order's deadline as it now stands.
 */
export async function extendPaymentWindow(
  db: Kysely<Database>,
  order: Pick<PayableOrder, 'orderId' | 'createdAt'>,
  days: number,
  now = Date.now(),
): Promise<number | null> {
  await extendExpiry(db, order.orderId, order.createdAt + days * dayMs, now);
  return findExpiry(db, order.orderId);
}

export interface Payment {
  orderNo: string;
  amountCents: number;
  method: PaymentMethod;
  tradeNo: string | null;
  paidAt: number;
}

export type PaymentOutcome = 'paid' | 'alreadyPaid' | 'rejected';

function isSamePayment(order: OrderRow, payment: Payment): boolean {
  return order.paidAt !== null && order.paymentMethod === payment.method && order.paymentTradeNo === payment.tradeNo;
}

async function applyPayment(
  db: Kysely<Database>,
  order: OrderRow,
  payment: Payment,
  event: 'pay' | 'confirmTransfer',
  staffNote: string,
  alongside?: AlongsideChange<OrderRow>,
  seen?: OrderStatus,
): Promise<PaymentOutcome> {
  const paid = await withTransaction(db, async (trx) => {
    const row = await applyTransition(trx, {
      orderId: order.id,
      event,
      seen,
      now: payment.paidAt,
      paidCents: payment.amountCents,
      changes: { paidAt: payment.paidAt, paymentMethod: payment.method, paymentTradeNo: payment.tradeNo },
      eventText: () => `${paymentMethodLabels[payment.method]}付款成功 ${formatCents(payment.amountCents)}${staffNote ? `（${staffNote}）` : ''}`,
      messageText: (paidRow) => `您的订单${paidRow.orderNo}已付款成功，我们将尽快为您发货。`,
    });
    // 邀请有礼: the invitee's first paid order credits the inviter, in this same transaction.
    if (row?.isSandbox === 0) await creditInviterOnFirstPaidOrder(trx, { userId: row.userId, orderId: row.id, now: payment.paidAt });
    if (row) await alongside?.(trx, row);
    return row;
  });
  if (paid) return 'paid';
  const now = await findOrderByNo(db, payment.orderNo);
  return now && isSamePayment(now, payment) ? 'alreadyPaid' : 'rejected';
}

/**
 * A payment the provider confirmed: one conditional update unpaid → 待发货 with the event and the
 * message. A repeated notice of the same trade answers alreadyPaid; a wrong amount, an unknown
 * order, or one cancelled meanwhile answers rejected (the payment feature logs it and refunds).
 * An order past its time that no sweep has cancelled yet still holds its stock, so it is accepted.
 * `alongside` runs in the paying transaction, only when this payment moved the order (月结 takes the
 * company's credit there: paid and charged together, or neither).
 */
export async function markOrderPaid(db: Kysely<Database>, payment: Payment, alongside?: AlongsideChange<OrderRow>): Promise<PaymentOutcome> {
  const order = await findOrderByNo(db, payment.orderNo);
  if (!order) return 'rejected';
  if (isSamePayment(order, payment) && order.status !== OrderStatus.unpaid) return 'alreadyPaid';
  if (order.payableCents !== payment.amountCents) return 'rejected';
  return applyPayment(db, order, payment, 'pay', '', alongside);
}

/** Staff saw the bank transfer arrive: the order is paid by 对公转账. */
export async function confirmBankTransfer(
  db: Kysely<Database>,
  transfer: { orderNo: string; amountCents: number; staffNote: string; seen?: OrderStatus; now?: number },
  alongside?: AlongsideChange<OrderRow>,
): Promise<'paid' | 'alreadyPaid'> {
  const order = await findOrderByNo(db, transfer.orderNo);
  if (!order) throw new AppError(orderErrors.notFound);
  if (order.payableCents !== transfer.amountCents) throw new AppError(orderErrors.transferAmountMismatch);
  const payment: Payment = {
    orderNo: order.orderNo,
    amountCents: transfer.amountCents,
    method: PaymentMethod.bankTransfer,
    tradeNo: null,
    paidAt: transfer.now ?? Date.now(),
  };
  if (order.status !== OrderStatus.unpaid) {
    if (order.paymentMethod === PaymentMethod.bankTransfer && order.paidAt !== null) return 'alreadyPaid';
    throw new AppError(orderErrors.notPayable);
  }
  const outcome = await applyPayment(db, order, payment, 'confirmTransfer', transfer.staffNote.trim(), alongside, transfer.seen);
  if (outcome === 'rejected') throw new AppError(orderErrors.notPayable);
  return outcome;
}
