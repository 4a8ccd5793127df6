import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { accountErrors, SendMsgType, smsCodeTtlSeconds, smsErrors } from '../../../../contract/account.ts';
import { databaseFailureOf } from '../../../db/database-errors.ts';
import type { Database } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import type { ServiceDeps } from '../../../service-deps.ts';
import { isPhoneRegistered } from '../account.repository.ts';
import { spendPhoneLookup, type PhoneLookup } from '../phone-lookup-guard.ts';
import { claimSmsCode, consumeSmsCode, maxWrongGuesses, recordWrongGuess } from './sms-code.repository.ts';
import { countIpSendRequest, smsLimits, takePhoneQuota } from './sms-limits.ts';

const purposeWords: Record<SendMsgType, string> = {
  [SendMsgType.register]: '注册',
  [SendMsgType.login]: '登录',
  [SendMsgType.findPassword]: '找回密码',
  [SendMsgType.changePassword]: '修改登录密码',
  [SendMsgType.changePhoneOld]: '更换手机号（验证原手机）',
  [SendMsgType.changePhoneNew]: '绑定新手机号',
  [SendMsgType.wechat]: '微信登录绑定手机号',
  [SendMsgType.supplier]: '办理供应商入驻业务',
};

/** Whether a purpose needs the phone registered (true), unregistered (false), or either (null). */
const registrationNeeded: Record<SendMsgType, boolean | null> = {
  [SendMsgType.register]: false,
  [SendMsgType.login]: true,
  [SendMsgType.findPassword]: true,
  [SendMsgType.changePassword]: true,
  [SendMsgType.changePhoneOld]: true,
  [SendMsgType.changePhoneNew]: false,
  [SendMsgType.wechat]: null,
  // A supplier's contact need not be a member: the application and its progress go by phone.
  [SendMsgType.supplier]: null,
};

export function smsContent(siteName: string, purpose: SendMsgType, code: string): string {
  return `【${siteName}】您正在${purposeWords[purpose]}，验证码为${code}，${smsCodeTtlSeconds / 60}分钟内有效，请勿泄露给他人。如非本人操作，请忽略本短信。`;
}

function newCode(): string {
  return String(randomInt(0, 10_000)).padStart(4, '0');
}

/** A send request is a phone lookup too (it says whether the phone is a member): the lookup's fields. */
export type SendCodeRequest = PhoneLookup;

/**
 * /common/api/sendVerificationCode. The answer tells whether the phone is a member, so the lookup
 * and the address's send limit are spent first; then a registration code is refused for a registered
 * phone (and login / find-password codes for an unknown one) before the phone's quota is taken. That
 * check is no limit: a phone registered a moment later still fails at registration (unique phone).
 * Every limit is taken atomically (counter store consume, the claim in sms_codes).
 */
export async function sendVerificationCode(deps: ServiceDeps, request: SendCodeRequest): Promise<void> {
  const now = request.now ?? Date.now();
  await spendPhoneLookup(deps, { ...request, now });
  await sendCodeTo(deps, { phone: request.phone, purpose: request.purpose, ip: request.ip, now });
}

/**
 * A signed-in member's security code (SendMsgType 3–5): to their own phone, or to the new phone
 * they are binding. No phone lookup is spent (a member's own phone tells nothing, and the new
 * phone's answer needs a session and the old phone's proof); every send limit is.
 */
export async function sendMemberSecurityCode(deps: ServiceDeps, request: { phone: string; purpose: SendMsgType; ip: string; now?: number }): Promise<void> {
  await sendCodeTo(deps, { ...request, now: request.now ?? Date.now() });
}

async function sendCodeTo(deps: ServiceDeps, request: { phone: string; purpose: SendMsgType; ip: string; now: number }): Promise<void> {
  const { phone, purpose, ip, now } = request;
  await countIpSendRequest(deps.counters, ip, now, deps.config.sms.sendsPerIpPerHour);
  const isRegistered = await isPhoneRegistered(deps.db, phone);
  const needed = registrationNeeded[purpose];
  if (needed === false && isRegistered) throw new AppError(accountErrors.alreadyRegistered);
  if (needed === true && !isRegistered) throw new AppError(accountErrors.notRegistered);

  const quota = await takePhoneQuota(deps.counters, phone, now);
  const code = newCode();
  const isClaimed = await claimSmsCode(deps.db, {
    phone,
    purpose,
    code,
    now,
    expiresAt: now + smsCodeTtlSeconds * 1000,
    resendAfterMs: smsLimits.resendSeconds * 1000,
  });
  if (!isClaimed) {
    await quota.giveBack();
    throw new AppError(smsErrors.resendTooSoon);
  }

  try {
    await deps.sms.send({ phone, code, content: smsContent(deps.config.siteName, purpose, code) });
  } catch (error) {
    // The outbox gateway writes to the database: its outage is the store's 503, not a gateway failure.
    if (databaseFailureOf(error)) throw error;
    deps.logger.error({ err: error, phone }, 'SMS send failed');
    throw new AppError(smsErrors.sendFailed);
  }
}

export interface SmsCodeAnswer {
  phone: string;
  purpose: SendMsgType;
  code: string;
  now?: number;
}

/**
 * Accepts the phone's live code for this purpose once; wrong guesses kill it after five. Both
 * steps are single conditional updates: of concurrent right answers one is accepted, and
 * concurrent wrong ones cannot pass the limit.
 */
export async function verifySmsCode(db: Kysely<Database>, answer: SmsCodeAnswer): Promise<void> {
  const guess = { phone: answer.phone, purpose: answer.purpose, code: answer.code, now: answer.now ?? Date.now() };
  if (await consumeSmsCode(db, guess)) return;
  const wrongGuesses = await recordWrongGuess(db, guess);
  if (wrongGuesses === null) throw new AppError(smsErrors.codeExpired);
  if (wrongGuesses >= maxWrongGuesses) throw new AppError(smsErrors.codeDead);
  throw new AppError(smsErrors.codeWrong);
}
