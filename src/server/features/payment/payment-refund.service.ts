import type { Kysely } from 'kysely';
import type { Registry } from 'prom-client';
import type { Actor } from '../../../contract/lifecycle.ts';
import { orderErrors, PaymentMethod } from '../../../contract/order.ts';
import { isBindingRefund, paymentErrors, RefundKind, refundKindLabels, refundNoPattern, RefundStatus, refundStatusLabels } from '../../../contract/payment.ts';
import { refundLifecycle, type RefundFacts, type RefundLifecycleEvent } from '../../../contract/refund-lifecycle.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { assertAllowed, claimFrom, refusalNow } from '../../lifecycle/lifecycle-guard.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { findRefundableOrder, holdRefund, type RefundableOrder } from '../order/order-refund.service.ts';
import { createPaymentProviders } from './payment-providers.ts';
import { paymentMetricsOf } from './payment.metrics.ts';
import { askAndApply, endRefund, nextCheckAt, refundFactsOf, targetOfRefund, type RefundContext } from './payment-refund-flow.ts';
import { findRefund, findRefundsOfOrder, insertRefund, moveRefund, touchStaleRefund } from './payment-refund.repository.ts';
import type { PaymentRefundRow } from './payment.tables.ts';

export type { RefundContext } from './payment-refund-flow.ts';

/**
 * Refunds reach the provider that took the payment. A refund number is claimed once (the unique
 * row, 处理中) and its amount held on the order in the same transaction, so a retried or racing
 * staff action with the same number asks the provider nothing more, and racing refunds of one
 * order never pass what was paid (one that would is refused and leaves no record). The provider
 * is asked outside any transaction. A failed adjustment gives its amount back; a failed binding
 * refund (the order was changed with it) keeps it owed and is tried again, by staff (retryRefund,
 * or the same number sent again) and by the reconciliation. A 处理中 refund gone quiet is asked
 * again when its number is sent again (staleRefundMs), and by the reconciliation on its own.
 */

/** What staff tools (the operations console) hand refundOrder: the services' dependencies and the configured providers. */
export function refundContextOf(deps: Pick<ServiceDeps, 'db' | 'logger' | 'config'> & { ops?: { metrics: { registry: Registry } } }): RefundContext {
  return {
    db: deps.db,
    logger: deps.logger,
    config: deps.config,
    providers: createPaymentProviders(deps.config.payments),
    ...(deps.ops ? { metrics: paymentMetricsOf(deps.ops.metrics.registry) } : {}),
  };
}

/** The kinds staff (and the order's own flows) ask for; latePayment refunds start from their payment (payment-late-refund.ts). */
export type OrderRefundKind = Exclude<RefundKind, typeof RefundKind.latePayment>;

export interface RefundOrderRequest {
  orderNo: string;
  /** Staff's number for this refund (the console draws one per refund form): the same number is the same refund. */
  refundNo: string;
  amountCents: number;
  reason: string;
  /** Why (default adjustment): a binding kind's failure keeps the amount owed and is retried. */
  kind?: OrderRefundKind;
  /** Staff asking, checked against the refund lifecycle's actors (the console checks its route too). */
  actor?: Actor;
}

/**
 * A 处理中 refund untouched this long (its provider's answer lost with a crash or a timeout) is
 * asked again when staff send its number again: providers answer a known refund number with that
 * refund, never a second one.
 */
export const staleRefundMs = 10 * 60_000;

type Claim = { kind: 'claimed'; refund: PaymentRefundRow } | { kind: 'existing'; refund: PaymentRefundRow };

function isStale(refund: PaymentRefundRow, now: number): boolean {
  return refund.status === RefundStatus.processing && refund.method !== PaymentMethod.bankTransfer && now - refund.updatedAt >= staleRefundMs;
}

async function refundOrThrow(db: Kysely<Database>, refundNo: string): Promise<PaymentRefundRow> {
  const refund = await findRefund(db, refundNo);
  if (!refund) throw new AppError(paymentErrors.refundNotFound);
  return refund;
}

/**
 * A 失败 refund back to 处理中 under its number, in the caller's transaction: an adjustment holds
 * its amount again (refused, and left 失败, when that would pass what was paid); a binding refund
 * still holds it. Null when another got there first.
 */
