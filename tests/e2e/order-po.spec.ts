import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures.ts';
import { addToCart, saveShenzhenAddress } from './order-fixtures.ts';

/**
 * Issue 28, procurement references: a 客户料号 typed on the cart line and a 采购订单号 at checkout go
 * into the order, its detail, 我的订单's search and its Excel export; the next add of the part brings
 * the 客户料号 back. Each journey makes its own member and part.
 */

const unique = () => `${String(process.pid % 1000)}${Date.now().toString(36).toUpperCase()}`;
const shots = process.env.PO_SCREENSHOT_DIR ?? '/tmp/po';

async function placeFromSettlement(page: Page, poNumber: string): Promise<string> {
  await page.getByTestId('po-number').fill(poNumber);
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/offer\/pay\/\d{16}$/);
  return page.url().split('/').at(-1) ?? '';
}

/** The 导出订单 file's first sheet, as rows of cells. */
async function exportedRows(page: Page): Promise<(string | number)[][]> {
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: '导出订单' }).click();
  const path = await (await download).path();
  const book = XLSX.read(readFileSync(path), { type: 'buffer' });
  return XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets['我的订单'] ?? {}, { header: 1 });
}

test('a buyer types a 客户料号 in the cart and a 采购订单号 at checkout, finds the order by either, exports it, and gets the 客户料号 back on reorder', async ({
  page,
  storeDb,
  member,
  part,
}) => {
  test.setTimeout(90_000);
  const poNumber = `PO-E2E-${unique()}`;
  const customerPartNo = `ACME-${unique()}`;
  await saveShenzhenAddress(page);
  await addToCart(page, part);

  await page.goto('/cart');
  await waitForHydration(page);
  const field = page.getByRole('textbox', { name: `${part.code} 的客户料号` });
  await expect(field).toHaveValue('');
  await field.fill('X'.repeat(41));
  await field.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: '客户料号不能超过40个字符' })).toBeVisible();
  await field.fill(customerPartNo);
  await field.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: '已保存' })).toBeVisible();
  const line = await storeDb.selectFrom('cartItems').select('customerPartNo').where('userId', '=', member.userId).executeTakeFirstOrThrow();
  expect(line.customerPartNo).toBe(customerPartNo);
  await page.screenshot({ path: `${shots}/cart.png`, fullPage: true });

  await page.getByRole('link', { name: '去结算' }).click();
  await page.waitForURL('/offer/settlement');
  await waitForHydration(page);
  await expect(page.getByTestId('settlement-line').getByTestId('line-customer-part-no')).toHaveText(`客户料号：${customerPartNo}`);
  await page.getByTestId('po-number').fill('P'.repeat(41));
  await expect(page.getByRole('alert').filter({ hasText: '采购订单号不能超过40个字符' })).toBeVisible();
  const orderNo = await placeFromSettlement(page, poNumber);

  await page.goto(`/user/order/detail/${orderNo}`);
  await waitForHydration(page);
  await expect(page.getByTestId('detail-po-number')).toHaveText(poNumber);
  await expect(page.getByTestId('order-line').getByTestId('line-customer-part-no')).toHaveText(`客户料号：${customerPartNo}`);
  await page.screenshot({ path: `${shots}/order-detail.png`, fullPage: true });

  // 我的订单: found by part of the 采购订单号 in another case, and by the 客户料号.
  await page.goto('/user/order/list');
  await waitForHydration(page);
  const search = page.getByRole('searchbox', { name: '搜索订单号、型号、采购订单号或客户料号' });
  await search.fill(poNumber.slice(3).toLowerCase());
  await search.press('Enter');
  await page.waitForURL(/keyword=/);
  await expect(page.getByTestId('order-card')).toHaveCount(1);
  await expect(page.getByTestId('order-no')).toHaveText(orderNo);
  await expect(page.getByTestId('order-po-number')).toHaveText(poNumber);
  await page.screenshot({ path: `${shots}/order-list.png`, fullPage: true });

  const rows = await exportedRows(page);
  expect(rows[0]).toEqual([
    '订单号',
    '下单时间',
    '订单状态',
    '采购订单号',
    '型号',
    '客户料号',
    '品牌',
    '数量',
    '单价(元)',
    '金额(元)',
    '订单总额(元)',
    '已发货数量',
  ]);
  expect(rows).toHaveLength(2);
  expect(rows[1]?.slice(2, 6)).toEqual(['待付款', poNumber, part.code, customerPartNo]);
  expect(rows[1]?.[0]).toBe(orderNo);
  expect(rows[1]?.[7]).toBe(part.quantity);
  expect(rows[1]?.[9]).toBe(part.amountCents / 100);
  expect(rows[1]?.[11]).toBe(0);

  await search.fill(customerPartNo);
  await search.press('Enter');
  await expect(page.getByTestId('order-no')).toHaveText(orderNo);

  // 再次购买: everything went back in, so the page goes to the cart, where the part has its 客户料号 again.
  await page.getByRole('button', { name: '再次购买' }).click();
  await page.waitForURL('/cart');
  await waitForHydration(page);
  await expect(page.getByRole('textbox', { name: `${part.code} 的客户料号` })).toHaveValue(customerPartNo);
});

