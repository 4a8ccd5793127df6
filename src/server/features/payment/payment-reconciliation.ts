import { createHash } from 'node:crypto';
import { clock, decide } from '../../../contract/lifecycle.ts';
import { PaymentMethod, paymentMethodLabels } from '../../../contract/order.ts';
import { paymentLifecycle } from '../../../contract/payment-lifecycle.ts';
import { RefundStatus } from '../../../contract/payment.ts';
import { refundLifecycle } from '../../../contract/refund-lifecycle.ts';
import { claimFrom } from '../../lifecycle/lifecycle-guard.ts';
import { PeriodicWork } from '../../ops/periodic-work.ts';
import { queueMissingLateRefund } from './payment-late-refund.ts';
import { ProviderError, type ProviderPaymentState, type ProviderRefundState } from './payment-provider.ts';
import { askAndApply, endRefund, nextCheckAt, refundFactsOf, targetOfRefund, type RefundContext } from './payment-refund-flow.ts';
import { claimRefundCheck, findRefund, findRefundsDue } from './payment-refund.repository.ts';
import { settlePayment } from './payment-settlement.ts';
import { claimAttemptCheck, findAttemptsDue, findLateAttemptsWithoutRefund, insertNotification, moveAttempt } from './payment.repository.ts';
import { AttemptStatus, type PaymentAttemptRow, type PaymentRefundRow } from './payment.tables.ts';

/**
 * The reconciliation: what a lost notification or a lost answer would leave waiting, asked of the
 * provider and settled through the same transitions as notifications. Each pass looks at (a)
 * refunds 处理中 untouched for PAYMENT_RECONCILE_AFTER_MINUTES (a refund the provider never got is
 * asked again under its number), (b) binding refunds that failed (tried again), (c) Alipay and
 * WeChat Pay attempts still 待支付 with no notification (a payment found paid goes through
 * settlePayment: the order is paid, or the money goes back when the order can no longer take
 * it), closed once past the horizon, and (d) late payments whose refund was never queued. Each
 * item is claimed first by moving its next check from the one seen (a conditional update), so
 * reconcilers of several processes ask once per item; the next check backs off, doubling each time
 * up to 6 hours.
 */

export const reconcileIntervalMs = 60_000;
/** Attempts still 待支付 this long after they were created are asked one last time, then closed. */
export const reconcileHorizonMs = 3 * 86_400_000;
const batchSize = 50;
const allMethods = Object.keys(paymentMethodLabels) as PaymentMethod[];

export interface ReconcileResult {
  /** Refunds 处理中 asked about (a), and failed binding refunds tried again (b). */
  refundsChecked: number;
  refundsRetried: number;
  /** Attempts asked about (c); of them, settled by a payment found, and closed past the horizon. */
  paymentsChecked: number;
  paymentsSettled: number;
  attemptsClosed: number;
  /** Late payments whose missing refund was queued (d). */
  lateRefundsQueued: number;
}

const idle: ReconcileResult = { refundsChecked: 0, refundsRetried: 0, paymentsChecked: 0, paymentsSettled: 0, attemptsClosed: 0, lateRefundsQueued: 0 };

function isProviderFailure(error: unknown): error is ProviderError {
  return error instanceof ProviderError;
}

/** (a) A 处理中 refund gone quiet: its provider's word ends it, or, when the provider never got it, it is asked again. */
async function checkRefund(ctx: RefundContext, refund: PaymentRefundRow, now: number): Promise<boolean> {
  const provider = ctx.providers.find(refund.method);
  if (!provider?.queryRefund) return false;
  const from = claimFrom(refundLifecycle, 'request', refund.status);
  if (!(await claimRefundCheck(ctx.db, refund, from, { nextCheckAt: nextCheckAt(ctx.config.payments, refund.checkCount + 1, now) }))) return false;
  const target = await targetOfRefund(ctx.db, refund);
  let state: ProviderRefundState;
  try {
    state = await provider.queryRefund({ orderNo: target.orderNo, tradeNo: target.tradeNo, refundNo: refund.refundNo });
  } catch (error) {
    if (!isProviderFailure(error)) throw error;
    ctx.logger.warn({ err: error, refundNo: refund.refundNo }, 'payment reconciliation: the refund query failed');
    return true;
  }
  if (state.status === 'notFound') await askAndApply(ctx, refund, now, target);
  else if (state.status !== 'processing') {
    const status = state.status === 'succeeded' ? RefundStatus.succeeded : RefundStatus.failed;
    await endRefund(ctx, refund, status, { answer: state.answer, providerRefundNo: state.providerRefundNo }, now);
  }
  return true;
}

/** (b) A failed binding refund (owed): back to 处理中 by the same update that claims it, and asked again under its number. */
async function retryOwedRefund(ctx: RefundContext, refund: PaymentRefundRow, now: number): Promise<boolean> {
  if (!ctx.providers.find(refund.method) || !decide(refundLifecycle, 'retryOwed', refundFactsOf(refund), clock).isAllowed) return false;
  const isClaimed = await claimRefundCheck(ctx.db, refund, claimFrom(refundLifecycle, 'retryOwed', refund.status), {
    status: RefundStatus.processing,
    updatedAt: now,
    finishedAt: null,
    nextCheckAt: nextCheckAt(ctx.config.payments, refund.checkCount + 1, now),
  });
  const reopened = isClaimed ? await findRefund(ctx.db, refund.refundNo) : undefined;
  if (!reopened) return false;
  await askAndApply(ctx, reopened, now);
  return true;
}