async function reopenRefund(
  ctx: RefundContext,
  trx: Kysely<Database>,
  refund: PaymentRefundRow,
  event: Extract<RefundLifecycleEvent, 'retry' | 'retryOwed'>,
  now: number,
  seen?: RefundStatus,
): Promise<PaymentRefundRow | null> {
  const isReopened = await moveRefund(trx, refund.refundNo, claimFrom(refundLifecycle, event, seen), {
    status: RefundStatus.processing,
    updatedAt: now,
    finishedAt: null,
    nextCheckAt: refund.method === PaymentMethod.bankTransfer ? null : nextCheckAt(ctx.config.payments, 0, now),
  });
  if (!isReopened) return null;
  if (!isBindingRefund(refund.kind) && !(await holdRefund(trx, refund.orderNo, refund.amountCents, now))) throw new AppError(orderErrors.notRefundable);
  return (await findRefund(trx, refund.refundNo)) ?? null;
}

async function claimRefund(
  ctx: RefundContext,
  order: RefundableOrder,
  request: RefundOrderRequest & { kind: OrderRefundKind },
  now: number,
  alongside?: AlongsideChange<PaymentRefundRow>,
): Promise<Claim> {
  return withTransaction(ctx.db, async (trx) => {
    const isNew = await insertRefund(trx, {
      refundNo: request.refundNo,
      orderNo: order.orderNo,
      userId: order.userId,
      method: order.paymentMethod,
      amountCents: request.amountCents,
      kind: request.kind,
      attemptId: null,
      reason: request.reason,
      answer: '',
      createdAt: now,
      updatedAt: now,
      nextCheckAt: order.paymentMethod === PaymentMethod.bankTransfer ? null : nextCheckAt(ctx.config.payments, 0, now),
    });
    const existing = await findRefund(trx, request.refundNo);
    if (!existing) throw new Error(`refund ${request.refundNo} vanished`);
    if (isNew) {
      // Passing what was paid refuses the refund, and its row goes with the rollback.
      if (!(await holdRefund(trx, order.orderNo, request.amountCents, now))) throw new AppError(orderErrors.notRefundable);
      await alongside?.(trx, existing);
      return { kind: 'claimed', refund: existing };
    }
    if (existing.orderNo !== order.orderNo || existing.amountCents !== request.amountCents || existing.attemptId !== null) {
      throw new AppError(paymentErrors.refundNoReused);
    }
    // Its amount is still held: only the provider is asked again.
    if (isStale(existing, now) && (await touchStaleRefund(trx, request.refundNo, existing.updatedAt, now, nextCheckAt(ctx.config.payments, 0, now)))) {
      return { kind: 'claimed', refund: existing };
    }
    if (existing.status !== RefundStatus.failed) return { kind: 'existing', refund: existing };
    const reopened = await reopenRefund(ctx, trx, existing, 'retry', now);
    if (!reopened) return { kind: 'existing', refund: (await findRefund(trx, request.refundNo)) ?? existing };
    // A binding refund changed the order when first claimed: only an adjustment's new hold comes with the caller's change.
    if (!isBindingRefund(reopened.kind)) await alongside?.(trx, reopened);
    return { kind: 'claimed', refund: reopened };
  });
}

/**
 * Staff refund part or all of a paid order through the provider that took the payment: 支付宝 and
 * 模拟支付 answer at once (成功), WeChat Pay later (处理中 until its notification or the
 * reconciliation's query), 对公转账 is a 线下退款 finance pay out and confirm (confirmOfflineRefund).
 * Answers the refund's record. A provider's refusal of an adjustment throws
 * payment.refundProviderFailed (its amount is refundable again); of a binding refund it answers the
 * record 失败, its amount still held (owed) and the refund to be tried again.
 */
export async function refundPayment(
  ctx: RefundContext,
  request: RefundOrderRequest,
  now = Date.now(),
  /**
   * Runs in the transaction that claims the refund number and holds its amount: when the number is
   * first claimed, and when a failed adjustment under it holds its amount again; not for a repeat, nor
   * for a failed binding refund sent again (the order was changed with its first claim).
   */
  alongside?: AlongsideChange<PaymentRefundRow>,
): Promise<PaymentRefundRow> {
  if (!refundNoPattern.test(request.refundNo)) throw new AppError(paymentErrors.refundNoInvalid);
  if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) throw new AppError(orderErrors.notRefundable);
  const order = await findRefundableOrder(ctx.db, request.orderNo);
  const kind = request.kind ?? RefundKind.adjustment;
  if (request.actor) {
    assertAllowed(
      refundLifecycle,
      'request',
      { state: RefundStatus.processing, kind, isOffline: order.paymentMethod === PaymentMethod.bankTransfer },
      request.actor,
    );
  }
  const refundRequest = { ...request, kind, reason: request.reason.trim() || '售后退款' };
  const claim = await claimRefund(ctx, order, refundRequest, now, alongside);
  if (claim.kind === 'existing') return claim.refund;
  const refund = await askAndApply(ctx, claim.refund, now, { orderNo: order.orderNo, tradeNo: order.paymentTradeNo, totalCents: order.payableCents });
  if (refund.status === RefundStatus.failed && !isBindingRefund(refund.kind)) throw new AppError(paymentErrors.refundProviderFailed);
  ctx.logger.info({ orderNo: order.orderNo, refundNo: refund.refundNo, method: refund.method, kind, status: refund.status }, 'payment: refund asked');
  return refund;
}

