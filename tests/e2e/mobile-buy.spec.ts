import type { APIRequestContext, Page } from '@playwright/test';
import { SendMsgType } from '../../src/contract/account.ts';
import { accountCalls } from '../../src/contract/account-calls.ts';
import type { AnyCall, CallBody } from '../../src/contract/call.ts';
import { cartCalls } from '../../src/contract/cart-calls.ts';
import { formatCents } from '../../src/contract/pricing.ts';
import { expect, latestSmsCode, newParts, test, uniquePhone, waitForHydration } from './fixtures.ts';
import { createMember } from '../../src/server/testing/factories.ts';
import { placeOrder, saveShenzhenAddress } from './order-fixtures.ts';

const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test.use({ userAgent: iPhone, viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });

/** The calls of a request context of its own, with its anti-forgery token. */
async function callsOf(request: APIRequestContext) {
  await request.get('/serve/clause');
  // Read at each call: logging in (registering) rotates the session and its token.
  const csrf = async () => (await request.storageState()).cookies.find((cookie) => cookie.name === 'csrfToken')?.value ?? '';
  return async <C extends AnyCall>(called: C, data: CallBody<C>): Promise<unknown> =>
    (await request.post(called.path, { data, headers: { 'x-csrf-token': await csrf() } })).json();
}

/** Registers a member with a password through the calls, in `request` (which stays signed in as the member). */
async function registerByApi(request: APIRequestContext, phone: string, password: string) {
  const call = await callsOf(request);
  expect(await call(accountCalls.sendVerificationCode, { userAccount: phone, sendMsgType: SendMsgType.register })).toMatchObject({ code: 1 });
  const outbox = (await (await request.get(`/dev/sms-outbox?phone=${phone}`)).json()) as { code: string }[];
  expect(await call(accountCalls.messageRegister, { phone, smsCode: outbox.at(-1)?.code ?? '', password })).toMatchObject({ code: 1 });
  return call;
}

async function graphicCodeAnswer(page: Page): Promise<string> {
  await expect(page.getByRole('img', { name: '图形验证码' })).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  const { answer } = (await (await page.request.get('/dev/graphic-code')).json()) as { answer: string | null };
  if (!answer) throw new Error('no graphic code for this session');
  return answer;
}

/** The page fits the phone: nothing wider than the viewport. */
async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

async function shoot(page: Page, name: string) {
  await expectNoSideways(page);
  await page.screenshot({ path: `/tmp/f-${name}.png` });
  await page.screenshot({ path: `/tmp/f-${name}-full.png`, fullPage: true });
}

const payableOf = (text: string | null) => Math.round(Number((text ?? '').replace(/[¥,]/g, '')) * 100);

test('a member logs in on a phone, changes the cart, checks out with a new address, pays, and finds the order', async ({ page, request, storeDb }) => {
  test.setTimeout(90_000);
  const [part] = await newParts(page, storeDb, 1, { minLineCents: 2_000 });
  if (!part) throw new Error('no part to order');
  const phone = uniquePhone();
  const call = await registerByApi(request, phone, 'shop2026');
  expect(await call(cartCalls.add, { productId: part.id, quantity: part.quantity })).toMatchObject({ code: 1 });

  // The desktop cart sends a phone to the mobile cart, which sends a visitor to the mobile login.
  await page.goto('/cart');
  await page.waitForURL(/\/m\/account\/login\?return=%2Fm%2Fcart$/);
  await shoot(page, 'login');
  await page.getByLabel('账号').fill(phone);
  await page.getByLabel('密码').fill('shop2026');
  await page.getByRole('button', { name: '登 录' }).tap();
  await page.waitForURL('/m/cart');
  await waitForHydration(page);

  const line = page.getByTestId('m-cart-line');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(part.code);
  await expect(line.getByTestId('line-subtotal')).toHaveText(formatCents(part.amountCents));
  await shoot(page, 'cart');
  // One more pack: the line is priced again by the server.
  await line.getByRole('button', { name: '增加' }).tap();
  await line.getByRole('textbox', { name: '购买数量' }).press('Enter');
  await expect(line.getByRole('textbox', { name: '购买数量' })).toHaveValue(String(part.quantity + part.packSize));
  await expect(line.getByTestId('line-subtotal')).not.toHaveText(formatCents(part.amountCents));
  const total = await page.getByTestId('selected-total').textContent();
  await page.getByTestId('m-settle').tap();
  await page.waitForURL('/m/offer/settlement');
  await waitForHydration(page);

  // No address yet: the book is open; a new one is added with the province → city → district cascade.
  await expect(page.getByTestId('m-settlement-line')).toHaveCount(1);
  await expect(page.getByTestId('summary-goods')).toHaveText(total ?? '');
  await page.getByRole('button', { name: '新增收货地址' }).tap();
  const addressForm = page.getByRole('form', { name: '新增收货地址' });
  await addressForm.getByLabel('收货人').fill('钱工');
  await addressForm.getByRole('combobox', { name: '省份' }).selectOption({ label: '浙江省' });
  await addressForm.getByRole('combobox', { name: '城市' }).selectOption({ label: '杭州市' });
  await addressForm.getByRole('combobox', { name: '区县' }).selectOption({ label: '西湖区' });
  await addressForm.getByLabel('详细地址').fill('文三路90号东部软件园1号楼');
  await addressForm.getByLabel('手机号码').fill('13912345678');
  await shoot(page, 'settlement-address');
  await addressForm.getByRole('button', { name: '保存收货地址' }).tap();
  await expect(page.getByTestId('m-chosen-address')).toContainText('文三路90号东部软件园1号楼');
  await expect(page.getByTestId('freight-line')).not.toContainText('计算中');
  const payable = payableOf(await page.getByTestId('summary-payable').textContent());
  await expect(page.getByTestId('bar-payable')).toHaveText(formatCents(payable));
  await shoot(page, 'settlement');
  await page.getByRole('button', { name: '提交订单' }).tap();

  // The cashier (the desktop address a placed order goes to sends the phone to the mobile one).
  await page.waitForURL(/\/m\/offer\/pay\/\d+$/);
  await waitForHydration(page);
  const orderNo = (await page.getByTestId('m-pay-order-no').textContent()) ?? '';
  await expect(page.getByTestId('m-pay-amount')).toHaveText(formatCents(payable));
  const stored = await storeDb.selectFrom('orders').select('payableCents').where('orderNo', '=', orderNo).executeTakeFirstOrThrow();
  expect(stored.payableCents).toBe(payable);
  await expect(page.getByRole('radio', { name: /对公转账/ })).toBeVisible();
  await page.getByRole('radio', { name: /模拟支付/ }).check();
  await shoot(page, 'pay');
  await page.getByRole('button', { name: '模拟支付成功' }).tap();
  await page.waitForURL(`/m/user/order/detail/${orderNo}`);
  await expect(page.getByTestId('m-detail-status')).toHaveText('待发货');
  await expect(page.getByTestId('m-detail-address')).toContainText('钱工');
  await expect(page.getByTestId('m-order-line')).toContainText(part.code);
  await expect(page.getByTestId('detail-payable')).toHaveText(formatCents(payable));
  await shoot(page, 'order-detail');

  await page.goto('/m/user/person');
  await expect(page.getByTestId('m-person-orders-unshipped')).toContainText('1');
  await shoot(page, 'person');
  await page.getByTestId('m-person-orders-unshipped').tap();
  await page.waitForURL('/m/user/order/list?tab=unshipped');
  await expect(page.getByTestId('m-order-card')).toHaveCount(1);
  await expect(page.getByTestId('m-order-no')).toHaveText(orderNo);
  await shoot(page, 'order-list');
});

