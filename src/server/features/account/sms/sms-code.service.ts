import { randomInt } from 'node:crypto';
import { accountMessages, SendMsgType, smsCodeTtlSeconds } from '../../../../contract/account.ts';
import { requestErrors } from '../../../../contract/errors.ts';
import type { ServiceDeps } from '../../../service-deps.ts';
import { AppError, badRequest, conflict, tooManyRequests } from '../../../http/app-error.ts';
import { isPhoneRegistered } from '../account.repository.ts';
import { claimSmsCode, consumeSmsCode, maxWrongGuesses, recordWrongGuess } from './sms-code.repository.ts';
import { countIpSendRequest, smsLimits, takePhoneQuota } from './sms-limits.ts';

const purposeWords: Record<SendMsgType, string> = {
  [SendMsgType.register]: '注册',
  [SendMsgType.login]: '登录',
  [SendMsgType.findPassword]: '找回密码',
};

export function smsContent(siteName: string, purpose: SendMsgType, code: string): string {
  return `【${siteName}】您正在${purposeWords[purpose]}，验证码为${code}，${smsCodeTtlSeconds / 60}分钟内有效，请勿泄露给他人。如非本人操作，请忽略本短信。`;
}

function newCode(): string {
  return String(randomInt(0, 10_000)).padStart(4, '0');
}

export interface SendCodeRequest {
  phone: string;
  purpose: SendMsgType;
  ip: string;
  now?: number;
}

/**
 * /common/api/sendVerificationCode. A registration code is refused for a registered phone
 * (and login / find-password codes for an unknown one) before any limit is spent.
 */
export async function sendVerificationCode(deps: ServiceDeps, request: SendCodeRequest): Promise<void> {
  const { phone, purpose, ip } = request;
  const now = request.now ?? Date.now();
  const isRegistered = await isPhoneRegistered(deps.db, phone);
  if (purpose === SendMsgType.register && isRegistered) throw conflict(accountMessages.alreadyRegistered);
  if (purpose !== SendMsgType.register && !isRegistered) throw badRequest(accountMessages.notRegistered);

  await countIpSendRequest(deps.counters, ip, now);
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
    throw tooManyRequests(`验证码已发送，请${smsLimits.resendSeconds}秒后再试`);
  }

  try {
    await deps.sms.send({ phone, code, content: smsContent(deps.config.siteName, purpose, code) });
  } catch (error) {
    deps.logger.error({ err: error, phone }, 'SMS send failed');
    throw new AppError(requestErrors.internal, '短信发送失败，请稍后再试');
  }
}

/** Accepts the phone's live code for this purpose once; wrong guesses kill it after five. */
export async function verifySmsCode(deps: ServiceDeps, phone: string, purpose: SendMsgType, code: string, now = Date.now()): Promise<void> {
  const guess = { phone, purpose, code, now };
  if (await consumeSmsCode(deps.db, guess)) return;
  const wrongGuesses = await recordWrongGuess(deps.db, guess);
  if (wrongGuesses === null) throw badRequest('短信验证码已失效，请重新获取');
  if (wrongGuesses >= maxWrongGuesses) throw badRequest('短信验证码错误次数过多，请重新获取');
  throw badRequest('短信验证码错误');
}
