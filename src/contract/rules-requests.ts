import { z } from 'zod';
import {
  bankNumberRule,
  emailRule,
  landlineRule,
  newPasswordRule,
  phoneRule,
  smsCodeRule,
  taxNumberRule,
  verificationCodeRule,
  walletPasswordRule,
  type TextRule,
} from './rules.ts';

/**
 * The request schemas of the rules of spec §5, built from the pure rules of rules.ts so that a
 * form and the server say the same words. The browser imports this file for types only.
 */
export function ruleSchema(rule: TextRule) {
  const text = z.string({ error: rule.missingMessage });
  const schema = rule.isTrimmed ? text.trim() : text;
  return schema.superRefine((value, context) => {
    const problem = rule.check(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
}

export const phoneSchema = ruleSchema(phoneRule);
export const smsCodeSchema = ruleSchema(smsCodeRule);
export const verificationCodeSchema = ruleSchema(verificationCodeRule);
export const emailSchema = ruleSchema(emailRule);
export const landlineSchema = ruleSchema(landlineRule);
export const taxNumberSchema = ruleSchema(taxNumberRule);
export const walletPasswordSchema = ruleSchema(walletPasswordRule);
export const bankNumberSchema = ruleSchema(bankNumberRule);
export const newPasswordSchema = ruleSchema(newPasswordRule);
