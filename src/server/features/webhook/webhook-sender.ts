import { createHmac } from 'node:crypto';
import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { webhookHeaders, webhookLimits } from '../../../contract/webhook.ts';
import { isPrivateAddress } from './webhook-address.ts';

/** The documented signature: "v1=" + hex(HMAC-SHA256(secret, timestamp + "." + body)), timestamp in Unix seconds. */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface WebhookSend {
  url: string;
  body: string;
  secret: string;
  eventType: string;
  deliveryId: number;
  /** Epoch ms of the attempt (the app's clock). */
  now: number;
  isPrivateAllowed: boolean;
  timeoutMs?: number;
}

export interface WebhookSendResult {
  isSuccess: boolean;
  statusCode: number | null;
  error: string;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that refuses a private address at connection time too (a name that changed after it was checked). */
function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, []);
      return;
    }
    const blocked = addresses.find((entry) => isPrivateAddress(entry.address));
    const first = addresses[0];
    if (blocked) callback(Object.assign(new Error(`地址 ${blocked.address} 属于内网或保留地址`), { code: 'EPRIVATE' }), []);
    else if (options.all) callback(null, addresses);
    else if (first) callback(null, first.address, first.family);
    else callback(Object.assign(new Error('域名无法解析'), { code: 'ENOTFOUND' }), []);
  });
}

function errorTextOf(error: unknown): string {
  if (!(error instanceof Error)) return '发送失败';
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ETIMEDOUT' || error.message === 'timeout') return `超时（${String(webhookLimits.timeoutMs / 1000)} 秒内无响应）`;
  if (code === 'ECONNREFUSED') return '连接被拒绝';
  if (code === 'ENOTFOUND') return '域名无法解析';
  if (code === 'EPRIVATE') return error.message;
  return `发送失败：${error.message}`.slice(0, 200);
}

/** One POST of a signed delivery; a 2xx within the timeout is a success, anything else a failure with its status or error. */
export function sendWebhook(send: WebhookSend): Promise<WebhookSendResult> {
  const timestamp = String(Math.floor(send.now / 1000));
  const url = new URL(send.url);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const timeoutMs = send.timeoutMs ?? webhookLimits.timeoutMs;
  return new Promise((resolve) => {
    const req = request(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(send.body),
        'User-Agent': 'Xinpin-Webhook/1',
        [webhookHeaders.event]: send.eventType,
        [webhookHeaders.delivery]: String(send.deliveryId),
        [webhookHeaders.timestamp]: timestamp,
        [webhookHeaders.signature]: signWebhook(send.secret, timestamp, send.body),
      },
      ...(send.isPrivateAllowed ? {} : { lookup: publicOnlyLookup }),
    });
    const timer = setTimeout(() => req.destroy(new Error('timeout')), timeoutMs);
    req.on('response', (response) => {
      response.resume();
      clearTimeout(timer);
      const statusCode = response.statusCode ?? 0;
      const isSuccess = statusCode >= 200 && statusCode < 300;
      resolve({ isSuccess, statusCode, error: isSuccess ? '' : `HTTP ${String(statusCode)}` });
      req.destroy();
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      resolve({ isSuccess: false, statusCode: null, error: errorTextOf(error) });
    });
    req.end(send.body);
  });
}
