import { orderDetailPath, orderErrors, OrderStatus, orderStatusLabels, PaymentMethod } from '../../../contract/order.ts';
import {
  paymentErrors,
  paymentNotifyPaths,
  type BankAccount,
  type CashierData,
  type PaymentInstruction,
  type PaymentMethodOption,
  type PaymentStatus,
} from '../../../contract/payment.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { extendPaymentWindow } from '../order/order-payment.service.ts';
import { onAccountOfferFor } from '../company-credit/company-credit.service.ts';
import { confirmBankTransfer, findOrderOfMember, findPayableOrder } from '../order/order.service.ts';
import type { OrderRow } from '../order/order.tables.ts';
import { paymentLifecycle, type PaymentAttemptFacts } from '../../../contract/payment-lifecycle.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { claimFrom } from '../../lifecycle/lifecycle-guard.ts';
import { ProviderError, type PaymentProvider } from './payment-provider.ts';
import { nextCheckAt } from './payment-refund-flow.ts';
import { settlePayment, type PaymentContext } from './payment-settlement.ts';
import { findAttempt, findLatestOpenAttempt, moveAttempt, saveAttempt } from './payment.repository.ts';
import { AttemptStatus, NotificationOutcome, type PaymentAttemptRow } from './payment.tables.ts';

export type { PaymentContext } from './payment-settlement.ts';
export { createPaymentProviders } from './payment-providers.ts';
export { recordLateBankTransfer } from './payment-late-refund.ts';

/**
 * The payment lifecycle's facts of an order's bank-transfer attempt (none yet reads 待支付): what
 * the console's 登记到账退回 reads for an order that can no longer take a transfer.
 */
export async function bankTransferFactsOf(db: Kysely<Database>, order: Pick<OrderRow, 'orderNo' | 'status'>): Promise<PaymentAttemptFacts> {
  const attempt = await findAttempt(db, order.orderNo, PaymentMethod.bankTransfer);
  return { state: attempt?.status ?? AttemptStatus.created, isOrderPayable: order.status === OrderStatus.unpaid, isPastHorizon: false };
}

/**
 * A QR address shown once is shown again when the buyer comes back within this time, rather than
 * asking the provider for another (WeChat's code_url lives 2 hours).
 */
const instructionReuseMs = 60 * 60_000;

function statusOf(order: Pick<OrderRow, 'orderNo' | 'status'>): PaymentStatus {
  return {
    orderNo: order.orderNo,
    status: order.status,
    statusLabel: orderStatusLabels[order.status],
    isPaid: order.status !== OrderStatus.unpaid && order.status !== OrderStatus.cancelled && order.status !== OrderStatus.awaitingApproval,
    isCancelled: order.status === OrderStatus.cancelled,
    detailPath: orderDetailPath(order.orderNo),
  };
}

function providerOrThrow(ctx: PaymentContext, method: PaymentMethod): PaymentProvider {
  const provider = ctx.providers.find(method);
  if (!provider) throw new AppError(paymentErrors.methodUnavailable);
  return provider;
}

function instructionOf(attempt: PaymentAttemptRow): PaymentInstruction {
  return JSON.parse(attempt.instructionJson) as PaymentInstruction;
}

function absoluteUrl(ctx: PaymentContext, path: string): string {
  return `${ctx.config.payments.publicBaseUrl ?? ''}${path}`;
}

/** The methods offered for the member's unpaid order (notPayable / notFound otherwise). */
export async function listPaymentMethods(ctx: PaymentContext, userId: number, orderNo: string, now = Date.now()): Promise<PaymentMethodOption[]> {
  await findPayableOrder(ctx.db, userId, orderNo, now);
  return ctx.providers.options;
}

/**
 * The buyer chose a method: what to show (the QR address, the bank details), recorded as this
 * order's attempt. 对公转账 first moves the order's deadline out to the bank-transfer window.
 */
