import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { holdsControlChars } from '../../../contract/control-chars.ts';
import { openApiErrors, openApiResponseHeaders, type OpenApiFailureBody } from '../../../contract/open-api.ts';
import type { ErrorDefinition } from '../../../contract/errors.ts';
import { databaseFailureOf } from '../../db/database-errors.ts';
import { success } from '../../http/api-route.ts';
import { AppError } from '../../http/app-error.ts';
import { publicOriginOf } from '../../http/public-origin.ts';
import type { FeatureDeps } from '../feature-registration.ts';
import { buildOpenApiDocument } from './open-api.document.ts';
import { idempotencyKeyHeader } from '../../../contract/open-api-orders.ts';
import { createPaymentProviders } from '../payment/payment.service.ts';
import { authenticateOpenRequest, type OpenCaller } from './open-api-auth.service.ts';
import { rateLimitHeadersOf, takeOpenApiQuota, type RateLimitRefusal } from './open-api-quota.service.ts';
import { fastifyPathOf, openApiBase, openRoutes, type OpenRoute, type OpenRouteDeps } from './open-api.table.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as sent: a signed request signs these bytes. */
    openRawBody: string;
    /** The key that proved the request (set by the preHandler). */
    openCaller: OpenCaller | null;
  }
  interface FastifyContextConfig {
    /** A route that only answers 405: a method its path does not have. */
    answersWrongMethod?: boolean;
  }
}

function failureOf(definition: ErrorDefinition, msg: string, field: string | undefined, requestId: string | undefined): OpenApiFailureBody {
  return { code: definition.code, data: null, msg, errorCode: definition.errorCode, ...(field ? { field } : {}), ...(requestId ? { requestId } : {}) };
}

function statusOf(code: number): number {
  return code >= 400 && code <= 599 ? code : 400;
}

/** The site's failure envelope, with the HTTP status equal to its code: programs read either. */
function sendFailure(reply: FastifyReply, definition: ErrorDefinition, options: { msg?: string; field?: string; requestId?: string } = {}) {
  const status = statusOf(definition.code);
  return reply.status(status).send(failureOf({ ...definition, code: status }, options.msg ?? definition.msg, options.field, options.requestId));
}

/** zod's first issue in Chinese: the schemas' own message, or one naming the parameter. */
function invalidInput(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') ?? '';
  const message = issue && /[\u4e00-\u9fff]/.test(issue.message) ? issue.message : field ? `参数 ${field} 有误` : openApiErrors.invalid.msg;
  return new AppError(openApiErrors.invalid, message, { field });
}

function parse<T>(schema: z.ZodType<T> | undefined, value: unknown): T | undefined {
  if (!schema) return undefined;
  if (holdsControlChars(value)) throw new AppError(openApiErrors.invalid, '参数含有不允许的控制字符');
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw invalidInput(parsed.error);
  return parsed.data;
}

function handleError(deps: FeatureDeps, error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    const refusal = error.data as Partial<RateLimitRefusal> | null;
    if (refusal?.retryAfterSeconds !== undefined) reply.header(openApiResponseHeaders.retryAfter, String(refusal.retryAfterSeconds));
    if (refusal?.rateLimit) void reply.headers(rateLimitHeadersOf(refusal.rateLimit));
    if (error.errorCode === 'request.busy') return sendFailure(reply, openApiErrors.busy, { requestId: request.id });
    const field = (error.data as { field?: string } | null)?.field;
    return sendFailure(reply, { code: error.code, errorCode: error.errorCode, msg: error.msg }, { field });
  }
  if (databaseFailureOf(error)) {
    request.log.warn({ err: error }, 'database failure');
    return sendFailure(reply, openApiErrors.busy, { requestId: request.id });
  }
  const status = (error as FastifyError).statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    const isBadJson = (error as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError;
    return isBadJson ? sendFailure(reply, openApiErrors.malformed) : sendFailure(reply, openApiErrors.invalid, { msg: '请求格式有误，请以 JSON 提交' });
  }
  deps.logger.error({ err: error, url: request.url }, 'open API failure');
  return sendFailure(reply, openApiErrors.internal, { requestId: request.id });
}

function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers[idempotencyKeyHeader];
  return typeof value === 'string' ? value : null;
}