test('a visitor registers on a phone, lands in the mobile member centre, and logs out', async ({ page }) => {
  const phone = uniquePhone();
  await page.goto('/account/register?inviter=U2606110001');
  await page.waitForURL('/m/account/register?inviter=U2606110001');
  await expect(page.getByText('邀请人：U2606110001')).toBeVisible();
  const submit = page.getByRole('button', { name: '同意协议并注册' });
  await page.getByLabel('手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).tap();
  await expect(page.getByTestId('send-sms-code')).toHaveText(/\d+秒后重新获取/);
  await page.getByLabel('图形验证码').fill(await graphicCodeAnswer(page));
  await page.getByLabel('短信验证码').fill(await latestSmsCode(page, phone));
  await page.getByLabel('设置密码').fill('shop2026');
  await page.getByLabel('确认密码').fill('shop2026');
  await shoot(page, 'register');
  await submit.tap();
  await page.waitForURL('/m/user/person');
  await waitForHydration(page);
  await expect(page.getByTestId('m-person-name')).toHaveText(`${phone.slice(0, 3)}****${phone.slice(7)}`);
  await page.getByTestId('m-logout').tap();
  await page.waitForURL((url) => url.pathname === '/m');
  await page.goto('/m/user/person');
  await page.waitForURL(/\/m\/account\/login\?return=%2Fm%2Fuser%2Fperson$/);
});

test('SMS login on a phone goes back to the page that asked for it', async ({ page, storeDb }) => {
  const { phone } = await createMember(storeDb, { phone: uniquePhone() });
  await page.goto('/user/order/list');
  await page.waitForURL(/\/m\/account\/login\?return=%2Fm%2Fuser%2Forder%2Flist$/);
  await page.getByRole('tab', { name: '短信登录' }).tap();
  await page.getByLabel('手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).tap();
  await expect(page.getByTestId('send-sms-code')).toHaveText(/\d+秒后重新获取/);
  await page.getByLabel('验证码').fill(await latestSmsCode(page, phone));
  await page.getByRole('button', { name: '登 录' }).tap();
  await page.waitForURL('/m/user/order/list');
  await expect(page.getByText('暂无订单')).toBeVisible();
});

test('a member cancels an unpaid order on the phone and buys it again into the mobile cart', async ({ page, storeDb, member }) => {
  const [part] = await newParts(page, storeDb, 1, { minLineCents: 1_000 });
  if (!part) throw new Error('no part to order');
  await page.goto('/m');
  const placed = await placeOrder(page, [part], await saveShenzhenAddress(page));
  expect(member.userId).toBeGreaterThan(0);

  await page.goto('/user/order/list?status=unpaid');
  await page.waitForURL('/m/user/order/list?status=unpaid');
  const card = page.getByTestId('m-order-card').filter({ hasText: placed.orderNo });
  await expect(card.getByTestId('m-order-status')).toHaveText('待付款');
  await card.getByRole('button', { name: '取消订单' }).tap();
  await expect(page.getByRole('dialog', { name: '取消订单' })).toBeVisible();
  await shoot(page, 'cancel-dialog');
  await page.getByRole('button', { name: '确定取消' }).tap();
  await expect(card.getByTestId('m-order-status')).toHaveText('已取消');
  await expect(card.getByRole('button', { name: '取消订单' })).toHaveCount(0);

  await card.getByRole('button', { name: '再次购买' }).tap();
  await page.waitForURL('/m/cart');
  await expect(page.getByTestId('m-cart-line').filter({ hasText: part.code })).toHaveCount(1);
});
