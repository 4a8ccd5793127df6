import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import { ruleMessages, textRule } from './rules.ts';

/**
 * Accounts, SMS codes and graphic codes: the pure part of the contract (no zod), shared by the
 * server and the browser. Request schemas: account-requests.ts; the calls: account-calls.ts.
 */

/**
 * What an SMS code is for (sendMsgType): a code sent for one purpose is refused for another.
 * 0–2 are the visitor's (spec §7); 3–5 a member's security changes, sent to their own phone or
 * the new one; 6 the phone a WeChat login registers or binds (issue 12); 7 a supplier applicant's
 * phone (issue 13: applying for 供应商入驻 and looking up the application's progress).
 */
export const SendMsgType = {
  register: 0,
  login: 1,
  findPassword: 2,
  changePassword: 3,
  changePhoneOld: 4,
  changePhoneNew: 5,
  wechat: 6,
  supplier: 7,
} as const;
export type SendMsgType = (typeof SendMsgType)[keyof typeof SendMsgType];
/** The purposes a visitor may ask /common/api/sendVerificationCode for; a member's own (3–5) go through the member calls. */
export type VisitorSmsPurpose =
  typeof SendMsgType.register | typeof SendMsgType.login | typeof SendMsgType.findPassword | typeof SendMsgType.wechat | typeof SendMsgType.supplier;

/** The login page's cards: password, SMS code, or finding a forgotten password (?mode=). */
export const loginModes = ['password', 'sms', 'find'] as const;
export type LoginMode = (typeof loginModes)[number];

/** How long an SMS code lives, and the countdown before another may be requested (spec §9). */
export const smsCodeTtlSeconds = 300;
export const smsResendSeconds = 60;
export const graphCodeLength = 4;
/** A failed login counts for this long; five failures lock the account until the window ends. */
export const loginLockMinutes = 15;
/** Longest user account (phone or user number), login password and inviter a request may carry. */
export const accountLimits = { userAccount: 32, loginPassword: 64, inviter: 32 } as const;

/** What the store says when a call succeeds (spec §8). */
export const accountMessages = {
  codeSent: '验证码发送成功',
  registered: '注册成功',
  loggedIn: '登录成功',
  passwordReset: '密码重置成功，请使用新密码登录',
} as const;

/** What the forms say before anything is sent. */
export const accountPrompts = {
  agreementRequired: '请阅读并同意《用户注册协议》',
} as const;

export const accountErrors = defineErrors('account', {
  alreadyRegistered: { code: ResultCode.conflict, msg: '此账号已注册' },
  notRegistered: { code: ResultCode.badRequest, msg: '该手机号未注册' },
  /** An unknown account and a wrong password answer alike. */
  badCredentials: { code: ResultCode.badRequest, msg: '账号或密码错误' },
  locked: { code: ResultCode.tooManyRequests, msg: `登录失败次数过多，账号已锁定，请${loginLockMinutes}分钟后再试` },
  /** Too many answers to "is this phone a member?" (checkHasUser, sendVerificationCode) from one address. */
  lookupTooFrequent: { code: ResultCode.tooManyRequests, msg: '查询过于频繁，请稍后再试' },
  /** Staff disabled the account (the console's 会员管理); told only after the credentials proved right. */
  disabled: { code: ResultCode.forbidden, msg: '该账号已被停用，如有疑问请联系客服' },
});

export const smsErrors = defineErrors('sms', {
  /** Another code for the phone within the resend wait. */
  resendTooSoon: { code: ResultCode.tooManyRequests, msg: `验证码已发送，请${smsResendSeconds}秒后再试` },
  /** Too many send requests from one address. */
  tooFrequent: { code: ResultCode.tooManyRequests, msg: '获取验证码过于频繁，请稍后再试' },
  phoneHourlyQuota: { code: ResultCode.tooManyRequests, msg: '该手机号获取验证码过于频繁，请1小时后再试' },
  phoneDailyQuota: { code: ResultCode.tooManyRequests, msg: '该手机号今日获取验证码次数已达上限，请明天再试' },
  sendFailed: { code: ResultCode.internal, msg: '短信发送失败，请稍后再试' },
  /** No live code for the phone and purpose: never sent, expired, used, or killed by wrong guesses. */
  codeExpired: { code: ResultCode.badRequest, msg: '短信验证码已失效，请重新获取' },
  codeWrong: { code: ResultCode.badRequest, msg: '短信验证码错误' },
  /** The wrong guess that killed the code. */
  codeDead: { code: ResultCode.badRequest, msg: '短信验证码错误次数过多，请重新获取' },
});

