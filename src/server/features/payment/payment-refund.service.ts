import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { orderErrors, PaymentMethod, type OrderRefund } from '../../../contract/order.ts';
import { paymentErrors, refundBuyerLabels, refundNoPattern, refundNotifyPaths, RefundStatus } from '../../../contract/payment.ts';
import type { PaymentConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { findRefundableOrder, holdRefund, recordRefunded, releaseRefund, type RefundableOrder } from '../order/order-refund.service.ts';
import { ProviderError, type NotificationRequest, type NotifyingProvider, type ProviderAnswer, type ProviderRefund } from './payment-provider.ts';
import { createPaymentProviders, type PaymentProviders } from './payment-providers.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import {
  finishRefund,
  findRefund,
  findRefundsOfOrder,
  insertRefund,
  noteRefundAnswer,
  reopenFailedRefund,
  touchStaleRefund,
} from './payment-refund.repository.ts';
import { insertNotification } from './payment.repository.ts';
import { NotificationOutcome, type PaymentRefundRow } from './payment.tables.ts';

/**
 * Refunds reach the provider that took the payment. A refund number is claimed once (the unique
 * row, 处理中) and its amount held on the order in the same transaction, so a retried or racing
 * staff action with the same number asks the provider nothing more, and racing refunds of one
 * order never pass what was paid. The provider is asked outside any transaction; a refusal or a
 * failure records 失败 and gives the amount back, and the same number may then be tried again
 * (providers refund a number once, so a retry after a lost answer cannot pay twice); a 处理中
 * refund gone quiet (staleRefundMs) is asked again when its number is sent again.
 */

export interface RefundContext {
  db: Kysely<Database>;
  logger: Logger;
  providers: PaymentProviders;
  config: { payments: PaymentConfig };
}

/** What staff tools (the operations console) hand refundOrder: the services' dependencies and the configured providers. */
export function refundContextOf(deps: Pick<ServiceDeps, 'db' | 'logger' | 'config'>): RefundContext {
  return { db: deps.db, logger: deps.logger, config: deps.config, providers: createPaymentProviders(deps.config.payments) };
}

export interface RefundOrderRequest {
  orderNo: string;
  /** Staff's number for this refund (the console draws one per refund form): the same number is the same refund. */
  refundNo: string;
  amountCents: number;
  reason: string;
}

const answerMaxLength = 500;
/**
 * A 处理中 refund untouched this long (its provider's answer lost with a crash or a timeout) is
 * asked again when staff send its number again: providers answer a known refund number with that
 * refund, never a second one.
 */
export const staleRefundMs = 10 * 60_000;
const overPaidAnswer = '超出订单可退金额，未向支付渠道申请';

type Claim = { kind: 'claimed' } | { kind: 'askAgain' } | { kind: 'existing'; refund: PaymentRefundRow } | { kind: 'overPaid' };

function isStale(refund: PaymentRefundRow, now: number): boolean {
  return refund.status === RefundStatus.processing && refund.method !== PaymentMethod.bankTransfer && now - refund.updatedAt >= staleRefundMs;
}

async function claimRefund(
  db: Kysely<Database>,
  order: RefundableOrder,
  request: RefundOrderRequest & { reason: string },
  now: number,
  alongside?: AlongsideChange<PaymentRefundRow>,
): Promise<Claim> {
  return withTransaction(db, async (trx) => {
    const isNew = await insertRefund(trx, {
      refundNo: request.refundNo,
      orderNo: order.orderNo,
      userId: order.userId,
      method: order.paymentMethod,
      amountCents: request.amountCents,
      reason: request.reason,
      answer: '',
      createdAt: now,
      updatedAt: now,
    });
    if (!isNew) {
      const existing = await findRefund(trx, request.refundNo);
      if (existing?.orderNo !== order.orderNo || existing.amountCents !== request.amountCents) throw new AppError(paymentErrors.refundNoReused);
      // Its amount is still held: only the provider is asked again.
      if (isStale(existing, now) && (await touchStaleRefund(trx, request.refundNo, existing.updatedAt, now))) return { kind: 'askAgain' };
      if (!(await reopenFailedRefund(trx, request.refundNo, now))) return { kind: 'existing', refund: existing };
    }
    if (await holdRefund(trx, order.orderNo, request.amountCents, now)) {
      const claimed = await findRefund(trx, request.refundNo);
      if (claimed) await alongside?.(trx, claimed);
      return { kind: 'claimed' };
    }
    await finishRefund(trx, request.refundNo, RefundStatus.failed, { answer: overPaidAnswer, now });
    return { kind: 'overPaid' };
  });
}

