import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type RouterRefusal = 'badUrl' | 'paramTooLong';

/** Requests the router refused, by their raw request, with the address they came with. */
const refusedByRouter = new WeakMap<IncomingMessage, { refusal: RouterRefusal; url: string }>();

/** The error the error handler gets for a request the router refused. */
export class RouterRefusalError extends Error {
  /** The client's mistake: not counted among the server's errors. */
  readonly statusCode = 400;

  constructor(readonly refusal: RouterRefusal) {
    super(`router refused the address: ${refusal}`);
  }
}

/**
 * Fastify's `frameworkErrors`: a path the router cannot decode (`/product/detail/%E0%A4%A`) or
 * with a parameter over 100 characters would be answered in English JSON with no hook run.
 * Routed again under a path no route has, it passes every hook up to parsing (security headers,
 * request id, session) like any request, and the hooks of `answerRouterRefusals` give it back its
 * address and hand it to the error handler.
 */
export function rerouteRouterError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (refusedByRouter.has(request.raw)) {
    reply.raw.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('请求地址有误');
    return;
  }
  const refusal: RouterRefusal = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'paramTooLong' : 'badUrl';
  refusedByRouter.set(request.raw, { refusal, url: request.raw.url ?? '/' });
  request.raw.url = '/.router-refused';
  request.server.routing(request.raw, reply.raw);
}

/** Its onRequest hook restores the address (for the logs and later hooks); its preParsing hook fails the request. */
export function answerRouterRefusals(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const refused = refusedByRouter.get(request.raw);
    if (refused) request.raw.url = refused.url;
  });
  app.addHook('preParsing', async (request) => {
    const refused = refusedByRouter.get(request.raw);
    if (refused) throw new RouterRefusalError(refused.refusal);
  });
}
