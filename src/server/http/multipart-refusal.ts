import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorDefinition } from '../../contract/errors.ts';
import { AppError } from './app-error.ts';

/** Room above a file's limit for the multipart envelope (boundaries, part headers, other fields). */
export const multipartMargin = 1024 * 1024;

/**
 * The body an upload route takes: its largest file and the envelope. Declared as the route's Fastify
 * `bodyLimit`, so the nginx configuration can be checked against every route's limit
 * (src/server/nginx-body-limits.test.ts).
 */
export function uploadBodyLimit(largestFileBytes: number): number {
  return largestFileBytes + multipartMargin;
}

/**
 * What is left of a refused body. A browser declares its length and reads the answer only once it
 * has sent it all, so a body no bigger than an upload can be is read to its end and thrown away
 * (one chunk at a time); anything else gets the answer and a closed connection, as Fastify does
 * with a body over its limit.
 */
export function settleRefusedBody(request: FastifyRequest, reply: FastifyReply, largestFileBytes: number): void {
  const body = request.raw;
  if (body.readableEnded) return;
  const declaredLength = Number(request.headers['content-length']);
  if (Number.isSafeInteger(declaredLength) && declaredLength <= largestFileBytes + multipartMargin) {
    body.unpipe();
    body.resume();
    return;
  }
  void reply.header('connection', 'close');
}

/**
 * An upload's scope settles the body of every request it refuses, by its own handler or by a hook
 * before it (the console's anti-forgery and access checks, which refuse before the body is read).
 */
export function settleRefusedBodies(scope: FastifyInstance, largestFileBytes: number): void {
  scope.addHook('onError', async (request, reply) => {
    settleRefusedBody(request, reply, largestFileBytes);
  });
}

/** The multipart parser's refusals in the store's words; anything else (a full disk) stays a server error. */
export function throwMultipartFailure(error: unknown, refusals: { tooLarge: AppError; malformed: ErrorDefinition }): never {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (code === 'FST_REQ_FILE_TOO_LARGE') throw refusals.tooLarge;
  if (typeof code === 'string' && code.startsWith('FST_')) throw new AppError(refusals.malformed);
  // busboy's own errors for a malformed body carry no code.
  const isMalformed = error instanceof Error && code === undefined && /multipart|boundary|part header|terminated early|end of form/i.test(error.message);
  throw isMalformed ? new AppError(refusals.malformed) : error;
}
