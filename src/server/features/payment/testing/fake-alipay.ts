import { createSign, createVerify, randomUUID } from 'node:crypto';
import { formatBeijingTimeSeconds } from '../../../../contract/time.ts';
import { precreatePath, refundMethod, refundQueryMethod, tradeQueryMethod } from '../alipay-provider.ts';
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

/** A trade as Alipay holds it, for alipay.trade.query (a QR never scanned has none). */
export interface FakeAlipayTrade {
  tradeStatus: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'TRADE_CLOSED';
  totalAmount: string;
  tradeNo?: string;
}

/**
 * What a test may change while the fake runs: refuse refunds with a business error, answer signed
 * by another key, the trades alipay.trade.query finds (by out_trade_no).
 */
export interface FakeAlipayOptions {
  answerKey?: string;
  refundRefusal?: { subCode: string; subMsg: string } | null;
  trades?: Record<string, FakeAlipayTrade>;
}

interface FakeRefund {
  outTradeNo: string;
  tradeNo: string;
  refundAmount: string;
}

function tradeNoOf(outTradeNo: string): string {
  return `2025112322001400${outTradeNo.slice(-10)}`;
}

/** The gateway's answer: the response object under `<method>_response`, signed with Alipay's key (the SDK checks the exact JSON text). */
function signedAnswer(method: string, response: object, keys: AlipayKeys, options: FakeAlipayOptions) {
  const inner = JSON.stringify(response);
  const sign = rsa2(options.answerKey ?? keys.alipay.privateKey, inner);
  return { status: 200, body: `{"${method.replaceAll('.', '_')}_response":${inner},"sign":"${sign}"}` };
}

/** alipay.trade.refund: fund_change Y the first time a refund number is seen, N after. */
function answerRefund(biz: Record<string, string>, options: FakeAlipayOptions, refunds: Map<string, FakeRefund>) {
  const outTradeNo = biz.out_trade_no ?? '';
  const outRequestNo = biz.out_request_no ?? '';
  if (options.refundRefusal) return { code: '40004', msg: 'Business Failed', sub_code: options.refundRefusal.subCode, sub_msg: options.refundRefusal.subMsg };
  const isRepeat = refunds.has(outRequestNo);
  if (!isRepeat) refunds.set(outRequestNo, { outTradeNo, tradeNo: biz.trade_no ?? tradeNoOf(outTradeNo), refundAmount: biz.refund_amount ?? '' });
  return {
    code: '10000',
    msg: 'Success',
    trade_no: biz.trade_no ?? tradeNoOf(outTradeNo),
    out_trade_no: outTradeNo,
    buyer_logon_id: '138****8000',
    fund_change: isRepeat ? 'N' : 'Y',
    refund_fee: biz.refund_amount,
  };
}

/** alipay.trade.query: the trade as the test set it, or ACQ.TRADE_NOT_EXIST. */
function answerTradeQuery(biz: Record<string, string>, options: FakeAlipayOptions) {
  const outTradeNo = biz.out_trade_no ?? '';
  const trade = options.trades?.[outTradeNo];
  if (!trade) return { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在', out_trade_no: outTradeNo };
  const isPaid = trade.tradeStatus === 'TRADE_SUCCESS' || trade.tradeStatus === 'TRADE_FINISHED';
  return {
    code: '10000',
    msg: 'Success',
    trade_no: trade.tradeNo ?? tradeNoOf(outTradeNo),
    out_trade_no: outTradeNo,
    buyer_logon_id: '138****8000',
    trade_status: trade.tradeStatus,
    total_amount: trade.totalAmount,
    ...(isPaid ? { buyer_pay_amount: trade.totalAmount, send_pay_date: formatBeijingTimeSeconds(Date.now() - 60_000) } : {}),
  };
}

/** alipay.trade.fastpay.refund.query: the refund's amount once refunded, nothing (code 10000 all the same) when not. */
function answerRefundQuery(biz: Record<string, string>, refunds: Map<string, FakeRefund>) {
  const refund = refunds.get(biz.out_request_no ?? '');
  if (!refund || refund.outTradeNo !== biz.out_trade_no) return { code: '10000', msg: 'Success' };
  return {
    code: '10000',
    msg: 'Success',
    trade_no: refund.tradeNo,
    out_trade_no: refund.outTradeNo,
    out_request_no: biz.out_request_no,
    refund_amount: refund.refundAmount,
    refund_status: 'REFUND_SUCCESS',
  };
}

/**
 * Alipay's gateway: precreate (OpenAPI v3) answers the QR address; alipay.trade.refund,
 * alipay.trade.query and alipay.trade.fastpay.refund.query (the v2 gateway) refund and answer what
 * it holds. Each checks the store's signature and signs its answer with Alipay's key (the SDK
 * verifies them). `options` may change while it runs (a refusal, an untrusted key, a trade paid).
 */
export function startFakeAlipay(keys: AlipayKeys, options: FakeAlipayOptions = {}): Promise<FakeServer> {
  const refunds = new Map<string, FakeRefund>();
  return startFakeServer((request) => {
    if (request.url.startsWith('/gateway.do')) {
      const params = gatewayParams(request);
      const method = params.method ?? '';
      if (!isAlipayGatewayRequestSigned(request, keys) || ![refundMethod, tradeQueryMethod, refundQueryMethod].includes(method)) {
        const error = JSON.stringify({ code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' });
        return { status: 200, body: `{"error_response":${error}}` };
      }
      const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
      const response =
        method === refundMethod
          ? answerRefund(biz, options, refunds)
          : method === tradeQueryMethod
            ? answerTradeQuery(biz, options)
            : answerRefundQuery(biz, refunds);
      return signedAnswer(method, response, keys, options);
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
    notify_time: formatBeijingTimeSeconds(now),
    notify_type: 'trade_status_sync',
    notify_id: randomUUID().replaceAll('-', ''),
    app_id: fields.appId ?? keys.appId,
    charset: 'utf-8',
    version: '1.0',
    trade_no: fields.tradeNo ?? tradeNoOf(fields.orderNo),
    out_trade_no: fields.orderNo,
    trade_status: fields.tradeStatus ?? 'TRADE_SUCCESS',
    total_amount: fields.amount,
    receipt_amount: fields.amount,
    subject: `芯品商城订单${fields.orderNo}`,
    buyer_logon_id: '138****8000',
    gmt_create: formatBeijingTimeSeconds(now - 60_000),
    gmt_payment: formatBeijingTimeSeconds(now - 1000),
  };
  const content = Object.keys(signed)
    .sort()
    .map((key) => `${key}=${String(signed[key])}`)
    .join('&');
  const sign = rsa2(options.signWith ?? keys.alipay.privateKey, content);
  return new URLSearchParams({ ...signed, ...options.tamper, sign_type: 'RSA2', sign }).toString();
}