function notifyUrlOf(ctx: RefundContext, method: PaymentMethod): string {
  return method === PaymentMethod.wechat ? `${ctx.config.payments.publicBaseUrl ?? ''}${refundNotifyPaths.wechat}` : '';
}

async function askProvider(ctx: RefundContext, order: RefundableOrder, request: RefundOrderRequest): Promise<ProviderRefund> {
  const provider = ctx.providers.find(order.paymentMethod);
  if (!provider) return { status: 'failed', providerRefundNo: null, answer: `${order.paymentMethod} 未配置，无法退款` };
  try {
    return await provider.refund({
      orderNo: order.orderNo,
      tradeNo: order.paymentTradeNo,
      refundNo: request.refundNo,
      amountCents: request.amountCents,
      totalCents: order.payableCents,
      reason: request.reason,
      notifyUrl: notifyUrlOf(ctx, order.paymentMethod),
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return { status: 'failed', providerRefundNo: null, answer: error.message };
  }
}

/**
 * Ends a 处理中 refund once: 成功 writes the order's 已退款 line and message; 失败 gives the held
 * amount back to the order. False when it had already ended (a replayed notification).
 */
async function endRefund(
  db: Kysely<Database>,
  refund: PaymentRefundRow,
  status: typeof RefundStatus.succeeded | typeof RefundStatus.failed,
  change: { answer: string; providerRefundNo?: string | null },
  now: number,
  alongside?: AlongsideChange<PaymentRefundRow>,
): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    if (!(await finishRefund(trx, refund.refundNo, status, { ...change, answer: change.answer.slice(0, answerMaxLength), now }))) return false;
    await alongside?.(trx, { ...refund, status });
    if (status === RefundStatus.succeeded) {
      const isOffline = refund.method === PaymentMethod.bankTransfer;
      await recordRefunded(trx, { orderNo: refund.orderNo, amountCents: refund.amountCents, reason: refund.reason, isOffline }, now);
    } else {
      await releaseRefund(trx, refund.orderNo, refund.amountCents, now);
    }
    return true;
  });
}

async function refundOrThrow(db: Kysely<Database>, refundNo: string): Promise<PaymentRefundRow> {
  const refund = await findRefund(db, refundNo);
  if (!refund) throw new AppError(paymentErrors.refundNotFound);
  return refund;
}

/**
 * Staff refund part or all of a paid order through the provider that took the payment: 支付宝 and
 * 模拟支付 answer at once (成功), WeChat Pay later (处理中 until its notification), 对公转账 is a
 * 线下退款 staff pay out and confirm (confirmOfflineRefund). Answers the refund's record.
 */
export async function refundPayment(
  ctx: RefundContext,
  request: RefundOrderRequest,
  now = Date.now(),
  /** Runs in the transaction that claims the refund number and holds its amount (a repeat of the number claims nothing). */
  alongside?: AlongsideChange<PaymentRefundRow>,
): Promise<PaymentRefundRow> {
  if (!refundNoPattern.test(request.refundNo)) throw new AppError(paymentErrors.refundNoInvalid);
  if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) throw new AppError(orderErrors.notRefundable);
  const order = await findRefundableOrder(ctx.db, request.orderNo);
  const refundRequest = { ...request, reason: request.reason.trim() || '售后退款' };
  const claim = await claimRefund(ctx.db, order, refundRequest, now, alongside);
  if (claim.kind === 'existing') return claim.refund;
  if (claim.kind === 'overPaid') throw new AppError(orderErrors.notRefundable);

  const answer = await askProvider(ctx, order, refundRequest);
  const refund = await refundOrThrow(ctx.db, request.refundNo);
  if (answer.status === 'processing') {
    await noteRefundAnswer(ctx.db, refund.refundNo, { answer: answer.answer.slice(0, answerMaxLength), providerRefundNo: answer.providerRefundNo, now });
  } else {
    await endRefund(ctx.db, refund, answer.status === 'succeeded' ? RefundStatus.succeeded : RefundStatus.failed, answer, now);
  }
  if (answer.status === 'failed') {
    ctx.logger.warn({ orderNo: order.orderNo, refundNo: request.refundNo, method: order.paymentMethod, answer: answer.answer }, 'payment: the refund failed');
    throw new AppError(paymentErrors.refundProviderFailed);
  }
  ctx.logger.info({ orderNo: order.orderNo, refundNo: request.refundNo, method: order.paymentMethod, status: answer.status }, 'payment: refund asked');
  return refundOrThrow(ctx.db, request.refundNo);
}

