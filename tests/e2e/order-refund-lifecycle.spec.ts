import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import type { Browser, Page } from '@playwright/test';
import { cartCalls } from '../../src/contract/cart-calls.ts';
import { ShortfallChoice } from '../../src/contract/order.ts';
import { orderCalls } from '../../src/contract/order-calls.ts';
import { paymentDevCalls } from '../../src/contract/payment-calls.ts';
import type { StaffRole } from '../../src/contract/staff.ts';
import { createStaffUser } from '../../src/server/features/staff/staff.service.ts';
import { insertProduct } from '../../src/server/testing/factories.ts';
import { expect, test, waitForHydration, type StoreDb } from './fixtures.ts';
import { shelfOf } from './part-fixtures.ts';
import { callOk, saveShenzhenAddress } from './order-fixtures.ts';

/**
 * The order's lifecycle at the desk, in Chromium: finance takes units off a line with a partial
 * refund, then refunds the rest: the order is 已关闭 and a warehouse page still open from before is
 * refused when it ships (订单已退款，不能发货), its buttons gone after the refusal; the buyer sees
 * 已关闭 and the refunds. The journey uses parts, a member and staff of its own.
 */

const run = `${String(Date.now() % 100_000)}${String(process.pid % 100)}`;
const password = 'Lifecycle2026x';

async function ownPart(storeDb: StoreDb, suffix: string): Promise<{ id: number; code: string }> {
  // On the journeys' shelf (part-fixtures.ts): hidden categories, so no catalogue page a journey reads alongside changes.
  const template = await shelfOf(storeDb);
  const code = `OLC${run}${suffix}`;
  const id = await insertProduct(storeDb, {
    ...template,
    code,
    stock: 500,
    packSize: 1,
    package: '0603',
    description: '订单生命周期测试物料',
    prices: [{ qtyStart: 1, priceE4: 200_000 }],
  });
  return { id, code };
}

async function staffPage(browser: Browser, baseURL: string | undefined, storeDb: StoreDb, role: StaffRole, path: string): Promise<Page> {
  const login = `olc${role}${run}`;
  const { totp } = await createStaffUser(storeDb, { login, displayName: `生命周期${role}`, role, password });
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.goto(`/admin/login?return=${encodeURIComponent(path)}`);
  await waitForHydration(page);
  await page.getByLabel('登录名').fill(login);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('动态码').fill(await generate({ secret: totp.secret }));
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await waitForHydration(page);
  return page;
}

