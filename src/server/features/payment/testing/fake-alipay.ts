import { createSign, createVerify, randomUUID } from 'node:crypto';
import { beijingDateTime } from '../payment-provider.ts';
import { precreatePath, refundMethod } from '../alipay-provider.ts';
import { rsaKeyPair, type PemKeyPair } from './payment-fixtures.ts';
import { startFakeServer, type FakeRequest, type FakeServer } from './fake-server.ts';

/** The keys of one Alipay application: the merchant's pair, and Alipay's own pair (its public key is given to the store). */
export interface AlipayKeys {
  appId: string;
  app: PemKeyPair;
  alipay: PemKeyPair;
}

export function alipayKeys(): AlipayKeys {
  return { appId: '2021000123456789', app: rsaKeyPair(), alipay: rsaKeyPair() };
}

export function alipayEnv(keys: AlipayKeys, gateway: string): Record<string, string> {
  return {
    ALIPAY_APP_ID: keys.appId,
    ALIPAY_PRIVATE_KEY: keys.app.privateKey,
    ALIPAY_PUBLIC_KEY: keys.alipay.publicKey,
    ALIPAY_GATEWAY: gateway,
    PUBLIC_BASE_URL: 'https://shop.example.com',
  };
}

function rsa2(privateKey: string, text: string): string {
  return createSign('RSA-SHA256').update(text, 'utf8').sign(privateKey, 'base64');
}

/** OpenAPI v3 request signature: `ALIPAY-SHA256withRSA app_id=…,nonce=…,timestamp=…,sign=…` over auth, method, path, body. */
export function isAlipayRequestSigned(request: FakeRequest, keys: AlipayKeys): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^ALIPAY-SHA256withRSA (.+),sign=(.+)$/.exec(header);
  if (!match) return false;
  const [, authString = '', sign = ''] = match;
  if (!authString.split(',').includes(`app_id=${keys.appId}`)) return false;
  return createVerify('RSA-SHA256')
    .update(`${authString}\n${request.method}\n${request.url}\n${request.body}\n`, 'utf8')
    .verify(keys.app.publicKey, sign, 'base64');
}

/** The gateway's (OpenAPI v2, /gateway.do) parameters of a request: the query and the form body together. */
function gatewayParams(request: FakeRequest): Record<string, string> {
  const url = new URL(request.url, 'http://alipay.local');
  return { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(request.body)) };
}

/** Alipay's check of a gateway request: RSA2 with the app's key over every parameter but sign, sorted, `key=value` joined by &. */
export function isAlipayGatewayRequestSigned(request: FakeRequest, keys: AlipayKeys): boolean {
  const { sign = '', ...params } = gatewayParams(request);
  if (params.app_id !== keys.appId) return false;
  const content = Object.keys(params)
    .sort()
    .map((key) => `${key}=${String(params[key])}`)
    .join('&');
  return createVerify('RSA-SHA256').update(content, 'utf8').verify(keys.app.publicKey, sign, 'base64');
}

/** What a test may change while the fake runs: refuse refunds with a business error, or answer them signed by another key. */
export interface FakeAlipayOptions {
  answerKey?: string;
  refundRefusal?: { subCode: string; subMsg: string } | null;
}

/**
 * alipay.trade.refund as Alipay answers it: the response object signed with Alipay's key (the SDK
 * checks the exact JSON text), fund_change Y the first time a refund number is seen, N after.
 */
