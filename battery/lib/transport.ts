import { Agent, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** One request as the battery sends it: nothing is added behind its back (no default content type). */
export interface RawRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** The client's address, where the transport can choose it (in-process only). */
  remoteAddress?: string;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** How requests reach the store: over HTTP to a running one, or in process (inject-transport.ts). */
export type Transport = (request: RawRequest) => Promise<RawResponse>;

/** Node's own http client, so that a body can go without a content type or with any at all (fetch adds one). */
export function httpTransport(baseUrl: string): Transport {
  const base = new URL(baseUrl);
  const isHttps = base.protocol === 'https:';
  const agent = isHttps ? undefined : new Agent({ keepAlive: true, maxSockets: 16 });
  return (raw) =>
    new Promise<RawResponse>((resolve, reject) => {
      const url = new URL(raw.path, base);
      const body = raw.body === undefined ? undefined : Buffer.isBuffer(raw.body) ? raw.body : Buffer.from(raw.body, 'utf8');
      const headers: Record<string, string | number> = { ...raw.headers };
      if (body !== undefined) headers['content-length'] = body.length;
      const send = isHttps ? httpsRequest : httpRequest;
      const request = send(url, { method: raw.method, headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      });
      request.setTimeout(60_000, () => request.destroy(new Error(`no answer within 60 s from ${raw.method} ${raw.path}`)));
      request.on('error', reject);
      request.end(body);
    });
}

/** The header's values as a list (set-cookie comes as one, the others as a string). */
export function headerValues(response: RawResponse, name: string): string[] {
  const value = response.headers[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [String(value)];
}