/**
 * Staff try a failed refund again under its number (the console's 重新退款): an adjustment holds
 * its amount again, a binding refund (or a late payment's) still holds it. `seen` is the status the
 * console showed: a refund that moved meanwhile is refused. `alongside` runs in the reopening
 * transaction. Answers the record as the provider left it.
 */
export async function retryRefund(
  ctx: RefundContext,
  request: { refundNo: string; seen?: RefundStatus; actor?: Actor },
  now = Date.now(),
  alongside?: AlongsideChange<PaymentRefundRow>,
): Promise<PaymentRefundRow> {
  const refund = await refundOrThrow(ctx.db, request.refundNo);
  assertAllowed(refundLifecycle, 'retry', refundFactsOf(refund), request.actor);
  const reopened = await withTransaction(ctx.db, async (trx) => {
    const row = await reopenRefund(ctx, trx, refund, 'retry', now, request.seen);
    if (row) await alongside?.(trx, row);
    return row;
  });
  if (!reopened) throw refusalNow(refundLifecycle, 'retry', refundFactsOf(await refundOrThrow(ctx.db, request.refundNo)), request.seen);
  const after = await askAndApply(ctx, reopened, now, await targetOfRefund(ctx.db, reopened));
  if (after.status === RefundStatus.failed && !isBindingRefund(after.kind)) throw new AppError(paymentErrors.refundProviderFailed);
  return after;
}

/** Finance paid a 线下退款 (bank transfer) back: it ends 成功 once, however often it is confirmed. */
export async function confirmOfflineRefund(
  ctx: Pick<RefundContext, 'db' | 'logger'> & Partial<Pick<RefundContext, 'config' | 'metrics'>>,
  request: { refundNo: string; staffNote: string; actor?: Actor },
  now = Date.now(),
  alongside?: AlongsideChange<PaymentRefundRow>,
): Promise<'refunded' | 'alreadyRefunded'> {
  const refund = await refundOrThrow(ctx.db, request.refundNo);
  if (refund.method !== PaymentMethod.bankTransfer) throw new AppError(paymentErrors.refundNotFound);
  if (refund.status === RefundStatus.succeeded) return 'alreadyRefunded';
  assertAllowed(refundLifecycle, 'confirmOffline', refundFactsOf(refund), request.actor);
  const answer = `线下退款已转账${request.staffNote.trim() ? `：${request.staffNote.trim()}` : ''}`;
  return (await endRefund(ctx, refund, RefundStatus.succeeded, { answer }, now, { event: 'confirmOffline', alongside })) ? 'refunded' : 'alreadyRefunded';
}

/** A refund's record by its number (staff tools show its status and the provider's answer). */
export function findOrderRefund(db: Kysely<Database>, refundNo: string): Promise<PaymentRefundRow | undefined> {
  return findRefund(db, refundNo);
}

/** A refund as staff see it: its record, what it is (取消后到账退回 …), and whether it is owed (failed, to be retried). */
export type StaffRefund = PaymentRefundRow & {
  kindLabel: string;
  statusLabel: string;
  /** Failed, its amount still held or still due to the buyer: the reconciliation tries it again. */
  isOwed: boolean;
  /** What the refund lifecycle reads: allowedEvents(refundLifecycle, facts, staff) gives the console's buttons. */
  facts: RefundFacts;
};

/** Every refund of the order, failed ones and late payments' too, oldest first: what staff see. */
export async function findRefundsForStaff(db: Kysely<Database>, orderNo: string): Promise<StaffRefund[]> {
  return (await findRefundsOfOrder(db, orderNo)).map((row) => ({
    ...row,
    kindLabel: refundKindLabels[row.kind],
    statusLabel: refundStatusLabels[row.status],
    isOwed: row.status === RefundStatus.failed && isBindingRefund(row.kind),
    facts: refundFactsOf(row),
  }));
}
