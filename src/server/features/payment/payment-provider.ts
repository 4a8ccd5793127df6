import type { IncomingHttpHeaders } from 'node:http';
import QRCode from 'qrcode';
import type { PaymentMethod } from '../../../contract/order.ts';
import type { PaymentInstruction } from '../../../contract/payment.ts';

/** What the store asks a provider to collect. */
export interface PaymentRequest {
  orderNo: string;
  amountCents: number;
  /** The order's title as the buyer's app shows it (订单标题). */
  subject: string;
  /** The provider stops accepting the payment at this time (the order's expiry). */
  expiresAt: number | null;
  /** Absolute addresses: the provider's notification, and where its own web page returns the buyer. */
  notifyUrl: string;
  returnUrl: string;
}

/** A payment the provider vouches for. */
export interface ProviderPayment {
  orderNo: string;
  amountCents: number;
  /** The provider's number for it (支付宝交易号, 微信支付订单号). */
  tradeNo: string;
  paidAt: number;
}

export type NotificationVerdict =
  | { kind: 'payment'; payment: ProviderPayment }
  /** Genuine, but not a completed payment (closed, waiting): acknowledged, nothing to do. */
  | { kind: 'ignored'; orderNo: string | null; reason: string }
  /** Not provably from the provider, or not for this merchant: refused, nothing changes. */
  | { kind: 'forged'; reason: string };

export interface NotificationRequest {
  headers: IncomingHttpHeaders;
  /** The body exactly as received: signatures cover these bytes. */
  rawBody: string;
  /** The sender's address (request.ip): forged notices are recorded only up to a limit per address. */
  address?: string;
}

/** How a provider wants to be answered: accepted stops its retries, refused makes it try again later. */
export interface ProviderAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** What the store asks a provider to give back, of a payment it took. */
export interface RefundRequest {
  /** The payment's number at the store (out_trade_no) and the provider's (trade_no, transaction_id). */
  orderNo: string;
  tradeNo: string | null;
  /** The store's refund number: asking again with it never refunds twice (out_request_no, out_refund_no). */
  refundNo: string;
  amountCents: number;
  /** What the payment was (WeChat Pay wants it with every refund). */
  totalCents: number;
  reason: string;
  /** Where an asynchronous provider reports the refund's end (WeChat Pay). */
  notifyUrl: string;
}

/**
 * The provider's answer: refunded now, accepted and finished later (WeChat Pay's PROCESSING, a
 * 线下退款 staff pay out), or refused. `answer` is its code and message in short, for staff.
 */
export interface ProviderRefund {
  status: 'succeeded' | 'processing' | 'failed';
  providerRefundNo: string | null;
  answer: string;
}

/** Where a payment stands at the provider, asked when its notification never came (alipay.trade.query, WeChat's 查询订单). */
export type ProviderPaymentState =
  | { status: 'paid'; payment: ProviderPayment }
  /** Not paid (yet): waiting for the buyer, closed, or unknown to the provider (a QR never scanned); `answer` says which. */
  | { status: 'unpaid'; answer: string };

/** Where a refund stands at the provider: as the refund call answers, or unknown to it (never asked, or asked and lost). */
export type ProviderRefundState = ProviderRefund | { status: 'notFound'; providerRefundNo: null; answer: string };

export interface RefundQuery {
  /** The payment's numbers, as in RefundRequest. */
  orderNo: string;
  tradeNo: string | null;
  refundNo: string;
}

export interface PaymentProvider {
  method: PaymentMethod;
  createPayment(request: PaymentRequest): Promise<PaymentInstruction>;
  /** Throws ProviderError when the provider could not be asked or its answer cannot be trusted. */
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /** The payment of `orderNo` (out_trade_no); absent for 对公转账. Throws ProviderError as refund does. */
  queryPayment?: (orderNo: string) => Promise<ProviderPaymentState>;
  /** A refund by its number; absent for 对公转账 (finance confirm it). Throws ProviderError as refund does. */
  queryRefund?: (query: RefundQuery) => Promise<ProviderRefundState>;
}

export type RefundNotificationVerdict =
  | { kind: 'refund'; refundNo: string; orderNo: string; status: 'succeeded' | 'failed'; providerRefundNo: string; amountCents: number; answer: string }
  | { kind: 'ignored'; orderNo: string | null; reason: string }
  | { kind: 'forged'; reason: string };

/** A provider that confirms payments by calling the store back (Alipay, WeChat Pay). */
export interface NotifyingProvider extends PaymentProvider {
  method: 'alipay' | 'wechat';
  verifyNotification(request: NotificationRequest, now: number): NotificationVerdict;
  /** Providers whose refunds end later call the store back too (WeChat Pay). */
  verifyRefundNotification?: (request: NotificationRequest, now: number) => RefundNotificationVerdict;
  answers: { accepted: ProviderAnswer; refused: ProviderAnswer };
}

/** A provider's request that failed (network, refusal, a reply whose signature does not hold). */
export class ProviderError extends Error {
  constructor(
    readonly method: PaymentMethod,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The QR code a phone scans to pay: a PNG data URL, medium error correction, sized for the cashier. */
export function qrImageOf(codeUrl: string): Promise<string> {
  return QRCode.toDataURL(codeUrl, { errorCorrectionLevel: 'M', margin: 1, width: 220 });
}
