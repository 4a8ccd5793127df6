import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CallRequest, CallResponse } from '../../../contract/call.ts';
import { controlCharsMessage, holdsControlChars } from '../../../contract/control-chars.ts';
import { requestErrors } from '../../../contract/errors.ts';
import type { StaffIdentity } from '../../../contract/staff.ts';
import type { AnyStaffCall, StaffCall } from '../../../contract/staff-calls.ts';
import { success, WithMessage } from '../../http/api-route.ts';
import { AppError } from '../../http/app-error.ts';
import { firstIssueMessage } from '../../http/validation-message.ts';
import { actorOfRequest, consoleRoute } from './staff-access.ts';
import type { StaffActor } from './staff-actor.ts';

export interface StaffCallContext<Body> {
  body: Body;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Null only for calls anyone may make. */
  staff: StaffIdentity | null;
  /** The staff member and their address, for the change's audit entry (read only in a call for signed-in staff: else 401). */
  readonly actor: StaffActor;
}

type StaffCallHandler<C extends AnyStaffCall> =
  C extends StaffCall<z.ZodType, unknown> ? (context: StaffCallContext<CallRequest<C>>) => Promise<CallResponse<C> | WithMessage<CallResponse<C>>> : never;

type StaffRequestSchemas<Calls extends Record<string, AnyStaffCall>> = {
  [Name in keyof Calls]: Calls[Name] extends StaffCall<infer Schema, unknown> ? Schema : never;
};

/**
 * Registers console calls, in the console's scope, like registerCalls does the shop's. The scope's
 * hooks have run before the handler: the staff anti-forgery token, the staff session, and the call's
 * access (contract/staff-permissions.ts), 401 / 403 whatever the body says, so a role learns nothing
 * of a call it may not make; only then is the body checked.
 */
export function registerStaffCalls<Calls extends Record<string, AnyStaffCall>>(
  app: FastifyInstance,
  calls: Calls,
  schemas: StaffRequestSchemas<Calls>,
  handlers: { [Name in keyof Calls]: StaffCallHandler<Calls[Name]> },
): void {
  for (const [name, call] of Object.entries(calls)) {
    const schema: z.ZodType | undefined = schemas[name];
    const handle = handlers[name] as ((context: StaffCallContext<unknown>) => Promise<unknown>) | undefined;
    if (!schema || !handle) throw new Error(`${call.path}: no request schema or handler`);
    app.post(consoleRoute(call.path), { config: { staffAccess: call.access } }, async (request, reply) => {
      if (holdsControlChars(request.body)) throw new AppError(requestErrors.invalid, controlCharsMessage);
      const parsed = schema.safeParse(request.body ?? {});
      if (!parsed.success) throw new AppError(requestErrors.invalid, firstIssueMessage(parsed.error));
      const context: StaffCallContext<unknown> = {
        body: parsed.data,
        request,
        reply,
        staff: request.staff,
        get actor() {
          return actorOfRequest(request);
        },
      };
      const result = await handle(context);
      return result instanceof WithMessage ? success(result.data, result.msg) : success(result);
    });
  }
}
