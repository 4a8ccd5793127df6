import { describe, expect, it } from 'vitest';
import { csrfCookieName, csrfHeaderName, type Envelope } from '../../contract/envelope.ts';
import { messageCalls } from '../../contract/message-calls.ts';
import { useTestApp } from '../testing/use-test-app.ts';

/** A browser that lost only its csrfToken cookie: it still sends its sid. */
describe('a lost anti-forgery cookie', () => {
  const t = useTestApp();

  it('comes back with the next page, for the same session', async () => {
    const { browser } = await t.member();
    const sid = browser.cookie('sid') ?? '';
    const response = await t.app.inject({ url: '/', headers: { cookie: `sid=${sid}` } });
    const cookies = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));
    expect(cookies).toEqual({ sid, [csrfCookieName]: browser.cookie(csrfCookieName) });
  });

  it('comes back with the refusal of a call, and the call then passes with the member still logged in', async () => {
    const { browser } = await t.member();
    const sid = browser.cookie('sid') ?? '';
    const post = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: messageCalls.readAll.path,
        payload: {},
        headers: { cookie: `sid=${sid}`, [csrfHeaderName]: token },
      });
    const refused = await post('');
    expect(refused.json<Envelope<unknown>>()).toMatchObject({ code: 403, errorCode: 'request.forged' });
    const reissued = refused.cookies.find((cookie) => cookie.name === csrfCookieName);
    expect(reissued?.value).toBe(browser.cookie(csrfCookieName));
    expect((await post(reissued?.value ?? '')).json<Envelope<unknown>>()).toEqual({ code: 1, data: { count: 0 }, msg: '' });
  });
});
