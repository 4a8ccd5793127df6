import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode, type Envelope } from '../../contract/envelope.ts';
import { requestErrors, type ErrorDefinition } from '../../contract/errors.ts';
import { AppError } from './app-error.ts';
import { answerRouterRefusals, RouterRefusalError } from './router-errors.ts';
import { databaseFailureOf, type DatabaseFailure } from '../db/database-errors.ts';

const databaseFailureErrors: Record<DatabaseFailure, ErrorDefinition> = {
  unavailable: requestErrors.unavailable,
  busy: requestErrors.busy,
  storage: requestErrors.storageFailed,
};

/** Fastify's own failures, told in Chinese; HTTP stays 200 and the code says what went wrong. */
const fastifyErrors: Record<string, ErrorDefinition> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: requestErrors.notJson,
  FST_ERR_CTP_BODY_TOO_LARGE: requestErrors.tooLarge,
  FST_ERR_CTP_EMPTY_JSON_BODY: requestErrors.empty,
  FST_ERR_CTP_INVALID_JSON_BODY: requestErrors.malformed,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: requestErrors.badLength,
};

export type ErrorPageStatus = 400 | 404 | 500 | 503;
export type ErrorPageRenderer = (request: FastifyRequest, reply: FastifyReply, status: ErrorPageStatus) => Promise<unknown>;

function isPageRequest(request: FastifyRequest) {
  return request.method === 'GET' || request.method === 'HEAD';
}

export function failureEnvelope(definition: ErrorDefinition, msg = definition.msg, data: unknown = null): Envelope<unknown> {
  return { code: definition.code, data, msg, errorCode: definition.errorCode };
}

const errorTitles: Record<ErrorPageStatus, string> = { 400: '请求地址有误', 404: '页面不存在', 500: '服务器繁忙，请稍后再试', 503: '服务暂时不可用' };

/** The store's error page; should drawing it fail too, a plain page in Chinese rather than Fastify's English JSON. */
function withPlainFallback(renderErrorPage: ErrorPageRenderer): ErrorPageRenderer {
  return async (request, reply, status) => {
    try {
      return await renderErrorPage(request, reply, status);
    } catch (error) {
      request.log.error({ err: error, status }, 'the error page failed');
      const title = errorTitles[status];
      return reply
        .status(status)
        .type('text/html; charset=utf-8')
        .send(`<!DOCTYPE html><html lang="zh-CN"><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><p><a href="/">返回首页</a></p>`);
    }
  };
}

export function registerErrorHandler(app: FastifyInstance, renderPage: ErrorPageRenderer) {
  const renderErrorPage = withPlainFallback(renderPage);
  answerRouterRefusals(app);
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof RouterRefusalError) {
      const isBadUrl = error.refusal === 'badUrl';
      if (isPageRequest(request)) return renderErrorPage(request, reply, isBadUrl ? 400 : 404);
      return reply.status(200).send(failureEnvelope(isBadUrl ? requestErrors.badUrl : requestErrors.unknownCall));
    }
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
    const databaseFailure = databaseFailureOf(error);
    if (databaseFailure) {
      request.log.warn({ err: error, databaseFailure }, 'database failure');
      if (isPageRequest(request)) return renderErrorPage(request, reply, 503);
      return reply.status(200).send({ ...failureEnvelope(databaseFailureErrors[databaseFailure]), requestId: request.id });
    }
    request.log.error({ err: error }, 'unhandled error');
    if (isPageRequest(request)) return renderErrorPage(request, reply, 500);
    return reply.status(200).send({ ...failureEnvelope(requestErrors.internal), requestId: request.id });
  });
}
