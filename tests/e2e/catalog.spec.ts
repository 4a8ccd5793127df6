import type { Locator, Page } from '@playwright/test';
import { nextTierSaving, roundUpToPack, tierIndexAt, type PriceTier } from '../../src/contract/pricing.ts';
import { expect, test, type StoreDb } from './fixtures.ts';
import { firstTieredPart } from './shell-db.ts';

/** The largest second-level category with at least two filterable attributes. */
async function largestCategory(storeDb: StoreDb): Promise<{ firstId: number; secondId: number }> {
  const row = await storeDb
    .selectFrom('categories as c')
    .select(['c.id', 'c.parentId'])
    .where('c.level', '=', 2)
    .where((eb) =>
      eb(
        eb
          .selectFrom('categoryAttributes as ca')
          .select((count) => count.fn.countAll().as('n'))
          .whereRef('ca.categoryId', '=', 'c.id'),
        '>=',
        2,
      ),
    )
    .orderBy('c.skuCount', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  if (row.parentId === null) throw new Error('a second-level category without a parent');
  return { firstId: row.parentId, secondId: row.id };
}

interface PackPart {
  id: number;
  packSize: number;
  tiers: PriceTier[];
}

/** An in-stock part sold in packs with at least three price tiers. */
async function packPart(storeDb: StoreDb): Promise<PackPart> {
  const { id, packSize } = await firstTieredPart(storeDb, { isPackSold: true });
  const part = { id, packSize };
  const tiers: PriceTier[] = await storeDb
    .selectFrom('productPrices')
    .select(['qtyStart', 'qtyEnd', 'priceE4', 'originalPriceE4'])
    .where('productId', '=', part.id)
    .orderBy('qtyStart')
    .execute();
  return { ...part, tiers };
}

const total = (page: Page) => page.getByTestId('choose-total');
const codes = (page: Page) => page.locator('.product-table__code').allTextContents();

async function pickValue(facet: Locator): Promise<string> {
  const value = facet.locator('.facet__value:not([disabled])').first();
  const label = (await value.textContent()) ?? '';
  await value.click();
  await expect(value).toHaveAttribute('aria-pressed', 'true');
  return label;
}

test('filtering a category keeps the selection in the URL: reload and a shared link show the same parts', async ({ page, browser, storeDb }) => {
  const { firstId, secondId } = await largestCategory(storeDb);
  await page.goto(`/choose/${firstId}-${secondId}`);
  const unfiltered = Number(await total(page).textContent());
  expect(unfiltered).toBeGreaterThan(20);

  const attributeFacets = page.locator('.facet:not([data-facet="brand"])');
  await pickValue(attributeFacets.nth(0));
  await expect(page).toHaveURL(/filter=/);
  await expect(total(page)).not.toHaveText(String(unfiltered));
  const afterOne = Number(await total(page).textContent());
  await pickValue(attributeFacets.nth(1));
  await expect(total(page)).not.toHaveText(String(afterOne));
  await page.getByRole('checkbox', { name: '仅看有货' }).click();
  await expect(page).toHaveURL(/stock=1/);
  await expect(page.locator('.list-card')).not.toHaveAttribute('aria-busy', 'true');

  const url = page.url();
  const selectedTotal = await total(page).textContent();
  const selectedCodes = await codes(page);
  expect(Number(selectedTotal)).toBeLessThan(afterOne);
  expect(selectedCodes.length).toBeGreaterThan(0);
  await expect(page.locator('.selected-filters__chip')).toHaveCount(2);

  await page.reload();
  await expect(page.locator('.facet__value[aria-pressed="true"]')).toHaveCount(2);
  await expect(page.getByRole('checkbox', { name: '仅看有货' })).toHaveAttribute('aria-checked', 'true');
  await expect(total(page)).toHaveText(selectedTotal ?? '');
  expect(await codes(page)).toEqual(selectedCodes);

  const shared = await browser.newPage();
  await shared.goto(url);
  await expect(shared.getByTestId('choose-total')).toHaveText(selectedTotal ?? '');
  expect(await codes(shared)).toEqual(selectedCodes);
  await shared.close();

  // Back goes to the previous selection without leaving the page.
  await page.goBack();
  await expect(page).not.toHaveURL(/stock=1/);
  await expect(page.getByRole('checkbox', { name: '仅看有货' })).toHaveAttribute('aria-checked', 'false');
});

test('the product page takes pack multiples only, says why, and moves the tier highlight with the quantity', async ({ page, storeDb }) => {
  const part = await packPart(storeDb);
  await page.goto(`/product/detail/${part.id}`);
  const box = page.locator('.purchase-box');
  const quantity = box.getByRole('textbox', { name: '购买数量' });
  const activeRow = page.locator('.purchase-box tr[data-active="true"]');
  const [firstTier] = part.tiers;
  if (!firstTier) throw new Error('the pack part has no tiers');
  const firstQuantity = roundUpToPack(firstTier.qtyStart, part.packSize);
  await expect(quantity).toHaveValue(String(firstQuantity));
  await expect(activeRow.locator('.price-tiers__qty')).toHaveText(new RegExp(`^${firstTier.qtyStart}`));

  await quantity.fill(String(firstQuantity + 1));
  await expect(box.getByRole('alert')).toHaveText(`该商品按${part.packSize}个整包销售，数量须为${part.packSize}的整数倍`);
  await expect(page.getByTestId('line-total')).toHaveText('—');
  await expect(activeRow).toHaveCount(0);

  const second = part.tiers[1];
  if (!second) throw new Error('the part needs a second tier');
  const inSecondTier = roundUpToPack(second.qtyStart, part.packSize);
  await quantity.fill(String(inSecondTier));
  await expect(box.getByRole('alert')).toHaveCount(0);
  const expectedIndex = tierIndexAt(part.tiers, inSecondTier);
  await expect(page.locator('.purchase-box tbody tr').nth(expectedIndex)).toHaveAttribute('data-active', 'true');
  await expect(page.getByTestId('line-total')).toHaveText(/^¥\d+\.\d{2}$/);

  await box.getByRole('button', { name: '增加' }).click();
  await expect(quantity).toHaveValue(String(inSecondTier + part.packSize));

  // Just below the second tier: the hint appears exactly when the next tier costs less in total.
  const below = inSecondTier - part.packSize;
  await quantity.fill(String(below));
  const saving = nextTierSaving(part.tiers, below, part.packSize);
  if (saving) {
    await expect(page.getByTestId('tier-saving')).toContainText(`再买 ${saving.moreQuantity} 个，总价可省`);
    await page.getByRole('button', { name: `改为 ${saving.targetQuantity} 个` }).click();
    await expect(quantity).toHaveValue(String(saving.targetQuantity));
  } else {
    await expect(page.getByTestId('tier-saving')).toHaveCount(0);
  }
});

test('a visitor who adds to the cart or to favorites is sent to log in and comes back', async ({ page, storeDb }) => {
  const part = await packPart(storeDb);
  const path = `/product/detail/${part.id}`;
  await page.goto(path);
  await page.locator('.purchase-box').getByRole('button', { name: '加入购物车' }).click();
  await expect(page).toHaveURL(`/account/login?return=${encodeURIComponent(path)}`);
  await page.goto(path);
  await page.locator('.purchase-box').getByRole('button', { name: '收藏' }).click();
  await expect(page).toHaveURL(`/account/login?return=${encodeURIComponent(path)}`);
});

test('a member favorites a part: the button, the stored row and the page after a reload agree, and it can be undone', async ({ page, storeDb, member }) => {
  const part = await packPart(storeDb);
  const storedFavorites = async () =>
    (await storeDb.selectFrom('favorites').select('productId').where('userId', '=', member.userId).execute()).map((row) => row.productId);
  await page.goto(`/product/detail/${part.id}`);
  const button = page.locator('.purchase-box').getByRole('button', { name: '收藏' });
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(button).toHaveText(/已收藏/);
  await expect.poll(storedFavorites).toEqual([part.id]);
  await page.reload();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(storedFavorites).toEqual([]);
});

test('unknown products are a 404 page', async ({ page }) => {
  for (const path of ['/product/detail/999999999', '/product/detail/abc']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '抱歉，您访问的页面不存在' })).toBeVisible();
  }
});

