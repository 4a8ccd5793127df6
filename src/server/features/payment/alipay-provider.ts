import { AlipaySdk } from 'alipay-sdk';
import type { AlipayConfig } from '../../config.ts';
import {
  beijingDateTime,
  centsOfYuanText,
  parseBeijingDateTime,
  ProviderError,
  yuanTextOf,
  type NotificationRequest,
  type NotificationVerdict,
  type NotifyingProvider,
  type PaymentRequest,
  type ProviderRefund,
  qrImageOf,
  type RefundRequest,
} from './payment-provider.ts';
import { privateKeyOf, publicKeyOf } from './provider-keys.ts';

/** 当面付 precreate (OpenAPI v3): Alipay answers the QR code's address for the order. */
export const precreatePath = '/v3/alipay/trade/precreate';

/** 统一收单交易退款 (OpenAPI v2 through the SDK's exec): synchronous, idempotent on out_request_no. */
export const refundMethod = 'alipay.trade.refund';

const requestTimeoutMs = 10_000;
const paidStates = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/**
 * Alipay through the official SDK: precreate (当面付) gives the QR the cashier shows, and
 * alipay.trade.page.pay (电脑网站支付) a signed link to Alipay's own web cashier; both RSA2-signed
 * with the application's key. Alipay's asynchronous notification is a form whose RSA2 signature is
 * checked with Alipay's public key (checkNotifySignV2), then the app, the state and the amount.
 */
export function createAlipayProvider(config: AlipayConfig): NotifyingProvider {
  const sdk = new AlipaySdk({
    appId: config.appId,
    // The SDK rebuilds PEM from the key's lines: hand it PKCS#8 PEM without a trailing newline.
    privateKey: privateKeyOf('ALIPAY_PRIVATE_KEY', config.privateKey).export({ type: 'pkcs8', format: 'pem' }).toString().trim(),
    keyType: 'PKCS8',
    alipayPublicKey: publicKeyOf('ALIPAY_PUBLIC_KEY', config.alipayPublicKey).export({ type: 'spki', format: 'pem' }).toString().trim(),
    endpoint: config.gateway,
    gateway: `${config.gateway}/gateway.do`,
    timeout: requestTimeoutMs,
  });

  async function createPayment(request: PaymentRequest) {
    const bizContent = {
      out_trade_no: request.orderNo,
      total_amount: yuanTextOf(request.amountCents),
      subject: request.subject,
      ...(request.expiresAt === null ? {} : { time_expire: beijingDateTime(request.expiresAt) }),
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

  /**
   * alipay.trade.refund answers at once: code 10000 is refunded (fund_change N on a repeated
   * out_request_no means the money already went back), any other code is a refusal. The answer's
   * RSA2 signature is checked by the SDK (validateSign).
   */
  async function refund(request: RefundRequest): Promise<ProviderRefund> {
    let answer: Record<string, unknown>;
    try {
      answer = await sdk.exec(
        refundMethod,
        {
          bizContent: {
            out_trade_no: request.orderNo,
            ...(request.tradeNo ? { trade_no: request.tradeNo } : {}),
            refund_amount: yuanTextOf(request.amountCents),
            out_request_no: request.refundNo,
            refund_reason: request.reason,
          },
        },
        { validateSign: true },
      );
    } catch (error) {
      throw new ProviderError('alipay', `refund failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    const text = (key: string) => (typeof answer[key] === 'string' ? answer[key] : '');
    const summary = [text('code'), text('msg'), text('subCode'), text('subMsg')].filter(Boolean).join(' ');
    if (text('code') !== '10000') return { status: 'failed', providerRefundNo: null, answer: summary };
    return { status: 'succeeded', providerRefundNo: text('tradeNo') || null, answer: `${summary} fund_change=${text('fundChange')}` };
  }

  function verifyNotification(request: NotificationRequest, now: number): NotificationVerdict {
    const fields = Object.fromEntries(new URLSearchParams(request.rawBody));
    if (!fields.sign || !sdk.checkNotifySignV2(fields)) return { kind: 'forged', reason: 'badSignature' };
    if (fields.app_id !== config.appId) return { kind: 'forged', reason: 'anotherApp' };
    const orderNo = fields.out_trade_no ?? '';
    const tradeStatus = fields.trade_status ?? '';
    if (!paidStates.has(tradeStatus)) return { kind: 'ignored', orderNo: orderNo || null, reason: tradeStatus || 'noTradeStatus' };
    const amountCents = centsOfYuanText(fields.total_amount ?? '');
    const tradeNo = fields.trade_no ?? '';
    if (!orderNo || !tradeNo || amountCents === null) return { kind: 'forged', reason: 'incomplete' };
    return { kind: 'payment', payment: { orderNo, amountCents, tradeNo, paidAt: parseBeijingDateTime(fields.gmt_payment ?? '') ?? now } };
  }

  return {
    method: 'alipay',
    createPayment,
    refund,
    verifyNotification,
    // Alipay stops retrying once it reads `success`; anything else and it tries again later.
    answers: {
      accepted: { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' },
      refused: { status: 400, contentType: 'text/plain; charset=utf-8', body: 'fail' },
    },
  };
}
