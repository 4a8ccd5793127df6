import type { MemberSummary } from './account.ts';
import { memberCall, publicCall } from './call.ts';
import type { WechatRelevanceInfo, WechatScanInfo } from './wechat.ts';
import type { wechatRequests } from './wechat-requests.ts';

type Requests = typeof wechatRequests;

/**
 * /account/api/… of WeChat scan login (spec §7 "Account"). Without WECHAT_APP_ID each answers
 * wechatErrors.disabled. The scan itself ends at the GET callback (wechatCallbackPath).
 */
export const wechatCalls = {
  getWechatScanInfo: publicCall<Requests['getWechatScanInfo'], WechatScanInfo>('/account/api/getWechatScanInfo'),
  queryWechatRelevanceInfo: publicCall<Requests['queryWechatRelevanceInfo'], WechatRelevanceInfo>('/account/api/queryWechatRelevanceInfo'),
  wechatRegister: publicCall<Requests['wechatRegister'], MemberSummary>('/account/api/wechatRegister'),
  /** bind: the QR to scan (the callback binds); unbind: null. */
  bindWechatInfo: memberCall<Requests['bindWechatInfo'], WechatScanInfo | null>('/account/api/bindWechatInfo'),
};
