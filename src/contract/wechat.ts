import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';

/**
 * WeChat scan login (微信开放平台 网站应用微信登录, issue 12): the pure part of the contract. Request
 * schemas: wechat-requests.ts; the calls: wechat-calls.ts.
 */

/** What a scan is for: logging in (or registering) a visitor, or binding the logged-in member. */
export const wechatPurposes = ['login', 'bind'] as const;
export type WechatPurpose = (typeof wechatPurposes)[number];

/** How long a QR connect state, and a WeChat identity waiting for a phone, live. */
export const wechatStateTtlSeconds = 600;
export const wechatPendingTtlSeconds = 900;

/** The GET route WeChat sends the browser back to with ?code&state. */
export const wechatCallbackPath = '/account/wechat/callback';
/** Where a WeChat user with no member yet gives a phone and its SMS code. */
export const wechatRegisterPath = '/account/wechat/register';

export const wechatMessages = {
  bound: '微信绑定成功',
  unbound: '已解除微信绑定',
} as const;

export const wechatErrors = defineErrors('wechat', {
  /** No WECHAT_APP_ID: the option is hidden, and the calls say so. */
  disabled: { code: ResultCode.notFound, msg: '未开启微信登录' },
  /** A state this store never issued, or issued to another browser session. */
  stateInvalid: { code: ResultCode.badRequest, msg: '微信登录请求无效，请重新扫码' },
  /** A state issued to another browser session (a link passed on, or a forged callback). */
  stateOtherSession: { code: ResultCode.badRequest, msg: '请在发起微信登录的浏览器中完成扫码' },
  stateExpired: { code: ResultCode.badRequest, msg: '微信二维码已过期，请重新扫码' },
  stateUsed: { code: ResultCode.badRequest, msg: '该微信登录请求已使用，请重新扫码' },
  /** WeChat refused the code (40029 invalid, 40163 already used), or the store has seen it before. */
  codeUsed: { code: ResultCode.badRequest, msg: '微信授权码已使用，请重新扫码' },
  codeInvalid: { code: ResultCode.badRequest, msg: '微信授权码无效，请重新扫码' },
  /** The user pressed 拒绝 on the phone: WeChat comes back with a state and no code. */
  denied: { code: ResultCode.badRequest, msg: '您已取消微信授权' },
  /** WeChat did not answer, or answered something unexpected. */
  unavailable: { code: ResultCode.badRequest, msg: '微信服务暂时不可用，请稍后再试' },
  /** wechatRegister / queryWechatRelevanceInfo without a scanned identity of this session. */
  noPending: { code: ResultCode.badRequest, msg: '微信登录已失效，请重新扫码' },
  boundToOther: { code: ResultCode.conflict, msg: '微信账号已绑定其他会员' },
  memberAlreadyBound: { code: ResultCode.conflict, msg: '您的账号已绑定微信，请先解除绑定' },
  phoneAlreadyBound: { code: ResultCode.conflict, msg: '该手机号已绑定其他微信账号' },
  notBound: { code: ResultCode.badRequest, msg: '您的账号尚未绑定微信' },
  /** A bind scan finished in a browser no longer logged in as the member who started it. */
  bindSessionEnded: { code: ResultCode.badRequest, msg: '登录状态已变化，请重新登录后绑定微信' },
});

/**
 * getWechatScanInfo and bindWechatInfo {action: 'bind'}: the QR connect address. WeChat's page at
 * that address shows the QR the phone scans (a QR of the address itself would not log in: WeChat
 * refuses QR connect inside its own browser), so the store opens it rather than drawing a QR.
 */
export interface WechatScanInfo {
  /** https://open.weixin.qq.com/connect/qrconnect?appid=…&state=…#wechat_redirect */
  url: string;
  expiresInSeconds: number;
}

/** The WeChat user as WeChat describes them (sns/userinfo). */
export interface WechatProfile {
  nickname: string;
  headImgUrl: string;
}

/** queryWechatRelevanceInfo: where this browser stands. */
export interface WechatRelevanceInfo {
  isLoggedIn: boolean;
  /** The identity this session scanned that has no member yet (null: none, or expired). */
  pending: (WechatProfile & { isBound: boolean }) | null;
  /** The logged-in member's binding (null: not bound, or a visitor). */
  binding: WechatProfile | null;
}

/** The /account/wechat/register page (also the callback's refusals: `problem`). */
export interface WechatRegisterPageData {
  problem: string;
  profile: WechatProfile | null;
  returnPath: string;
  /** Where a refusal leads: the login page for a visitor, 账户安全 for a member (a bind scan). */
  back: { href: string; label: string };
}
