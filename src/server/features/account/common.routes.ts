import type { FastifyInstance } from 'fastify';
import { accountMessages, queryDynamicGraphCodeRequest, sendVerificationCodeRequest, type QueryDynamicGraphCodeResponse } from '../../../contract/account.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { apiRoute, WithMessage } from '../../http/api-route.ts';
import { issueGraphicCode } from './graphic-code/graphic-code.service.ts';
import { sendVerificationCode } from './sms/sms-code.service.ts';

/** The /common/api calls that guard registration: SMS codes and graphic codes. */
export function registerCodeRoutes(app: FastifyInstance, deps: ServiceDeps) {
  apiRoute(app, {
    path: '/common/api/sendVerificationCode',
    body: sendVerificationCodeRequest,
    async handle({ body, request }) {
      await sendVerificationCode(deps, { phone: body.userAccount, purpose: body.sendMsgType, ip: request.ip });
      return new WithMessage(null, accountMessages.codeSent);
    },
  });

  apiRoute(app, {
    path: '/common/api/queryDynamicGraphCode',
    body: queryDynamicGraphCodeRequest,
    async handle({ body, request }): Promise<QueryDynamicGraphCodeResponse> {
      return { image: await issueGraphicCode(deps, { sid: request.visitor.sid, type: body.type, phone: body.phone }) };
    },
  });
}
