import { expect } from 'vitest';
import { accountMessages, SendMsgType, type MemberSummary, type VisitorSmsPurpose } from '../../../contract/account.ts';
import { accountCalls } from '../../../contract/account-calls.ts';
import type { TestApp, TestBrowser } from '../../testing/test-app.ts';
import { readSmsOutbox } from './sms/sms-outbox.service.ts';

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
  return readSmsOutbox(t.db.kysely, phone);
}

export async function lastCodeOf(t: TestApp, phone: string): Promise<string> {
  const messages = await outboxOf(t, phone);
  const last = messages.at(-1);
  if (!last) throw new Error(`no SMS for ${phone}`);
  return last.code;
}

/** Sends a code and returns it, asserting the call succeeded. */
export async function sendCode(t: TestApp, browser: TestBrowser, phone: string, purpose: VisitorSmsPurpose): Promise<string> {
  const answer = await browser.call(accountCalls.sendVerificationCode, { userAccount: phone, sendMsgType: purpose });
  expect(answer).toMatchObject({ code: 1, msg: accountMessages.codeSent });
  return lastCodeOf(t, phone);
}

/** Registers through /account/api/messageRegister; the browser is logged in afterwards. */
export async function registerMemberVia(t: TestApp, browser: TestBrowser, phone: string, password = 'abc12345'): Promise<MemberSummary> {
  const smsCode = await sendCode(t, browser, phone, SendMsgType.register);
  const answer = await browser.call(accountCalls.messageRegister, { phone, smsCode, password });
  expect(answer).toMatchObject({ code: 1, msg: '注册成功' });
  if (!answer.data) throw new Error('registration answered no member');
  return answer.data;
}

/** A code that is certainly not the given one. */
export function otherCode(code: string): string {
  return code === '0000' ? '1111' : '0000';
}
