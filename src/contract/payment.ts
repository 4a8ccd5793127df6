import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import type { OnAccountOffer } from './company-credit.ts';
import type { OrderStatus, PaymentMethod } from './order.ts';

/**
 * Payment (issue 10): the cashier /offer/pay/:orderNo, where an unpaid order is paid by Alipay,
 * WeChat Pay, bank transfer (对公转账, confirmed by staff) or, outside production, 模拟支付.
 * Amounts are in cents (fen).
 */

/** Where the providers send their notifications (server to server: no session, no anti-forgery token). */
export const paymentNotifyPaths = { alipay: '/pay/notify/alipay', wechat: '/pay/notify/wechat' } as const;

/** Where WeChat Pay reports how a refund ended (Alipay answers refunds at once). */
export const refundNotifyPaths = { wechat: '/pay/notify/wechat/refund' } as const;

/** A provider's notification is a few kilobytes; anything much larger is refused unread. */
export const notificationBodyLimit = 64 * 1024;

/** The cashier asks whether a QR payment arrived this often. */
export const paymentPollMs = 2000;

/** One line under each method at the cashier. */
export const paymentMethodHints: Record<PaymentMethod, string> = {
  alipay: '使用支付宝扫码付款',
  wechat: '使用微信扫一扫付款',
  bankTransfer: '转账至本公司对公账户，到账后由工作人员确认',
  development: '开发环境的模拟支付，不产生真实扣款',
  onAccount: '计入企业月结额度，按月对账后统一付款',
};

export interface PaymentMethodOption {
  method: PaymentMethod;
  label: string;
  hint: string;
}

export interface BankAccount {
  accountName: string;
  bankName: string;
  accountNumber: string;
}

/** What the cashier shows once a method is chosen. */
export type PaymentInstruction =
  | {
      kind: 'qr';
      method: 'alipay' | 'wechat';
      /** The address the QR code carries (weixin://wxpay/…, https://qr.alipay.com/…). */
      codeUrl: string;
      /** Alipay's own web cashier (电脑网站支付), or null. */
      webPayUrl: string | null;
      /** The QR code of codeUrl, a PNG data URL drawn on the server. */
      qrImage: string;
    }
  | {
      kind: 'bank';
      method: 'bankTransfer';
      account: BankAccount;
      /** Written in the transfer's remark (附言) so staff can match it: the order number. */
      reference: string;
      amountCents: number;
      /** The order waits this long for the transfer (the bank-transfer window), or null without a deadline. */
      payBefore: number | null;
    }
  | { kind: 'instant'; method: 'development' | 'onAccount' };

/** Where an order stands, for the cashier's polling and after 模拟支付. */
export interface PaymentStatus {
  orderNo: string;
  status: OrderStatus;
  statusLabel: string;
  /** Paid (待发货 or later). */
  isPaid: boolean;
  /** Cancelled (by the buyer, staff or on expiry): nothing more to pay. */
  isCancelled: boolean;
  detailPath: string;
}

/** The cashier page's state. */
export interface CashierData {
  orderNo: string;
  payableCents: number;
  status: OrderStatus;
  statusLabel: string;
  /** Unpaid orders are cancelled at this time; null once paid or cancelled. */
  expiresAt: number | null;
  /** The methods this store offers now, in the cashier's order. */
  methods: PaymentMethodOption[];
  /** The last method chosen for this order and what it showed (reopening the page shows it again). */
  instruction: PaymentInstruction | null;
  detailPath: string;
  /** 月结支付 for a member of a company with 月结 whose role may use it (decision 0030); null otherwise. */
  onAccount?: OnAccountOffer | null;
}

export const paymentMessages = {
  copied: '已复制',
  copyFailed: '复制失败，请手动选择后复制',
  paid: '支付成功',
  expired: '订单已超时取消',
} as const;

/** Where a refund stands: 处理中 (asked of the provider, or 线下退款 for staff to pay out), 成功, 失败. */
export const RefundStatus = { processing: 'processing', succeeded: 'succeeded', failed: 'failed' } as const;
export type RefundStatus = (typeof RefundStatus)[keyof typeof RefundStatus];

