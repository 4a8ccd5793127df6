import { amountCentsOf, formatUnitPriceE4 } from '../../src/contract/money.ts';
import { formatCents } from '../../src/contract/pricing.ts';
import { quotationCalls } from '../../src/contract/quotation-calls.ts';
import { findQuotationLines } from '../../src/server/features/quotation/quotation.repository.ts';
import { priceQuotation } from '../../src/server/features/quotation/quotation-staff.service.ts';
import { expect, newParts, test, waitForHydration } from './fixtures.ts';
import { callOk, saveShenzhenAddress } from './order-fixtures.ts';

const day = 86_400_000;
/** ¥0.1234 a piece: a price no tier of the seed has, so the page shows the offer's, not the catalogue's. */
const quotedUnitPriceE4 = 1234;

test('a member sends a quotation request, staff price it, the member accepts the offer on /user/quotation and places the order at the quoted prices', async ({
  page,
  storeDb,
  member,
}) => {
  test.setTimeout(90_000);
  const [part] = await newParts(page, storeDb, 1);
  if (!part) throw new Error('no part');
  await saveShenzhenAddress(page);

  // The request the /bom page's 询价 button sends.
  const { quotationId } = await callOk(page, quotationCalls.request, {
    note: '样机试产',
    lines: [{ lineNo: 1, partNumber: part.code, quantity: part.quantity, remark: '<script>alert(1)</script>' }],
  });
  await page.goto('/user/quotation');
  const card = page.getByTestId('quotation-card').filter({ hasText: part.code });
  await expect(card.getByTestId('quotation-status')).toHaveText('待报价');
  await expect(card).toContainText('<script>alert(1)</script>');
  await expect(card.getByRole('button', { name: '接受报价' })).toHaveCount(0);

  // Staff price it (the operations console will call the same service).
  const [line] = await findQuotationLines(storeDb, [quotationId]);
  const validUntil = Date.now() + 3 * day;
  await priceQuotation(storeDb, quotationId, {
    lines: [{ lineId: line?.id ?? 0, productId: part.id, unitPriceE4: quotedUnitPriceE4, quantity: part.quantity }],
    validUntil,
    staffNote: '含税价，3 天内有效',
  });
  const goodsCents = amountCentsOf(quotedUnitPriceE4, part.quantity);

  await page.goto('/user/quotation?status=quoted');
  await expect(card.getByTestId('quotation-status')).toHaveText('已报价');
  await expect(card.getByTestId('quotation-total')).toHaveText(formatCents(goodsCents));
  await expect(card).toContainText('报价有效期至');
  await expect(card).toContainText(formatUnitPriceE4(quotedUnitPriceE4));

  await card.getByRole('button', { name: '接受报价' }).click();
  await page.waitForURL(`/offer/settlement?quotationId=${String(quotationId)}`);
  await waitForHydration(page);
  await expect(page.getByTestId('settlement-line')).toHaveCount(1);
  await expect(page.getByTestId('settlement-line')).toContainText(part.code);
  await expect(page.getByTestId('settlement-line')).toContainText(formatUnitPriceE4(quotedUnitPriceE4));
  await expect(page.getByTestId('summary-goods')).toHaveText(formatCents(goodsCents));
  await expect(page.getByRole('link', { name: /报价单 Q\d+（按报价价格结算）/ })).toBeVisible();
  const payable = (await page.getByTestId('summary-payable').textContent()) ?? '';
  await expect(page.getByTestId('bar-payable')).toHaveText(payable);

  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/offer\/pay\/\d{16}$/);
  const orderNo = page.url().split('/').at(-1) ?? '';
  const order = await storeDb.selectFrom('orders').selectAll().where('orderNo', '=', orderNo).executeTakeFirstOrThrow();
  expect(order).toMatchObject({ userId: member.userId, quotationId, goodsCents });
  expect(formatCents(order.payableCents)).toBe(payable);
  const lines = await storeDb.selectFrom('orderLines').select(['productId', 'quantity', 'unitPriceE4']).where('orderId', '=', order.id).execute();
  expect(lines).toEqual([{ productId: part.id, quantity: part.quantity, unitPriceE4: quotedUnitPriceE4 }]);

  // The offer is ordered: the list says so and links the order; the settlement page sends the member back with the reason.
  await page.goto('/user/quotation');
  await expect(card.getByTestId('quotation-status')).toHaveText('已下单');
  await expect(card.getByRole('link', { name: `查看订单 ${orderNo}` })).toBeVisible();
  await page.goto(`/offer/settlement?quotationId=${String(quotationId)}`);
  await page.waitForURL(/\/user\/quotation\?problem=/);
  await expect(page.getByRole('alert')).toHaveText('该报价已下单，不能重复结算');

  // The BOM and offer messages render as sanitised text, not clickable.
  await page.goto('/user/message/list');
  await expect(page.locator('.message-list')).toContainText('已报价');
});

test('a visitor opening /user/quotation is asked to log in and comes back there', async ({ page }) => {
  await page.goto('/user/quotation');
  await expect(page).toHaveURL(/\/login/);
  expect(decodeURIComponent(page.url())).toContain('/user/quotation');
});

test('a member without quotations sees the way to the BOM tool', async ({ page, member }) => {
  expect(member.userId).toBeGreaterThan(0);
  await page.goto('/user/quotation');
  await expect(page.getByRole('heading', { name: '我的询价' })).toBeVisible();
  await expect(page.getByText('您还没有提交过询价')).toBeVisible();
  await expect(page.getByRole('link', { name: '去BOM配单' })).toHaveAttribute('href', '/bom');
  await expect(page.locator('.person-nav__link--active')).toHaveText('我的询价');
});