test('a partial refund keeps the rest shippable; the full refund closes the order, and a stale warehouse page is refused and loses its buttons', async ({
  page,
  storeDb,
  browser,
  baseURL,
  member,
}) => {
  test.setTimeout(90_000);
  expect(member.userId).toBeGreaterThan(0);
  const [first, second] = [await ownPart(storeDb, 'A'), await ownPart(storeDb, 'B')];
  const address = await saveShenzhenAddress(page, '生命周期');
  await callOk(page, cartCalls.add, { productId: first.id, quantity: 10 });
  await callOk(page, cartCalls.add, { productId: second.id, quantity: 5 });
  const choice = { carrierCode: 'sf', addressId: address.id, shortfallChoice: ShortfallChoice.shipAvailable };
  const pricing = await callOk(page, orderCalls.preview, { ...choice, memberCouponIds: [] });
  const placed = await callOk(page, orderCalls.place, {
    ...choice,
    idempotencyKey: randomUUID(),
    memberCouponIds: [],
    invoice: { kind: 'none' },
    remark: '',
    quotedPayableCents: pricing.payableCents,
  });
  await callOk(page, paymentDevCalls.devPay, { orderNo: placed.orderNo });
  const detailPath = `/admin/orders/${placed.orderNo}`;

  // The warehouse opens the order and leaves the page open.
  const warehouse = await staffPage(browser, baseURL, storeDb, 'warehouse', detailPath);
  await expect(warehouse.getByTestId('order-status')).toHaveText('待发货');
  await expect(warehouse.getByTestId('ship-form')).toBeVisible();
  await expect(warehouse.getByTestId('refund-form')).toHaveCount(0);

  // Finance takes 3 of the 10 off the first line: ¥60.00 back by default, the rest still to ship.
  const finance = await staffPage(browser, baseURL, storeDb, 'finance', detailPath);
  await expect(finance.getByTestId('ship-form')).toHaveCount(0);
  const refundForm = finance.getByTestId('refund-form');
  await refundForm.getByLabel('同时取消未发货的商品').check();
  await refundForm.getByLabel(`${first.code} 不再发货数量`).fill('3');
  await expect(refundForm.getByLabel(/退款金额/)).toHaveAttribute('placeholder', '60.00');
  await refundForm.getByLabel('退款原因').fill('客户少要 3 个');
  await refundForm.getByRole('button', { name: '提交退款' }).click();
  await expect(finance.getByRole('status')).toHaveText('退款已提交');
  await expect(finance.getByTestId('order-status')).toHaveText('待发货');
  await expect(finance.getByTestId('order-lines')).toContainText('（已取消 3）');
  await expect(finance.getByTestId('order-refunds')).toContainText('¥60.00');

  // Then the rest of the money: the order closes, and finance has nothing left to do on it.
  await refundForm.getByRole('button', { name: '全额退款' }).click();
  await refundForm.getByLabel('退款原因').fill('客户取消采购');
  await refundForm.getByRole('button', { name: '提交退款' }).click();
  await expect(finance.getByTestId('order-status')).toHaveText('已关闭');
  await expect(finance.getByTestId('refund-form')).toHaveCount(0);
  await expect(finance.getByTestId('cancel-form')).toHaveCount(0);
  // What is left to finance: a transfer arriving after the close, recorded and paid back.
  await expect(finance.getByTestId('late-transfer-form')).toBeVisible();
  await expect(finance.getByTestId('order-timeline')).toContainText('订单已关闭：客户取消采购');
  await finance.screenshot({ path: '/tmp/order-lifecycle-finance.png', fullPage: true });

  // The warehouse page still shows 全部发货 from before: shipping is refused, and the page reloads the order.
  await warehouse.getByLabel('运单号').fill(`SF${run}`);
  await warehouse.getByRole('button', { name: '全部发货' }).click();
  await expect(warehouse.getByRole('status')).toHaveText('订单已退款，不能发货');
  await expect(warehouse.getByTestId('order-status')).toHaveText('已关闭');
  await expect(warehouse.getByTestId('ship-form')).toHaveCount(0);
  await expect(warehouse.getByTestId('order-shipments')).toHaveCount(0);
  await warehouse.screenshot({ path: '/tmp/order-lifecycle-warehouse.png', fullPage: true });

  // What the server stored: closed, refunded in full, no parcel, every unit back on the shelf.
  const order = await storeDb.selectFrom('orders').selectAll().where('orderNo', '=', placed.orderNo).executeTakeFirstOrThrow();
  expect(order).toMatchObject({ status: 'closed', refundedCents: order.payableCents });
  expect(await storeDb.selectFrom('orderShipments').select('id').where('orderId', '=', order.id).execute()).toEqual([]);
  const stocks = await storeDb.selectFrom('products').select('stock').where('id', 'in', [first.id, second.id]).orderBy('id').execute();
  expect(stocks.map((row) => row.stock)).toEqual([500, 500]);

  // The buyer sees it closed, with both refunds, and cannot confirm receipt or cancel.
  await page.goto(`/user/order/detail/${placed.orderNo}`);
  await expect(page.getByTestId('detail-status')).toHaveText('已关闭');
  await expect(page.getByText('订单已全额退款，交易关闭。')).toBeVisible();
  await expect(page.getByRole('button', { name: '确认收货' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '取消订单' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/order-lifecycle-buyer.png', fullPage: true });
});
