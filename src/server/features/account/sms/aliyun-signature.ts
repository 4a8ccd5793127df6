import { createHmac } from 'node:crypto';

/**
 * Aliyun RPC request signing (signature version 1.0): percent-encode every name and value
 * (RFC 3986: only A-Z a-z 0-9 - _ . ~ stay), sort by name, join with & and =, then
 * StringToSign = METHOD&%2F&percentEncode(canonicalized query), and the signature is
 * base64(HMAC-SHA1(AccessKeySecret + "&", StringToSign)).
 */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function canonicalizedQuery(parameters: Record<string, string>): string {
  return Object.keys(parameters)
    .sort()
    .map((name) => `${percentEncode(name)}=${percentEncode(parameters[name] ?? '')}`)
    .join('&');
}

export function stringToSign(method: 'GET' | 'POST', parameters: Record<string, string>): string {
  return `${method}&${percentEncode('/')}&${percentEncode(canonicalizedQuery(parameters))}`;
}

export function signRpcRequest(method: 'GET' | 'POST', parameters: Record<string, string>, accessKeySecret: string): string {
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign(method, parameters)).digest('base64');
}