/** Staff paid a 线下退款 (bank transfer) back: it ends 成功 once, however often it is confirmed. */
export async function confirmOfflineRefund(
  ctx: Pick<RefundContext, 'db' | 'logger'>,
  request: { refundNo: string; staffNote: string },
  now = Date.now(),
  alongside?: AlongsideChange<PaymentRefundRow>,
): Promise<'refunded' | 'alreadyRefunded'> {
  const refund = await refundOrThrow(ctx.db, request.refundNo);
  if (refund.method !== PaymentMethod.bankTransfer) throw new AppError(paymentErrors.refundNotFound);
  if (refund.status === RefundStatus.failed) throw new AppError(orderErrors.notRefundable);
  const answer = `线下退款已转账${request.staffNote.trim() ? `：${request.staffNote.trim()}` : ''}`;
  return (await endRefund(ctx.db, refund, RefundStatus.succeeded, { answer }, now, alongside)) ? 'refunded' : 'alreadyRefunded';
}

/**
 * 退款结果通知 (WeChat Pay): verified as payment notifications are, recorded with what came of it;
 * REFUND.SUCCESS ends the refund 成功 once, ABNORMAL and CLOSED end it 失败 and give the amount back.
 */
export async function receiveRefundNotification(
  ctx: Pick<RefundContext, 'db' | 'logger'>,
  provider: NotifyingProvider,
  request: NotificationRequest,
  now = Date.now(),
): Promise<ProviderAnswer> {
  const bodySha256 = createHash('sha256').update(request.rawBody).digest('hex');
  const record = (outcome: NotificationOutcome, fields: { orderNo?: string | null; tradeNo?: string; amountCents?: number; reason: string }) =>
    insertNotification(ctx.db, {
      method: provider.method,
      orderNo: fields.orderNo ?? null,
      tradeNo: fields.tradeNo ?? null,
      amountCents: fields.amountCents ?? null,
      outcome,
      reason: fields.reason,
      bodySha256,
      receivedAt: now,
    });
  const verdict = provider.verifyRefundNotification?.(request, now) ?? { kind: 'forged', reason: 'noRefundNotifications' };
  if (verdict.kind === 'forged') {
    ctx.logger.warn({ method: provider.method, reason: verdict.reason, bodySha256 }, 'payment: refund notification refused, nothing changed');
    await record(NotificationOutcome.forged, { reason: `refund ${verdict.reason}` });
    return provider.answers.refused;
  }
  if (verdict.kind === 'ignored') {
    await record(NotificationOutcome.ignored, { orderNo: verdict.orderNo, reason: `refund ${verdict.reason}` });
    return provider.answers.accepted;
  }
  const fields = { orderNo: verdict.orderNo, tradeNo: verdict.providerRefundNo, amountCents: verdict.amountCents, reason: `refund ${verdict.answer}` };
  const refund = await findRefund(ctx.db, verdict.refundNo);
  if (refund?.orderNo !== verdict.orderNo || refund.amountCents !== verdict.amountCents) {
    ctx.logger.warn({ method: provider.method, refundNo: verdict.refundNo, ...fields }, 'payment: notification of a refund this store did not ask for');
    await record(refund ? NotificationOutcome.wrongAmount : NotificationOutcome.unknownOrder, fields);
    return provider.answers.accepted;
  }
  const status = verdict.status === 'succeeded' ? RefundStatus.succeeded : RefundStatus.failed;
  const isEnded = await endRefund(ctx.db, refund, status, { answer: verdict.answer, providerRefundNo: verdict.providerRefundNo }, now);
  if (isEnded && status === RefundStatus.failed)
    ctx.logger.warn({ refundNo: refund.refundNo, answer: verdict.answer }, 'payment: the provider closed a refund unpaid');
  await record(isEnded ? NotificationOutcome.verified : NotificationOutcome.duplicate, fields);
  return provider.answers.accepted;
}

/** A refund's record by its number (staff tools show its status and the provider's answer). */
export function findOrderRefund(db: Kysely<Database>, refundNo: string): Promise<PaymentRefundRow | undefined> {
  return findRefund(db, refundNo);
}

/** Every refund of the order, failed ones too, oldest first: what staff see. */
export function findRefundsForStaff(db: Kysely<Database>, orderNo: string): Promise<PaymentRefundRow[]> {
  return findRefundsOfOrder(db, orderNo);
}

/** The order's refunds as its detail shows them (failed attempts left out). */
export async function listOrderRefunds(db: Kysely<Database>, orderNo: string): Promise<OrderRefund[]> {
  const rows = await findRefundsOfOrder(db, orderNo);
  return rows.flatMap((row) =>
    row.status === RefundStatus.failed
      ? []
      : [
          {
            refundNo: row.refundNo,
            amountCents: row.amountCents,
            isDone: row.status === RefundStatus.succeeded,
            statusLabel: refundBuyerLabels[row.status],
            channelLabel: row.method === PaymentMethod.bankTransfer ? '线下退款' : '原路退回',
            createdAt: row.createdAt,
          },
        ],
  );
}
