import { amountCentsOf, formatUnitPriceE4 } from '../../src/contract/money.ts';
import { formatCents } from '../../src/contract/pricing.ts';
import { searchCalls } from '../../src/contract/search-calls.ts';
import { findQuotationLines } from '../../src/server/features/quotation/quotation.repository.ts';
import { priceQuotation } from '../../src/server/features/quotation/quotation-staff.service.ts';
import { insertProduct } from '../../src/server/testing/factories.ts';
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration, type StoreDb } from './fixtures.ts';
import { saveShenzhenAddress } from './order-fixtures.ts';

/**
 * A quotation's way to an order and back, in Chromium: a BOM's unmatched line and its ticked lines
 * asked for in one request; staff quote one line with a lead time; the settlement page orders every
 * quoted line (the one not in stock waits for it); the order lapses unpaid and the offer comes back.
 * The journey uses parts of its own, so no other journey moves their stock or prices.
 */

const day = 86_400_000;
let partCounter = 0;

interface OwnPart {
  id: number;
  code: string;
}

async function ownPart(storeDb: StoreDb, stock: number): Promise<OwnPart> {
  const template = await storeDb.selectFrom('products').select(['brandId', 'categoryFirstId', 'categorySecondId']).orderBy('id').executeTakeFirstOrThrow();
  partCounter += 1;
  const code = `QLE2E${String(Date.now() % 1_000_000)}${String(process.pid % 100)}P${String(partCounter)}`;
  const id = await insertProduct(storeDb, {
    ...template,
    code,
    stock,
    packSize: 1,
    package: 'SOP-8',
    description: '询价流程测试物料',
    prices: [
      { qtyStart: 1, priceE4: 3_000 },
      { qtyStart: 100, priceE4: 2_500 },
    ],
  });
  return { id, code };
}

/** The search index takes in new parts from the change log within a second or so; the BOM matcher reads it. */
async function untilSearchable(page: Page, part: OwnPart): Promise<void> {
  await expect
    .poll(async () => {
      const response = await page.request.post(searchCalls.searchFactoryCodeProduct.path, {
        data: { code: part.code },
        headers: { 'x-csrf-token': (await page.context().cookies()).find((cookie) => cookie.name === 'csrfToken')?.value ?? '' },
      });
      const envelope = (await response.json()) as { data?: { productId?: number; id?: number }[] };
      return JSON.stringify(envelope.data ?? []).includes(part.code);
    })
    .toBe(true);
}

