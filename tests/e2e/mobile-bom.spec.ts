import type { Locator, Page } from '@playwright/test';
import { bomDraftStorageKey } from '../../src/contract/bom.ts';
import { formatCents, lineAmountCents, type PriceTier } from '../../src/contract/pricing.ts';
import { createMember, insertProduct } from '../../src/server/testing/factories.ts';
import { checkAccessibility } from './axe.ts';
import { expect, latestSmsCode, newParts, test, tickCaches, uniquePhone, waitForHydration, type OrderPart, type StoreDb } from './fixtures.ts';
import { shelfOf, uniquePartCode } from './part-fixtures.ts';

/**
 * The BOM tool on a phone (/m/bom): the desktop tool's hooks and calls in one column. Each journey
 * makes the parts it matches and the member it buys as, so journeys alongside never see them.
 */

const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test.use({ userAgent: iPhone, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

async function tiersOf(storeDb: StoreDb, productId: number): Promise<PriceTier[]> {
  return storeDb
    .selectFrom('productPrices')
    .select(['qtyStart', 'qtyEnd', 'priceE4', 'originalPriceE4'])
    .where('productId', '=', productId)
    .orderBy('qtyStart')
    .execute();
}

/** What a line of `quantity` pieces of a part sold singly costs, from its stored tiers. */
async function amountOf(storeDb: StoreDb, productId: number, quantity: number): Promise<number> {
  return lineAmountCents(await tiersOf(storeDb, productId), quantity);
}

/** Two parts of the journey's own sharing one part number, by two makers (a line naming it is 多个候选), priced apart. */
async function sharedCodeParts(page: Page, storeDb: StoreDb): Promise<{ code: string; ids: [number, number] }> {
  const shelf = await shelfOf(storeDb);
  const brands = await storeDb.selectFrom('brands').select('id').orderBy('id').limit(2).execute();
  const code = uniquePartCode('MBOM');
  const insert = (brandId: number, priceE4: number) =>
    insertProduct(storeDb, {
      ...shelf,
      brandId,
      code,
      package: 'SOT-23',
      description: '端到端测试物料',
      packSize: 1,
      warehouseStock: { SZ: 5_000 },
      prices: [{ qtyStart: 1, priceE4 }],
    });
  const [first, second] = brands;
  if (!first || !second) throw new Error('the seed needs two brands');
  const ids: [number, number] = [await insert(first.id, 12_000), await insert(second.id, 31_000)];
  await tickCaches(page);
  return { code, ids };
}

async function storedCart(storeDb: StoreDb, userId: number) {
  const rows = await storeDb.selectFrom('cartItems').select(['productId', 'quantity']).where('userId', '=', userId).orderBy('productId').execute();
  return rows.map((row) => ({ productId: row.productId, quantity: row.quantity }));
}

const card = (page: Page, lineNo: number): Locator => page.locator(`[data-testid="m-bom-line"][data-line-no="${lineNo}"]`);
const statusOf = (line: Locator) => line.locator('[data-status]');
const partLinkOf = (line: Locator) => line.locator('.m-bom-part__code');

/** Nothing wider than the 375 px screen. */
async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

async function shoot(page: Page, name: string) {
  await expectNoSideways(page);
  await page.screenshot({ path: `/tmp/mbom-${name}.png` });
  await page.screenshot({ path: `/tmp/mbom-${name}-full.png`, fullPage: true });
}

async function pasteLines(page: Page, text: string) {
  await page.getByLabel(/每行一个型号和数量/).fill(text);
  await page.getByRole('button', { name: '识别并匹配' }).tap();
}

const parts = async (page: Page, storeDb: StoreDb, count: number): Promise<OrderPart[]> => newParts(page, storeDb, count, { packSize: 1 });

test('a phone asking for /bom lands on /m/bom, pasted lines match, a candidate is chosen in the sheet and the ticked lines go to the cart', async ({
  page,
  storeDb,
  member,
}) => {
  test.setTimeout(90_000);
  const [exact] = await parts(page, storeDb, 1);
  if (!exact) throw new Error('no part');
  const shared = await sharedCodeParts(page, storeDb);
  const missing = `${uniquePartCode('NOPE')}-ZZ`;

  // The member centre links to the phone tool; the desktop address sends the phone there.
  await page.goto('/m/user/person');
  await expect(page.getByTestId('m-person-bom')).toHaveAttribute('href', '/m/bom');
  const response = await page.goto('/bom');
  expect(response?.request().redirectedFrom()?.url()).toMatch(/\/bom$/);
  expect(new URL(page.url()).pathname).toBe('/m/bom');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'BOM配单' })).toBeVisible();
  await shoot(page, 'empty');
  await checkAccessibility(page, '/m/bom (empty)');

  await pasteLines(page, `${exact.code} 3\n${shared.code} 2\n${missing} 1`);
  await expect(page.getByTestId('m-bom-line')).toHaveCount(3);
  await expect(page.getByTestId('m-bom-mapping-summary')).toContainText('型号 ←');
  await expect(page.getByTestId('m-bom-mapping-summary')).toContainText('数量 ←');

  // Statuses, and only the 精确匹配 line ticked.
  await expect(statusOf(card(page, 1))).toHaveAttribute('data-status', 'exact');
  await expect(statusOf(card(page, 1))).toContainText('精确匹配');
  await expect(statusOf(card(page, 2))).toHaveAttribute('data-status', 'multiple');
  await expect(statusOf(card(page, 2))).toContainText('多个候选');
  await expect(statusOf(card(page, 3))).toHaveAttribute('data-status', 'none');
  await expect(statusOf(card(page, 3))).toContainText('未匹配');
  await expect(card(page, 1).getByRole('checkbox')).toBeChecked();
  await expect(card(page, 2).getByRole('checkbox')).not.toBeChecked();
  await expect(card(page, 3).getByRole('checkbox')).not.toBeChecked();
  await expect(card(page, 3).getByRole('checkbox')).toBeDisabled();

  // The exact line: its evidence, its part on the phone site, its price at the quantity, stock, and 查替代.
  const first = card(page, 1);
  await expect(first.getByTestId('m-bom-line-reason')).toHaveText(/^匹配依据：/);
  await expect(partLinkOf(first)).toHaveAttribute('href', `/m/product/detail/${exact.id}`);
  const exactCents = await amountOf(storeDb, exact.id, 3);
  await expect(first.getByTestId('m-bom-line-amount')).toHaveText(formatCents(exactCents));
  await expect(first).toContainText('现货 10,000');
  await expect(first.getByTestId('bom-line-xref')).toHaveAttribute('href', `/cross-reference?code=${encodeURIComponent(exact.code)}`);
  await expect(card(page, 2)).toContainText('请从候选中选择');
  await expect(page.getByTestId('m-bom-selected-count')).toHaveText('1');
  await expect(page.getByTestId('m-bom-selected-total')).toHaveText(formatCents(exactCents));
  await shoot(page, 'matched');
  await checkAccessibility(page, '/m/bom (matched)');

  // 多个候选: choose one part in the sheet, then the other.
  const sheet = page.getByTestId('m-bom-sheet');
  const candidates = sheet.getByRole('region', { name: '候选商品' });
  await card(page, 2)
    .getByRole('button', { name: /^选择商品/ })
    .tap();
  await expect(sheet).toBeVisible();
  await expect(candidates.getByTestId('m-bom-option')).toHaveCount(2);
  await expect(sheet.getByText('已选用')).toHaveCount(0);
  await shoot(page, 'sheet');
  await checkAccessibility(page, '/m/bom (sheet open)');
  const [firstChoice, otherChoice] = [shared.ids[0], shared.ids[1]];
  await candidates.locator(`[data-product-id="${firstChoice}"]`).getByRole('button', { name: /^选用/ }).tap();
  await expect(sheet).toBeHidden();
  await expect(partLinkOf(card(page, 2))).toHaveAttribute('href', `/m/product/detail/${firstChoice}`);
  await expect(card(page, 2).getByRole('checkbox')).toBeChecked();

  await card(page, 2).getByRole('button', { name: /^更换/ }).tap();
  await expect(candidates.locator(`[data-product-id="${firstChoice}"]`)).toContainText('已选用');
  await candidates.locator(`[data-product-id="${otherChoice}"]`).getByRole('button', { name: /^选用/ }).tap();
  await expect(sheet).toBeHidden();
  await expect(partLinkOf(card(page, 2))).toHaveAttribute('href', `/m/product/detail/${otherChoice}`);
  const otherCents = await amountOf(storeDb, otherChoice, 2);
  await expect(card(page, 2).getByTestId('m-bom-line-amount')).toHaveText(formatCents(otherCents));
  await expect(page.getByTestId('m-bom-selected-count')).toHaveText('2');
  await expect(page.getByTestId('m-bom-selected-total')).toHaveText(formatCents(exactCents + otherCents));

  // Into the cart: the report, the tab bar's count, the stored cart, then the mobile cart.
  expect(await storedCart(storeDb, member.userId)).toEqual([]);
  await page.getByRole('button', { name: '加入购物车' }).tap();
  const report = page.getByRole('status', { name: '加入购物车结果' });
  await expect(report.getByTestId('m-bom-cart-added')).toHaveText('2');
  await expect(page.getByTestId('m-cart-count')).toHaveText('2');
  expect(await storedCart(storeDb, member.userId)).toEqual(
    [
      { productId: exact.id, quantity: 3 },
      { productId: otherChoice, quantity: 2 },
    ].sort((a, b) => a.productId - b.productId),
  );
  await shoot(page, 'added');
  await report.getByTestId('m-bom-to-cart').tap();
  await page.waitForURL('/m/cart');
  const cartLines = page.getByTestId('m-cart-line');
  await expect(cartLines).toHaveCount(2);
  await expect(cartLines.filter({ hasText: exact.code })).toHaveAttribute('data-product-id', String(exact.id));
  await expect(cartLines.filter({ hasText: shared.code })).toHaveAttribute('data-product-id', String(otherChoice));
  await expect(page.getByTestId('selected-total')).toHaveText(formatCents(exactCents + otherCents));
});

