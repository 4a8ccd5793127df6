import { z } from 'zod';
import { formatBeijingRfc3339 } from '../../../contract/time.ts';
import type { WechatPayConfig } from '../../config.ts';
import {
  ProviderError,
  type NotificationRequest,
  type NotificationVerdict,
  type NotifyingProvider,
  type PaymentRequest,
  type ProviderPaymentState,
  type ProviderRefund,
  type ProviderRefundState,
  qrImageOf,
  type RefundNotificationVerdict,
  type RefundQuery,
  type RefundRequest,
} from './payment-provider.ts';
import { privateKeyOf, publicKeyOf } from './provider-keys.ts';
import { authorizationOf, decryptResource, signatureProblemOf } from './wechat-pay-crypto.ts';

/** WeChat Pay APIv3, Native (扫码支付): the store shows code_url as a QR code; WeChat calls back when it is paid. */
export const nativeOrderPath = '/v3/pay/transactions/native';
/** 申请退款: asynchronous; WeChat calls the refund's notify_url when it ends. */
export const refundPath = '/v3/refund/domestic/refunds';
/** 商户订单号查询订单: GET …/{out_trade_no}?mchid=… (an order never paid is only found by this number). */
export const transactionQueryPath = '/v3/pay/transactions/out-trade-no';

const requestTimeoutMs = 10_000;
/** 商品描述 is at most 127 characters. */
const descriptionMaxLength = 127;

const noticeSchema = z.object({
  event_type: z.string(),
  resource: z.object({ algorithm: z.string(), ciphertext: z.string(), nonce: z.string(), associated_data: z.string().optional() }),
});

const transactionSchema = z.object({
  mchid: z.string(),
  appid: z.string(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  trade_state: z.string(),
  success_time: z.string().optional(),
  amount: z.object({ total: z.number().int(), currency: z.string().optional() }).optional(),
});

const refundAnswerSchema = z.object({
  refund_id: z.string(),
  out_refund_no: z.string(),
  status: z.string(),
});

const refundResourceSchema = z.object({
  mchid: z.string(),
  out_trade_no: z.string(),
  out_refund_no: z.string(),
  refund_id: z.string(),
  refund_status: z.string(),
  amount: z.object({ refund: z.number().int() }),
});

/** 退款状态: SUCCESS refunded, PROCESSING on its way, CLOSED and ABNORMAL not refunded (staff look into it). */
function refundStatusOf(status: string): ProviderRefund['status'] {
  if (status === 'SUCCESS') return 'succeeded';
  return status === 'PROCESSING' ? 'processing' : 'failed';
}

function headersOf(response: Response): Record<string, string> {
  return Object.fromEntries(response.headers.entries());
}

/** What every call needs: the configuration, the merchant's signing key and the platform's public key. */
interface WechatPayContext {
  config: WechatPayConfig;
  signer: Parameters<typeof authorizationOf>[0];
  platform: Parameters<typeof signatureProblemOf>[2];
}

/** A signed APIv3 call; the answer's signature is checked on a 2xx. Throws ProviderError when there is no trustworthy answer. */
async function callWechat(
  context: WechatPayContext,
  method: 'GET' | 'POST',
  path: string,
  body: string,
  what: string,
): Promise<{ status: number; text: string }> {
  const { config, signer, platform } = context;
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${config.baseUrl}${path}`, {
      method,
      headers: {
        authorization: authorizationOf(signer, method, path, body),
        accept: 'application/json',
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        'user-agent': 'xinpin-mall',
      },
      ...(method === 'POST' ? { body } : {}),
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    text = await response.text();
  } catch (error) {
    throw new ProviderError('wechat', `${what}: no answer`, { cause: error });
  }
  if (response.status >= 500 || (!response.ok && response.status !== 400 && response.status !== 403 && response.status !== 404)) {
    throw new ProviderError('wechat', `${what}: HTTP ${String(response.status)} ${text.slice(0, 300)}`);
  }
  if (response.ok) {
    const problem = signatureProblemOf(headersOf(response), text, platform, Date.now());
    if (problem) throw new ProviderError('wechat', `${what}: the answer's signature failed (${problem})`);
  }
  return { status: response.status, text };
}