export const refundStatusLabels: Record<RefundStatus, string> = { processing: '处理中', succeeded: '成功', failed: '失败' };

/** What the buyer's order detail says of a refund: 退款中 until the money is back, then 已退款 (a failed one is not shown). */
export const refundBuyerLabels: Record<Exclude<RefundStatus, 'failed'>, string> = { processing: '退款中', succeeded: '已退款' };

/** The provider's refund number (out_request_no, out_refund_no): letters, digits, _ and -, at most 64. */
export const refundNoPattern = /^[0-9A-Za-z_-]{1,64}$/;

/**
 * Why a refund is made. An adjustment (补差价/补偿) gives money back and changes nothing else: a
 * provider's failure gives its amount back to the order. The others are binding: the order has
 * been changed with them (cancelled, units taken off, closed, goods returned) or never took the
 * money (a late payment), so a failure keeps the amount owed and the refund is tried again.
 */
export const RefundKind = {
  adjustment: 'adjustment',
  cancellation: 'cancellation',
  lines: 'lines',
  closing: 'closing',
  return: 'return',
  /** Money that arrived for an order that could not take it (cancelled, closed, paid another way, another amount). */
  latePayment: 'latePayment',
} as const;
export type RefundKind = (typeof RefundKind)[keyof typeof RefundKind];

export const refundKinds = Object.values(RefundKind);

export const refundKindLabels: Readonly<Record<RefundKind, string>> = {
  adjustment: '补差价/补偿',
  cancellation: '取消订单退款',
  lines: '取消商品退款',
  closing: '全额退款',
  return: '退货退款',
  latePayment: '取消后到账退回',
};

/** A failed binding refund stays owed (its amount held on the order) and is retried; a failed adjustment is given up. */
export function isBindingRefund(kind: RefundKind): boolean {
  return kind !== RefundKind.adjustment;
}

/** What the buyer's order detail calls a late payment's refund: the order never took that money. */
export const lateRefundBuyerLabels: Record<Exclude<RefundStatus, 'failed'>, string> = { processing: '付款退回中', succeeded: '付款已退回' };

/**
 * A payment attempt (one per order and method the buyer chose): 待支付 until money arrives, 已支付
 * when the order took it, 待退回 → 已退回 when it arrived for an order that could not take it, 已关闭
 * when the clock stopped asking the provider about a payment that never came.
 */
export const AttemptStatus = {
  created: 'created',
  paid: 'paid',
  lateRefunding: 'lateRefunding',
  lateRefunded: 'lateRefunded',
  closed: 'closed',
} as const;
export type AttemptStatus = (typeof AttemptStatus)[keyof typeof AttemptStatus];

export const paymentErrors = defineErrors('payment', {
  methodUnavailable: { code: ResultCode.badRequest, msg: '该支付方式暂不可用，请选择其他支付方式' },
  providerFailed: { code: ResultCode.unavailable, msg: '支付渠道暂时无法下单，请稍后重试或选择其他支付方式' },
  refundNoInvalid: { code: ResultCode.badRequest, msg: '退款单号只能包含字母、数字、下划线和短横线，最长64位' },
  refundNoReused: { code: ResultCode.conflict, msg: '该退款单号已用于另一笔退款，请换一个退款单号' },
  refundProviderFailed: { code: ResultCode.unavailable, msg: '支付渠道退款失败，订单未退款，请稍后用同一退款单号重试' },
  refundNotFound: { code: ResultCode.notFound, msg: '退款记录不存在' },
  /** A refund's state does not allow the step (the message names the state: 退款已成功，不能重新退款). */
  refundNotAllowed: { code: ResultCode.conflict, msg: '退款当前状态不能执行该操作' },
  /** A payment attempt's state does not allow the step (the provider's or the clock's; staff see lateTransferRefused). */
  attemptNotAllowed: { code: ResultCode.conflict, msg: '支付记录当前状态不能执行该操作' },
  /** Staff record a bank transfer the order cannot take: refused while the order can still take it, or after one was recorded. */
  lateTransferRefused: { code: ResultCode.conflict, msg: '该转账不能登记为到账退回' },
  amountInvalid: { code: ResultCode.badRequest, msg: '金额须为大于0的整数（分）' },
});
