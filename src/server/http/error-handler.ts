import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode } from '../../contract/envelope.ts';
import { AppError } from './app-error.ts';

/** Fastify's own failures, told in Chinese; HTTP stays 200 and the code says what went wrong. */
const fastifyErrorMessages: Record<string, { code: number; msg: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: ResultCode.badRequest, msg: '请求格式有误，请以 JSON 提交' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: ResultCode.badRequest, msg: '提交的内容过大' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: ResultCode.badRequest, msg: '请求内容不能为空' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: ResultCode.badRequest, msg: '请求内容不是有效的 JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: ResultCode.badRequest, msg: '请求长度有误' },
};

export type ErrorPageRenderer = (request: FastifyRequest, reply: FastifyReply, status: 404 | 500) => Promise<unknown>;

function isPageRequest(request: FastifyRequest) {
  return request.method === 'GET' || request.method === 'HEAD';
}

export function registerErrorHandler(app: FastifyInstance, renderErrorPage: ErrorPageRenderer) {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (isPageRequest(request) && error.code === ResultCode.notFound) return renderErrorPage(request, reply, 404);
      return reply.status(200).send({ code: error.code, data: error.data, msg: error.msg });
    }
    const known = error.code ? fastifyErrorMessages[error.code] : undefined;
    if (known) return reply.status(200).send({ code: known.code, data: null, msg: known.msg });
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return reply.status(200).send({ code: ResultCode.badRequest, data: null, msg: '请求内容不是有效的 JSON' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      if (isPageRequest(request)) return renderErrorPage(request, reply, 404);
      return reply.status(200).send({ code: ResultCode.badRequest, data: null, msg: '请求有误' });
    }
    request.log.error({ err: error }, 'unhandled error');
    if (isPageRequest(request)) return renderErrorPage(request, reply, 500);
    return reply.status(200).send({ code: ResultCode.internal, data: null, msg: '服务器繁忙，请稍后再试' });
  });
}
