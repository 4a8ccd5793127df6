import { AlipaySdk } from 'alipay-sdk';
import { centsOfYuanText, yuanTextOfCents } from '../../../contract/money.ts';
import { formatBeijingTimeSeconds, parseBeijingTimeSeconds } from '../../../contract/time.ts';
import type { AlipayConfig } from '../../config.ts';
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
  type RefundQuery,
  type RefundRequest,
} from './payment-provider.ts';
import { privateKeyOf, publicKeyOf } from './provider-keys.ts';

/** 当面付 precreate (OpenAPI v3): Alipay answers the QR code's address for the order. */
export const precreatePath = '/v3/alipay/trade/precreate';

/** 统一收单交易退款 (OpenAPI v2 through the SDK's exec): synchronous, idempotent on out_request_no. */
export const refundMethod = 'alipay.trade.refund';

/** 统一收单交易查询: where a trade stands (a QR never scanned is ACQ.TRADE_NOT_EXIST). */
export const tradeQueryMethod = 'alipay.trade.query';

/** 统一收单交易退款查询: a refund that went through answers its amount; one that did not answers none. */
export const refundQueryMethod = 'alipay.trade.fastpay.refund.query';

const requestTimeoutMs = 10_000;
const paidStates = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/** The SDK, RSA2-signing with the application's key and checking answers with Alipay's public key. */
function alipaySdkOf(config: AlipayConfig): AlipaySdk {
  return new AlipaySdk({
    appId: config.appId,
    // The SDK rebuilds PEM from the key's lines: hand it PKCS#8 PEM without a trailing newline.
    privateKey: privateKeyOf('ALIPAY_PRIVATE_KEY', config.privateKey).export({ type: 'pkcs8', format: 'pem' }).toString().trim(),
    keyType: 'PKCS8',
    alipayPublicKey: publicKeyOf('ALIPAY_PUBLIC_KEY', config.alipayPublicKey).export({ type: 'spki', format: 'pem' }).toString().trim(),
    endpoint: config.gateway,
    gateway: `${config.gateway}/gateway.do`,
    timeout: requestTimeoutMs,
  });
}

