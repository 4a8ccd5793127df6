import type { FastifyInstance } from 'fastify';
import { wechatMessages } from '../../../contract/wechat.ts';
import { wechatCalls } from '../../../contract/wechat-calls.ts';
import { wechatRequests } from '../../../contract/wechat-requests.ts';
import { registerCalls, WithMessage } from '../../http/api-route.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { callbackUrlOf, logInMember } from './wechat-session.ts';
import { checkCanBind, issueScan, queryRelevance, registerFromWechat, unbindWechat, wechatConfigOf } from './wechat.service.ts';

/** wechatCalls (spec §7): every one answers 未开启微信登录 without WECHAT_APP_ID. */
export function registerWechatRoutes(app: FastifyInstance, deps: ServiceDeps) {
  registerCalls(app, wechatCalls, wechatRequests, {
    async getWechatScanInfo({ body, request }) {
      wechatConfigOf(deps);
      const returnPath = body.returnPath ?? '/';
      return issueScan(deps, { sid: request.visitor.sid, purpose: 'login', userId: null, returnPath, redirectUri: callbackUrlOf(deps, request) });
    },

    async queryWechatRelevanceInfo({ request }) {
      return queryRelevance(deps, request.visitor);
    },

    async wechatRegister({ body, request, reply }) {
      const userId = await registerFromWechat(deps, { sid: request.visitor.sid, ...body });
      return new WithMessage(await logInMember(deps, request, reply, userId), wechatMessages.bound);
    },

    async bindWechatInfo({ body, userId, request }) {
      if (body.action === 'unbind') {
        await unbindWechat(deps, userId);
        return new WithMessage(null, wechatMessages.unbound);
      }
      await checkCanBind(deps, userId);
      const returnPath = body.returnPath ?? '/user/security';
      return issueScan(deps, { sid: request.visitor.sid, purpose: 'bind', userId, returnPath, redirectUri: callbackUrlOf(deps, request) });
    },
  });
}
