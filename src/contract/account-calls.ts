import type { CheckHasUserResponse, MemberSummary, QueryDynamicGraphCodeResponse } from './account.ts';
import type { accountRequests } from './account-requests.ts';
import { publicCall } from './call.ts';

type Requests = typeof accountRequests;

/**
 * /account/api/… (spec §7 "Account") and the two /common/api/… calls that guard them (SMS and
 * graphic codes): all public, since they are how a visitor becomes a member. The registrations
 * and logins start the member's session.
 */
export const accountCalls = {
  checkHasUser: publicCall<Requests['checkHasUser'], CheckHasUserResponse>('/account/api/checkHasUser'),
  register: publicCall<Requests['register'], MemberSummary>('/account/api/register'),
  messageRegister: publicCall<Requests['messageRegister'], MemberSummary>('/account/api/messageRegister'),
  quickRegister: publicCall<Requests['quickRegister'], MemberSummary>('/account/api/quickRegister'),
  doLogin: publicCall<Requests['doLogin'], MemberSummary>('/account/api/doLogin'),
  logout: publicCall<Requests['logout'], null>('/account/api/logout'),
  findPassword: publicCall<Requests['findPassword'], null>('/account/api/findPassword'),
  sendVerificationCode: publicCall<Requests['sendVerificationCode'], null>('/common/api/sendVerificationCode'),
  queryDynamicGraphCode: publicCall<Requests['queryDynamicGraphCode'], QueryDynamicGraphCodeResponse>('/common/api/queryDynamicGraphCode'),
};