function registerRoute(open: FastifyInstance, deps: OpenRouteDeps, route: OpenRoute) {
  open.route({
    method: route.method,
    url: fastifyPathOf(route.path).slice(openApiBase.length),
    config: { isForPrograms: true },
    async preHandler(request, reply) {
      const credentials = { headers: request.headers, method: request.method, url: request.url, rawBody: request.openRawBody };
      request.openCaller = await authenticateOpenRequest(deps, credentials, request.ip);
      // Set now, so the answer carries them whether it succeeds or fails.
      void reply.headers(rateLimitHeadersOf(await takeOpenApiQuota(deps, request.openCaller.keyId)));
    },
    async handler(request, reply) {
      const input = { params: parse(route.params, request.params), query: parse(route.query, request.query), body: parse(route.body, request.body) };
      const { keyId, userId, isSandbox } = request.openCaller ?? { keyId: 0, userId: 0, isSandbox: false };
      const caller = { keyId, userId, isSandbox, idempotencyKey: idempotencyKeyOf(request), origin: publicOriginOf(deps.config, request) };
      const answer = await route.handle(deps, input, caller);
      return reply.header('cache-control', 'no-store').send(success(answer));
    },
  });
}

const documentPath = '/openapi.json';

/** The methods a path of /open/v1 answers; GET brings HEAD, as Fastify serves it. */
function allowedMethodsByPath(): Map<string, string[]> {
  const byPath = new Map<string, string[]>([[documentPath, ['GET', 'HEAD']]]);
  for (const route of openRoutes) {
    const path = fastifyPathOf(route.path).slice(openApiBase.length);
    byPath.set(path, [...(byPath.get(path) ?? []), ...(route.method === 'GET' ? ['GET', 'HEAD'] : [route.method])]);
  }
  return byPath;
}

/**
 * A known path asked with another method answers 405 with Allow, before any key or body is read.
 * Its own route, so it also wins over a parameter (GET /products/batch is no product id).
 */
function registerWrongMethods(open: FastifyInstance) {
  for (const [url, allowed] of allowedMethodsByPath()) {
    const allow = allowed.join(', ');
    open.route({
      method: open.supportedMethods.filter((method) => !allowed.includes(method)),
      url,
      exposeHeadRoute: false,
      config: { isForPrograms: true, answersWrongMethod: true },
      async onRequest(request, reply) {
        reply.header(openApiResponseHeaders.allow, allow);
        return sendFailure(reply, openApiErrors.methodNotAllowed, { msg: `该接口不支持 ${request.method} 请求，请使用 ${allow}` });
      },
      handler: async () => undefined,
    });
  }
}

/**
 * /open/v1: JSON for programs. Its own scope: a key or a signature instead of the session and
 * the anti-forgery token (config.isForPrograms; session.ts also knows the /open/ prefix for
 * unknown paths), answers in the site's envelope whose failures also carry their HTTP status
 * (code = status), and the raw body kept for signatures.
 */
export function registerOpenApiRoutes(app: FastifyInstance, deps: FeatureDeps) {
  void app.register(
    async (open) => {
      open.decorateRequest('openRawBody', '');
      open.decorateRequest('openCaller', null);
      open.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
        const text = typeof body === 'string' ? body : body.toString('utf8');
        request.openRawBody = text;
        if (text.trim() === '') {
          done(null, {});
          return;
        }
        try {
          done(null, JSON.parse(text) as unknown);
        } catch {
          done(new AppError(openApiErrors.malformed), undefined);
        }
      });
      open.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => handleError(deps, error, request, reply));
      open.setNotFoundHandler((_request, reply) => sendFailure(reply, openApiErrors.unknownRoute));
      // The document is public (no key): tools load it from other origins.
      open.get(documentPath, { config: { isForPrograms: true } }, async (request, reply) =>
        reply
          .header('access-control-allow-origin', '*')
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('cache-control', 'public, max-age=300')
          .send(buildOpenApiDocument(publicOriginOf(deps.config, request))),
      );
      // The order endpoints' cashier and 对公转账 details and sandbox 模拟支付 (the payment feature's own providers, built once).
      const routeDeps: OpenRouteDeps = { ...deps, providers: createPaymentProviders(deps.config.payments) };
      for (const route of openRoutes) registerRoute(open, routeDeps, route);
      registerWrongMethods(open);
    },
    { prefix: openApiBase },
  );
}