export async function createPayment(
  ctx: PaymentContext,
  userId: number,
  orderNo: string,
  method: PaymentMethod,
  now = Date.now(),
): Promise<PaymentInstruction> {
  const provider = providerOrThrow(ctx, method);
  const payable = await findPayableOrder(ctx.db, userId, orderNo, now);
  const order =
    method === PaymentMethod.bankTransfer
      ? { ...payable, expiresAt: await extendPaymentWindow(ctx.db, payable, ctx.config.payments.bankTransferWindowDays, now) }
      : payable;
  const previous = await findAttempt(ctx.db, orderNo, method);
  // A QR address is kept (providers limit how many a trade may get); bank details cost nothing to show again.
  const isReusable = previous?.status === AttemptStatus.created && method !== PaymentMethod.bankTransfer;
  if (isReusable && previous.amountCents === order.payableCents && now - previous.updatedAt < instructionReuseMs) {
    return instructionOf(previous);
  }
  let instruction: PaymentInstruction;
  try {
    instruction = await provider.createPayment({
      orderNo,
      amountCents: order.payableCents,
      subject: `${ctx.config.siteName}订单${orderNo}`,
      expiresAt: order.expiresAt,
      notifyUrl: method === PaymentMethod.alipay || method === PaymentMethod.wechat ? absoluteUrl(ctx, paymentNotifyPaths[method]) : '',
      returnUrl: absoluteUrl(ctx, orderDetailPath(orderNo)),
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    ctx.logger.warn({ err: error, method, orderNo }, 'payment: the provider could not create the payment');
    throw new AppError(paymentErrors.providerFailed);
  }
  const isNotifying = method === PaymentMethod.alipay || method === PaymentMethod.wechat;
  await saveAttempt(ctx.db, {
    orderNo,
    userId,
    method,
    outTradeNo: orderNo,
    amountCents: order.payableCents,
    instructionJson: JSON.stringify(instruction),
    createdAt: now,
    updatedAt: now,
    // The reconciliation asks Alipay and WeChat Pay about it if no notification has come by then.
    nextCheckAt: isNotifying ? nextCheckAt(ctx.config.payments, 0, now) : null,
  });
  return instruction;
}

/** The store's account for 对公转账, when the store offers it (what a program shows its users next to the cashier link). */
export function bankAccountOf(ctx: PaymentContext): BankAccount | null {
  return ctx.providers.find(PaymentMethod.bankTransfer) ? { ...ctx.config.payments.bank } : null;
}

/** Where the member's order stands (an order past its time is cancelled by reading it). */
export async function loadPaymentStatus(ctx: PaymentContext, userId: number, orderNo: string, now = Date.now()): Promise<PaymentStatus> {
  return statusOf(await findOrderOfMember(ctx.db, userId, orderNo, now));
}

/** The cashier page: the order's amount and time, the methods, and the last method's instruction while unpaid. */
export async function loadCashier(ctx: PaymentContext, userId: number, orderNo: string, now = Date.now()): Promise<CashierData> {
  const order = await findOrderOfMember(ctx.db, userId, orderNo, now);
  const isUnpaid = order.status === OrderStatus.unpaid;
  const attempt = isUnpaid ? await findLatestOpenAttempt(ctx.db, orderNo) : undefined;
  // An on-account attempt left unpaid (its order was cancelled meanwhile) has nothing to show again.
  const isOffered = attempt !== undefined && attempt.method !== PaymentMethod.onAccount && ctx.providers.find(attempt.method) !== null;
  return {
    orderNo: order.orderNo,
    payableCents: order.payableCents,
    status: order.status,
    statusLabel: orderStatusLabels[order.status],
    expiresAt: isUnpaid ? order.expiresAt : null,
    methods: isUnpaid ? ctx.providers.options : [],
    instruction: isOffered ? instructionOf(attempt) : null,
    detailPath: orderDetailPath(order.orderNo),
    onAccount: isUnpaid ? await onAccountOfferFor(ctx.db, userId, order.payableCents, now) : null,
  };
}

/**
 * 模拟支付 (development only): pays the order through the same path as a provider's notice, with
 * one trade number per order so a double click pays once.
 */
export async function payByDevelopment(ctx: PaymentContext, userId: number, orderNo: string, now = Date.now()): Promise<PaymentStatus> {
  if (!ctx.config.payments.isDevelopmentEnabled) throw notFound();
  return payInstantly(ctx, userId, orderNo, now, false);
}

/**
 * 模拟支付 of a sandbox order (/open/v1 sandbox keys), in production too: a sandbox order is never
 * fulfilled and no money moves, so an integrator can try the whole flow.
 */
export async function paySandboxOrder(ctx: PaymentContext, userId: number, orderNo: string, now = Date.now()): Promise<PaymentStatus> {
  return payInstantly(ctx, userId, orderNo, now, true);
}

async function payInstantly(ctx: PaymentContext, userId: number, orderNo: string, now: number, isSandbox: boolean): Promise<PaymentStatus> {
  const order = await findPayableOrder(ctx.db, userId, orderNo, now, isSandbox);
  const attempt = await saveAttempt(ctx.db, {
    orderNo,
    userId,
    method: PaymentMethod.development,
    outTradeNo: orderNo,
    amountCents: order.payableCents,
    instructionJson: JSON.stringify({ kind: 'instant', method: 'development' } satisfies PaymentInstruction),
    createdAt: now,
    updatedAt: now,
    nextCheckAt: null,
  });
  const payment = { orderNo, amountCents: order.payableCents, tradeNo: `DEV${orderNo}`, paidAt: now };
  const outcome = await settlePayment(ctx, PaymentMethod.development, attempt, payment, now);
  // Cancelled between the check and the payment: the order stays cancelled.
  if (outcome !== NotificationOutcome.verified && outcome !== NotificationOutcome.duplicate) throw new AppError(orderErrors.notPayable);
  return statusOf(await findOrderOfMember(ctx.db, userId, orderNo, now, isSandbox));
}

/**
 * Staff saw a bank transfer arrive (对公转账): the order is paid once, whoever confirms it and
 * however often; the buyer's bank-transfer attempt, if any, is settled with it.
 */
export async function confirmTransferReceipt(
  ctx: Pick<PaymentContext, 'db' | 'logger'>,
  transfer: { orderNo: string; amountCents: number; staffNote: string },
  now = Date.now(),
): Promise<'paid' | 'alreadyPaid'> {
  const outcome = await confirmBankTransfer(ctx.db, { ...transfer, now });
  const attempt = await findAttempt(ctx.db, transfer.orderNo, PaymentMethod.bankTransfer);
  if (attempt) {
    await moveAttempt(ctx.db, attempt.id, claimFrom(paymentLifecycle, 'confirmTransfer'), {
      status: AttemptStatus.paid,
      tradeNo: null,
      paidCents: transfer.amountCents,
      paidAt: now,
      updatedAt: now,
    });
  }
  ctx.logger.info({ orderNo: transfer.orderNo, outcome }, 'payment: bank transfer confirmed by staff');
  return outcome;
}
