import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { cartCalls } from '../../src/contract/cart-calls.ts';
import { capitalAmountOfCents, formatCents } from '../../src/contract/money.ts';
import { orderCalls } from '../../src/contract/order-calls.ts';
import { ShortfallChoice, type OrderDetail } from '../../src/contract/order.ts';
import { insertProduct } from '../../src/server/testing/factories.ts';
import { pdfText } from '../../src/server/testing/pdf-text.ts';
import { expect, test, waitForHydration, type StoreDb } from './fixtures.ts';
import { callOk, saveShenzhenAddress } from './order-fixtures.ts';
import { shelfOf, uniquePartCode, type OrderPart } from './part-fixtures.ts';

/**
 * Issue 28, documents: a buyer downloads the 订单确认单 and the 形式发票 of an order from its page (desktop and
 * phone) and finds in them the 采购订单号, the 客户料号, the prices (¥0.0123 kept to its digits) and the total in
 * figures and in capitals; a cancelled order offers neither. Each journey makes its own member, parts and order.
 */

const shots = process.env.ORDER_DOCUMENTS_SCREENSHOT_DIR ?? '/tmp/order-documents';
const unique = () => `${String(process.pid % 1000)}${Date.now().toString(36).toUpperCase()}`;

/** A part below ¥1 (¥0.0123 a piece), which a document must show to its fourth decimal. */
async function cheapPart(storeDb: StoreDb): Promise<{ id: number; code: string }> {
  const code = uniquePartCode('DOC');
  const id = await insertProduct(storeDb, {
    ...(await shelfOf(storeDb)),
    code,
    package: '0402',
    packSize: 1,
    warehouseStock: { SZ: 100_000 },
    prices: [{ qtyStart: 1, priceE4: 123 }],
  });
  return { id, code };
}

/** The two parts in the cart, the cheap one with a 客户料号, placed with a 采购订单号 through the checkout's calls. */
async function placeOrder(page: Page, parts: { part: OrderPart; cheap: { id: number }; customerPartNo: string; poNumber: string }): Promise<OrderDetail> {
  const address = await saveShenzhenAddress(page);
  await callOk(page, cartCalls.add, { productId: parts.part.id, quantity: parts.part.quantity });
  await callOk(page, cartCalls.add, { productId: parts.cheap.id, quantity: 1000 });
  await callOk(page, cartCalls.updateCustomerPartNo, { productId: parts.cheap.id, customerPartNo: parts.customerPartNo });
  const choice = { carrierCode: 'zto', addressId: address.id, shortfallChoice: ShortfallChoice.shipAvailable };
  const pricing = await callOk(page, orderCalls.preview, { ...choice, memberCouponIds: [] });
  const placed = await callOk(page, orderCalls.place, {
    ...choice,
    idempotencyKey: randomUUID(),
    memberCouponIds: [],
    quotedPayableCents: pricing.payableCents,
    poNumber: parts.poNumber,
  });
  return callOk(page, orderCalls.detail, { orderNo: placed.orderNo });
}

/** Clicks the link, checks the name the file is saved under and answers the PDF's text. */
async function downloadedText(page: Page, linkName: string, fileName: string): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: linkName }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(fileName);
  const bytes = readFileSync(await file.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Text in a box wraps at its width: the checks read it whole.
  return pdfText(bytes).replaceAll('\n', '');
}

test('a buyer downloads the 订单确认单 and 形式发票 from the order’s page and finds the PO, 客户料号 and amounts in them; a cancelled order has none', async ({
  page,
  storeDb,
  member,
  part,
}) => {
  test.setTimeout(90_000);
  const poNumber = `PO-DOC-${unique()}`;
  const customerPartNo = `CPN-${unique()}`;
  const cheap = await cheapPart(storeDb);
  const order = await placeOrder(page, { part, cheap, customerPartNo, poNumber });
  const stored = await storeDb.selectFrom('orders').select(['userId', 'poNumber']).where('orderNo', '=', order.orderNo).executeTakeFirstOrThrow();
  expect(stored).toEqual({ userId: member.userId, poNumber });

  await page.goto(`/user/order/detail/${order.orderNo}`);
  await waitForHydration(page);
  await page.screenshot({ path: `${shots}/order-detail.png`, fullPage: true });

  const confirmation = await downloadedText(page, '下载订单确认单', `订单确认单-${order.orderNo}.pdf`);
  expect(confirmation).toContain(`订单号：${order.orderNo}`);
  expect(confirmation).toContain(`采购订单号：${poNumber}`);
  expect(confirmation).toContain(customerPartNo);
  expect(confirmation).toContain(cheap.code);
  expect(confirmation).toContain('¥0.0123');
  expect(confirmation).toContain('¥12.30');
  expect(confirmation).toContain(part.code);
  expect(confirmation).toContain(formatCents(part.amountCents));
  expect(confirmation).toContain(formatCents(order.payableCents));
  expect(confirmation).toContain(`合计金额（大写）：人民币${capitalAmountOfCents(order.payableCents)}`);
  expect(confirmation).toContain('付款状态：待付款');

  const proforma = await downloadedText(page, '下载形式发票', `形式发票-${order.orderNo}.pdf`);
  expect(proforma).toContain(`采购订单号：${poNumber}`);
  expect(proforma).toContain(customerPartNo);
  expect(proforma).toContain(`人民币${capitalAmountOfCents(order.payableCents)}`);
  expect(proforma).toContain('有效期：至');
  expect(proforma).toContain('银行账号：');
  expect(proforma).toContain(`转账附言：${order.orderNo}`);

  await page.getByRole('button', { name: '取消订单' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定取消' }).click();
  await expect(page.getByTestId('detail-status')).toHaveText('已取消');
  await expect(page.getByRole('link', { name: '下载订单确认单' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: '下载形式发票' })).toHaveCount(0);
  const refused = await page.request.get(`/order/document/${order.orderNo}/proforma.pdf`);
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toBe('该订单已取消，不再提供订单确认单和形式发票');
});

test.describe('on a phone', () => {
  test.use({
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    viewport: { width: 375, height: 667 },
    isMobile: true,
    hasTouch: true,
  });

  test('the phone’s order page downloads the same documents', async ({ page, storeDb, member, part }) => {
    const poNumber = `PO-MDOC-${unique()}`;
    const customerPartNo = `M-CPN-${unique()}`;
    const order = await placeOrder(page, { part, cheap: await cheapPart(storeDb), customerPartNo, poNumber });
    expect(order.lines.find((line) => line.customerPartNo === customerPartNo)?.quantity).toBe(1000);
    expect(member.userId).toBeGreaterThan(0);
    await page.goto(`/m/user/order/detail/${order.orderNo}`);
    await waitForHydration(page);
    await page.getByRole('link', { name: '下载形式发票' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/m-order-detail.png`, fullPage: true });
    const proforma = await downloadedText(page, '下载形式发票', `形式发票-${order.orderNo}.pdf`);
    expect(proforma).toContain(`采购订单号：${poNumber}`);
    expect(proforma).toContain(customerPartNo);
    expect(proforma).toContain(`人民币${capitalAmountOfCents(order.payableCents)}`);
    const confirmation = await downloadedText(page, '下载订单确认单', `订单确认单-${order.orderNo}.pdf`);
    expect(confirmation).toContain(`订单号：${order.orderNo}`);
  });
});
