import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { requestErrors, type ErrorDefinition } from '../../contract/errors.ts';

/** What Node's parser refused before any route or hook could run, with the HTTP status Node gives it. */
const refusals: Record<string, { status: number; error: ErrorDefinition }> = {
  HPE_HEADER_OVERFLOW: { status: 431, error: requestErrors.headersTooLarge },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, error: requestErrors.timedOut },
};
const otherRefusal = { status: 400, error: requestErrors.unparsable };

/** The headers the hooks would have set, for an answer written straight to the socket. */
const securityHeaders = [
  "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options: nosniff',
  'X-Frame-Options: DENY',
  'Referrer-Policy: strict-origin-when-cross-origin',
  'Cache-Control: no-store',
];

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses (headers over 16 KB, a
 * request too slow, bytes that are not HTTP) never reaches Fastify's hooks, and Fastify's default
 * answer is English JSON without the store's security headers. This writes the envelope in Chinese
 * with them, then closes the connection as Node does.
 */
export function answerClientError(logger: FastifyBaseLogger, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, error: refusal } = (error.code === undefined ? undefined : refusals[error.code]) ?? otherRefusal;
  logger.debug({ err: error, status }, 'client error refused by the HTTP parser');
  if (socket.writable) {
    const body = JSON.stringify({ code: refusal.code, data: null, msg: refusal.msg, errorCode: refusal.errorCode });
    const head = [
      `HTTP/1.1 ${String(status)} ${STATUS_CODES[status] ?? 'Bad Request'}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${String(Buffer.byteLength(body))}`,
      'Connection: close',
      ...securityHeaders,
    ];
    socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
