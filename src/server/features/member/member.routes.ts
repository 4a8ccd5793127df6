import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberMessages } from '../../../contract/member.ts';
import { memberCalls } from '../../../contract/member-calls.ts';
import { memberRequests } from '../../../contract/member-requests.ts';
import { accountMessages } from '../../../contract/account.ts';
import { registerCalls, WithMessage } from '../../http/api-route.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { loadMemberProfile, saveMemberProfile, setMemberAvatar } from './member-profile.service.ts';
import {
  changePassword,
  changePhone,
  endOtherSessions,
  loadMemberSecurity,
  sendNewPhoneCode,
  sendSecurityCode,
  setFirstPassword,
  verifyOldPhone,
  type Asker,
} from './member-security.service.ts';

function askerOf(request: FastifyRequest, userId: number): Asker {
  return { userId, sid: request.visitor.sid, ip: request.ip };
}

/** memberCalls: the member's profile, avatar and account security. */
export function registerMemberRoutes(app: FastifyInstance, deps: ServiceDeps) {
  const { db } = deps;
  registerCalls(app, memberCalls, memberRequests, {
    profile: ({ userId }) => loadMemberProfile(deps, userId),
    saveProfile: async ({ body, userId }) => new WithMessage(await saveMemberProfile(deps, userId, body), memberMessages.profileSaved),
    setAvatar: async ({ body, userId }) => new WithMessage(await setMemberAvatar(deps, userId, body.key), memberMessages.avatarSaved),
    async sendSecurityCode({ body, request, userId }) {
      await sendSecurityCode(deps, askerOf(request, userId), body.purpose);
      return new WithMessage(null, accountMessages.codeSent);
    },
    changePassword: async ({ body, request, userId }) =>
      new WithMessage(await changePassword(db, askerOf(request, userId), body), memberMessages.passwordChanged),
    setPassword: async ({ body, request, userId }) => new WithMessage(await setFirstPassword(db, askerOf(request, userId), body), memberMessages.passwordSet),
    async verifyOldPhone({ body, request, userId }) {
      await verifyOldPhone(db, askerOf(request, userId), body.smsCode);
      return new WithMessage(null, memberMessages.oldPhoneVerified);
    },
    async sendNewPhoneCode({ body, request, userId }) {
      await sendNewPhoneCode(deps, askerOf(request, userId), body.phone);
      return new WithMessage(null, accountMessages.codeSent);
    },
    changePhone: async ({ body, request, userId }) => new WithMessage(await changePhone(db, askerOf(request, userId), body), memberMessages.phoneChanged),
    endOtherSessions: async ({ request, userId }) => new WithMessage(await endOtherSessions(db, askerOf(request, userId)), memberMessages.otherSessionsEnded),
    security: ({ request, userId }) => loadMemberSecurity(db, askerOf(request, userId)),
  });
}
