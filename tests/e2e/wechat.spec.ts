import type { Page } from '@playwright/test';
import { wechatCalls } from '../../src/contract/wechat-calls.ts';
import type { WechatScanInfo } from '../../src/contract/wechat.ts';
import { expect, latestSmsCode, test, uniquePhone, waitForHydration } from './fixtures.ts';

/** The fake WeChat the e2e webServer starts beside the store (playwright.config.ts). */
const fakeWechat = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1000}`;

/** The fake approves every scan; this chooses which WeChat user the next approval is. */
async function nextWechatUser(page: Page, unionid: string, nickname: string) {
  const response = await page.request.post(`${fakeWechat}/__fake/next-identity`, { data: { unionid, nickname } });
  expect(response.ok()).toBe(true);
}

/** Opens the login card's 微信登录 and follows "在新窗口打开微信登录" (WeChat's QR page): the fake approves in the new window. */
async function scanFromLoginPage(page: Page, returnPath: string) {
  await page.goto(`/account/login?return=${encodeURIComponent(returnPath)}`);
  await page.getByRole('region', { name: '微信登录' }).getByRole('button', { name: '微信登录' }).click();
  await expect(page.getByRole('link', { name: '在新窗口打开微信登录' })).toHaveAttribute('href', new RegExp(`^${fakeWechat}/connect/qrconnect\\?`));
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('link', { name: '在新窗口打开微信登录' }).click();
  return popupOpened;
}

test.describe.configure({ mode: 'serial' });

const unionid = `o6_e2e_${Date.now().toString(36)}`;

test('a new WeChat registers with phone + SMS code, logs out, and logs in again by WeChat', async ({ page }) => {
  await nextWechatUser(page, unionid, '芯片小王');
  await page.goto('/account/login');
  await page.getByRole('region', { name: '微信登录' }).getByRole('button', { name: '微信登录' }).click();
  await expect(page.getByRole('link', { name: '在新窗口打开微信登录' })).toBeVisible();
  await page.screenshot({ path: '/tmp/d-login-wechat.png' });

  const popup = await scanFromLoginPage(page, '/cart');
  await expect(popup).toHaveURL(/\/account\/wechat\/register(#wechat_redirect)?$/);
  await waitForHydration(popup);
  await expect(popup.getByText('芯片小王')).toBeVisible();
  // The login page saw the scan finish too, and moved on to the same page.
  await expect(page).toHaveURL(/\/account\/wechat\/register(#wechat_redirect)?$/);

  const phone = uniquePhone();
  await popup.getByPlaceholder('请输入11位手机号码').fill(phone);
  await popup.getByRole('button', { name: '获取验证码' }).click();
  await expect(popup.getByRole('button', { name: /秒后重新获取/ })).toBeVisible();
  await popup.getByPlaceholder('4位短信验证码').fill(await latestSmsCode(popup, phone));
  await popup.screenshot({ path: '/tmp/d-wechat-register.png' });
  await popup.getByRole('button', { name: '绑定手机并登录' }).click();
  await expect(popup.getByText('微信绑定成功')).toBeVisible();
  await expect(popup).toHaveURL(/\/cart$/);
  const masked = `${phone.slice(0, 3)}****${phone.slice(7)}`;
  await expect(popup.getByText(masked).first()).toBeVisible();
  await popup.close();

  // 退出 sits in the status bar's member-centre dropdown, which opens on hover.
  await page.goto('/serve/clause');
  await page.getByTestId('member-menu').hover();
  await page.getByTestId('logout').click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('link', { name: '请登录' })).toBeVisible();

  await nextWechatUser(page, unionid, '芯片小王');
  const again = await scanFromLoginPage(page, '/user/order/list');
  // WeChat's #wechat_redirect rides along the redirects, as it does from open.weixin.qq.com.
  await expect(again).toHaveURL(/\/user\/order\/list(#wechat_redirect)?$/);
  // The login page polls and follows the login made in the other window.
  await expect(page).toHaveURL(/\/user\/order\/list$/);
  await expect(page.getByText(masked).first()).toBeVisible();
});

test('a second member cannot bind a WeChat already bound to another member', async ({ page, member }) => {
  expect(member.userId).toBeGreaterThan(0);
  await page.goto('/');
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrfToken')?.value ?? '';
  const answer = await page.request.post(wechatCalls.bindWechatInfo.path, { data: { action: 'bind' }, headers: { 'x-csrf-token': csrf } });
  const { data } = (await answer.json()) as { data: WechatScanInfo };
  await nextWechatUser(page, unionid, '芯片小王');
  await page.goto(data.url);
  await expect(page).toHaveURL(/\/account\/wechat\/callback\?/);
  await expect(page.getByRole('alert')).toContainText('微信账号已绑定其他会员');
  await page.screenshot({ path: '/tmp/d-wechat-refused.png' });
  await expect(page.getByRole('link', { name: '返回账户安全' })).toHaveAttribute('href', '/user/security');
});

test('a member binds WeChat from 账户安全, sees it bound, and unbinds it', async ({ page, member }) => {
  expect(member.userId).toBeGreaterThan(0);
  const ownUnionid = `o6_bind_${Date.now().toString(36)}`;
  await nextWechatUser(page, ownUnionid, '绑定测试');
  await page.goto('/user/security');
  const panel = page.getByRole('region', { name: '微信绑定' });
  await expect(panel).toContainText('绑定后可使用微信扫码登录');
  await panel.getByRole('button', { name: '绑定微信' }).click();
  const popupOpened = page.waitForEvent('popup');
  await panel.getByRole('link', { name: '在新窗口打开微信登录' }).click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(/\/user\/security(#wechat_redirect)?$/);
  await popup.close();
  // The security page polls and shows the binding made in the other window.
  await expect(panel).toContainText('已绑定微信：绑定测试');
  await expect(page.getByText('微信绑定成功')).toBeVisible();

  page.once('dialog', (dialog) => void dialog.accept());
  await panel.getByRole('button', { name: '解除绑定' }).click();
  await expect(page.getByText('已解除微信绑定')).toBeVisible();
  await expect(panel).toContainText('绑定后可使用微信扫码登录');
  await page.reload();
  await expect(page.getByRole('region', { name: '微信绑定' })).toContainText('绑定后可使用微信扫码登录');
});
