import { z } from 'zod';
import { newPasswordSchema, phoneSchema, smsCodeSchema } from './rules.ts';

/** What an SMS code is for (sendMsgType): a code sent for one purpose is refused for another. */
export const SendMsgType = { register: 0, login: 1, findPassword: 2 } as const;
export type SendMsgType = (typeof SendMsgType)[keyof typeof SendMsgType];

export const accountMessages = {
  alreadyRegistered: '此账号已注册',
  codeSent: '验证码发送成功',
  registered: '注册成功',
  loggedIn: '登录成功',
  passwordReset: '密码重置成功，请使用新密码登录',
  badCredentials: '账号或密码错误',
  notRegistered: '该手机号未注册',
} as const;

/** How long an SMS code lives, and the countdown before another may be requested (spec §9). */
export const smsCodeTtlSeconds = 300;
export const smsResendSeconds = 60;

const inviterSchema = z.string({ error: '邀请人有误' }).trim().max(32, '邀请人有误').optional();

/** /account/api/checkHasUser {userPhone} → true when the phone is registered. */
export const checkHasUserRequest = z.object({ userPhone: phoneSchema });
export type CheckHasUserRequest = z.infer<typeof checkHasUserRequest>;
export type CheckHasUserResponse = boolean;

/** /common/api/sendVerificationCode {userAccount (the phone), sendMsgType}. */
export const sendVerificationCodeRequest = z.object({
  userAccount: phoneSchema,
  sendMsgType: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: '验证码类型有误' }),
});
export type SendVerificationCodeRequest = z.infer<typeof sendVerificationCodeRequest>;

/** /common/api/queryDynamicGraphCode {phone, type (default 0)} → the graphic code as an SVG data URL. */
export const queryDynamicGraphCodeRequest = z.object({
  phone: z.union([z.literal(''), phoneSchema], { error: '请输入正确的手机号码' }).optional(),
  type: z.number({ error: '图形验证码类型有误' }).int('图形验证码类型有误').min(0, '图形验证码类型有误').max(9, '图形验证码类型有误').default(0),
});
export type QueryDynamicGraphCodeRequest = z.input<typeof queryDynamicGraphCodeRequest>;
export interface QueryDynamicGraphCodeResponse {
  /** data:image/svg+xml;base64,… */
  image: string;
}
export const graphCodeLength = 4;

const graphCodeSchema = z
  .string({ error: '请输入图形验证码' })
  .trim()
  .min(1, '请输入图形验证码')
  .max(graphCodeLength, '图形验证码错误');

/** /account/api/register: the registration page (graphic code, SMS code, password). */
export const registerRequest = z.object({
  phone: phoneSchema,
  graphCode: graphCodeSchema,
  smsCode: smsCodeSchema,
  password: newPasswordSchema,
  inviter: inviterSchema,
});
export type RegisterRequest = z.infer<typeof registerRequest>;

/** /account/api/messageRegister: registration with an SMS code and a password. */
export const messageRegisterRequest = z.object({
  phone: phoneSchema,
  smsCode: smsCodeSchema,
  password: newPasswordSchema,
  inviter: inviterSchema,
});
export type MessageRegisterRequest = z.infer<typeof messageRegisterRequest>;

/** /account/api/quickRegister {phone, smsCode}: the home page's register box; no password yet. */
export const quickRegisterRequest = z.object({
  phone: phoneSchema,
  smsCode: smsCodeSchema,
  inviter: inviterSchema,
});
export type QuickRegisterRequest = z.infer<typeof quickRegisterRequest>;

/** /account/api/doLogin: a phone or user number with a password, or a phone with an SMS code. */
export const doLoginRequest = z.discriminatedUnion(
  'loginType',
  [
    z.object({
      loginType: z.literal('password'),
      userAccount: z.string({ error: '请输入手机号或会员编号' }).trim().min(1, '请输入手机号或会员编号').max(32, accountMessages.badCredentials),
      password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(64, accountMessages.badCredentials),
    }),
    z.object({
      loginType: z.literal('sms'),
      userAccount: phoneSchema,
      smsCode: smsCodeSchema,
    }),
  ],
  { error: '请选择登录方式' },
);
export type DoLoginRequest = z.infer<typeof doLoginRequest>;

/** /account/api/findPassword: a new password for a phone, proven by an SMS code. */
export const findPasswordRequest = z.object({
  phone: phoneSchema,
  smsCode: smsCodeSchema,
  password: newPasswordSchema,
});
export type FindPasswordRequest = z.infer<typeof findPasswordRequest>;

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
  if (!value || !value.startsWith('/')) return '/';
  if (value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Control characters (tab, newline) are dropped by URL parsers and could turn "/\t/x" into "//x".
  if (/[\u0000-\u001f\u007f]/.test(value)) return '/';
  if (value.startsWith('/account/login') || value.startsWith('/account/register')) return '/';
  return value;
}

/** The login page's address for a path to come back to. */
export function loginPath(returnPath: string): string {
  return `/account/login?return=${encodeURIComponent(returnPath)}`;
}
