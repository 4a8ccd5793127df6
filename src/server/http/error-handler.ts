import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode, type Envelope } from '../../contract/envelope.ts';
import { requestErrors, type ErrorDefinition } from '../../contract/errors.ts';
import { AppError } from './app-error.ts';

/** Fastify's own failures, told in Chinese; HTTP stays 200 and the code says what went wrong. */
const fastifyErrors: Record<string, ErrorDefinition> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: requestErrors.notJson,
  FST_ERR_CTP_BODY_TOO_LARGE: requestErrors.tooLarge,
  FST_ERR_CTP_EMPTY_JSON_BODY: requestErrors.empty,
  FST_ERR_CTP_INVALID_JSON_BODY: requestErrors.malformed,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: requestErrors.badLength,
};

export type ErrorPageRenderer = (request: FastifyRequest, reply: FastifyReply, status: 404 | 500) => Promise<unknown>;

function isPageRequest(request: FastifyRequest) {
  return request.method === 'GET' || request.method === 'HEAD';
}

export function failureEnvelope(definition: ErrorDefinition, msg = definition.msg, data: unknown = null): Envelope<unknown> {
  return { code: definition.code, data, msg, errorCode: definition.errorCode };
}

export function registerErrorHandler(app: FastifyInstance, renderErrorPage: ErrorPageRenderer) {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (isPageRequest(request) && error.code === ResultCode.notFound) return renderErrorPage(request, reply, 404);
      return reply.status(200).send(failureEnvelope(error, error.msg, error.data));
    }
    const known = error.code ? fastifyErrors[error.code] : undefined;
    if (known) return reply.status(200).send(failureEnvelope(known));
    if (error instanceof SyntaxError && error.statusCode === 400) return reply.status(200).send(failureEnvelope(requestErrors.malformed));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      if (isPageRequest(request)) return renderErrorPage(request, reply, 404);
      return reply.status(200).send(failureEnvelope(requestErrors.invalid, '请求有误'));
    }
    request.log.error({ err: error }, 'unhandled error');
    if (isPageRequest(request)) return renderErrorPage(request, reply, 500);
    return reply.status(200).send(failureEnvelope(requestErrors.internal));
  });
}
