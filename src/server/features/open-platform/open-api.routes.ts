import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { holdsControlChars } from '../../../contract/control-chars.ts';
import { openApiErrors, type OpenApiErrorBody } from '../../../contract/open-api.ts';
import type { ErrorDefinition } from '../../../contract/errors.ts';
import { databaseFailureOf } from '../../db/database-errors.ts';
import { AppError } from '../../http/app-error.ts';
import { publicOriginOf } from '../../http/public-origin.ts';
import type { FeatureDeps } from '../feature-registration.ts';
import { buildOpenApiDocument } from './open-api.document.ts';
import { fastifyPathOf, openApiBase, openRoutes, type OpenRoute } from './open-api.table.ts';
import { authenticateOpenRequest, takeOpenApiQuota } from './open-platform.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as sent: a signed request signs these bytes. */
    openRawBody: string;
  }
}

function errorBody(definition: ErrorDefinition, message = definition.msg, field?: string): OpenApiErrorBody {
  return { error: { code: definition.errorCode, message, ...(field ? { field } : {}) } };
}

function statusOf(code: number): number {
  return code >= 400 && code <= 599 ? code : 400;
}

function sendError(reply: FastifyReply, definition: ErrorDefinition, message?: string, field?: string) {
  return reply.status(statusOf(definition.code)).send(errorBody(definition, message, field));
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
    const retryAfter = (error.data as { retryAfterSeconds?: number } | null)?.retryAfterSeconds;
    if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
    const field = (error.data as { field?: string } | null)?.field;
    const definition = { code: error.code, errorCode: error.errorCode, msg: error.msg };
    if (error.errorCode === 'request.busy') return sendError(reply, openApiErrors.busy);
    return sendError(reply, definition, error.msg, field);
  }
  if (databaseFailureOf(error)) {
    request.log.warn({ err: error }, 'database failure');
    return sendError(reply, openApiErrors.busy);
  }
  const status = (error as FastifyError).statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    const isBadJson = (error as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError;
    return sendError(reply, isBadJson ? openApiErrors.malformed : openApiErrors.invalid, isBadJson ? undefined : '请求格式有误，请以 JSON 提交');
  }
  deps.logger.error({ err: error, url: request.url }, 'open API failure');
  return sendError(reply, openApiErrors.internal);
}

function registerRoute(open: FastifyInstance, deps: FeatureDeps, route: OpenRoute) {
  open.route({
    method: route.method,
    url: fastifyPathOf(route.path).slice(openApiBase.length),
    config: { isForPrograms: true },
    async preHandler(request) {
      const caller = await authenticateOpenRequest(deps, { headers: request.headers, method: request.method, url: request.url, rawBody: request.openRawBody });
      await takeOpenApiQuota(deps, caller.keyId);
    },
    async handler(request, reply) {
      const input = { params: parse(route.params, request.params), query: parse(route.query, request.query), body: parse(route.body, request.body) };
      const answer = await route.handle(deps, input);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });
}

/**
 * /open/v1: JSON for programs. Its own scope: a key or a signature instead of the session and
 * the anti-forgery token (config.isForPrograms), HTTP statuses with {error: {code, message}}
 * instead of the site's envelope, and the raw body kept for signatures.
 */
export function registerOpenApiRoutes(app: FastifyInstance, deps: FeatureDeps) {
  void app.register(
    async (open) => {
      open.decorateRequest('openRawBody', '');
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
      open.setNotFoundHandler((_request, reply) => sendError(reply, openApiErrors.unknownRoute));
      // The document is public (no key): tools load it from other origins.
      open.get('/openapi.json', { config: { isForPrograms: true } }, async (request, reply) =>
        reply
          .header('access-control-allow-origin', '*')
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('cache-control', 'public, max-age=300')
          .send(buildOpenApiDocument(publicOriginOf(deps.config, request))),
      );
      for (const route of openRoutes) registerRoute(open, deps, route);
    },
    { prefix: openApiBase },
  );
}
