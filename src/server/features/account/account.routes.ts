import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  accountMessages,
  checkHasUserRequest,
  doLoginRequest,
  findPasswordRequest,
  messageRegisterRequest,
  quickRegisterRequest,
  registerRequest,
  SendMsgType,
  type MemberSummary,
} from '../../../contract/account.ts';
import { z } from 'zod';
import type { ServiceDeps } from '../../service-deps.ts';
import { apiRoute, WithMessage } from '../../http/api-route.ts';
import { endMemberSession, startMemberSession } from '../../http/session.ts';
import { checkHasUser, loginWithPassword, loginWithSmsCode, registerMember, resetPassword, type Member } from './account.service.ts';
import { checkGraphicCode } from './graphic-code/graphic-code.service.ts';

async function logIn(deps: ServiceDeps, request: FastifyRequest, reply: FastifyReply, member: Member): Promise<MemberSummary> {
  await startMemberSession(request, reply, deps, member.userId);
  return { nickName: member.nickName, userNumber: member.userNumber };
}

/** The /account/api calls of spec §7: registration, login, logout, find password. */
export function registerAccountRoutes(app: FastifyInstance, deps: ServiceDeps) {
  apiRoute(app, {
    path: '/account/api/checkHasUser',
    body: checkHasUserRequest,
    handle: ({ body }) => checkHasUser(deps, body.userPhone),
  });

  apiRoute(app, {
    path: '/account/api/register',
    body: registerRequest,
    async handle({ body, request, reply }) {
      await checkGraphicCode(deps, { sid: request.visitor.sid, type: SendMsgType.register, phone: body.phone, answer: body.graphCode });
      const member = await registerMember(deps, body);
      return new WithMessage(await logIn(deps, request, reply, member), accountMessages.registered);
    },
  });

  apiRoute(app, {
    path: '/account/api/messageRegister',
    body: messageRegisterRequest,
    async handle({ body, request, reply }) {
      const member = await registerMember(deps, body);
      return new WithMessage(await logIn(deps, request, reply, member), accountMessages.registered);
    },
  });

  apiRoute(app, {
    path: '/account/api/quickRegister',
    body: quickRegisterRequest,
    async handle({ body, request, reply }) {
      const member = await registerMember(deps, { ...body, password: null });
      return new WithMessage(await logIn(deps, request, reply, member), accountMessages.registered);
    },
  });

  apiRoute(app, {
    path: '/account/api/doLogin',
    body: doLoginRequest,
    async handle({ body, request, reply }) {
      const member =
        body.loginType === 'password'
          ? await loginWithPassword(deps, { userAccount: body.userAccount, password: body.password, ip: request.ip })
          : await loginWithSmsCode(deps, { phone: body.userAccount, smsCode: body.smsCode, ip: request.ip });
      return new WithMessage(await logIn(deps, request, reply, member), accountMessages.loggedIn);
    },
  });

  apiRoute(app, {
    path: '/account/api/logout',
    body: z.object({}),
    async handle({ request, reply }) {
      await endMemberSession(request, reply, deps);
      return null;
    },
  });

  apiRoute(app, {
    path: '/account/api/findPassword',
    body: findPasswordRequest,
    async handle({ body }) {
      await resetPassword(deps, body);
      return new WithMessage(null, accountMessages.passwordReset);
    },
  });
}
