import { createDecipheriv, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';

/**
 * WeChat Pay APIv3 security, after WeChat's documentation (签名生成, 签名验证, 回调报文解密):
 * requests are signed RSA-SHA256 with the merchant's private key over
 * `METHOD\nURL\ntimestamp\nnonce\nbody\n`; WeChat's answers and notifications carry
 * Wechatpay-Timestamp / -Nonce / -Signature / -Serial, signed over `timestamp\nnonce\nbody\n` with
 * the platform key; a notification's `resource` is AES-256-GCM encrypted with the APIv3 key.
 */

export const authorizationScheme = 'WECHATPAY2-SHA256-RSA2048';

export function signMessage(privateKey: KeyObject, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

export function isSignatureValid(publicKey: KeyObject, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

export interface RequestSigner {
  mchId: string;
  serialNo: string;
  privateKey: KeyObject;
}

/** The Authorization header of one request; `url` is the path with its query, as sent. */
export function authorizationOf(signer: RequestSigner, method: string, url: string, body: string, now = Date.now(), nonce = randomNonce()): string {
  const timestamp = String(Math.floor(now / 1000));
  const signature = signMessage(signer.privateKey, `${method}\n${url}\n${timestamp}\n${nonce}\n${body}\n`);
  return `${authorizationScheme} mchid="${signer.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${signer.serialNo}"`;
}

export function randomNonce(): string {
  return randomBytes(16).toString('hex').toUpperCase();
}

/** The Wechatpay-* headers of an answer or notification. */
export interface WechatpaySignedHeaders {
  timestamp: string;
  nonce: string;
  signature: string;
  serial: string;
}

export function signedHeadersOf(headers: Record<string, string | string[] | undefined>): WechatpaySignedHeaders | null {
  const read = (name: string) => {
    const value = headers[name];
    return typeof value === 'string' ? value : '';
  };
  const signed = {
    timestamp: read('wechatpay-timestamp'),
    nonce: read('wechatpay-nonce'),
    signature: read('wechatpay-signature'),
    serial: read('wechatpay-serial'),
  };
  return signed.timestamp && signed.nonce && signed.signature && signed.serial ? signed : null;
}

/** WeChat refuses requests more than 5 minutes off; the store refuses notifications the same way (a replay of an old one). */
export const maxClockSkewMs = 5 * 60_000;

export type SignatureProblem = 'missingHeaders' | 'unknownSerial' | 'staleTimestamp' | 'badSignature';

/** Checks a signed answer or notification: the key's id, the time, then the signature over the exact body. */
export function signatureProblemOf(
  headers: Record<string, string | string[] | undefined>,
  body: string,
  platform: { publicKey: KeyObject; publicKeyId: string },
  now: number,
): SignatureProblem | null {
  const signed = signedHeadersOf(headers);
  if (!signed) return 'missingHeaders';
  if (signed.serial !== platform.publicKeyId) return 'unknownSerial';
  const seconds = Number(signed.timestamp);
  if (!/^\d{1,12}$/.test(signed.timestamp) || Math.abs(now - seconds * 1000) > maxClockSkewMs) return 'staleTimestamp';
  return isSignatureValid(platform.publicKey, `${signed.timestamp}\n${signed.nonce}\n${body}\n`, signed.signature) ? null : 'badSignature';
}

export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  nonce: string;
  associated_data?: string;
}

/** The plaintext of a notification's resource; null when the key, nonce, data or tag do not match (RFC 5116: the tag is the last 16 bytes). */
export function decryptResource(apiV3Key: string, resource: EncryptedResource): string | null {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') return null;
  const sealed = Buffer.from(resource.ciphertext, 'base64');
  if (sealed.length <= 16) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