test.describe('on a phone', () => {
  test.use({
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    viewport: { width: 375, height: 667 },
    isMobile: true,
    hasTouch: true,
  });

  test('the mobile cart takes a 客户料号 and the mobile checkout a 采购订单号; the mobile order detail shows both', async ({ page, storeDb, member, part }) => {
    const typed = { code: part.code, poNumber: `PO-M-${unique()}`, customerPartNo: `M-CPN-${unique()}` };
    await saveShenzhenAddress(page);
    await addToCart(page, part);
    await page.goto('/m/cart');
    await waitForHydration(page);
    const field = page.getByRole('textbox', { name: `${typed.code} 的客户料号` });
    await field.fill(typed.customerPartNo);
    await page.screenshot({ path: `${shots}/m-cart.png`, fullPage: true });
    // Straight to settlement: the field saves as it is left, and the way to settlement waits for it.
    await page.getByTestId('m-settle').tap();
    await page.waitForURL('/m/offer/settlement');
    await waitForHydration(page);
    await expect(page.getByTestId('m-settlement-line')).toContainText(`客户料号：${typed.customerPartNo}`);
    await page.getByTestId('po-number').fill(typed.poNumber);
    await page.getByRole('button', { name: '提交订单' }).tap();
    await page.waitForURL(/\/m\/offer\/pay\/\d+$/);
    const orderNo = page.url().split('/').at(-1) ?? '';
    await page.goto(`/m/user/order/detail/${orderNo}`);
    await expect(page.getByTestId('m-detail-po-number')).toHaveText(typed.poNumber);
    await expect(page.getByTestId('m-line-customer-part-no')).toHaveText(`客户料号：${typed.customerPartNo}`);
    await page.screenshot({ path: `${shots}/m-order-detail.png`, fullPage: true });
    const remembered = await storeDb.selectFrom('customerPartNumbers').select(['productId', 'customerPartNo']).where('userId', '=', member.userId).execute();
    expect(remembered).toEqual([{ productId: part.id, customerPartNo: typed.customerPartNo }]);

    // 我的订单 on the phone finds it by the 客户料号, keeps the search across the tabs, and says when nothing matches.
    await page.goto('/m/user/order/list');
    await waitForHydration(page);
    const search = page.getByRole('searchbox', { name: '搜索订单号、型号、采购订单号或客户料号' });
    await search.fill(typed.customerPartNo.toLowerCase());
    await search.press('Enter');
    await page.waitForURL(/keyword=/);
    await expect(page.getByTestId('m-order-search-summary')).toContainText('共 1 个订单');
    await expect(page.getByText(orderNo)).toBeVisible();
    await page.screenshot({ path: `${shots}/m-order-search.png`, fullPage: true });
    await page.getByTestId('m-order-tab-unpaid').tap();
    await page.waitForURL(/tab=unpaid&keyword=/);
    await expect(page.getByText(orderNo)).toBeVisible();
    await page.getByTestId('m-order-tab-unshipped').tap();
    await page.waitForURL(/tab=unshipped&keyword=/);
    await expect(page.getByText('没有找到相关订单，换个订单号或型号试试')).toBeVisible();
    await page.getByRole('link', { name: '清除搜索' }).tap();
    await expect(page.getByRole('searchbox', { name: '搜索订单号、型号、采购订单号或客户料号' })).toHaveValue('');
  });
});
