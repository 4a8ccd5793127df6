import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AnyCall, Call, CallRequest, CallResponse } from '../../contract/call.ts';
import { controlCharsMessage, holdsControlChars } from '../../contract/control-chars.ts';
import { ResultCode, type Envelope } from '../../contract/envelope.ts';
import { requestErrors } from '../../contract/errors.ts';
import { AppError, unauthorized } from './app-error.ts';
import { firstIssueMessage } from './validation-message.ts';

/** What a handler gets: the validated body, and the member's id for member calls. */
export interface CallContext<Body, IsMemberOnly extends boolean> {
  body: Body;
  request: FastifyRequest;
  reply: FastifyReply;
  userId: IsMemberOnly extends true ? number : number | null;
}

/** A handler's data with a message for the user (e.g. 注册成功), returned instead of bare data. */
export class WithMessage<T> {
  constructor(
    readonly data: T,
    readonly msg: string,
  ) {}
}

export type CallHandler<C extends AnyCall> =
  C extends Call<z.ZodType, unknown, infer IsMemberOnly>
    ? (context: CallContext<CallRequest<C>, IsMemberOnly>) => Promise<CallResponse<C> | WithMessage<CallResponse<C>>>
    : never;

/** A domain's request schemas, one per call of its table. */
export type RequestSchemas<Calls extends Record<string, AnyCall>> = {
  [Name in keyof Calls]: Calls[Name] extends Call<infer Schema, unknown> ? Schema : never;
};

export type CallHandlers<Calls extends Record<string, AnyCall>> = { [Name in keyof Calls]: CallHandler<Calls[Name]> };

export function success<T>(data: T, msg = ''): Envelope<T> {
  return { code: ResultCode.success, data, msg };
}

function envelopeOf(result: unknown): Envelope<unknown> {
  return result instanceof WithMessage ? success(result.data, result.msg) : success(result);
}

export interface CallOptions<Calls extends Record<string, AnyCall>> {
  /** Calls whose answer does not depend on who asks: no session lookup (session.ts, isSameForEveryone). */
  sameForEveryone?: readonly (keyof Calls)[];
}

/**
 * Registers every call of a domain's table (spec §7: POST JSON, answered in the envelope):
 * a body holding control characters is refused (control-chars.ts), then validated by its schema;
 * member calls answer 401 without a session, and what the handler returns becomes `data` of
 * code 1. The types make each table need a schema and a handler for every call, and each
 * handler return its call's response type.
 */
export function registerCalls<Calls extends Record<string, AnyCall>>(
  app: FastifyInstance,
  calls: Calls,
  schemas: RequestSchemas<Calls>,
  handlers: CallHandlers<Calls>,
  options: CallOptions<Calls> = {},
): void {
  const sameForEveryone = new Set<string>(options.sameForEveryone?.map(String));
  for (const [name, call] of Object.entries(calls)) {
    const schema: z.ZodType | undefined = schemas[name];
    const handle = handlers[name] as ((context: CallContext<unknown, boolean>) => Promise<unknown>) | undefined;
    if (!schema || !handle) throw new Error(`${call.path}: no request schema or handler`);
    const isSameForEveryone = sameForEveryone.has(name);
    if (isSameForEveryone && call.isMemberOnly) throw new Error(`${call.path}: a member call cannot be the same for everyone`);
    app.post(call.path, { config: { isSameForEveryone } }, async (request, reply) => {
      if (holdsControlChars(request.body)) throw new AppError(requestErrors.invalid, controlCharsMessage);
      const parsed = schema.safeParse(request.body ?? {});
      if (!parsed.success) throw new AppError(requestErrors.invalid, firstIssueMessage(parsed.error));
      const userId = request.visitor.userId;
      if (call.isMemberOnly && userId === null) throw unauthorized();
      return envelopeOf(await handle({ body: parsed.data, request, reply, userId }));
    });
  }
}
