import { describe, expect, it } from 'vitest';
import { accountCalls } from '../../src/contract/account-calls.ts';
import { cartCalls } from '../../src/contract/cart-calls.ts';
import { csrfCookieName } from '../../src/contract/envelope.ts';
import type { ShellState } from '../../src/contract/shell.ts';
import { pageStateOf } from '../../src/server/testing/page-state.ts';
import { HttpBrowser, useCluster } from './cluster-kit.ts';
import { createMemberWithPassword, randomAddress } from './members.ts';

/** Sessions live in the database and tokens are HMACs of the sid under one secret: any process serves any request. */
describe('sessions and anti-forgery tokens across processes', () => {
  const c = useCluster();

  const shellOn = async (browser: HttpBrowser, origin: string): Promise<ShellState> => pageStateOf((await browser.get(origin, '/')).body).shell;
  const anyProductId = async () =>
    (await c.db.selectFrom('products').select('id').where('stock', '>', 1000).orderBy('id').limit(1).executeTakeFirstOrThrow()).id;

  it('keeps a member logged in through one process signed in on the others, and logged out everywhere after logout', async () => {
    const [a = '', b = '', third = ''] = c.processUrls;
    const member = await createMemberWithPassword(c.db, 'abc12345');
    const browser = new HttpBrowser(randomAddress());
    expect(await browser.call(a, accountCalls.doLogin, { loginType: 'password', userAccount: member.phone, password: 'abc12345' })).toMatchObject({ code: 1 });
    expect((await shellOn(browser, b)).user.isLogin).toBe(true);
    expect((await shellOn(browser, third)).user.isLogin).toBe(true);
    expect((await shellOn(browser, c.url)).user.isLogin).toBe(true);

    expect(await browser.call(third, accountCalls.logout, {})).toMatchObject({ code: 1 });
    expect((await shellOn(browser, a)).user.isLogin).toBe(false);
    expect((await shellOn(browser, b)).user.isLogin).toBe(false);
  });

  it('accepts the anti-forgery token one process issued on the others, and refuses a wrong one on each', async () => {
    const [a = '', b = '', third = ''] = c.processUrls;
    const member = await createMemberWithPassword(c.db, 'abc12345');
    const browser = new HttpBrowser(randomAddress());
    await browser.get(a, '/');
    const token = browser.cookie(csrfCookieName);
    expect(token).toBeTruthy();
    expect(await browser.call(a, accountCalls.doLogin, { loginType: 'password', userAccount: member.phone, password: 'abc12345' })).toMatchObject({ code: 1 });

    const productId = await anyProductId();
    expect(await browser.call(b, cartCalls.add, { productId, quantity: 1 })).toMatchObject({ code: 1 });
    const cart = await browser.call(third, cartCalls.queryList, {});
    expect(cart.data?.lines.map((line) => line.product.productId)).toEqual([productId]);

    const forger = new HttpBrowser();
    for (const origin of c.processUrls) {
      await forger.get(origin, '/');
      const refused = await fetch(`${origin}${cartCalls.add.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `sid=${browser.cookie('sid') ?? ''}; ${csrfCookieName}=forged`, 'x-csrf-token': 'forged' },
        body: JSON.stringify({ productId, quantity: 1 }),
      });
      expect(await refused.json()).toMatchObject({ errorCode: 'request.forged' });
    }
  });
});
