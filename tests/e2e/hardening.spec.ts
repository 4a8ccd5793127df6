import type { Page } from '@playwright/test';
import { accountCalls } from '../../src/contract/account-calls.ts';
import { createMember } from '../../src/server/testing/factories.ts';
import { expect, latestSmsCode, test, uniquePhone } from './fixtures.ts';

const demo = { phone: '13800138000', password: 'demo1234' };

async function cookieNames(page: Page): Promise<string[]> {
  return (await page.context().cookies()).map((cookie) => cookie.name).sort();
}

async function logInAsDemo(page: Page) {
  await page.getByLabel('账号').fill(demo.phone);
  await page.getByLabel('密码').fill(demo.password);
  await page.getByRole('button', { name: '登 录' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByText('演示用户').first()).toBeVisible();
}

test.describe('a browser that lost only its csrfToken cookie', () => {
  test('logs in after a reload', async ({ page, context }) => {
    await page.goto('/account/login');
    await context.clearCookies({ name: 'csrfToken' });
    expect(await cookieNames(page)).toEqual(['sid']);
    await page.reload();
    await logInAsDemo(page);
  });

  test('logs in without a reload: the refused call is sent again with the token its refusal brought', async ({ page, context }) => {
    const logins: number[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(accountCalls.doLogin.path)) logins.push(logins.length + 1);
    });
    await page.goto('/account/login');
    // A call the page makes as it loads can bring a new token after the cookie was cleared (the first login then passes):
    // the cookie is cleared once the page is quiet, and checked gone.
    await page.waitForLoadState('networkidle');
    await context.clearCookies({ name: 'csrfToken' });
    expect(await cookieNames(page)).toEqual(['sid']);
    await logInAsDemo(page);
    expect(logins).toEqual([1, 2]);
  });
});

test('the Vite manifest and source maps are not served; plain HTTP gets no HSTS', async ({ page, request }) => {
  const home = await page.goto('/');
  expect(home?.headers()['strict-transport-security']).toBeUndefined();
  const scripts = await page.locator('script[src^="/assets/"]').evaluateAll((elements) => elements.map((element) => element.getAttribute('src') ?? ''));
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    expect((await request.get(script)).status()).toBe(200);
    expect((await request.get(`${script}.map`)).status()).toBe(404);
  }
  for (const path of ['/static/.vite/manifest.json', '/static/.vite/ssr-manifest.json', '/.vite/manifest.json', '/assets/.vite/manifest.json']) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

/** Spends the free phone lookups of the page's browser session by calls sharing its cookies. */
async function useFreeLookups(page: Page, phone: string) {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrfToken')?.value ?? '';
  for (let i = 0; i < 10; i++) {
    const answer = await page.request.post(accountCalls.checkHasUser.path, { data: { userPhone: phone }, headers: { 'x-csrf-token': csrf } });
    expect(await answer.json()).toMatchObject({ code: 1 });
  }
}

/** The answer of the graphic code shown, once its image has loaded (the dev route reads the session's code). */
async function graphicCodeAnswer(page: Page): Promise<string> {
  await expect(page.getByTitle('看不清？点击换一张')).toBeEnabled();
  await expect(page.getByRole('img', { name: '图形验证码' })).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  const { answer } = (await (await page.request.get('/dev/graphic-code')).json()) as { answer: string };
  return answer;
}

test('once the session has used its free phone lookups, the SMS login asks for a graphic code and then sends', async ({ page, storeDb }) => {
  // Ten lookups, two codes and a login or registration: a long journey.
  test.slow();
  const { phone } = await createMember(storeDb);
  await page.goto('/account/login?mode=sms');
  await useFreeLookups(page, phone);
  await page.getByLabel('手机号').fill(phone);
  await expect(page.getByLabel('图形验证码')).toHaveCount(0);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('status').filter({ hasText: '操作过于频繁，请输入图形验证码' })).toBeVisible();
  await page.getByLabel('图形验证码').fill(await graphicCodeAnswer(page));
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('status').filter({ hasText: '验证码发送成功' })).toBeVisible();
  await page.locator('input[name="smsCode"]').fill(await latestSmsCode(page, phone));
  await page.getByRole('button', { name: '登 录' }).click();
  await page.waitForURL((url) => url.pathname === '/');
});

test('the register page sends behind its own graphic code once the free lookups are used, then registers with a new one', async ({ page }) => {
  // Ten lookups, two codes and a login or registration: a long journey.
  test.slow();
  const phone = uniquePhone();
  await page.goto('/account/register');
  await useFreeLookups(page, phone);
  await page.getByLabel('手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('status').filter({ hasText: '操作过于频繁，请输入图形验证码' })).toBeVisible();
  await expect(page.getByLabel('图形验证码')).toHaveCount(1);
  await page.getByLabel('图形验证码').fill(await graphicCodeAnswer(page));
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('status').filter({ hasText: '验证码发送成功' })).toBeVisible();
  // The send spent the graphic code: registering takes a new one.
  await expect(page.getByLabel('图形验证码')).toHaveValue('');
  await page.getByLabel('图形验证码').fill(await graphicCodeAnswer(page));
  await page.getByLabel('短信验证码').fill(await latestSmsCode(page, phone));
  await page.getByLabel('设置密码').fill('shop2026');
  await page.getByLabel('确认密码').fill('shop2026');
  await page.getByRole('button', { name: '同意协议并注册' }).click();
  await page.waitForURL('**/user/person');
});
