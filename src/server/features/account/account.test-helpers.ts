import { expect } from 'vitest';
import { SendMsgType } from '../../../contract/account.ts';
import type { TestApp, TestBrowser } from '../../testing/test-app.ts';
import { listOutboxMessages } from './sms/sms-outbox.repository.ts';

let phoneSequence = 0;
let ipSequence = 0;

/** A phone no other test of the file uses. */
export function nextPhone(): string {
  phoneSequence += 1;
  return `139${String(phoneSequence).padStart(8, '0')}`;
}

/** An address of its own, so per-address limits of one test do not reach another. */
export function nextIp(): string {
  ipSequence += 1;
  return `10.${Math.floor(ipSequence / 250)}.${ipSequence % 250}.7`;
}

export async function outboxOf(t: TestApp, phone: string) {
  return listOutboxMessages(t.db.kysely, phone);
}

export async function lastCodeOf(t: TestApp, phone: string): Promise<string> {
  const messages = await outboxOf(t, phone);
  const last = messages.at(-1);
  if (!last) throw new Error(`no SMS for ${phone}`);
  return last.code;
}

/** Sends a code and returns it, asserting the call succeeded. */
export async function sendCode(t: TestApp, browser: TestBrowser, phone: string, purpose: SendMsgType): Promise<string> {
  const answer = await browser.call('/common/api/sendVerificationCode', { userAccount: phone, sendMsgType: purpose });
  expect(answer).toMatchObject({ code: 1, msg: '验证码发送成功' });
  return lastCodeOf(t, phone);
}

/** Registers through /account/api/messageRegister; the browser is logged in afterwards. */
export async function registerMemberVia(t: TestApp, browser: TestBrowser, phone: string, password = 'abc12345') {
  const smsCode = await sendCode(t, browser, phone, SendMsgType.register);
  const answer = await browser.call<{ nickName: string; userNumber: string }>('/account/api/messageRegister', { phone, smsCode, password });
  expect(answer).toMatchObject({ code: 1, msg: '注册成功' });
  return answer.data;
}

/** A code that is certainly not the given one. */
export function otherCode(code: string): string {
  return code === '0000' ? '1111' : '0000';
}