async function createWechatPayment(context: WechatPayContext, request: PaymentRequest) {
  const { config } = context;
  const body = JSON.stringify({
    appid: config.appId,
    mchid: config.mchId,
    description: request.subject.slice(0, descriptionMaxLength),
    out_trade_no: request.orderNo,
    ...(request.expiresAt === null ? {} : { time_expire: formatBeijingRfc3339(request.expiresAt) }),
    notify_url: request.notifyUrl,
    amount: { total: request.amountCents, currency: 'CNY' },
  });
  const { status, text } = await callWechat(context, 'POST', nativeOrderPath, body, 'native order');
  if (status !== 200) throw new ProviderError('wechat', `native order: HTTP ${String(status)} ${text.slice(0, 300)}`);
  const answer = z.object({ code_url: z.string().min(1) }).safeParse(JSON.parse(text));
  if (!answer.success) throw new ProviderError('wechat', `native order: no code_url in ${text.slice(0, 300)}`);
  return { kind: 'qr' as const, method: 'wechat' as const, codeUrl: answer.data.code_url, webPayUrl: null, qrImage: await qrImageOf(answer.data.code_url) };
}

/** 申请退款: a refusal (4xx with {code, message}) is a failed refund; PROCESSING ends in a refund notification. */
async function refundWechat(context: WechatPayContext, request: RefundRequest): Promise<ProviderRefund> {
  const body = JSON.stringify({
    ...(request.tradeNo ? { transaction_id: request.tradeNo } : { out_trade_no: request.orderNo }),
    out_refund_no: request.refundNo,
    reason: request.reason.slice(0, 80),
    notify_url: request.notifyUrl,
    amount: { refund: request.amountCents, total: request.totalCents, currency: 'CNY' },
  });
  const { status, text } = await callWechat(context, 'POST', refundPath, body, 'refund');
  if (status !== 200) {
    const refusal = z.object({ code: z.string(), message: z.string() }).safeParse(JSON.parse(text));
    return { status: 'failed', providerRefundNo: null, answer: refusal.success ? `${refusal.data.code} ${refusal.data.message}` : text.slice(0, 300) };
  }
  const answer = refundAnswerSchema.safeParse(JSON.parse(text));
  if (!answer.success || answer.data.out_refund_no !== request.refundNo) throw new ProviderError('wechat', `refund: unexpected answer ${text.slice(0, 300)}`);
  return { status: refundStatusOf(answer.data.status), providerRefundNo: answer.data.refund_id, answer: answer.data.status };
}

/** 查询订单 by out_trade_no: SUCCESS is paid; NOTPAY, CLOSED, REVOKED, PAYERROR, REFUND and an unknown order (404) are not settled by it. */
async function queryWechatPayment(context: WechatPayContext, orderNo: string): Promise<ProviderPaymentState> {
  const { config } = context;
  const path = `${transactionQueryPath}/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(config.mchId)}`;
  const { status, text } = await callWechat(context, 'GET', path, '', 'order query');
  if (status === 404) return { status: 'unpaid', answer: `ORDER_NOT_EXIST ${text.slice(0, 200)}` };
  if (status !== 200) throw new ProviderError('wechat', `order query: HTTP ${String(status)} ${text.slice(0, 300)}`);
  const parsed = transactionSchema.safeParse(JSON.parse(text));
  if (!parsed.success || parsed.data.out_trade_no !== orderNo || parsed.data.mchid !== config.mchId) {
    throw new ProviderError('wechat', `order query: unexpected answer ${text.slice(0, 300)}`);
  }
  const transaction = parsed.data;
  if (transaction.trade_state !== 'SUCCESS') return { status: 'unpaid', answer: transaction.trade_state };
  const { amount, transaction_id: tradeNo } = transaction;
  if (!amount || (amount.currency !== undefined && amount.currency !== 'CNY') || !tradeNo) throw new ProviderError('wechat', 'order query: incomplete answer');
  const paidAt = transaction.success_time ? Date.parse(transaction.success_time) : Number.NaN;
  return { status: 'paid', payment: { orderNo, amountCents: amount.total, tradeNo, paidAt: Number.isNaN(paidAt) ? Date.now() : paidAt } };
}

/** 查询单笔退款 by out_refund_no: SUCCESS, PROCESSING, CLOSED/ABNORMAL as the refund call; 404 is a refund WeChat never took. */
async function queryWechatRefund(context: WechatPayContext, query: RefundQuery): Promise<ProviderRefundState> {
  const { status, text } = await callWechat(context, 'GET', `${refundPath}/${encodeURIComponent(query.refundNo)}`, '', 'refund query');
  if (status === 404) return { status: 'notFound', providerRefundNo: null, answer: `RESOURCE_NOT_EXISTS ${text.slice(0, 200)}` };
  if (status !== 200) throw new ProviderError('wechat', `refund query: HTTP ${String(status)} ${text.slice(0, 300)}`);
  const answer = refundAnswerSchema.safeParse(JSON.parse(text));
  if (!answer.success || answer.data.out_refund_no !== query.refundNo)
    throw new ProviderError('wechat', `refund query: unexpected answer ${text.slice(0, 300)}`);
  return { status: refundStatusOf(answer.data.status), providerRefundNo: answer.data.refund_id, answer: `查询 ${answer.data.status}` };
}

