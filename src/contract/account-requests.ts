import { z } from 'zod';
import { accountLimits, graphCodeRule, loginAccountRule, loginPasswordRule, SendMsgType } from './account.ts';
import { ruleMessages } from './rules.ts';
import { newPasswordSchema, phoneSchema, ruleSchema, smsCodeSchema } from './rules-requests.ts';

/**
 * The request schemas of accountCalls, one per call, built from the rules of rules.ts and
 * account.ts (the forms check with the same rules). The browser imports this file for types only.
 */

const inviterSchema = z.string({ error: '邀请人有误' }).trim().max(accountLimits.inviter, '邀请人有误').optional();

const graphCodeTypeMessage = '图形验证码类型有误';

/** The graphic code a phone lookup carries once the session's free lookups are used (graphCodeErrors.required). */
const lookupGraphCodeSchema = ruleSchema(graphCodeRule).optional();

const sendMsgTypeSchema = z.union(
  [
    z.literal(SendMsgType.register),
    z.literal(SendMsgType.login),
    z.literal(SendMsgType.findPassword),
    z.literal(SendMsgType.wechat),
    z.literal(SendMsgType.supplier),
  ],
  {
    error: '验证码类型有误',
  },
);

export const accountRequests = {
  /** {userPhone, graphCode once the session's free lookups are used} → true when the phone is registered. */
  checkHasUser: z.object({ userPhone: phoneSchema, graphCode: lookupGraphCodeSchema }),

  /** The registration page: graphic code, SMS code and password. */
  register: z.object({
    phone: phoneSchema,
    graphCode: ruleSchema(graphCodeRule),
    smsCode: smsCodeSchema,
    password: newPasswordSchema,
    inviter: inviterSchema,
  }),

  /** Registration with an SMS code and a password. */
  messageRegister: z.object({
    phone: phoneSchema,
    smsCode: smsCodeSchema,
    password: newPasswordSchema,
    inviter: inviterSchema,
  }),

  /** {phone, smsCode}: the home page's register box; no password yet. */
  quickRegister: z.object({
    phone: phoneSchema,
    smsCode: smsCodeSchema,
    inviter: inviterSchema,
  }),

  /** A phone or user number with a password, or a phone with an SMS code. */
  doLogin: z.discriminatedUnion(
    'loginType',
    [
      z.object({ loginType: z.literal('password'), userAccount: ruleSchema(loginAccountRule), password: ruleSchema(loginPasswordRule) }),
      z.object({ loginType: z.literal('sms'), userAccount: phoneSchema, smsCode: smsCodeSchema }),
    ],
    { error: '请选择登录方式' },
  ),

  logout: z.object({}),

  /** A new password for a phone, proven by an SMS code. */
  findPassword: z.object({
    phone: phoneSchema,
    smsCode: smsCodeSchema,
    password: newPasswordSchema,
  }),

  /** /common/api/sendVerificationCode {userAccount (the phone), sendMsgType, graphCode once the session's free lookups are used}. */
  sendVerificationCode: z.object({
    userAccount: phoneSchema,
    sendMsgType: sendMsgTypeSchema,
    graphCode: lookupGraphCodeSchema,
  }),

  /** /common/api/queryDynamicGraphCode {phone, type (default 0)}. */
  queryDynamicGraphCode: z.object({
    phone: z.union([z.literal(''), phoneSchema], { error: ruleMessages.phoneInvalid }).optional(),
    type: z.number({ error: graphCodeTypeMessage }).int(graphCodeTypeMessage).min(0, graphCodeTypeMessage).max(9, graphCodeTypeMessage).default(0),
  }),
};
