import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { accountCalls } from '../../contract/account-calls.ts';
import { publicCall } from '../../contract/call.ts';
import { cartCalls } from '../../contract/cart-calls.ts';
import { ApiError, apiTimeoutMs, callApi, errorMessageOf } from './api-client.ts';

/** Calls of the request layer's own tests: the layer only reads their path. */
const testCall = (path: string) => publicCall<z.ZodType<Record<string, unknown>>, unknown>(path);

interface FetchCall {
  url: string;
  init: RequestInit;
}

/** A browser stand-in: cookies, a location that records where it was sent, and a DOM that records any use. */
function fakeBrowser(cookie: string) {
  const location = { pathname: '/product/detail/42', search: '?from=search', href: 'http://shop.test/product/detail/42?from=search' };
  const domUse = vi.fn();
  vi.stubGlobal('window', { location, setTimeout, clearTimeout });
  vi.stubGlobal('document', {
    cookie,
    createElement: (...args: unknown[]) => {
      domUse('createElement', ...args);
    },
    body: {
      appendChild: (...args: unknown[]) => {
        domUse('appendChild', ...args);
      },
    },
  });
  return { location, domUse };
}

function fakeFetch(answer: (call: FetchCall) => Promise<Response> | Response) {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call = { url, init };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('callApi: the shared request layer (spec §7, §8)', () => {
  let browser: ReturnType<typeof fakeBrowser>;
  beforeEach(() => {
    browser = fakeBrowser('theme=light; csrfToken=tok%2Den-123; other=1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('POSTs JSON with the anti-forgery header taken from the csrfToken cookie', async () => {
    const calls = fakeFetch(() => json({ code: 1, data: null, msg: '' }));
    await callApi(accountCalls.checkHasUser, { userPhone: '13800138000' });
    const [call] = calls;
    expect(call?.url).toBe(accountCalls.checkHasUser.path);
    expect(call?.init.method).toBe('POST');
    expect(call?.init.body).toBe('{"userPhone":"13800138000"}');
    const headers = call?.init.headers as Record<string, string>;
    expect(headers['content-type']).toBe('application/json');
    expect(headers['x-csrf-token']).toBe('tok-en-123');
    expect(call?.init.credentials).toBe('same-origin');
  });

  it('sends an empty header when there is no csrfToken cookie (the server then refuses)', async () => {
    fakeBrowser('theme=light');
    const calls = fakeFetch(() => json({ code: 1, data: null, msg: '' }));
    await callApi(accountCalls.logout, {});
    expect((calls[0]?.init.headers as Record<string, string>)['x-csrf-token']).toBe('');
    expect(calls[0]?.init.body).toBe('{}');
  });

  const forged = { code: 403, data: null, msg: '页面已过期，请刷新页面后重试', errorCode: 'request.forged' };
  /** The refusal of a request without the token brings the cookie again, as the server's session hook does. */
  const refuseThenReissue = (cookie: string) => (call: FetchCall) => {
    if ((call.init.headers as Record<string, string>)['x-csrf-token'] !== 'fresh-tok') {
      document.cookie = cookie;
      return json(forged);
    }
    return json({ code: 1, data: null, msg: '' });
  };

  it('a browser that lost its csrfToken cookie sends the call once more with the token the refusal brought', async () => {
    fakeBrowser('sid-is-httponly=1');
    const calls = fakeFetch(refuseThenReissue('csrfToken=fresh-tok'));
    await expect(callApi(accountCalls.logout, {})).resolves.toBeNull();
    expect(calls.map((call) => (call.init.headers as Record<string, string>)['x-csrf-token'])).toEqual(['', 'fresh-tok']);
  });

  it('does not send again when the refusal brought no new token', async () => {
    const calls = fakeFetch(() => json(forged));
    await expect(callApi(accountCalls.logout, {})).rejects.toMatchObject({ code: 403, errorCode: 'request.forged' });
    expect(calls).toHaveLength(1);
    fakeBrowser('theme=light');
    const withoutCookie = fakeFetch(() => json(forged));
    await expect(callApi(accountCalls.logout, {})).rejects.toMatchObject({ code: 403 });
    expect(withoutCookie).toHaveLength(1);
  });

  it('sends once more at most', async () => {
    let token = 0;
    const calls = fakeFetch(() => {
      token += 1;
      document.cookie = `csrfToken=t${token}`;
      return json(forged);
    });
    await expect(callApi(accountCalls.logout, {})).rejects.toMatchObject({ code: 403 });
    expect(calls).toHaveLength(2);
  });

  it('resolves code 1 to data', async () => {
    fakeFetch(() => json({ code: 1, data: { nickName: '演示用户' }, msg: '登录成功' }));
    await expect(callApi(accountCalls.doLogin, { loginType: 'password', userAccount: '13800138000', password: 'demo1234' })).resolves.toEqual({
      nickName: '演示用户',
    });
  });

  it.each([401, 4001])('sends code %i to the login page with the return path, and rejects', async (code) => {
    fakeFetch(() => json({ code, data: null, msg: '请先登录' }));
    await expect(callApi(cartCalls.queryList, {})).rejects.toMatchObject({ code, msg: '请先登录' });
    expect(browser.location.href).toBe('/account/login?return=%2Fproduct%2Fdetail%2F42%3Ffrom%3Dsearch');
  });

  it('rejects any other code with the envelope msg and leaves the page alone', async () => {
    fakeFetch(() => json({ code: 409, data: null, msg: '此账号已注册' }));
    const failure = await callApi(accountCalls.sendVerificationCode, { userAccount: '13800138000', sendMsgType: 0 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 409, msg: '此账号已注册', status: 200 });
    expect(errorMessageOf(failure)).toBe('此账号已注册');
    expect(browser.location.href).toBe('http://shop.test/product/detail/42?from=search');
  });

  it.each([302, 404, 500, 503])('rejects HTTP status %i as an error, with no message', async (status) => {
    fakeFetch(() => json({ code: 1, data: 'ignored', msg: '' }, status));
    const failure = await callApi(testCall('/test/api/x'), {}).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: status, msg: '', status });
    expect(errorMessageOf(failure)).toBe('');
  });

  it('rejects an answer that is not JSON', async () => {
    fakeFetch(() => new Response('<html>网关错误</html>', { status: 200 }));
    await expect(callApi(testCall('/test/api/x'), {})).rejects.toMatchObject({ code: 0, msg: '' });
  });

  it('rejects a network failure with no message', async () => {
    fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(callApi(testCall('/test/api/x'), {})).rejects.toMatchObject({ code: 0, msg: '', status: 0 });
  });

  it(`aborts after ${apiTimeoutMs} ms and rejects`, async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    fakeFetch(
      ({ init }) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init.signal ?? undefined;
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const outcome = callApi(testCall('/test/api/slow'), {}).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(apiTimeoutMs - 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    expect(await outcome).toMatchObject({ code: 0, msg: '' });
  });

  it('clears its timer once answered', async () => {
    vi.useFakeTimers();
    fakeFetch(() => json({ code: 1, data: 7, msg: '' }));
    await expect(callApi(testCall('/test/api/x'), {})).resolves.toBe(7);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows no message itself, whatever the outcome', async () => {
    const answers = [
      json({ code: 1, data: null, msg: '成功' }),
      json({ code: 500, data: null, msg: '服务器繁忙' }),
      json({}, 500),
      json({ code: 401, data: null, msg: '' }),
    ];
    fakeFetch(() => answers.shift() ?? json({}, 500));
    for (let call = 0; call < 4; call++) await callApi(testCall('/test/api/x'), {}).catch(() => undefined);
    expect(browser.domUse).not.toHaveBeenCalled();
  });
});