test("a visitor's BOM and boards survive the mobile login that 加入购物车 asks for", async ({ page, storeDb }) => {
  test.setTimeout(90_000);
  const [part] = await parts(page, storeDb, 1);
  if (!part) throw new Error('no part');
  const { phone, userId } = await createMember(storeDb, { phone: uniquePhone() });

  await page.goto('/m/bom');
  await waitForHydration(page);
  await pasteLines(page, `${part.code} 4`);
  await expect(page.getByTestId('m-bom-line')).toHaveCount(1);
  await page.getByLabel('套数').fill('2');
  await expect(card(page, 1)).toContainText('需求 8 个');
  await expect(page.getByTestId('m-bom-selected-count')).toHaveText('1');

  await page.getByRole('button', { name: '加入购物车' }).tap();
  await page.waitForURL(`/m/account/login?return=${encodeURIComponent('/m/bom')}`);
  await waitForHydration(page);
  expect(await page.evaluate((key) => sessionStorage.getItem(key), bomDraftStorageKey)).toContain(part.code);

  await page.getByRole('tab', { name: '短信登录' }).tap();
  await page.getByLabel('手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).tap();
  await expect(page.getByTestId('send-sms-code')).toHaveText(/\d+秒后重新获取/);
  await page.getByLabel('验证码').fill(await latestSmsCode(page, phone));
  await page.getByRole('button', { name: '登 录' }).tap();
  await page.waitForURL('/m/bom');
  await waitForHydration(page);

  // The BOM is back as it was left: its line, its boards and its tick; the kept draft is gone.
  await expect(page.getByTestId('m-bom-line')).toHaveCount(1);
  await expect(page.getByLabel('套数')).toHaveValue('2');
  await expect(card(page, 1)).toContainText('需求 8 个');
  await expect(card(page, 1).getByRole('checkbox')).toBeChecked();
  expect(await page.evaluate((key) => sessionStorage.getItem(key), bomDraftStorageKey)).toBeNull();

  await page.getByRole('button', { name: '加入购物车' }).tap();
  await expect(page.getByRole('status', { name: '加入购物车结果' }).getByTestId('m-bom-cart-added')).toHaveText('1');
  expect(await storedCart(storeDb, userId)).toEqual([{ productId: part.id, quantity: 8 }]);
});

test('a CSV file picked on the phone is read, its columns corrected, and its lines shown with their designators', async ({ page, storeDb }) => {
  test.setTimeout(90_000);
  const [byCode, byStoreCode] = await parts(page, storeDb, 2);
  if (!byCode || !byStoreCode) throw new Error('no parts');
  // Line 2 names its part only by the store's number, in a column the header does not name (客户料号).
  const csv = ['型号,数量,位号,封装,客户料号', `${byCode.code},2,"R1,R2",SOT-23,`, `,1,U7,SOT-23,${byStoreCode.id}`].join('\n');

  await page.goto('/m');
  await page.getByTestId('m-bom-entry').tap();
  await page.waitForURL('/m/bom');
  await waitForHydration(page);
  await page.getByLabel('选择 BOM 文件').setInputFiles({ name: '电源板.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csv}\n`, 'utf8') });

  await expect(page.getByTestId('m-bom-name')).toHaveText('电源板');
  await expect(page.getByTestId('m-bom-line')).toHaveCount(2);
  // What the BOM asks for: its designators and package, as the sheet has them.
  await expect(card(page, 1).locator('.bom-query')).toContainText('位号 R1, R2');
  await expect(card(page, 1).locator('.bom-query')).toContainText('SOT-23');
  await expect(partLinkOf(card(page, 1))).toHaveAttribute('href', `/m/product/detail/${byCode.id}`);
  await expect(statusOf(card(page, 2))).toHaveAttribute('data-status', 'none');
  await expect(card(page, 2).locator('.bom-query')).toContainText('位号 U7');

  // The mapping is one line until 修改 opens its columns.
  const mapping = page.getByRole('region', { name: '列对应' });
  await expect(mapping).toContainText('已自动识别表头');
  const storeCodeSelect = mapping.getByLabel('“客户料号”列对应为');
  await expect(storeCodeSelect).toBeHidden();
  await mapping.getByRole('button', { name: '修改' }).tap();
  await expect(mapping.getByLabel('“型号”列对应为')).toHaveValue('mpn');
  await shoot(page, 'mapping');
  await checkAccessibility(page, '/m/bom (mapping open)');
  await storeCodeSelect.selectOption('storeCode');
  await expect(page.getByTestId('m-bom-mapping-summary')).toContainText('商品编号 ← 客户料号');
  await expect(statusOf(card(page, 2))).toHaveAttribute('data-status', 'exact');
  await expect(partLinkOf(card(page, 2))).toHaveAttribute('href', `/m/product/detail/${byStoreCode.id}`);
  await expect(card(page, 2).getByRole('checkbox')).toBeChecked();
  await expect(page.getByTestId('m-bom-selected-count')).toHaveText('2');
  await shoot(page, 'file');
});