async function createAlipayPayment(sdk: AlipaySdk, request: PaymentRequest) {
  const bizContent = {
    out_trade_no: request.orderNo,
    total_amount: yuanTextOfCents(request.amountCents),
    subject: request.subject,
    ...(request.expiresAt === null ? {} : { time_expire: formatBeijingTimeSeconds(request.expiresAt) }),
  };
  let qrCode: unknown;
  try {
    const answer = await sdk.curl<{ qr_code?: unknown }>('POST', precreatePath, { body: { ...bizContent, notify_url: request.notifyUrl } });
    qrCode = answer.data.qr_code;
  } catch (error) {
    throw new ProviderError('alipay', `precreate failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (typeof qrCode !== 'string' || !qrCode) throw new ProviderError('alipay', 'precreate: no qr_code in the answer');
  const webPayUrl = sdk.pageExecute('alipay.trade.page.pay', 'GET', {
    bizContent: { ...bizContent, product_code: 'FAST_INSTANT_TRADE_PAY' },
    notifyUrl: request.notifyUrl,
    returnUrl: request.returnUrl,
  });
  return { kind: 'qr' as const, method: 'alipay' as const, codeUrl: qrCode, webPayUrl, qrImage: await qrImageOf(qrCode) };
}

/** A gateway call through the SDK's exec, its answer's RSA2 signature checked; its fields as text, and the code and messages in short. */
async function execAlipay(sdk: AlipaySdk, method: string, bizContent: Record<string, unknown>, what: string) {
  let answer: Record<string, unknown>;
  try {
    answer = await sdk.exec(method, { bizContent }, { validateSign: true });
  } catch (error) {
    throw new ProviderError('alipay', `${what} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const text = (key: string) => (typeof answer[key] === 'string' ? answer[key] : '');
  return { text, summary: [text('code'), text('msg'), text('subCode'), text('subMsg')].filter(Boolean).join(' ') };
}

/**
 * alipay.trade.refund answers at once: code 10000 is refunded (fund_change N on a repeated
 * out_request_no means the money already went back), any other code is a refusal. The answer's
 * RSA2 signature is checked by the SDK (validateSign).
 */
async function refundAlipay(sdk: AlipaySdk, request: RefundRequest): Promise<ProviderRefund> {
  const { text, summary } = await execAlipay(
    sdk,
    refundMethod,
    {
      out_trade_no: request.orderNo,
      ...(request.tradeNo ? { trade_no: request.tradeNo } : {}),
      refund_amount: yuanTextOfCents(request.amountCents),
      out_request_no: request.refundNo,
      refund_reason: request.reason,
    },
    'refund',
  );
  if (text('code') !== '10000') return { status: 'failed', providerRefundNo: null, answer: summary };
  return { status: 'succeeded', providerRefundNo: text('tradeNo') || null, answer: `${summary} fund_change=${text('fundChange')}` };
}

/** alipay.trade.query: TRADE_SUCCESS and TRADE_FINISHED are paid; WAIT_BUYER_PAY, TRADE_CLOSED and a trade never created are not. */
async function queryAlipayPayment(sdk: AlipaySdk, orderNo: string): Promise<ProviderPaymentState> {
  const { text, summary } = await execAlipay(sdk, tradeQueryMethod, { out_trade_no: orderNo }, 'trade query');
  if (text('code') === '40004' && text('subCode') === 'ACQ.TRADE_NOT_EXIST') return { status: 'unpaid', answer: summary };
  if (text('code') !== '10000') throw new ProviderError('alipay', `trade query: ${summary}`);
  const tradeStatus = text('tradeStatus');
  if (!paidStates.has(tradeStatus)) return { status: 'unpaid', answer: tradeStatus || summary };
  const amountCents = centsOfYuanText(text('totalAmount'));
  if (text('outTradeNo') !== orderNo || !text('tradeNo') || amountCents === null)
    throw new ProviderError('alipay', `trade query: incomplete answer ${summary}`);
  const paidAt = parseBeijingTimeSeconds(text('sendPayDate')) ?? Date.now();
  return { status: 'paid', payment: { orderNo, amountCents, tradeNo: text('tradeNo'), paidAt } };
}

/**
 * alipay.trade.fastpay.refund.query: code 10000 with the refund's amount (and refund_status empty
 * or REFUND_SUCCESS) is refunded; code 10000 without it is a refund Alipay never made (ask again
 * under the same out_request_no).
 */
async function queryAlipayRefund(sdk: AlipaySdk, query: RefundQuery): Promise<ProviderRefundState> {
  const { text, summary } = await execAlipay(
    sdk,
    refundQueryMethod,
    { out_trade_no: query.orderNo, ...(query.tradeNo ? { trade_no: query.tradeNo } : {}), out_request_no: query.refundNo },
    'refund query',
  );
  if (text('code') === '40004' && text('subCode') === 'ACQ.TRADE_NOT_EXIST') return { status: 'notFound', providerRefundNo: null, answer: summary };
  if (text('code') !== '10000') throw new ProviderError('alipay', `refund query: ${summary}`);
  if (!text('refundAmount') || text('outRequestNo') !== query.refundNo) return { status: 'notFound', providerRefundNo: null, answer: `${summary} 无此退款` };
  const refundStatus = text('refundStatus');
  const answer = `${summary} ${refundStatus || 'refund_amount'}=${text('refundAmount')}`;
  if (refundStatus === '' || refundStatus === 'REFUND_SUCCESS') return { status: 'succeeded', providerRefundNo: text('tradeNo') || null, answer };
  return { status: 'processing', providerRefundNo: text('tradeNo') || null, answer };
}

/** The notification form: its RSA2 signature (checkNotifySignV2), then the app, the state and the amount. */
function verifyAlipayNotification(sdk: AlipaySdk, config: AlipayConfig, request: NotificationRequest, now: number): NotificationVerdict {
  const fields = Object.fromEntries(new URLSearchParams(request.rawBody));
  if (!fields.sign || !sdk.checkNotifySignV2(fields)) return { kind: 'forged', reason: 'badSignature' };
  if (fields.app_id !== config.appId) return { kind: 'forged', reason: 'anotherApp' };
  const orderNo = fields.out_trade_no ?? '';
  const tradeStatus = fields.trade_status ?? '';
  if (!paidStates.has(tradeStatus)) return { kind: 'ignored', orderNo: orderNo || null, reason: tradeStatus || 'noTradeStatus' };
  const amountCents = centsOfYuanText(fields.total_amount ?? '');
  const tradeNo = fields.trade_no ?? '';
  if (!orderNo || !tradeNo || amountCents === null) return { kind: 'forged', reason: 'incomplete' };
  return { kind: 'payment', payment: { orderNo, amountCents, tradeNo, paidAt: parseBeijingTimeSeconds(fields.gmt_payment ?? '') ?? now } };
}

/**
 * Alipay through the official SDK: precreate (当面付) gives the QR the cashier shows, and
 * alipay.trade.page.pay (电脑网站支付) a signed link to Alipay's own web cashier; both RSA2-signed
 * with the application's key. Alipay's asynchronous notification is a form whose RSA2 signature is
 * checked with Alipay's public key (checkNotifySignV2), then the app, the state and the amount.
 */
export function createAlipayProvider(config: AlipayConfig): NotifyingProvider {
  const sdk = alipaySdkOf(config);
  return {
    method: 'alipay',
    createPayment: (request) => createAlipayPayment(sdk, request),
    refund: (request) => refundAlipay(sdk, request),
    queryPayment: (orderNo) => queryAlipayPayment(sdk, orderNo),
    queryRefund: (query) => queryAlipayRefund(sdk, query),
    verifyNotification: (request, now) => verifyAlipayNotification(sdk, config, request, now),
    // Alipay stops retrying once it reads `success`; anything else and it tries again later.
    answers: {
      accepted: { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' },
      refused: { status: 400, contentType: 'text/plain; charset=utf-8', body: 'fail' },
    },
  };
}
