import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountErrors, accountMessages, SendMsgType, type MemberSummary } from '../../../contract/account.ts';
import { accountCalls } from '../../../contract/account-calls.ts';
import type { LoginMethod } from '../../../contract/member.ts';
import { accountRequests } from '../../../contract/account-requests.ts';
import { registerCalls, WithMessage } from '../../http/api-route.ts';
import { AppError } from '../../http/app-error.ts';
import { endMemberSession, startMemberSession } from '../../http/session.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import {
  checkHasUser,
  isLoginCurrent,
  isMemberDisabled,
  loginWithPassword,
  loginWithSmsCode,
  registerMember,
  resetPassword,
  type Member,
} from './account.service.ts';
import { checkGraphicCode, issueGraphicCode } from './graphic-code/graphic-code.service.ts';
import { spendPhoneLookup } from './phone-lookup-guard.ts';
import { sendVerificationCode } from './sms/sms-code.service.ts';
import { recordLogin } from './login-record.service.ts';

/** Starts the member's session and records the login (/user/security); a password login whose password was reset meanwhile is undone (isLoginCurrent). */
async function logIn(deps: ServiceDeps, request: FastifyRequest, reply: FastifyReply, member: Member, method: LoginMethod): Promise<MemberSummary> {
  await startMemberSession(request, reply, deps, member.userId);
  if (!(await isLoginCurrent(deps.db, member))) {
    await endMemberSession(request, reply, deps);
    throw new AppError(accountErrors.badCredentials);
  }
  if (await isMemberDisabled(deps.db, member.userId)) {
    await endMemberSession(request, reply, deps);
    throw new AppError(accountErrors.disabled);
  }
  await recordLogin(deps.db, { userId: member.userId, method, ip: request.ip, userAgent: request.headers['user-agent'] });
  return { nickName: member.nickName, userNumber: member.userNumber };
}

/** accountCalls: registration, login, logout, find password (spec §7), and the SMS and graphic codes that guard them. */
export function registerAccountRoutes(app: FastifyInstance, deps: ServiceDeps) {
  const { db } = deps;
  registerCalls(app, accountCalls, accountRequests, {
    async checkHasUser({ body, request }) {
      const { userPhone: phone, graphCode } = body;
      await spendPhoneLookup(deps, { sid: request.visitor.sid, ip: request.ip, phone, purpose: SendMsgType.register, graphCode });
      return checkHasUser(db, phone);
    },

    async register({ body, request, reply }) {
      await checkGraphicCode(db, { sid: request.visitor.sid, type: SendMsgType.register, phone: body.phone, answer: body.graphCode });
      const member = await registerMember(db, body);
      return new WithMessage(await logIn(deps, request, reply, member, 'register'), accountMessages.registered);
    },

    async messageRegister({ body, request, reply }) {
      const member = await registerMember(db, body);
      return new WithMessage(await logIn(deps, request, reply, member, 'register'), accountMessages.registered);
    },

    async quickRegister({ body, request, reply }) {
      const member = await registerMember(db, { ...body, password: null });
      return new WithMessage(await logIn(deps, request, reply, member, 'quickRegister'), accountMessages.registered);
    },

    async doLogin({ body, request, reply }) {
      const member =
        body.loginType === 'password'
          ? await loginWithPassword(deps, { userAccount: body.userAccount, password: body.password, ip: request.ip })
          : await loginWithSmsCode(deps, { phone: body.userAccount, smsCode: body.smsCode, ip: request.ip });
      return new WithMessage(await logIn(deps, request, reply, member, body.loginType === 'password' ? 'password' : 'sms'), accountMessages.loggedIn);
    },

    async logout({ request, reply }) {
      await endMemberSession(request, reply, deps);
      return null;
    },

    async findPassword({ body }) {
      await resetPassword(db, body);
      return new WithMessage(null, accountMessages.passwordReset);
    },

    async sendVerificationCode({ body, request }) {
      const lookup = { sid: request.visitor.sid, ip: request.ip, phone: body.userAccount, purpose: body.sendMsgType, graphCode: body.graphCode };
      await sendVerificationCode(deps, lookup);
      return new WithMessage(null, accountMessages.codeSent);
    },

    async queryDynamicGraphCode({ body, request }) {
      return { image: await issueGraphicCode(db, { sid: request.visitor.sid, type: body.type, phone: body.phone }) };
    },
  });
}
