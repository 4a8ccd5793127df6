import type { APIRequestContext, Page } from '@playwright/test';
import { SendMsgType } from '../../src/contract/account.ts';
import { accountCalls } from '../../src/contract/account-calls.ts';
import type { AnyCall, CallBody } from '../../src/contract/call.ts';
import { startMemberSession } from '../../src/server/testing/factories.ts';
import { pngImage } from '../../src/server/features/upload/testing/upload-test-kit.ts';
import { sessionCookieName } from '../../src/server/http/session.ts';
import { expect, latestSmsCode, test, uniquePhone } from './fixtures.ts';

/** The member centre's overview, profile and security pages (issue 12). Screenshots go to /tmp/a-*.png. */

const maskedPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

/** Registers through the calls in the given request context (the page's own: the page is logged in afterwards). */
async function registerByApi(request: APIRequestContext, phone: string, password: string) {
  await request.get('/serve/clause');
  const csrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'csrfToken')?.value ?? '';
  const call = async <C extends AnyCall>(called: C, data: CallBody<C>): Promise<unknown> =>
    (await request.post(called.path, { data, headers: { 'x-csrf-token': csrf } })).json();
  expect(await call(accountCalls.sendVerificationCode, { userAccount: phone, sendMsgType: SendMsgType.register })).toMatchObject({ code: 1 });
  const outbox = (await (await request.get(`/dev/sms-outbox?phone=${phone}`)).json()) as { code: string }[];
  expect(await call(accountCalls.messageRegister, { phone, smsCode: outbox.at(-1)?.code ?? '', password })).toMatchObject({ code: 1 });
}

async function logInWithPassword(page: Page, phone: string, password: string) {
  await page.goto('/account/login?return=%2Fuser%2Fsecurity');
  await page.getByLabel('账号').fill(phone);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登 录' }).click();
}

test('changes the password on /user/security, logs in with it, and sees the login listed', async ({ page, browser }) => {
  const phone = uniquePhone();
  await registerByApi(page.request, phone, 'shop2026');
  await page.goto('/user/security');
  await page.getByTestId('password-toggle').click();
  await page.getByTestId('old-password').fill('shop2026');
  await page.getByTestId('new-password').fill('123456');
  await expect(page.getByText('密码须同时包含字母和数字')).toBeVisible();
  await page.getByTestId('new-password').fill('chip2027');
  await page.getByTestId('repeat-password').fill('chip2027');
  await page.getByTestId('password-save').click();
  await expect(page.getByRole('status').filter({ hasText: '登录密码已修改，其他设备已退出登录' })).toBeVisible();

  // A fresh browser: the old password no longer works, the new one does.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await logInWithPassword(otherPage, phone, 'shop2026');
  await expect(otherPage.getByRole('alert')).toHaveText('账号或密码错误');
  await logInWithPassword(otherPage, phone, 'chip2027');
  await otherPage.waitForURL('**/user/security');
  const logins = otherPage.getByTestId('recent-logins');
  await expect(logins.locator('tbody tr')).toHaveCount(2);
  await expect(logins.locator('tbody tr').first()).toContainText('密码登录');
  await expect(logins.locator('tbody tr').first()).toContainText('Chrome');
  await expect(logins.locator('tbody tr').nth(1)).toContainText('注册');
  await otherPage.screenshot({ path: '/tmp/a-security.png', fullPage: true });
  await other.close();
});

test('uploads an avatar on /user/profile and sees it, cut to 200×200, on the overview', async ({ page, member }) => {
  await page.goto('/user/profile');
  await page.getByTestId('profile-nickname').fill('芯片采购');
  await page.getByTestId('profile-email').fill('not-an-email');
  await expect(page.getByText('请输入正确的邮箱地址')).toBeVisible();
  await page.getByTestId('profile-email').fill('buyer@example.com');
  await page.getByTestId('profile-company').fill('深圳芯品电子');
  await page.getByTestId('profile-save').click();
  await expect(page.getByRole('status').filter({ hasText: '个人资料已保存' })).toBeVisible();

  await page.getByTestId('avatar-input').setInputFiles({ name: '头像.png', mimeType: 'image/png', buffer: pngImage(320, 180, [30, 160, 90]) });
  await expect(page.getByRole('status').filter({ hasText: '头像已更新' })).toBeVisible();
  const avatar = page.getByTestId('profile-avatar');
  await expect(avatar).toHaveAttribute('src', new RegExp(`^/img/avatar/${member.userId}/[0-9a-f]{32}\\.webp$`));
  await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => `${image.naturalWidth}×${image.naturalHeight}`)).toBe('200×200');
  await page.screenshot({ path: '/tmp/a-profile.png', fullPage: true });
  const avatarSrc = (await avatar.getAttribute('src')) ?? '';

  await page.goto('/user/person');
  await expect(page.getByTestId('person-name')).toHaveText('芯片采购');
  await expect(page.getByTestId('person-avatar')).toHaveAttribute('src', avatarSrc);
  await expect(page.getByTestId('person-level')).toHaveText('普通会员');
  await expect(page.getByTestId('person-phone')).toHaveText(maskedPhone(member.phone));
  await expect(page.getByTestId('person-orders-unpaid')).toHaveAttribute('href', '/user/order/list?status=unpaid');
  await page.screenshot({ path: '/tmp/a-person.png', fullPage: true });
});

test('changes the phone with codes to the old and the new phone', async ({ page, member }) => {
  const newPhone = uniquePhone();
  await page.goto('/user/security');
  await page.getByTestId('phone-toggle').click();
  await page.getByTestId('old-phone-send-code').click();
  await expect(page.getByRole('status').filter({ hasText: '验证码发送成功' })).toBeVisible();
  await page.getByTestId('old-phone-code').fill(await latestSmsCode(page, member.phone));
  await page.getByTestId('old-phone-verify').click();
  await page.getByTestId('new-phone').fill(newPhone);
  await page.getByTestId('new-phone-send-code').click();
  await expect(page.getByTestId('new-phone-send-code')).toHaveText(/\d+秒后重新获取/);
  await page.getByTestId('new-phone-code').fill(await latestSmsCode(page, newPhone));
  await page.getByTestId('new-phone-save').click();
  await expect(page.getByRole('status').filter({ hasText: '手机号已更换' })).toBeVisible();
  await expect(page.getByText(`已绑定 ${maskedPhone(newPhone)}`)).toBeVisible();
  await page.goto('/user/person');
  await expect(page.getByTestId('person-phone')).toHaveText(maskedPhone(newPhone));
});

test('logs out the member’s other browsers and stays signed in here', async ({ page, member, browser, storeDb }) => {
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/no/such/page');
  const sid = (await other.cookies()).find((cookie) => cookie.name === sessionCookieName)?.value ?? '';
  await startMemberSession(storeDb, sid, member.userId);
  await otherPage.goto('/user/person');
  await expect(otherPage.getByTestId('person-user-number')).toHaveText(member.userNumber);

  await page.goto('/user/security');
  await expect(page.getByText('除本设备外，另有 1 个设备处于登录状态')).toBeVisible();
  await page.getByTestId('end-other-sessions').click();
  await expect(page.getByText('仅本设备处于登录状态')).toBeVisible();
  await expect(page.getByTestId('end-other-sessions')).toBeDisabled();

  await otherPage.goto('/user/person');
  await expect(otherPage).toHaveURL(/\/account\/login\?return=%2Fuser%2Fperson$/);
  await page.goto('/user/person');
  await expect(page.getByTestId('person-user-number')).toHaveText(member.userNumber);
  await other.close();
});
