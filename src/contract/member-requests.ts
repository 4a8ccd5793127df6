import { z } from 'zod';
import { lineSchema } from './address-requests.ts';
import { companyRule, jobRule, nickNameRule, optionalEmailRule, securityCodePurposes } from './member.ts';
import { newPasswordSchema, phoneSchema, ruleSchema, smsCodeSchema } from './rules-requests.ts';
import { ruleMessages } from './rules.ts';
import { uploadMessages } from './upload.ts';

/**
 * The request schemas of memberCalls, built from the rules of member.ts and rules.ts (the forms
 * check with the same rules). The browser imports this file for types only.
 */
const oldPasswordSchema = z.string({ error: ruleMessages.passwordMissing }).max(64, '原密码错误');

export const memberRequests = {
  profile: z.object({}),
  saveProfile: z.object({
    nickName: lineSchema(nickNameRule),
    company: lineSchema(companyRule).optional().default(''),
    job: lineSchema(jobRule).optional().default(''),
    email: ruleSchema(optionalEmailRule).optional().default(''),
  }),
  /** The key of the member's own avatar upload (getQiniuToken purpose 'avatar'). */
  setAvatar: z.object({ key: z.string({ error: uploadMessages.keysInvalid }).min(1, uploadMessages.keysInvalid).max(200, uploadMessages.keysInvalid) }),
  /** A code to the member's own phone: for changing the password, or proving the old phone. */
  sendSecurityCode: z.object({ purpose: z.enum(securityCodePurposes, { error: '验证码用途有误' }) }),
  /** With the old password, or with a changePassword code sent to the member's phone. */
  changePassword: z
    .object({
      oldPassword: oldPasswordSchema.optional(),
      smsCode: smsCodeSchema.optional(),
      newPassword: newPasswordSchema,
    })
    .superRefine((body, context) => {
      if (!body.oldPassword && !body.smsCode) context.addIssue({ code: 'custom', message: '请输入原密码或短信验证码', path: ['oldPassword'] });
    }),
  /** A member without a password (quick registration) sets one with a changePassword code. */
  setPassword: z.object({ smsCode: smsCodeSchema, newPassword: newPasswordSchema }),
  /** Proves the old phone with its changePhoneOld code: the member may bind a new phone for a while. */
  verifyOldPhone: z.object({ smsCode: smsCodeSchema }),
  /** A changePhoneNew code to the new phone, which must not be registered. */
  sendNewPhoneCode: z.object({ phone: phoneSchema }),
  changePhone: z.object({ phone: phoneSchema, smsCode: smsCodeSchema }),
  endOtherSessions: z.object({}),
  security: z.object({}),
};
