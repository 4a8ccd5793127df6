import type { Generated, Selectable } from 'kysely';
import type { PaymentMethod } from '../../../contract/order.ts';
import { AttemptStatus, type RefundKind, type RefundStatus } from '../../../contract/payment.ts';

/** The attempt's states are declared in contract/payment-lifecycle.ts. */
export { AttemptStatus };

export interface PaymentAttemptsTable {
  id: Generated<number>;
  orderNo: string;
  userId: number;
  method: PaymentMethod;
  outTradeNo: string;
  amountCents: number;
  status: AttemptStatus;
  /** The PaymentInstruction shown to the buyer, as JSON. */
  instructionJson: string;
  /** The provider's own number of the payment that arrived. */
  tradeNo: string | null;
  paidCents: number | null;
  paidAt: number | null;
  createdAt: number;
  updatedAt: number;
  /** When the reconciliation next asks the provider about it (Alipay, WeChat Pay while 待支付); null: never. */
  nextCheckAt: number | null;
  /** How often it was asked: the back-off doubles with each. */
  checkCount: Generated<number>;
}

export const NotificationOutcome = {
  /** Genuine, and it paid the order. */
  verified: 'verified',
  /** Genuine, about a payment already recorded (a replay or a retry). */
  duplicate: 'duplicate',
  /** Bad signature, stale timestamp, another merchant, undecryptable: nothing changed. */
  forged: 'forged',
  /** Genuine, but its amount is not the order's: the order stays unpaid, the money is to be refunded. */
  wrongAmount: 'wrongAmount',
  /** Genuine, but the order was cancelled or paid another way meanwhile: the money is to be refunded. */
  refundNeeded: 'refundNeeded',
  /** Genuine, about no payment this store started. */
  unknownOrder: 'unknownOrder',
  /** Genuine, about a state that needs nothing (trade closed, waiting for the buyer). */
  ignored: 'ignored',
} as const;
export type NotificationOutcome = (typeof NotificationOutcome)[keyof typeof NotificationOutcome];

export interface PaymentNotificationsTable {
  id: Generated<number>;
  method: PaymentMethod;
  orderNo: string | null;
  tradeNo: string | null;
  amountCents: number | null;
  outcome: NotificationOutcome;
  /** Why, in a few words (for forged and ignored notices). */
  reason: string;
  bodySha256: string;
  receivedAt: number;
}

/** A refund staff asked for, by its refund number (the provider's out_request_no / out_refund_no). */
export interface PaymentRefundsTable {
  id: Generated<number>;
  refundNo: string;
  orderNo: string;
  userId: number;
  /** The method that took the payment: the provider refunding it (bankTransfer: 线下退款, paid out by staff). */
  method: PaymentMethod;
  amountCents: number;
  status: RefundStatus;
  /** adjustment, or a binding kind whose failure stays owed (contract/payment.ts). */
  kind: Generated<RefundKind>;
  /** A late payment's attempt (kind latePayment): its trade is refunded, and orders.refunded_cents does not count it. */
  attemptId: number | null;
  reason: string;
  /** The provider's own number of the refund (退款单号 of WeChat Pay, Alipay's trade number). */
  providerRefundNo: string | null;
  /** The provider's last answer, in short (its code and message, or the error), for staff. */
  answer: string;
  createdAt: number;
  updatedAt: number;
  finishedAt: number | null;
  /** When the reconciliation next asks about it (处理中) or tries it again (失败, binding); null: never. */
  nextCheckAt: number | null;
  checkCount: Generated<number>;
}

export type PaymentAttemptRow = Selectable<PaymentAttemptsTable>;
export type PaymentRefundRow = Selectable<PaymentRefundsTable>;

export interface PaymentTables {
  paymentAttempts: PaymentAttemptsTable;
  paymentNotifications: PaymentNotificationsTable;
  paymentRefunds: PaymentRefundsTable;
}