/** (c) An attempt with no notification: a payment found goes through settlePayment; past the horizon an unpaid one is closed. */
async function checkAttempt(
  ctx: RefundContext,
  attempt: PaymentAttemptRow,
  now: number,
  horizonMs: number,
): Promise<'skipped' | 'checked' | 'settled' | 'closed'> {
  const provider = ctx.providers.find(attempt.method);
  if (!provider?.queryPayment) return 'skipped';
  if (!(await claimAttemptCheck(ctx.db, attempt, nextCheckAt(ctx.config.payments, attempt.checkCount + 1, now)))) return 'skipped';
  let state: ProviderPaymentState;
  try {
    state = await provider.queryPayment(attempt.outTradeNo);
  } catch (error) {
    if (!isProviderFailure(error)) throw error;
    ctx.logger.warn({ err: error, orderNo: attempt.orderNo, method: attempt.method }, 'payment reconciliation: the payment query failed');
    return 'checked';
  }
  if (state.status === 'paid') {
    const outcome = await settlePayment(ctx, attempt.method, attempt, state.payment, now);
    const { payment } = state;
    await insertNotification(ctx.db, {
      method: attempt.method,
      orderNo: payment.orderNo,
      tradeNo: payment.tradeNo,
      amountCents: payment.amountCents,
      outcome,
      reason: 'reconciliation query',
      bodySha256: createHash('sha256').update(JSON.stringify(state)).digest('hex'),
      receivedAt: now,
    });
    ctx.logger.info(
      { method: attempt.method, orderNo: payment.orderNo, tradeNo: payment.tradeNo, outcome },
      'payment reconciliation: a payment without notification',
    );
    return 'settled';
  }
  const facts = { state: attempt.status, isOrderPayable: false, isPastHorizon: now - attempt.createdAt >= horizonMs };
  if (!decide(paymentLifecycle, 'close', facts, clock).isAllowed) return 'checked';
  const isClosed = await moveAttempt(ctx.db, attempt.id, claimFrom(paymentLifecycle, 'close'), {
    status: AttemptStatus.closed,
    updatedAt: now,
    nextCheckAt: null,
  });
  return isClosed ? 'closed' : 'checked';
}

/** Runs one item's look; a failure is logged and the pass goes on (the item's next check has moved on already). */
async function guarded<T>(ctx: RefundContext, item: Record<string, unknown>, look: () => Promise<T>, idleValue: T): Promise<T> {
  try {
    return await look();
  } catch (error) {
    ctx.logger.error({ err: error, ...item }, 'payment reconciliation: an item failed');
    return idleValue;
  }
}

/** The configured methods whose provider can answer each question (对公转账 has none: finance confirm it). */
function askableMethods(ctx: RefundContext) {
  const providers = allMethods.flatMap((method) => {
    const provider = ctx.providers.find(method);
    return provider ? [provider] : [];
  });
  return {
    refunds: providers.filter((provider) => provider.queryRefund).map((provider) => provider.method),
    payments: providers.filter((provider) => provider.queryPayment && provider.method !== PaymentMethod.development).map((provider) => provider.method),
  };
}

/** One pass (see the file's comment); items whose provider cannot be asked now wait for the next. */
export async function reconcilePayments(ctx: RefundContext, now: number, options: { batchSize?: number; horizonMs?: number } = {}): Promise<ReconcileResult> {
  const limit = options.batchSize ?? batchSize;
  const methods = askableMethods(ctx);
  const result = { ...idle };
  for (const refund of await findRefundsDue(ctx.db, now, methods.refunds, limit)) {
    const item = { refundNo: refund.refundNo };
    if (refund.status === RefundStatus.processing) {
      if (await guarded(ctx, item, () => checkRefund(ctx, refund, now), false)) result.refundsChecked += 1;
    } else if (await guarded(ctx, item, () => retryOwedRefund(ctx, refund, now), false)) {
      result.refundsRetried += 1;
    }
  }
  for (const attempt of await findAttemptsDue(ctx.db, now, methods.payments, limit)) {
    const item = { orderNo: attempt.orderNo, method: attempt.method };
    const outcome = await guarded(ctx, item, () => checkAttempt(ctx, attempt, now, options.horizonMs ?? reconcileHorizonMs), 'skipped' as const);
    if (outcome !== 'skipped') result.paymentsChecked += 1;
    if (outcome === 'settled') result.paymentsSettled += 1;
    if (outcome === 'closed') result.attemptsClosed += 1;
  }
  for (const attempt of await findLateAttemptsWithoutRefund(ctx.db, limit)) {
    const item = { orderNo: attempt.orderNo, method: attempt.method };
    if (await guarded(ctx, item, () => queueMissingLateRefund(ctx, attempt, now), null)) result.lateRefundsQueued += 1;
  }
  return result;
}

/** Each process reconciles every minute (started on listen, stopped on close); the database is the record (ops/periodic-work.ts). */
export class PaymentReconciler {
  private readonly work: PeriodicWork<ReconcileResult>;

  constructor(ctx: RefundContext, intervalMs = reconcileIntervalMs) {
    this.work = new PeriodicWork({
      name: 'payment reconciliation',
      intervalMs,
      logger: ctx.logger,
      idle,
      pass: async (now) => {
        const result = await reconcilePayments(ctx, now);
        if (Object.values(result).some((count) => count > 0)) ctx.logger.info(result, 'payment reconciliation');
        return result;
      },
    });
  }

  get lastRunAt(): number | null {
    return this.work.lastRunAt;
  }

  start(): void {
    this.work.start();
  }

  /** One pass now (also what the timer runs); concurrent calls share the pass under way. */
  reconcile(now = Date.now()): Promise<ReconcileResult> {
    return this.work.run(now);
  }

  close(): Promise<void> {
    return this.work.close();
  }
}
