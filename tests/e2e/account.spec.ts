import type { APIRequestContext, Page } from '@playwright/test';
import { SendMsgType } from '../../src/contract/account.ts';
import { accountCalls } from '../../src/contract/account-calls.ts';
import type { AnyCall, CallBody } from '../../src/contract/call.ts';
import { expect, latestSmsCode, test, uniquePhone } from './fixtures.ts';

/**
 * The graphic code is an image; with the development outbox on, GET /dev/graphic-code tells
 * a test the answer of its own browser session (the route does not exist in production).
 */
async function graphicCodeAnswer(page: Page): Promise<string> {
  await expect(page.getByRole('img', { name: '图形验证码' })).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  const response = await page.request.get('/dev/graphic-code');
  const { answer } = (await response.json()) as { answer: string | null };
  if (!answer) throw new Error('no graphic code for this session');
  return answer;
}

/** Registers a member through the calls, in a request context of its own (the page stays a visitor). */
async function registerByApi(request: APIRequestContext, phone: string, password: string) {
  await request.get('/serve/clause');
  const csrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'csrfToken')?.value ?? '';
  const call = async <C extends AnyCall>(called: C, data: CallBody<C>): Promise<unknown> =>
    (await request.post(called.path, { data, headers: { 'x-csrf-token': csrf } })).json();
  expect(await call(accountCalls.sendVerificationCode, { userAccount: phone, sendMsgType: SendMsgType.register })).toMatchObject({ code: 1 });
  const outbox = (await (await request.get(`/dev/sms-outbox?phone=${phone}`)).json()) as { code: string }[];
  const smsCode = outbox.at(-1)?.code ?? '';
  expect(await call(accountCalls.messageRegister, { phone, smsCode, password })).toMatchObject({ code: 1, msg: '注册成功' });
}

const maskedPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

test('registers with graphic and SMS codes, is logged in, and logs out', async ({ page }) => {
  const phone = uniquePhone();
  await page.goto('/account/register');
  await expect(page.getByRole('heading', { name: /欢迎注册/ })).toBeVisible();
  const submit = page.getByRole('button', { name: '同意协议并注册' });
  await expect(page.getByRole('checkbox')).toBeChecked();
  await expect(submit).toBeDisabled();

  await page.getByLabel('手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('status').filter({ hasText: '验证码发送成功' })).toBeVisible();
  await expect(page.getByTestId('send-sms-code')).toHaveText(/\d+秒后重新获取/);
  const smsCode = await latestSmsCode(page, phone);
  expect(smsCode).toMatch(/^\d{4}$/);

  // A wrong SMS code first: the message says so, and a new graphic code is needed.
  await page.getByLabel('图形验证码').fill(await graphicCodeAnswer(page));
  await page.getByLabel('短信验证码').fill(smsCode === '0000' ? '1111' : '0000');
  await page.getByLabel('设置密码').fill('shop2026');
  await page.getByLabel('确认密码').fill('shop2026');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('短信验证码错误');
  await expect(page.getByLabel('图形验证码')).toHaveValue('');

  await page.getByLabel('图形验证码').fill(await graphicCodeAnswer(page));
  await page.getByLabel('短信验证码').fill(smsCode);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByRole('status').filter({ hasText: '注册成功' })).toBeVisible();
  await page.waitForURL('**/user/person');

  await expect(page.getByTestId('person-name')).toHaveText(maskedPhone(phone));
  await expect(page.getByTestId('person-user-number')).toHaveText(/^U\d{10,}$/);

  // On a page without member content, the nickname can only come from the status bar.
  await page.goto('/serve/clause');
  await expect(page.getByText(maskedPhone(phone)).first()).toBeVisible();

  // 退出 sits in the status bar's member-centre dropdown, which opens on hover.
  await page.getByTestId('member-menu').hover();
  await page.getByTestId('logout').click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('link', { name: '请登录' })).toBeVisible();
  const person = await page.goto('/user/person');
  expect(new URL(person?.url() ?? '').pathname).toBe('/account/login');
});

