import type { Page } from '@playwright/test';
import { formatCents } from '../../src/contract/pricing.ts';
import { expect, newParts, type StoreDb, test } from './fixtures.ts';
import { placeOrder, saveShenzhenAddress } from './order-fixtures.ts';

/** An order of one part of the journey's own, placed through the calls as the checkout page places it. */
async function placedOrder(page: Page, storeDb: StoreDb) {
  const parts = await newParts(page, storeDb, 1, { minLineCents: 2_000 });
  const address = await saveShenzhenAddress(page);
  return placeOrder(page, parts, address);
}

test('the cashier counts down, offers the methods, and 模拟支付 leads to the order detail showing 待发货', async ({ page, storeDb, member }) => {
  const placed = await placedOrder(page, storeDb);
  await page.goto(`/offer/pay/${placed.orderNo}`);
  await expect(page.getByRole('heading', { name: '收银台' })).toBeVisible();
  await expect(page.getByTestId('cashier-order-no')).toHaveText(placed.orderNo);
  await expect(page.getByText(formatCents(placed.payableCents)).first()).toBeVisible();
  const countdown = page.getByTestId('cashier-countdown');
  await expect(countdown).toHaveText(/剩余付款时间 (29:5\d|30:00)/);
  const before = await countdown.textContent();
  await expect(countdown).not.toHaveText(before ?? '');
  const methods = page.getByRole('radiogroup', { name: '支付方式' }).getByRole('radio');
  await expect(methods).toHaveCount(2);
  await expect(page.getByRole('radio', { name: /对公转账/ })).toBeVisible();
  await page.screenshot({ path: 'data/payment-shots/cashier.png', fullPage: true });

  await page.getByRole('radio', { name: /模拟支付/ }).check();
  await page.getByRole('button', { name: '模拟支付成功' }).click();
  await page.waitForURL(`/user/order/detail/${placed.orderNo}`);
  await expect(page.getByTestId('detail-status')).toHaveText('待发货');

  const stored = await storeDb
    .selectFrom('orders')
    .select(['status', 'paymentMethod', 'userId'])
    .where('orderNo', '=', placed.orderNo)
    .executeTakeFirstOrThrow();
  expect(stored).toEqual({ status: 'unshipped', paymentMethod: 'development', userId: member.userId });
  // Back at the cashier, the order is paid: nothing to choose any more.
  await page.goto(`/offer/pay/${placed.orderNo}`);
  await expect(page.getByTestId('cashier-closed')).toContainText('订单已支付（待发货）');
  await expect(page.getByRole('radio')).toHaveCount(0);
});

test('bank transfer shows the account and the order number as the reference, again after a reload, until the buyer cancels', async ({
  page,
  storeDb,
  member,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const placed = await placedOrder(page, storeDb);
  await page.goto(`/offer/pay/${placed.orderNo}`);
  await page.getByRole('radio', { name: /对公转账/ }).check();
  const bank = page.getByTestId('bank-panel');
  await expect(bank).toContainText('深圳市芯品电子科技有限公司');
  await expect(bank).toContainText('招商银行深圳科技园支行');
  await expect(bank).toContainText('7559 2860 2610 901');
  await expect(bank).toContainText(formatCents(placed.payableCents));
  await expect(page.getByTestId('bank-reference')).toHaveText(placed.orderNo);
  // A transfer takes a day or more: the order now waits 7 days from its placement, and the countdown says so.
  const countdown = page.getByTestId('cashier-countdown');
  await expect(countdown).toHaveText(/剩余付款时间 6天23小时5\d分/);
  const deadline = await storeDb.selectFrom('orders').select(['createdAt', 'expiresAt']).where('orderNo', '=', placed.orderNo).executeTakeFirstOrThrow();
  expect(deadline.expiresAt).toBe(deadline.createdAt + 7 * 86_400_000);
  await bank.getByRole('button', { name: '复制转账附言' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已复制' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(placed.orderNo);
  await page.screenshot({ path: 'data/payment-shots/cashier-bank.png', fullPage: true });

  await page.reload();
  await expect(page.getByRole('radio', { name: /对公转账/ })).toBeChecked();
  await expect(page.getByTestId('bank-reference')).toHaveText(placed.orderNo);
  expect(await storeDb.selectFrom('orders').select('status').where('orderNo', '=', placed.orderNo).executeTakeFirstOrThrow()).toEqual({ status: 'unpaid' });

  await expect(countdown).toHaveText(/剩余付款时间 6天23小时5\d分/);

  await page.goto(`/user/order/detail/${placed.orderNo}`);
  await expect(page.getByTestId('payment-countdown')).toHaveText(/剩余付款时间 6天23小时5\d分/);
  await page.getByRole('button', { name: '取消订单' }).click();
  await page.getByRole('dialog', { name: '取消订单' }).getByRole('button', { name: '确定取消' }).click();
  await expect(page.getByRole('status').filter({ hasText: '订单已取消' })).toBeVisible();

  await page.goto(`/offer/pay/${placed.orderNo}`);
  await expect(page.getByTestId('cashier-closed')).toContainText('订单已取消');
  await expect(page.getByTestId('bank-panel')).toHaveCount(0);
  const stored = await storeDb.selectFrom('orders').select(['status', 'userId']).where('orderNo', '=', placed.orderNo).executeTakeFirstOrThrow();
  expect(stored).toEqual({ status: 'cancelled', userId: member.userId });
});

test('when the countdown reaches zero the cashier says the order was cancelled, and it is', async ({ page, storeDb, member }) => {
  const placed = await placedOrder(page, storeDb);
  await storeDb
    .updateTable('orders')
    .set({ expiresAt: Date.now() + 4_000 })
    .where('orderNo', '=', placed.orderNo)
    .execute();
  await page.goto(`/offer/pay/${placed.orderNo}`);
  await expect(page.getByTestId('cashier-countdown')).toHaveText(/剩余付款时间 00:0\d/);
  await expect(page.getByTestId('cashier-closed')).toContainText('订单已超时取消', { timeout: 10_000 });
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect
    .poll(async () => storeDb.selectFrom('orders').select(['status', 'userId']).where('orderNo', '=', placed.orderNo).executeTakeFirstOrThrow())
    .toEqual({ status: 'cancelled', userId: member.userId });
});