test('the catalogue leads to a category, and a part to its page', async ({ page }) => {
  await page.goto('/catalogue');
  await expect(page.getByRole('heading', { name: '元器件分类目录' })).toBeVisible();
  const link = page.locator('.catalogue-first__seconds a').first();
  const name = ((await link.textContent()) ?? '').replace(/\(\d+\)$/, '');
  await link.click();
  await expect(page).toHaveURL(/\/choose\/\d+-\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const code = (await page.locator('.product-table__code').first().textContent()) ?? '';
  await page.locator('.product-table__code').first().click();
  await expect(page).toHaveURL(/\/product\/detail\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(code);
});

test('brands: the A–Z list leads to a brand whose parts filter by package', async ({ page, storeDb }) => {
  await page.goto('/brand');
  await expect(page.getByRole('heading', { name: '品牌专区' })).toBeVisible();
  const busiest = await storeDb
    .selectFrom('products')
    .select('brandId as id')
    .groupBy('brandId')
    .orderBy((eb) => eb.fn.countAll(), 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  await page.locator(`a.brand-card[href="/brand/${busiest.id}"]`).click();
  await expect(page).toHaveURL(`/brand/${busiest.id}`);
  const packageLink = page.locator('.facet').filter({ hasText: '封装' }).locator('a.facet__value:not(.facet__value--selected)').first();
  const packageName = ((await packageLink.textContent()) ?? '').replace(/\(\d+\)$/, '');
  await packageLink.click();
  await expect(page).toHaveURL(new RegExp(`package=${encodeURIComponent(packageName)}`));
  const packages = await page.locator('.product-table__meta').filter({ hasText: '封装' }).allTextContents();
  expect(packages.length).toBeGreaterThan(0);
  expect(packages.every((text) => text === `封装：${packageName}`)).toBe(true);
});

test('zones: special offers show the original price struck through; unknown subjects are 404', async ({ page }) => {
  await page.goto('/product/discount?subject=A01');
  await expect(page.getByRole('heading', { name: '特价专区' })).toBeVisible();
  await expect(page.locator('.tag--offer').first()).toBeVisible();
  await expect(page.locator('del.price-tiers__original').first()).toBeVisible();
  await page.getByRole('link', { name: '价格从低到高' }).click();
  await expect(page).toHaveURL(/subject=A01&sort=1/);
  await page.goto('/product/discount?subject=A03');
  await expect(page.getByRole('heading', { name: 'IC专区' })).toBeVisible();
  const response = await page.goto('/product/discount?subject=B99');
  expect(response?.status()).toBe(404);
});
