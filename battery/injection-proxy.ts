import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseEnvelope } from './lib/answer-check.ts';

/** What passed through the proxy since the last reset. */
export interface ProxyTally {
  requests: number;
  /** HTTP status → count. */
  statuses: Map<number, number>;
  /** `ok` (code 1), a failure's errorCode, `page` (HTML) or `other` → count. */
  answers: Map<string, number>;
  /** The first few 5xx answers, as `METHOD path → status body…`. */
  serverErrors: string[];
}

/** Turns the body sqlmap attacks into the one the store reads (see SqlmapTarget.rewriteBody). */
export type BodyRewrite = (body: string) => string;

export interface CountingProxy {
  /** http://127.0.0.1:port, for sqlmap's --proxy. */
  url: string;
  /** Rewrites the bodies of the requests that follow (undefined: none). */
  rewriteBodies(rewrite: BodyRewrite | undefined): void;
  /**
   * Sends each following request from a loopback address of its own (127.64.x.y), so that a
   * per-address limit does not answer sqlmap's payloads before they reach the database.
   */
  rotateSourceAddresses(isOn: boolean): void;
  take(): ProxyTally;
  close(): Promise<void>;
}

const hopByHop = new Set(['connection', 'proxy-connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'proxy-authorization']);

function forwardedHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  // Plain bodies, so that the tally can read the envelope.
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.has(name) && name !== 'accept-encoding'));
}

function emptyTally(): ProxyTally {
  return { requests: 0, statuses: new Map(), answers: new Map(), serverErrors: [] };
}

function increment(map: Map<string | number, number>, key: string | number) {
  map.set(key, (map.get(key) ?? 0) + 1);
}

function answerKind(contentType: string | undefined, body: string): string {
  if (contentType?.startsWith('text/html')) return 'page';
  const envelope = parseEnvelope(body);
  if (!envelope) return 'other';
  return envelope.code === 1 ? 'ok' : (envelope.errorCode ?? `code ${envelope.code}`);
}

/**
 * A forward proxy for plain HTTP that only lets requests to the store through and counts them:
 * sqlmap reports findings, not how many requests it sent or what the store answered.
 */
export async function startCountingProxy(baseUrl: string): Promise<CountingProxy> {
  const target = new URL(baseUrl);
  let tally = emptyTally();
  let rewrite: BodyRewrite | undefined;
  let isRotating = false;
  // Only a store on this machine can be reached from other loopback addresses.
  const isLoopback = target.hostname.startsWith('127.') || target.hostname === 'localhost';
  let sent = 0;
  const nextSourceAddress = () => {
    sent++;
    return `127.64.${Math.floor(sent / 250) % 250}.${(sent % 250) + 1}`;
  };
  const server = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? '/', target);
    if (url.host !== target.host) {
      outgoing.writeHead(502).end(`only ${target.host} is proxied`);
      return;
    }
    const current = tally;
    current.requests++;
    const localAddress = isRotating && isLoopback ? nextSourceAddress() : undefined;
    const upstream = httpRequest(
      url,
      { method: incoming.method, headers: { ...forwardedHeaders(incoming.headers), host: target.host }, localAddress },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          const status = response.statusCode ?? 0;
          increment(current.statuses, status);
          increment(current.answers, answerKind(response.headers['content-type'], body.toString('utf8')));
          if (status >= 500 && current.serverErrors.length < 5)
            current.serverErrors.push(`${incoming.method ?? ''} ${url.pathname}${url.search} → ${status} ${body.toString('utf8').slice(0, 200)}`);
          const headers = Object.fromEntries(Object.entries(response.headers).filter(([name]) => !hopByHop.has(name)));
          outgoing.writeHead(status, { ...headers, 'content-length': body.length }).end(body);
        });
      },
    );
    upstream.on('error', (error) => {
      increment(current.statuses, 0);
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end(String(error));
    });
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const sent = rewrite && body.length > 0 ? Buffer.from(rewrite(body.toString('utf8')), 'utf8') : body;
      if (body.length > 0) upstream.setHeader('content-length', sent.length);
      upstream.end(sent);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    rewriteBodies(next) {
      rewrite = next;
    },
    rotateSourceAddresses(isOn) {
      isRotating = isOn;
    },
    take() {
      const taken = tally;
      tally = emptyTally();
      return taken;
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