/** The encrypted resource of a genuine notification, or why it is not one. */
function openNotification(context: WechatPayContext, request: NotificationRequest, now: number): { plaintext: string; eventType: string } | { reason: string } {
  const { config, platform } = context;
  const problem = signatureProblemOf(request.headers, request.rawBody, platform, now);
  if (problem) return { reason: problem };
  let notice: z.infer<typeof noticeSchema>;
  try {
    notice = noticeSchema.parse(JSON.parse(request.rawBody));
  } catch {
    return { reason: 'malformed' };
  }
  const plaintext = decryptResource(config.apiV3Key, notice.resource);
  return plaintext === null ? { reason: 'undecryptable' } : { plaintext, eventType: notice.event_type };
}

/** 退款结果通知: signed and encrypted as payment notifications are; REFUND.SUCCESS ends the refund, ABNORMAL and CLOSED fail it. */
function verifyWechatRefundNotification(context: WechatPayContext, request: NotificationRequest, now: number): RefundNotificationVerdict {
  const { config } = context;
  const opened = openNotification(context, request, now);
  if ('reason' in opened) return { kind: 'forged', reason: opened.reason };
  let resource: z.infer<typeof refundResourceSchema>;
  try {
    resource = refundResourceSchema.parse(JSON.parse(opened.plaintext));
  } catch {
    return { kind: 'forged', reason: 'malformedResource' };
  }
  if (resource.mchid !== config.mchId) return { kind: 'forged', reason: 'anotherMerchant' };
  const status = refundStatusOf(resource.refund_status);
  if (!opened.eventType.startsWith('REFUND.') || status === 'processing')
    return { kind: 'ignored', orderNo: resource.out_trade_no, reason: resource.refund_status };
  return {
    kind: 'refund',
    refundNo: resource.out_refund_no,
    orderNo: resource.out_trade_no,
    status,
    providerRefundNo: resource.refund_id,
    amountCents: resource.amount.refund,
    answer: `${opened.eventType} ${resource.refund_status}`,
  };
}

function verifyWechatNotification(context: WechatPayContext, request: NotificationRequest, now: number): NotificationVerdict {
  const { config } = context;
  const opened = openNotification(context, request, now);
  if ('reason' in opened) return { kind: 'forged', reason: opened.reason };
  let transaction: z.infer<typeof transactionSchema>;
  try {
    transaction = transactionSchema.parse(JSON.parse(opened.plaintext));
  } catch {
    return { kind: 'forged', reason: 'malformedResource' };
  }
  if (transaction.mchid !== config.mchId || transaction.appid !== config.appId) return { kind: 'forged', reason: 'anotherMerchant' };
  if (opened.eventType !== 'TRANSACTION.SUCCESS' || transaction.trade_state !== 'SUCCESS') {
    return { kind: 'ignored', orderNo: transaction.out_trade_no, reason: transaction.trade_state };
  }
  const { amount, transaction_id: tradeNo } = transaction;
  if (!amount || (amount.currency !== undefined && amount.currency !== 'CNY') || !tradeNo) return { kind: 'forged', reason: 'incomplete' };
  const paidAt = transaction.success_time ? Date.parse(transaction.success_time) : Number.NaN;
  return {
    kind: 'payment',
    payment: { orderNo: transaction.out_trade_no, amountCents: amount.total, tradeNo, paidAt: Number.isNaN(paidAt) ? now : paidAt },
  };
}

/** WeChat Pay APIv3 with the merchant's key; each operation is one of the functions above. */
export function createWechatPayProvider(config: WechatPayConfig): NotifyingProvider {
  const signer = { mchId: config.mchId, serialNo: config.serialNo, privateKey: privateKeyOf('WECHATPAY_PRIVATE_KEY', config.privateKey) };
  const platform = { publicKey: publicKeyOf('WECHATPAY_PLATFORM_PUBLIC_KEY', config.platformPublicKey), publicKeyId: config.platformPublicKeyId };
  const context: WechatPayContext = { config, signer, platform };
  return {
    method: 'wechat',
    createPayment: (request) => createWechatPayment(context, request),
    refund: (request) => refundWechat(context, request),
    queryPayment: (orderNo) => queryWechatPayment(context, orderNo),
    queryRefund: (query) => queryWechatRefund(context, query),
    verifyNotification: (request, now) => verifyWechatNotification(context, request, now),
    verifyRefundNotification: (request, now) => verifyWechatRefundNotification(context, request, now),
    answers: {
      // 接收成功: HTTP 200 or 204 without a body; 接收失败: 4XX/5XX with {code, message}, and WeChat retries.
      accepted: { status: 204, contentType: 'application/json', body: '' },
      refused: { status: 401, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: '签名验证失败' }) },
    },
  };
}
