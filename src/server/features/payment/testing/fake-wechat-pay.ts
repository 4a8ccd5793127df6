import { createCipheriv, createPublicKey, randomBytes } from 'node:crypto';
import { formatBeijingRfc3339 } from '../../../../contract/time.ts';
import { nativeOrderPath, refundPath, transactionQueryPath } from '../wechat-pay-provider.ts';
import { privateKeyOf } from '../provider-keys.ts';
import { isSignatureValid, randomNonce, signMessage } from '../wechat-pay-crypto.ts';
import { rsaKeyPair, type PemKeyPair } from './payment-fixtures.ts';
import { startFakeServer, type FakeRequest, type FakeServer } from './fake-server.ts';

/** A merchant's WeChat Pay keys: its own pair and certificate serial, the platform's pair and key id, the APIv3 key. */
export interface WechatKeys {
  mchId: string;
  appId: string;
  serialNo: string;
  merchant: PemKeyPair;
  platform: PemKeyPair;
  platformKeyId: string;
  apiV3Key: string;
}

export function wechatKeys(): WechatKeys {
  return {
    mchId: '1900009191',
    appId: 'wxd678efh567hg6787',
    serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    merchant: rsaKeyPair(),
    platform: rsaKeyPair(),
    platformKeyId: 'PUB_KEY_ID_0114232134912410000000000000',
    apiV3Key: randomBytes(16).toString('hex'),
  };
}

export function wechatEnv(keys: WechatKeys, baseUrl: string): Record<string, string> {
  return {
    WECHATPAY_MCH_ID: keys.mchId,
    WECHATPAY_APP_ID: keys.appId,
    WECHATPAY_SERIAL_NO: keys.serialNo,
    WECHATPAY_PRIVATE_KEY: keys.merchant.privateKey,
    WECHATPAY_PLATFORM_PUBLIC_KEY: keys.platform.publicKey,
    WECHATPAY_PLATFORM_PUBLIC_KEY_ID: keys.platformKeyId,
    WECHATPAY_API_V3_KEY: keys.apiV3Key,
    WECHATPAY_BASE_URL: baseUrl,
    PUBLIC_BASE_URL: 'https://shop.example.com',
  };
}

/** The Authorization header's fields, or null when it is not WeChat's scheme. */
export function authorizationFields(header: string): Record<string, string> | null {
  const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header);
  if (!match?.[1]) return null;
  return Object.fromEntries([...match[1].matchAll(/(\w+)="([^"]*)"/g)].map(([, key = '', value = '']) => [key, value]));
}

/** WeChat's check of a merchant request: its mchid and certificate serial, and the signature over method, URL, time, nonce and body. */
export function isWechatRequestSigned(request: FakeRequest, keys: WechatKeys): boolean {
  const fields = authorizationFields(request.headers.authorization ?? '');
  if (fields?.mchid !== keys.mchId || fields.serial_no !== keys.serialNo) return false;
  const message = `${request.method}\n${request.url}\n${fields.timestamp ?? ''}\n${fields.nonce_str ?? ''}\n${request.body}\n`;
  return isSignatureValid(createPublicKey(keys.merchant.publicKey), message, fields.signature ?? '');
}

function signedHeaders(privateKeyPem: string, keyId: string, body: string, timestampSeconds: number): Record<string, string> {
  const nonce = randomNonce();
  const timestamp = String(timestampSeconds);
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': signMessage(privateKeyOf('platform', privateKeyPem), `${timestamp}\n${nonce}\n${body}\n`),
    'wechatpay-serial': keyId,
  };
}

/** A transaction as WeChat holds it, for 查询订单 (a QR never scanned has none: 404 ORDER_NOT_EXIST). */
export interface FakeWechatTransaction {
  tradeState: 'SUCCESS' | 'NOTPAY' | 'CLOSED' | 'REFUND';
  amountCents: number;
}

/**
 * What a test may change while the fake runs: answers signed by another key, refunds refused or
 * ending at once, the transactions 查询订单 finds (by out_trade_no), and what 查询单笔退款 says of a
 * refund it took (its status as answered, unless told).
 */
export interface FakeWechatOptions {
  answerKey?: string;
  refundRefusal?: { status: number; code: string; message: string } | null;
  /** The refund's status in the answer: PROCESSING (WeChat's usual) unless told. */
  refundStatus?: string;
  transactions?: Record<string, FakeWechatTransaction>;
  refundQueryStatus?: string;
}

