import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Envelope } from '../../contract/envelope.ts';
import { ResultCode } from '../../contract/envelope.ts';
import { AppError, unauthorized } from './app-error.ts';
import { firstIssueMessage } from './validation-message.ts';

interface ApiContext<Body> {
  body: Body;
  request: FastifyRequest;
  reply: FastifyReply;
}

interface MemberApiContext<Body> extends ApiContext<Body> {
  userId: number;
}

type ApiRoute<S extends z.ZodType> =
  | { path: string; body: S; member?: false; handle(context: ApiContext<z.infer<S>>): Promise<unknown> }
  | { path: string; body: S; member: true; handle(context: MemberApiContext<z.infer<S>>): Promise<unknown> };

export function success<T>(data: T, msg = ''): Envelope<T> {
  return { code: ResultCode.success, data, msg };
}

/** A handler's data with a message for the user (e.g. 注册成功), returned instead of bare data. */
export class WithMessage<T> {
  constructor(
    readonly data: T,
    readonly msg: string,
  ) {}
}

function envelopeOf(result: unknown): Envelope<unknown> {
  return result instanceof WithMessage ? success(result.data, result.msg) : success(result);
}

/**
 * A POST JSON call of spec §7: the body is validated by its contract schema, member calls
 * answer 401 without a session, and whatever the handler returns becomes `data` of code 1.
 */
export function apiRoute<S extends z.ZodType>(app: FastifyInstance, route: ApiRoute<S>) {
  app.post(route.path, async (request, reply) => {
    const parsed = route.body.safeParse(request.body ?? {});
    if (!parsed.success) throw new AppError(ResultCode.badRequest, firstIssueMessage(parsed.error));
    if (route.member) {
      const userId = request.visitor.userId;
      if (userId === null) throw unauthorized();
      return envelopeOf(await route.handle({ body: parsed.data, request, reply, userId }));
    }
    return envelopeOf(await route.handle({ body: parsed.data, request, reply }));
  });
}
