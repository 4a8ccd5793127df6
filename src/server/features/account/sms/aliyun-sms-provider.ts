import { randomUUID } from 'node:crypto';
import type { SmsProvider } from './sms-provider.ts';
import { canonicalizedQuery, signRpcRequest } from './aliyun-signature.ts';

export interface AliyunSmsSettings {
  endpoint: string;
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  timeoutMs?: number;
}

interface SendSmsAnswer {
  Code?: string;
  Message?: string;
  RequestId?: string;
  BizId?: string;
}

/** ISO 8601 in UTC without milliseconds, as the RPC API wants: 2026-01-02T03:04:05Z. */
function rpcTimestamp(now: Date): string {
  return now.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The signed form parameters of one Dysmsapi SendSms call. */
export function sendSmsParameters(settings: AliyunSmsSettings, phone: string, code: string, now: Date, nonce: string): Record<string, string> {
  const parameters: Record<string, string> = {
    AccessKeyId: settings.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: phone,
    RegionId: 'cn-hangzhou',
    SignName: settings.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: nonce,
    SignatureVersion: '1.0',
    TemplateCode: settings.templateCode,
    TemplateParam: JSON.stringify({ code }),
    Timestamp: rpcTimestamp(now),
    Version: '2017-05-25',
  };
  return { ...parameters, Signature: signRpcRequest('POST', parameters, settings.accessKeySecret) };
}

/** Aliyun SMS (Dysmsapi SendSms): the message text comes from the approved template. */
export function createAliyunSmsProvider(settings: AliyunSmsSettings): SmsProvider {
  return {
    async send(message) {
      const body = canonicalizedQuery(sendSmsParameters(settings, message.phone, message.code, new Date(), randomUUID()));
      const response = await fetch(settings.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
      });
      const answer = (await response.json().catch(() => ({}))) as SendSmsAnswer;
      if (!response.ok || answer.Code !== 'OK') {
        throw new Error(`Aliyun SendSms failed: HTTP ${response.status} ${answer.Code ?? ''} ${answer.Message ?? ''} (RequestId ${answer.RequestId ?? '-'})`);
      }
    },
  };
}