test('a BOM asks for its unmatched and ticked lines at once; the offer with a lead-time line is ordered whole; the unpaid order lapses and the offer comes back', async ({
  page,
  storeDb,
  member,
}) => {
  test.setTimeout(120_000);
  const inStock = await ownPart(storeDb, 5_000);
  const leadTime = await ownPart(storeDb, 0);
  const substitute = await ownPart(storeDb, 800);
  const unknown = `NE555-QL${String(Date.now() % 1_000_000)}`;
  await saveShenzhenAddress(page);
  await untilSearchable(page, inStock);
  await untilSearchable(page, leadTime);

  // The BOM: two parts the store has (ticked), one it does not (unmatched); both kinds go in one request.
  await page.goto('/bom');
  await waitForHydration(page);
  await page.getByLabel(/或粘贴 BOM 内容/).fill(`型号\t数量\n${inStock.code}\t100\n${leadTime.code}\t20\n${unknown}\t50`);
  await page.getByRole('button', { name: '识别粘贴内容' }).click();
  const lineRow = (lineNo: number) => page.locator(`[data-testid="bom-line"][data-line-no="${String(lineNo)}"]`);
  await expect(lineRow(3).locator('[data-status]')).toHaveText('未匹配');
  await expect(lineRow(1).locator('.bom-line__part a')).toHaveAttribute('href', `/product/detail/${String(inStock.id)}`);
  await expect(lineRow(2).locator('.bom-line__part a')).toHaveAttribute('href', `/product/detail/${String(leadTime.id)}`);
  await page.getByRole('button', { name: '询价', exact: true }).click();
  const form = page.getByRole('form', { name: '询价' });
  await expect(form.getByLabel(/未匹配的物料（1 项）/)).toBeChecked();
  await form.getByLabel(/已勾选的物料（2 项）/).check();
  await expect(form.getByTestId('bom-quote-count')).toHaveText('本次询价共 3 项');
  await form.getByLabel('备注（选填）').fill('NE555 可用替代料');
  await form.getByRole('button', { name: '提交询价' }).click();
  await expect(page.getByTestId('bom-quotation-id')).toHaveText(/^\d+$/);
  const quotationId = Number(await page.getByTestId('bom-quotation-id').textContent());
  const lines = await findQuotationLines(storeDb, [quotationId]);
  expect(lines.map((line) => [line.lineNo, line.partNumber, line.quantity])).toEqual([
    [1, inStock.code, 100],
    [2, leadTime.code, 20],
    [3, unknown, 50],
  ]);

  // Staff quote each line: the NE555 as a substitute, the part out of stock with a lead time of 2周.
  const offers = [
    { part: inStock, unitPriceE4: 2_200, quantity: 100, leadTime: '现货' },
    { part: leadTime, unitPriceE4: 12_345, quantity: 20, leadTime: '2周' },
    { part: substitute, unitPriceE4: 1_800, quantity: 50, leadTime: '现货' },
  ];
  await priceQuotation(storeDb, quotationId, {
    lines: offers.map((offer, index) => ({
      lineId: lines[index]?.id ?? 0,
      productId: offer.part.id,
      unitPriceE4: offer.unitPriceE4,
      quantity: offer.quantity,
      leadTime: offer.leadTime,
    })),
    validUntil: Date.now() + 7 * day,
    staffNote: '含税价',
  });
  const goodsCents = offers.reduce((sum, offer) => sum + amountCentsOf(offer.unitPriceE4, offer.quantity), 0);

  await page.goto('/user/quotation');
  const card = page.getByTestId('quotation-card').filter({ hasText: unknown });
  await expect(card.getByTestId('quotation-status')).toHaveText('已报价');
  await expect(card).toContainText('2周');
  await waitForHydration(page);
  await card.getByRole('button', { name: '接受报价' }).click();
  await page.waitForURL(`/offer/settlement?quotationId=${String(quotationId)}`);
  await waitForHydration(page);

  // Every quoted line at its quoted price; the one out of stock waits for its lead time, whichever way it ships.
  const settlementLines = page.getByTestId('settlement-line');
  await expect(settlementLines).toHaveCount(3);
  for (const offer of offers) await expect(settlementLines.filter({ hasText: offer.part.code })).toContainText(formatUnitPriceE4(offer.unitPriceE4));
  const waiting = settlementLines.filter({ hasText: leadTime.code });
  await expect(waiting).toContainText('现货 0，缺 20（交期 2周），现货先发，其余到货后发');
  await expect(page.getByText('本单不含此商品')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /先发现货，其余到货后发/ })).toBeChecked();
  await expect(page.getByTestId('summary-goods')).toHaveText(formatCents(goodsCents));
  await page.getByRole('radio', { name: /全部到货后一起发/ }).check();
  await expect(waiting).toContainText('到齐后一起发货');
  await expect(page.getByTestId('summary-goods')).toHaveText(formatCents(goodsCents));
  await page.getByRole('radio', { name: /先发现货，其余到货后发/ }).check();
  await expect(waiting).toContainText('现货先发，其余到货后发');
  await page.screenshot({ path: test.info().outputPath('settlement.png'), fullPage: true });

  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/offer\/pay\/\d{16}$/);
  const orderNo = page.url().split('/').at(-1) ?? '';
  const order = await storeDb.selectFrom('orders').selectAll().where('orderNo', '=', orderNo).executeTakeFirstOrThrow();
  expect(order).toMatchObject({ userId: member.userId, quotationId, goodsCents, shortfallChoice: 'shipAvailable' });
  const ordered = await storeDb
    .selectFrom('orderLines')
    .select(['productId', 'quantity', 'reservedQuantity', 'unitPriceE4'])
    .where('orderId', '=', order.id)
    .orderBy('productId')
    .execute();
  expect(ordered).toEqual(
    offers
      .map((offer) => ({
        productId: offer.part.id,
        quantity: offer.quantity,
        reservedQuantity: offer.part === leadTime ? 0 : offer.quantity,
        unitPriceE4: offer.unitPriceE4,
      }))
      .sort((a, b) => a.productId - b.productId),
  );
  await page.goto('/user/quotation');
  await expect(card.getByTestId('quotation-status')).toHaveText('已下单');
  await expect(card.getByRole('link', { name: `查看订单 ${orderNo}` })).toBeVisible();

  // The payment window passes (the order's deadline moved to just now); reading the order cancels it.
  await storeDb
    .updateTable('orders')
    .set({ expiresAt: Date.now() - 1_000 })
    .where('id', '=', order.id)
    .execute();
  await page.goto(`/user/order/detail/${orderNo}`);
  await expect(page.getByTestId('detail-status')).toContainText('已取消');

  // The offer is back: 已报价, still valid, with 接受报价; the member was told.
  await page.goto('/user/quotation');
  await expect(card.getByTestId('quotation-status')).toHaveText('已报价');
  await expect(card.getByRole('link', { name: /查看订单/ })).toHaveCount(0);
  await expect(card.getByRole('button', { name: '接受报价' })).toBeVisible();
  await expect(card.getByTestId('quotation-total')).toHaveText(formatCents(goodsCents));
  await card.screenshot({ path: test.info().outputPath('quotation-card.png') });
  await page.screenshot({ path: test.info().outputPath('quotation.png'), fullPage: true });
  const stored = await storeDb.selectFrom('quotations').select(['status', 'orderNo']).where('id', '=', quotationId).executeTakeFirstOrThrow();
  expect(stored).toEqual({ status: 'quoted', orderNo: null });
  await page.goto('/user/message/list');
  await expect(page.locator('.message-list')).toContainText('已恢复为已报价');

  // And it can be ordered again.
  await page.goto('/user/quotation');
  await waitForHydration(page);
  await card.getByRole('button', { name: '接受报价' }).click();
  await page.waitForURL(`/offer/settlement?quotationId=${String(quotationId)}`);
  await expect(page.getByTestId('settlement-line')).toHaveCount(3);
});
