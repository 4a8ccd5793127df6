import { execFileSync } from 'node:child_process';
import { generate } from 'otplib';
import { amountCentsOf, formatUnitPriceE4 } from '../../src/contract/money.ts';
import { formatCents } from '../../src/contract/pricing.ts';
import { quotationCalls } from '../../src/contract/quotation-calls.ts';
import { searchCalls } from '../../src/contract/search-calls.ts';
import { findQuotationLines } from '../../src/server/features/quotation/quotation.repository.ts';
import { priceQuotation } from '../../src/server/features/quotation/quotation-staff.service.ts';
import { insertProduct } from '../../src/server/testing/factories.ts';
import type { Browser, Page } from '@playwright/test';
import { expect, test, waitForHydration, type StoreDb } from './fixtures.ts';
import { shelfOf } from './part-fixtures.ts';
import { callOk, saveShenzhenAddress } from './order-fixtures.ts';

/**
 * A quotation's way to an order and back, in Chromium: a BOM's unmatched line and its ticked lines
 * asked for in one request; staff quote one line with a lead time; the settlement page orders every
 * quoted line (the one not in stock waits for it); the order lapses unpaid and the offer comes back.
 * The journey uses parts of its own, so no other journey moves their stock or prices.
 */

const day = 86_400_000;
const storePath = `data/e2e-${Number(process.env.E2E_PORT ?? 3100)}/store.sqlite`;
let partCounter = 0;

/** A 销售 staff account made by the command line, signed in in a browser context of its own. */
async function salesPage(browser: Browser): Promise<Page> {
  const login = `qlsales${String(Date.now() % 1_000_000)}`;
  const password = 'Console2026x';
  const output = execFileSync(
    'node',
    ['--import', 'tsx', 'src/server/admin-cli/admin.cli.ts', 'create-user', '--login', login, '--name', '报价小李', '--role', 'sales'],
    { env: { ...process.env, DATABASE_URL: storePath, STAFF_PASSWORD: password }, encoding: 'utf8' },
  );
  const secret = /密钥: ([A-Z2-7]+)/.exec(output)?.[1];
  if (!secret) throw new Error(`no secret in: ${output}`);
  const page = await (await browser.newContext()).newPage();
  await page.goto('/admin/login');
  await waitForHydration(page);
  await page.getByLabel('登录名').fill(login);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('动态码').fill(await generate({ secret }));
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

interface OwnPart {
  id: number;
  code: string;
}

async function ownPart(storeDb: StoreDb, stock: number): Promise<OwnPart> {
  // On the journeys' shelf (part-fixtures.ts): hidden categories, so no catalogue page a journey reads alongside changes.
  const template = await shelfOf(storeDb);
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

test('staff price an offer again from the desk; the member’s page still showing the old price is told, shows the new one, and checks it out', async ({
  page,
  browser,
  storeDb,
  member,
}) => {
  expect(member.userId).toBeGreaterThan(0);
  test.setTimeout(120_000);
  const part = await ownPart(storeDb, 500);
  const { quotationId } = await callOk(page, quotationCalls.request, { note: '', lines: [{ lineNo: 1, partNumber: part.code, quantity: 10 }] });
  const [line] = await findQuotationLines(storeDb, [quotationId]);
  await priceQuotation(storeDb, quotationId, {
    lines: [{ lineId: line?.id ?? 0, productId: part.id, unitPriceE4: 5_000, quantity: 10, leadTime: '现货' }],
    validUntil: Date.now() + 3 * day,
  });

  // The member's page shows the first offer and stays open.
  await page.goto('/user/quotation');
  await waitForHydration(page);
  const card = page.getByTestId('quotation-card').filter({ hasText: part.code });
  await expect(card.getByTestId('quotation-total')).toHaveText(formatCents(500));

  // Staff price it again from the desk: the form starts from the current offer.
  const sales = await salesPage(browser);
  await sales.goto(`/admin/quotations/${String(quotationId)}`);
  await waitForHydration(sales);
  const requote = sales.getByRole('region', { name: '重新报价' });
  await expect(requote.getByLabel('第1行单价')).toHaveValue('0.50');
  await expect(requote.getByLabel('第1行交期')).toHaveValue('现货');
  await requote.getByLabel('第1行单价').fill('0.42');
  await requote.getByLabel('第1行交期').fill('1周');
  await sales.screenshot({ path: test.info().outputPath('desk-requote.png'), fullPage: true });
  await requote.getByRole('button', { name: '发送新报价' }).click();
  await expect(sales.getByTestId('quotation-notice')).toHaveText('已重新报价，会员将收到新的报价消息');
  await expect(sales.getByTestId('quotation-status')).toHaveText('已报价');

  // The member accepts from the old page: refused, and the card now shows the new offer.
  await card.getByRole('button', { name: '接受报价' }).click();
  await expect(page.getByRole('status').filter({ hasText: '询价单状态已被他人更改，请刷新后重试' })).toBeVisible();
  await expect(card.getByTestId('quotation-total')).toHaveText(formatCents(420));
  await expect(card).toContainText('1周');
  await card.getByRole('button', { name: '接受报价' }).click();
  await page.waitForURL(`/offer/settlement?quotationId=${String(quotationId)}`);
  await expect(page.getByTestId('settlement-line')).toContainText(formatUnitPriceE4(4_200));
  const audit = await storeDb.selectFrom('auditLog').select('action').where('subject', '=', 'Quotation').where('subjectId', '=', String(quotationId)).execute();
  expect(audit.map((entry) => entry.action)).toEqual(['requote']);
});
