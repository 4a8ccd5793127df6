import { describe, expect, it } from 'vitest';
import { SendMsgType } from '../../../contract/account.ts';
import { accountCalls } from '../../../contract/account-calls.ts';
import { csrfCookieName, csrfHeaderName, type Envelope } from '../../../contract/envelope.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { nextPhone } from './account.test-helpers.ts';
import { smsLimits } from './sms/sms-limits.ts';

/**
 * With TRUST_PROXY=127.0.0.1 a client's address is what the proxy at 127.0.0.1 appended to
 * X-Forwarded-For; a client that is not that proxy cannot choose its address by the header.
 */
describe('the client address behind TRUST_PROXY=127.0.0.1', () => {
  const t = useTestApp({ app: { env: { TRUST_PROXY: '127.0.0.1' } } });

  /** A send from a new browser session (a page, then the call), the connection from `remoteAddress`. */
  async function sendFrom(remoteAddress: string, forwardedFor: string): Promise<Envelope<unknown>> {
    const headers = { 'x-forwarded-for': forwardedFor };
    const page = await t.app.inject({ url: '/', remoteAddress, headers });
    const cookies = Object.fromEntries(page.cookies.map((cookie) => [cookie.name, cookie.value]));
    const response = await t.app.inject({
      method: 'POST',
      url: accountCalls.sendVerificationCode.path,
      remoteAddress,
      payload: { userAccount: nextPhone(), sendMsgType: SendMsgType.register },
      headers: {
        ...headers,
        cookie: Object.entries(cookies)
          .map(([name, value]) => `${name}=${value}`)
          .join('; '),
        [csrfHeaderName]: cookies[csrfCookieName] ?? '',
      },
    });
    return response.json<Envelope<unknown>>();
  }

  const tally = (answers: Envelope<unknown>[]) => ({
    sent: answers.filter((answer) => answer.code === 1).length,
    refused: answers.filter((answer) => answer.errorCode === 'sms.tooFrequent').length,
  });

  it('counts 30 sends with 30 forged X-Forwarded-For values from one untrusted address by that address: 20 pass', async () => {
    const answers: Envelope<unknown>[] = [];
    for (let i = 0; i < 30; i++) answers.push(await sendFrom('198.51.100.20', `203.0.113.${i + 1}`));
    expect(tally(answers)).toEqual({ sent: smsLimits.perIpPerHour, refused: 30 - smsLimits.perIpPerHour });
  });

  it('takes the rightmost address the trusted proxy appended, whatever the client put before it', async () => {
    const answers: Envelope<unknown>[] = [];
    for (let i = 0; i < 25; i++) answers.push(await sendFrom('127.0.0.1', `10.9.9.${i + 1}, 198.51.100.30`));
    expect(tally(answers)).toEqual({ sent: smsLimits.perIpPerHour, refused: 25 - smsLimits.perIpPerHour });
    // Another client behind the same proxy has its own count.
    expect(await sendFrom('127.0.0.1', '198.51.100.31')).toMatchObject({ code: 1 });
  });
});

describe('SMS_SENDS_PER_IP_HOUR', () => {
  const t = useTestApp({ app: { env: { SMS_SENDS_PER_IP_HOUR: '3' } } });

  it('sets how many code sends one address may ask for in an hour', async () => {
    const browser = t.browser('198.51.100.40');
    const answers: Envelope<unknown>[] = [];
    for (let i = 0; i < 5; i++)
      answers.push(await browser.post(accountCalls.sendVerificationCode.path, { userAccount: nextPhone(), sendMsgType: SendMsgType.register }));
    expect(answers.map((answer) => answer.errorCode ?? 'sent')).toEqual(['sent', 'sent', 'sent', 'sms.tooFrequent', 'sms.tooFrequent']);
  });
});
