import { formatUnitPriceE4 } from '../../src/contract/money.ts';
import { insertProduct } from '../../src/server/testing/factories.ts';
import type { Page } from '@playwright/test';
import { expect, signInStaff, test, tickCaches, waitForHydration, type StoreDb } from './fixtures.ts';
import { shelfOf, uniquePartCode } from './part-fixtures.ts';

/** A 1×1 PNG. */
const onePixelPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Signs a catalogue staff member of the journey's own in and opens 商品管理. */
async function openProductDesk(page: Page, storeDb: StoreDb): Promise<void> {
  await signInStaff(page, storeDb, 'catalog', { displayName: '商品小王' });
  await page.getByRole('link', { name: '商品管理' }).click();
  await expect(page.getByRole('heading', { name: '商品管理' })).toBeVisible();
  await waitForHydration(page);
}

test("a catalogue staff member edits a product's price tier and stock; the shop's product page shows them", async ({ page, storeDb }) => {
  // A part of this journey's own, on the journeys' shelf: no other journey sees its price and stock move.
  const oldPriceE4 = 4_560;
  const code = uniquePartCode('E2E-EDIT');
  const product = {
    code,
    id: await insertProduct(storeDb, {
      code,
      ...(await shelfOf(storeDb)),
      warehouseStock: { SZ: 800, JS: 200 },
      prices: [
        { qtyStart: 1, priceE4: oldPriceE4 },
        { qtyStart: 100, priceE4: 3_800 },
      ],
    }),
  };
  const newPriceE4 = oldPriceE4 + 12_345;
  const newStock = 4321;

  await openProductDesk(page, storeDb);
  await page.getByLabel('型号（前缀）').fill(product.code);
  await expect(page.getByRole('link', { name: product.code, exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/h2-products.png', fullPage: true });
  await page.getByRole('link', { name: product.code, exact: true }).click();

  await expect(page.getByRole('heading', { name: `编辑商品 ${product.code}` })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel('第1阶单价').fill(formatUnitPriceE4(newPriceE4).slice(1));
  await page.getByTestId('product-image-file').setInputFiles({ name: 'part.png', mimeType: 'image/png', buffer: onePixelPng });
  await expect(page.getByText('图片已上传，保存后生效')).toBeVisible();
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('商品已保存');
  // One figure per warehouse: 深圳仓 4,021 and 江苏仓 300 make the 4,321 the shop sells.
  await page.getByLabel('深圳仓新库存').fill(String(newStock - 300));
  await page.getByLabel('江苏仓新库存').fill('300');
  await page.getByRole('button', { name: '保存库存' }).click();
  await expect(page.getByText('库存已保存')).toBeVisible();
  await expect(page.getByTestId('product-stock')).toHaveText(String(newStock));
  await expect(page.getByTestId('product-warehouse-stock')).toHaveText(`深圳仓：${String(newStock - 300)}江苏仓：300`);
  const figures = await storeDb.selectFrom('productWarehouseStock').select('quantity').where('productId', '=', product.id).orderBy('warehouseId').execute();
  expect(figures.map((row) => row.quantity)).toEqual([newStock - 300, 300]);
  await page.screenshot({ path: '/tmp/h2-product-edit.png', fullPage: true });

  // A second save of the same form still works: the stock form moved updatedAt, and the form follows it.
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('商品已保存');

  // The page cache reads the change log once a second: the journey has it read now, and the next view shows the new price.
  await tickCaches(page);
  await page.goto(`/product/detail/${String(product.id)}`);
  await expect(page.locator('.price').first()).toHaveText(formatUnitPriceE4(newPriceE4));
  await expect(page.getByText('4,321', { exact: true })).toBeVisible();
  await expect(page.getByTestId('warehouse-stock')).toHaveText('深圳仓 4,021 · 江苏仓 300');
  await expect(page.locator('img[src*="/product/"]').first()).toBeVisible();
});

test("a catalogue staff member chooses a part into the IC zone (A03) in the grid; the shop's IC zone page lists it", async ({ page, storeDb, part }) => {
  // A part of the journey's own (outside the zone, as a new part starts), on the journeys' shelf.
  const product = { ...part, categorySecondId: (await shelfOf(storeDb)).categorySecondId };
  const zonePage = `/product/discount?subject=A03&category=${String(product.categorySecondId)}`;
  await page.goto(zonePage);
  await expect(page.getByRole('link', { name: product.code, exact: true })).toHaveCount(0);

  await openProductDesk(page, storeDb);
  await page.getByLabel('型号（前缀）').fill(product.code);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: product.code, exact: true }) });
  // The part is new, so it may show on the unfiltered first page too: wait for the filtered answer (its one row)
  // before ticking it, or the answer arriving after the tick redraws the rows unticked.
  await expect(page.locator('table.data-grid__table[aria-busy="false"] tbody tr')).toHaveCount(1);
  await expect(row).toBeVisible();
  await row.getByRole('checkbox', { name: '选择此行' }).check();
  await page.getByRole('button', { name: '加入IC专区' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已将1个商品加入IC专区' })).toBeVisible();
  await expect(row).toContainText('IC');
  await page.screenshot({ path: '/tmp/b-ic-zone-grid.png', fullPage: true });

  await tickCaches(page);
  await page.goto(zonePage);
  await expect(page.getByRole('heading', { name: 'IC专区' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: product.code, exact: true }).first()).toBeVisible();
  await page.screenshot({ path: '/tmp/b-ic-zone-shop.png', fullPage: true });
  const stored = await storeDb.selectFrom('products').select('isIcZone').where('id', '=', product.id).executeTakeFirstOrThrow();
  expect(stored.isIcZone).toBe(1);
});
