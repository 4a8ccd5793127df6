import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CallRequest, CallResponse } from '../../../contract/call.ts';
import { controlCharsMessage, holdsControlChars } from '../../../contract/control-chars.ts';
import { requestErrors } from '../../../contract/errors.ts';
import { staffErrors, type StaffIdentity } from '../../../contract/staff.ts';
import { abilityFor } from '../../../contract/staff-permissions.ts';
import type { AnyStaffCall, StaffCall } from '../../../contract/staff-calls.ts';
import { success, WithMessage } from '../../http/api-route.ts';
import { AppError } from '../../http/app-error.ts';
import { firstIssueMessage } from '../../http/validation-message.ts';
import { checkStaffAntiForgery, currentStaff, type StaffSessionDeps } from './staff-session.ts';

export interface StaffCallContext<Body> {
  body: Body;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Null only for calls anyone may make. */
  staff: StaffIdentity | null;
}

type StaffCallHandler<C extends AnyStaffCall> =
  C extends StaffCall<z.ZodType, unknown> ? (context: StaffCallContext<CallRequest<C>>) => Promise<CallResponse<C> | WithMessage<CallResponse<C>>> : never;

type StaffRequestSchemas<Calls extends Record<string, AnyStaffCall>> = {
  [Name in keyof Calls]: Calls[Name] extends StaffCall<infer Schema, unknown> ? Schema : never;
};

/**
 * Registers console calls like registerCalls does the shop's, with the staff session instead of
 * the member's: every POST must carry the staff anti-forgery token (the member's is not asked:
 * http/session.ts leaves /admin alone), then who calls and, for a call that names a permission,
 * whether their role grants it (contract/staff-permissions.ts): 401 / 403 whatever the body says,
 * so a role learns nothing of a call it may not make; only then is the body checked.
 */
export function registerStaffCalls<Calls extends Record<string, AnyStaffCall>>(
  app: FastifyInstance,
  deps: StaffSessionDeps,
  calls: Calls,
  schemas: StaffRequestSchemas<Calls>,
  handlers: { [Name in keyof Calls]: StaffCallHandler<Calls[Name]> },
): void {
  for (const [name, call] of Object.entries(calls)) {
    const schema: z.ZodType | undefined = schemas[name];
    const handle = handlers[name] as ((context: StaffCallContext<unknown>) => Promise<unknown>) | undefined;
    if (!schema || !handle) throw new Error(`${call.path}: no request schema or handler`);
    app.post(call.path, { config: { skipsAntiForgery: true } }, async (request, reply) => {
      checkStaffAntiForgery(request, deps);
      const staff = await currentStaff(request, deps);
      if (call.access !== 'anyone' && staff === null) throw new AppError(staffErrors.loginRequired);
      if (typeof call.access === 'object' && !(staff && abilityFor(staff.role).can(call.access.action, call.access.subject)))
        throw new AppError(staffErrors.forbidden);
      if (holdsControlChars(request.body)) throw new AppError(requestErrors.invalid, controlCharsMessage);
      const parsed = schema.safeParse(request.body ?? {});
      if (!parsed.success) throw new AppError(requestErrors.invalid, firstIssueMessage(parsed.error));
      const result = await handle({ body: parsed.data, request, reply, staff });
      return result instanceof WithMessage ? success(result.data, result.msg) : success(result);
    });
  }
}