function answerRefund(request: FakeRequest, keys: AlipayKeys, options: FakeAlipayOptions, refunded: Set<string>) {
  const biz = JSON.parse(gatewayParams(request).biz_content ?? '{}') as { out_trade_no: string; out_request_no: string; refund_amount: string };
  const response = options.refundRefusal
    ? { code: '40004', msg: 'Business Failed', sub_code: options.refundRefusal.subCode, sub_msg: options.refundRefusal.subMsg }
    : {
        code: '10000',
        msg: 'Success',
        trade_no: `2025112322001400${biz.out_trade_no.slice(-10)}`,
        out_trade_no: biz.out_trade_no,
        buyer_logon_id: '138****8000',
        fund_change: refunded.has(biz.out_request_no) ? 'N' : 'Y',
        refund_fee: biz.refund_amount,
      };
  if (!options.refundRefusal) refunded.add(biz.out_request_no);
  const inner = JSON.stringify(response);
  const sign = rsa2(options.answerKey ?? keys.alipay.privateKey, inner);
  return { status: 200, body: `{"alipay_trade_refund_response":${inner},"sign":"${sign}"}` };
}

/**
 * Alipay's gateway: precreate (OpenAPI v3) answers the QR address, alipay.trade.refund (the v2
 * gateway) refunds; both check the store's signature and sign their answers with Alipay's key
 * (the SDK verifies them). `options` may change while it runs (a refusal, an untrusted key).
 */
export function startFakeAlipay(keys: AlipayKeys, options: FakeAlipayOptions = {}): Promise<FakeServer> {
  const refunded = new Set<string>();
  return startFakeServer((request) => {
    if (request.url.startsWith('/gateway.do')) {
      if (!isAlipayGatewayRequestSigned(request, keys) || gatewayParams(request).method !== refundMethod) {
        const error = JSON.stringify({ code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' });
        return { status: 200, body: `{"error_response":${error}}` };
      }
      return answerRefund(request, keys, options, refunded);
    }
    if (request.url !== precreatePath || !isAlipayRequestSigned(request, keys)) {
      return { status: 401, body: JSON.stringify({ code: 'invalid-signature', message: '验签出错' }) };
    }
    const biz = JSON.parse(request.body) as { out_trade_no: string };
    const body = JSON.stringify({ out_trade_no: biz.out_trade_no, qr_code: `https://qr.alipay.com/bax0${biz.out_trade_no}` });
    const timestamp = String(Date.now());
    const nonce = randomUUID();
    const signature = rsa2(options.answerKey ?? keys.alipay.privateKey, `${timestamp}\n${nonce}\n${body}\n`);
    return { status: 200, headers: { 'alipay-timestamp': timestamp, 'alipay-nonce': nonce, 'alipay-signature': signature }, body };
  });
}

/**
 * An asynchronous notification as Alipay posts it: form fields signed RSA2 with Alipay's key over
 * the sorted `key=value` pairs without sign and sign_type. `tamper` changes fields after signing.
 */
export function alipayNotification(
  keys: AlipayKeys,
  fields: { orderNo: string; amount: string; tradeNo?: string; tradeStatus?: string; appId?: string },
  options: { tamper?: Record<string, string>; signWith?: string } = {},
): string {
  const now = Date.now();
  const signed: Record<string, string> = {
    notify_time: beijingDateTime(now),
    notify_type: 'trade_status_sync',
    notify_id: randomUUID().replaceAll('-', ''),
    app_id: fields.appId ?? keys.appId,
    charset: 'utf-8',
    version: '1.0',
    trade_no: fields.tradeNo ?? `2025112322001400${fields.orderNo.slice(-10)}`,
    out_trade_no: fields.orderNo,
    trade_status: fields.tradeStatus ?? 'TRADE_SUCCESS',
    total_amount: fields.amount,
    receipt_amount: fields.amount,
    subject: `芯品商城订单${fields.orderNo}`,
    buyer_logon_id: '138****8000',
    gmt_create: beijingDateTime(now - 60_000),
    gmt_payment: beijingDateTime(now - 1000),
  };
  const content = Object.keys(signed)
    .sort()
    .map((key) => `${key}=${String(signed[key])}`)
    .join('&');
  const sign = rsa2(options.signWith ?? keys.alipay.privateKey, content);
  return new URLSearchParams({ ...signed, ...options.tamper, sign_type: 'RSA2', sign }).toString();
}