interface FakeRefund {
  body: { transaction_id?: string; out_trade_no?: string; out_refund_no: string; amount: { refund: number; total: number; currency: string } };
  status: string;
}

function signedAnswer(keys: WechatKeys, options: FakeWechatOptions, body: string) {
  return { status: 200, headers: signedHeaders(options.answerKey ?? keys.platform.privateKey, keys.platformKeyId, body, Math.floor(Date.now() / 1000)), body };
}

function refundBodyOf(refund: FakeRefund, status: string): string {
  return JSON.stringify({
    refund_id: `50000000382019052709732678${refund.body.out_refund_no.slice(-6)}`,
    out_refund_no: refund.body.out_refund_no,
    transaction_id: refund.body.transaction_id ?? '',
    out_trade_no: refund.body.out_trade_no ?? '',
    channel: 'ORIGINAL',
    user_received_account: '支付用户零钱',
    create_time: formatBeijingRfc3339(Date.now()),
    status,
    amount: { ...refund.body.amount, payer_total: refund.body.amount.total, payer_refund: refund.body.amount.refund },
  });
}

function answerRefund(request: FakeRequest, keys: WechatKeys, options: FakeWechatOptions, refunds: Map<string, FakeRefund>) {
  if (options.refundRefusal) {
    const { status, code, message } = options.refundRefusal;
    return { status, body: JSON.stringify({ code, message }) };
  }
  const body = JSON.parse(request.body) as FakeRefund['body'];
  const refund = refunds.get(body.out_refund_no) ?? { body, status: options.refundStatus ?? 'PROCESSING' };
  refunds.set(body.out_refund_no, refund);
  return signedAnswer(keys, options, refundBodyOf(refund, refund.status));
}

