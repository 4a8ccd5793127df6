import { memberCall } from './call.ts';
import type { MemberProfile, MemberSecurity } from './member.ts';
import type { memberRequests } from './member-requests.ts';

type Requests = typeof memberRequests;

/** /user/api/member/…: the member's profile and account security (members only). */
export const memberCalls = {
  profile: memberCall<Requests['profile'], MemberProfile>('/user/api/member/profile'),
  saveProfile: memberCall<Requests['saveProfile'], MemberProfile>('/user/api/member/saveProfile'),
  /** The profile with the new avatar (cut to a 200×200 square). */
  setAvatar: memberCall<Requests['setAvatar'], MemberProfile>('/user/api/member/setAvatar'),
  sendSecurityCode: memberCall<Requests['sendSecurityCode'], null>('/user/api/member/sendSecurityCode'),
  changePassword: memberCall<Requests['changePassword'], MemberSecurity>('/user/api/member/changePassword'),
  setPassword: memberCall<Requests['setPassword'], MemberSecurity>('/user/api/member/setPassword'),
  verifyOldPhone: memberCall<Requests['verifyOldPhone'], null>('/user/api/member/verifyOldPhone'),
  sendNewPhoneCode: memberCall<Requests['sendNewPhoneCode'], null>('/user/api/member/sendNewPhoneCode'),
  changePhone: memberCall<Requests['changePhone'], MemberSecurity>('/user/api/member/changePhone'),
  /** Every other browser of the member is logged out; this one stays. */
  endOtherSessions: memberCall<Requests['endOtherSessions'], MemberSecurity>('/user/api/member/endOtherSessions'),
  security: memberCall<Requests['security'], MemberSecurity>('/user/api/member/security'),
};
