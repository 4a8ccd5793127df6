import { randomUUID } from 'node:crypto';
import { orderCalls } from '../../src/contract/order-calls.ts';
import { ShortfallChoice } from '../../src/contract/order.ts';
import { beijingDateAfterDays } from '../../src/contract/time.ts';
import { expect, newParts, signInStaff, test, waitForHydration } from './fixtures.ts';
import { addToCart, callOk, saveShenzhenAddress } from './order-fixtures.ts';

/**
 * Back orders with dates (decision 0031): a buyer orders a part short of stock and sees its lead time and
 * 预计到货; staff move the date with a reason; the buyer reads the message and the new date; stock arrives;
 * staff ship the part in stock, then the arrived rest; the order shows two parcels.
 */

const run = `${Date.now() % 100_000}${process.pid % 100}`;

test('a back order with a date: shown at checkout, moved by staff and told, split into two parcels as stock arrives', async ({
  page,
  storeDb,
  browser,
  baseURL,
  member,
}) => {
  test.setTimeout(120_000);
  expect(member.userId).toBeGreaterThan(0);
  const [part] = await newParts(page, storeDb, 1, { stock: 5, purchasing: { factoryLeadWeeks: 4 } });
  if (!part) throw new Error('no part');
  const expected = beijingDateAfterDays(Date.now(), 28);
  await addToCart(page, part, 10);

  await page.goto('/offer/settlement');
  await waitForHydration(page);
  await expect(page.getByTestId('line-short')).toContainText(`工厂交期 4 周，预计 ${expected} 到货`);
  await page.getByRole('radio', { name: /等待全部到货后发货/ }).check();
  await expect(page.getByTestId('line-short')).toContainText('到齐后发货');
  await page.screenshot({ path: test.info().outputPath('h3-settlement.png'), fullPage: true });
  const phone = await (
    await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, storageState: await page.context().storageState() })
  ).newPage();
  await phone.goto('/m/offer/settlement');
  await expect(phone.getByText(`工厂交期 4 周，预计 ${expected} 到货`)).toBeVisible();
  await phone.screenshot({ path: test.info().outputPath('h3-mobile-settlement.png'), fullPage: true });
  await phone.context().close();

  const address = await saveShenzhenAddress(page, '缺货');
  const choice = { carrierCode: 'zto', addressId: address.id, shortfallChoice: ShortfallChoice.waitForAll };
  const pricing = await callOk(page, orderCalls.preview, { ...choice, memberCouponIds: [] });
  const placed = await callOk(page, orderCalls.place, {
    ...choice,
    idempotencyKey: randomUUID(),
    memberCouponIds: [],
    invoice: { kind: 'none' },
    remark: '',
    quotedPayableCents: pricing.payableCents,
  });
  await page.goto(`/user/order/detail/${placed.orderNo}`);
  await expect(page.getByTestId('line-backorder')).toHaveText(`缺货待发 5，预计 ${expected} 到货`);

  const staff = await (await browser.newContext({ baseURL })).newPage();
  await signInStaff(staff, storeDb, 'admin', { displayName: '缺货管理', returnPath: `/admin/orders/${placed.orderNo}` });
  await staff.getByLabel(/到账金额/).fill((placed.payableCents / 100).toFixed(2));
  await staff.getByRole('button', { name: '确认到账' }).click();
  await expect(staff.getByTestId('order-status')).toHaveText('待发货');
  await expect(staff.getByTestId('line-arrival')).toHaveText(`缺货 5，预计 ${expected} 到货`);
  const moved = beijingDateAfterDays(Date.now(), 42);
  await staff.getByLabel('新的预计到货日期').fill(moved);
  await staff.getByLabel(/变更原因/).fill('原厂交期顺延');
  await staff.getByRole('button', { name: '修改预计到货' }).click();
  await expect(staff.getByRole('status')).toHaveText('预计到货日期已变更，已通知买家');
  await expect(staff.getByTestId('line-arrival')).toHaveText(`缺货 5，预计 ${moved} 到货`);

  await page.goto('/user/message/list?type=3');
  await expect(page.getByTestId('message-row').filter({ hasText: placed.orderNo }).first()).toContainText(`预计到货日期变更：原 ${expected}，现 ${moved}`);
  await page.goto(`/user/order/detail/${placed.orderNo}`);
  await expect(page.getByTestId('line-backorder')).toHaveText(`缺货待发 5，预计 ${moved} 到货`);
  await page.screenshot({ path: test.info().outputPath('h3-order-waiting.png'), fullPage: true });

  // The 5 in stock go now; the 5 that arrive go in a second parcel.
  await staff.getByLabel('快递公司').selectOption({ label: '顺丰速运' });
  await staff.getByLabel('运单号').fill(`SF${run}`);
  await staff.getByLabel(/部分发货/).check();
  await staff.getByLabel(`${part.code} 本次发货数量`).fill('5');
  await staff.getByRole('button', { name: '发出本包裹' }).click();
  await expect(staff.getByTestId('order-status')).toHaveText('部分发货');
  await staff.getByLabel(/到货数量/).fill('5');
  await staff.getByRole('button', { name: '到货登记' }).click();
  await expect(staff.getByRole('status')).toHaveText('到货已登记，已分配给等待的订单');
  await expect(staff.getByTestId('line-arrival')).toHaveText('现货');
  await staff.getByLabel(/部分发货/).uncheck();
  await staff.getByLabel('快递公司').selectOption({ label: '中通快递' });
  await staff.getByLabel('运单号').fill(`ZT${run}`);
  await staff.getByRole('button', { name: '全部发货' }).click();
  await expect(staff.getByTestId('order-status')).toHaveText('已发货');
  await staff.screenshot({ path: test.info().outputPath('h3-console-order.png'), fullPage: true });

  await page.goto(`/user/order/detail/${placed.orderNo}`);
  const parcels = page.getByTestId('order-shipment');
  await expect(parcels).toHaveCount(2);
  await expect(parcels.nth(0)).toContainText(`SF${run}：${part.code} ×5`);
  await expect(parcels.nth(1)).toContainText(`ZT${run}：${part.code} ×5`);
  await page.screenshot({ path: test.info().outputPath('h3-order-shipped.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/m/user/order/detail/${placed.orderNo}`);
  await expect(page.getByTestId('order-shipment')).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('h3-mobile-order.png'), fullPage: true });
});