test('logs in with a password and comes back to the return path', async ({ page, request }) => {
  const phone = uniquePhone();
  await registerByApi(request, phone, 'pass1234');
  await page.goto('/account/login?return=%2Fuser%2Fperson');
  await page.getByLabel('账号').fill(phone);
  await page.getByLabel('密码').fill('pass1234');
  await page.getByRole('button', { name: '登 录' }).click();
  await page.waitForURL('**/user/person');
  await expect(page.getByTestId('person-name')).toHaveText(maskedPhone(phone));
});

test('a wrong password and an unknown account show the same message', async ({ page, request }) => {
  const phone = uniquePhone();
  await registerByApi(request, phone, 'pass1234');
  await page.goto('/account/login');
  await page.getByLabel('账号').fill(phone);
  await page.getByLabel('密码').fill('wrong9999');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page.getByRole('alert')).toHaveText('账号或密码错误');
  await page.getByLabel('账号').fill(uniquePhone());
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page.getByRole('alert')).toHaveText('账号或密码错误');
  await expect(page).toHaveURL(/\/account\/login$/);
});

test('the demo member logs in with an SMS code; an unsafe return path goes home', async ({ page }) => {
  const phone = '13800138000';
  await page.goto('/account/login?return=%2F%2Fevil.example%2F');
  await page.getByRole('tab', { name: '短信登录' }).click();
  await page.getByLabel('手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('status').filter({ hasText: '验证码发送成功' })).toBeVisible();
  await page.getByLabel('验证码').fill(await latestSmsCode(page, phone));
  await page.getByRole('button', { name: '登 录' }).click();
  await page.waitForURL((url) => url.pathname === '/' && url.host.startsWith('127.0.0.1'));
  await page.goto('/user/person');
  await expect(page.getByTestId('person-name')).toHaveText('演示用户');
});

test('sending a registration code to a registered phone says 此账号已注册', async ({ page }) => {
  await page.goto('/account/register');
  await page.getByLabel('手机号').fill('13800138000');
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('status').filter({ hasText: '此账号已注册' })).toBeVisible();
  await expect(page.getByTestId('send-sms-code')).toHaveText('获取验证码');
});

test('the registration agreement opens from the register page', async ({ page }) => {
  await page.goto('/account/register');
  const [agreement] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: '《用户注册协议》' }).click()]);
  await expect(agreement.getByRole('heading', { level: 1 })).toHaveText(/用户注册协议/);
  await agreement.close();
});

test('忘记密码: a new password set with an SMS code, then a login with it', async ({ page, request, storeDb }) => {
  const phone = uniquePhone();
  await registerByApi(request, phone, 'pass1234');
  // A minute passes: the registration code no longer holds back the next send to this phone.
  await storeDb
    .updateTable('smsCodes')
    .set((eb) => ({ sentAt: eb('sentAt', '-', 61_000) }))
    .where('phone', '=', phone)
    .execute();

  await page.goto('/account/login');
  await page.getByRole('button', { name: '忘记密码？' }).click();
  await page.getByLabel('手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('status').filter({ hasText: '验证码发送成功' })).toBeVisible();
  await page.getByLabel('验证码').fill(await latestSmsCode(page, phone));
  await page.getByLabel('新密码').fill('newpass789');
  await page.getByLabel('确认密码').fill('newpass780');
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByRole('alert')).toHaveText('两次输入的密码不一致');
  await page.getByLabel('确认密码').fill('newpass789');
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByText('密码重置成功，请使用新密码登录')).toBeVisible();

  await page.getByLabel('账号').fill(phone);
  await page.getByLabel('密码').fill('pass1234');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page.getByRole('alert')).toHaveText('账号或密码错误');
  await page.getByLabel('密码').fill('newpass789');
  await page.getByRole('button', { name: '登 录' }).click();
  await page.waitForURL((url) => url.pathname === '/');
});