export const graphCodeErrors = defineErrors('graphCode', {
  /** None for this browser session, too old, for another purpose or phone, or already checked. */
  expired: { code: ResultCode.badRequest, msg: '图形验证码已失效，请点击图片刷新' },
  wrong: { code: ResultCode.badRequest, msg: '图形验证码错误' },
  /**
   * The browser session has used its free phone lookups: each further one carries a graphic code
   * whose type is the SMS purpose (checkHasUser: registration's).
   */
  required: { code: ResultCode.tooManyRequests, msg: '操作过于频繁，请输入图形验证码' },
});

const loginAccountMissing = '请输入手机号或会员编号';
const graphCodeMissing = '请输入图形验证码';

/** The password login's account: a phone or a user number. */
export const loginAccountRule = textRule(loginAccountMissing, (account) =>
  account === '' ? loginAccountMissing : account.length > accountLimits.userAccount ? accountErrors.badCredentials.msg : '',
);

/** The password login's password, as typed (not the rule of a new password: older ones are accepted). */
export const loginPasswordRule = textRule(
  ruleMessages.passwordMissing,
  (password) => (password === '' ? ruleMessages.passwordMissing : password.length > accountLimits.loginPassword ? accountErrors.badCredentials.msg : ''),
  { isTrimmed: false },
);

export const graphCodeRule = textRule(graphCodeMissing, (answer) =>
  answer === '' ? graphCodeMissing : answer.length > graphCodeLength ? graphCodeErrors.wrong.msg : '',
);

/** /account/api/checkHasUser: true when the phone is registered. */
export type CheckHasUserResponse = boolean;

/** /common/api/queryDynamicGraphCode: the graphic code as an SVG data URL. */
export interface QueryDynamicGraphCodeResponse {
  /** data:image/svg+xml;base64,… */
  image: string;
}

/** Who is logged in after login or registration. */
export interface MemberSummary {
  nickName: string;
  userNumber: string;
}

/** The name the store greets a member by: nickName, falling back to userNumber. */
export function displayNameOf(member: MemberSummary): string {
  return member.nickName || member.userNumber;
}

/** 138****8000 */
export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/**
 * Where the login page sends a member afterwards: a same-site path starting with a single
 * `/` (not `//host` nor `/\host`, which browsers read as another site); anything else is home.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value?.startsWith('/')) return '/';
  if (value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Control characters (tab, newline) are dropped by URL parsers and could turn "/\t/x" into "//x".
  // eslint-disable-next-line no-control-regex -- the control characters are what this looks for
  if (/[\u0000-\u001f\u007f]/.test(value)) return '/';
  if (value.startsWith('/account/login') || value.startsWith('/account/register')) return '/';
  return value;
}

/**
 * The login page's address: with the path to come back to (none: the login page's default,
 * home) and the card to open (none: password login). THE way to build a login URL.
 */
export function loginPath(returnPath?: string, mode?: LoginMode): string {
  return withQuery('/account/login', { return: returnPath, mode: mode === 'password' ? undefined : mode });
}

/** The register page's address, with the path to go to after registering (none: the member centre). */
export function registerPath(returnPath?: string): string {
  return withQuery('/account/register', { return: returnPath });
}

function withQuery(path: string, parameters: Record<string, string | undefined>): string {
  const pairs = Object.entries(parameters).flatMap(([name, value]) => (value === undefined ? [] : [`${name}=${encodeURIComponent(value)}`]));
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}