/** 查询订单 by out_trade_no (?mchid= required): the transaction as the test set it, or 404 ORDER_NOT_EXIST. */
function answerTransactionQuery(url: URL, keys: WechatKeys, options: FakeWechatOptions) {
  const outTradeNo = decodeURIComponent(url.pathname.slice(transactionQueryPath.length + 1));
  const transaction = options.transactions?.[outTradeNo];
  if (url.searchParams.get('mchid') !== keys.mchId || !transaction)
    return { status: 404, body: JSON.stringify({ code: 'ORDER_NOT_EXIST', message: '订单不存在' }) };
  const isPaid = transaction.tradeState === 'SUCCESS' || transaction.tradeState === 'REFUND';
  const body = JSON.stringify({
    appid: keys.appId,
    mchid: keys.mchId,
    out_trade_no: outTradeNo,
    ...(isPaid ? { transaction_id: `4200001234${outTradeNo}`, success_time: formatBeijingRfc3339(Date.now() - 60_000), bank_type: 'OTHERS' } : {}),
    trade_type: 'NATIVE',
    trade_state: transaction.tradeState,
    trade_state_desc: isPaid ? '支付成功' : '订单未支付',
    payer: isPaid ? { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' } : {},
    amount: { total: transaction.amountCents, ...(isPaid ? { payer_total: transaction.amountCents } : {}), currency: 'CNY', payer_currency: 'CNY' },
  });
  return signedAnswer(keys, options, body);
}

/** 查询单笔退款 by out_refund_no: a refund it took, or 404 RESOURCE_NOT_EXISTS. */
function answerRefundQuery(url: URL, keys: WechatKeys, options: FakeWechatOptions, refunds: Map<string, FakeRefund>) {
  const refund = refunds.get(decodeURIComponent(url.pathname.slice(refundPath.length + 1)));
  if (!refund) return { status: 404, body: JSON.stringify({ code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' }) };
  return signedAnswer(keys, options, refundBodyOf(refund, options.refundQueryStatus ?? refund.status));
}

/**
 * WeChat Pay's Native order, refund and query APIs: each checks the merchant's signature and
 * answers signed with the platform key (or `answerKey`). `options` may change while it runs.
 */
export function startFakeWechatPay(keys: WechatKeys, options: FakeWechatOptions = {}): Promise<FakeServer> {
  const refunds = new Map<string, FakeRefund>();
  return startFakeServer((request) => {
    const url = new URL(request.url, 'http://wechat.local');
    const isQuery = request.method === 'GET' && (url.pathname.startsWith(`${transactionQueryPath}/`) || url.pathname.startsWith(`${refundPath}/`));
    const isPost = request.method === 'POST' && (request.url === nativeOrderPath || request.url === refundPath);
    if ((!isQuery && !isPost) || !isWechatRequestSigned(request, keys)) {
      return { status: 401, body: JSON.stringify({ code: 'SIGN_ERROR', message: '签名错误' }) };
    }
    if (isQuery) {
      return url.pathname.startsWith(transactionQueryPath) ? answerTransactionQuery(url, keys, options) : answerRefundQuery(url, keys, options, refunds);
    }
    if (request.url === refundPath) return answerRefund(request, keys, options, refunds);
    const order = JSON.parse(request.body) as { out_trade_no: string };
    return signedAnswer(keys, options, JSON.stringify({ code_url: `weixin://wxpay/bizpayurl?pr=${order.out_trade_no}` }));
  });
}

export interface WechatNotificationOptions {
  /** Changes to the decrypted transaction (amount, mchid, trade_state …). */
  transaction?: Record<string, unknown>;
  /** Seconds since the epoch written in Wechatpay-Timestamp (now by default). */
  timestampSeconds?: number;
  /** Sign with another key, or name another key id. */
  signWith?: string;
  keyId?: string;
  /** Encrypt with another APIv3 key. */
  apiV3Key?: string;
}

/** A payment notification as WeChat posts it: the transaction encrypted AES-256-GCM with the APIv3 key, the body signed with the platform key. */
export function wechatNotification(keys: WechatKeys, payment: { orderNo: string; amountCents: number }, options: WechatNotificationOptions = {}) {
  const transaction = {
    mchid: keys.mchId,
    appid: keys.appId,
    out_trade_no: payment.orderNo,
    transaction_id: `4200001234${payment.orderNo}`,
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    trade_state_desc: '支付成功',
    bank_type: 'OTHERS',
    success_time: formatBeijingRfc3339(Date.now() - 2000),
    payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    amount: { total: payment.amountCents, payer_total: payment.amountCents, currency: 'CNY', payer_currency: 'CNY' },
    ...options.transaction,
  };
  return sealedNotification(keys, transaction.trade_state === 'SUCCESS' ? 'TRANSACTION.SUCCESS' : 'TRANSACTION.CLOSED', 'transaction', transaction, options);
}

/** A notification's body and headers: `resource` encrypted AES-256-GCM with the APIv3 key, the body signed with the platform key. */
function sealedNotification(keys: WechatKeys, eventType: string, originalType: string, resource: object, options: WechatNotificationOptions) {
  const nonce = randomBytes(6).toString('hex');
  const associatedData = originalType;
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(options.apiV3Key ?? keys.apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(resource), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  const body = JSON.stringify({
    id: `EV-${randomNonce()}`,
    create_time: formatBeijingRfc3339(Date.now()),
    resource_type: 'encrypt-resource',
    event_type: eventType,
    summary: `${originalType === 'refund' ? '退款' : '支付'}${eventType.endsWith('SUCCESS') ? '成功' : '失败'}`,
    resource: { original_type: originalType, algorithm: 'AEAD_AES_256_GCM', ciphertext: sealed.toString('base64'), associated_data: associatedData, nonce },
  });
  const headers = signedHeaders(
    options.signWith ?? keys.platform.privateKey,
    options.keyId ?? keys.platformKeyId,
    body,
    options.timestampSeconds ?? Math.floor(Date.now() / 1000),
  );
  return { headers: { ...headers, 'content-type': 'application/json' }, body };
}

/** 退款结果通知 as WeChat posts it: REFUND.SUCCESS (or ABNORMAL, CLOSED) with the refund encrypted like a payment notice. */
export function wechatRefundNotification(
  keys: WechatKeys,
  refund: { orderNo: string; refundNo: string; refundCents: number; totalCents: number; status?: 'SUCCESS' | 'ABNORMAL' | 'CLOSED' },
  options: WechatNotificationOptions = {},
) {
  const status = refund.status ?? 'SUCCESS';
  const resource = {
    mchid: keys.mchId,
    out_trade_no: refund.orderNo,
    transaction_id: `4200001234${refund.orderNo}`,
    out_refund_no: refund.refundNo,
    refund_id: `50000000382019052709732678${refund.refundNo.slice(-6)}`,
    refund_status: status,
    success_time: formatBeijingRfc3339(Date.now() - 1000),
    user_received_account: '支付用户零钱',
    amount: { total: refund.totalCents, refund: refund.refundCents, payer_total: refund.totalCents, payer_refund: refund.refundCents },
    ...options.transaction,
  };
  return sealedNotification(keys, `REFUND.${status}`, 'refund', resource, options);
}
