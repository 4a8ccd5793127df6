import type { FastifyReply, FastifyRequest } from 'fastify';
import { accountErrors, type MemberSummary } from '../../../contract/account.ts';
import { wechatCallbackPath } from '../../../contract/wechat.ts';
import { endMemberSession, startMemberSession } from '../../http/session.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { findShellUser, isMemberDisabled } from '../account/account.service.ts';
import { recordLogin } from '../account/login-record.service.ts';

/** Where WeChat sends the browser back: under PUBLIC_BASE_URL when set, else the origin the browser asked. */
export function callbackUrlOf(deps: ServiceDeps, request: FastifyRequest): string {
  const origin = deps.config.payments.publicBaseUrl ?? `${request.protocol}://${request.host}`;
  return `${origin}${wechatCallbackPath}`;
}

/** Logs the member in as the password login does: a new sid (session rotation), recorded among the recent logins. */
export async function logInMember(deps: ServiceDeps, request: FastifyRequest, reply: FastifyReply, userId: number): Promise<MemberSummary> {
  await startMemberSession(request, reply, deps, userId);
  // After the session is stored, as the password login checks (isMemberDisabled says why).
  if (await isMemberDisabled(deps.db, userId)) {
    await endMemberSession(request, reply, deps);
    throw new AppError(accountErrors.disabled);
  }
  await recordLogin(deps.db, { userId, method: 'wechat', ip: request.ip, userAgent: request.headers['user-agent'] });
  const member = await findShellUser(deps.db, userId);
  return member ?? { nickName: '', userNumber: '' };
}
