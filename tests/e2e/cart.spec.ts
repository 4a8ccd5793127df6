import type { Page } from '@playwright/test';
import type { CallBody } from '../../src/contract/call.ts';
import { cartCalls } from '../../src/contract/cart-calls.ts';
import { roundUpToPack } from '../../src/contract/pricing.ts';
import { expect, test, type StoreDb } from './fixtures.ts';

interface Part {
  id: number;
  packSize: number;
  firstQuantity: number;
}

/** In-stock parts with their smallest sensible quantity (the first tier's start). */
async function parts(storeDb: StoreDb, count: number): Promise<Part[]> {
  const rows = await storeDb
    .selectFrom('products as p')
    .select((eb) => [
      'p.id',
      'p.packSize',
      eb
        .selectFrom('productPrices as pp')
        .select((tier) => tier.fn.min('pp.qtyStart').as('q'))
        .whereRef('pp.productId', '=', 'p.id')
        .as('firstQuantity'),
    ])
    .where('p.stock', '>', 100_000)
    .where('p.packSize', '>', 1)
    .orderBy('p.id')
    .limit(count)
    .execute();
  return rows.map((row) => ({ id: row.id, packSize: row.packSize, firstQuantity: Number(row.firstQuantity) }));
}

/**
 * An in-stock part sold in packs that holds more stock than any other part of its category, so it
 * is the first row of its category's list sorted by stock (sort=3), and not the part `besides`.
 */
async function topStockPart(storeDb: StoreDb, besides: number): Promise<{ id: number; categoryFirstId: number; categorySecondId: number }> {
  return storeDb
    .selectFrom('products as p')
    .select(['p.id', 'p.categoryFirstId', 'p.categorySecondId'])
    .where('p.stock', '>', 0)
    .where('p.packSize', '>', 1)
    .where('p.id', '<>', besides)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('products as q')
            .select('q.id')
            .whereRef('q.categorySecondId', '=', 'p.categorySecondId')
            .whereRef('q.stock', '>=', 'p.stock')
            .whereRef('q.id', '<>', 'p.id'),
        ),
      ),
    )
    .orderBy('p.id')
    .limit(1)
    .executeTakeFirstOrThrow();
}

async function storedLine(storeDb: StoreDb, userId: number, productId: number): Promise<{ quantity: number } | undefined> {
  return storeDb.selectFrom('cartItems').select('quantity').where('userId', '=', userId).where('productId', '=', productId).executeTakeFirst();
}

async function addThroughApi(page: Page, productId: number, quantity: number) {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'csrfToken')?.value ?? '';
  const body: CallBody<typeof cartCalls.add> = { productId, quantity };
  const response = await page.request.post(cartCalls.add.path, { data: body, headers: { 'x-csrf-token': token } });
  expect(await response.json()).toMatchObject({ code: 1 });
}

const counts = (page: Page) => [page.getByTestId('header-cart-count'), page.getByTestId('sidebar-cart-count')];

test('adding to the cart moves the header and sidebar counts for a new line only', async ({ page, storeDb, member }) => {
  const [first] = await parts(storeDb, 1);
  if (!first) throw new Error('the seed needs a part in stock');
  const second = await topStockPart(storeDb, first.id);
  const { userId } = member;
  await page.goto(`/product/detail/${first.id}`);
  for (const count of counts(page)) await expect(count).toHaveText('0');

  const add = page.locator('.purchase-box').getByRole('button', { name: '加入购物车' });
  await add.click();
  await expect(page.getByRole('status').filter({ hasText: '已加入购物车' })).toBeVisible();
  for (const count of counts(page)) await expect(count).toHaveText('1');
  await add.click();
  await expect.poll(async () => (await storedLine(storeDb, userId, first.id))?.quantity).toBe(2 * roundUpToPack(first.firstQuantity, first.packSize));
  for (const count of counts(page)) await expect(count).toHaveText('1');

  // From a list: the row's own add button. Sorted by stock, the part leads its category's list.
  await page.goto(`/choose/${second.categoryFirstId}-${second.categorySecondId}?sort=3`);
  for (const count of counts(page)) await expect(count).toHaveText('1');
  const row = page.locator(`.product-table__row[data-product-id="${second.id}"]`);
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: '加入购物车' }).click();
  for (const count of counts(page)) await expect(count).toHaveText('2');
});

test('the cart page changes quantities in pack multiples, removes lines and totals the selection', async ({ page, storeDb, member }) => {
  const [first, second] = await parts(storeDb, 2);
  if (!first || !second) throw new Error('the seed needs two parts in stock');
  const { userId } = member;
  await addThroughApi(page, first.id, first.packSize * 10);
  await addThroughApi(page, second.id, second.packSize * 10);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: /我的购物车/ })).toContainText('共 2 种商品');
  for (const count of counts(page)) await expect(count).toHaveText('2');

  const line = page.locator(`.cart-line[data-product-id="${first.id}"]`);
  const quantity = line.getByRole('textbox', { name: '购买数量' });
  const subtotal = line.getByTestId('line-subtotal');
  const before = await subtotal.textContent();
  await quantity.fill(String(first.packSize * 40));
  await quantity.press('Enter');
  await expect(subtotal).not.toHaveText(before ?? '');
  await expect.poll(async () => (await storedLine(storeDb, userId, first.id))?.quantity).toBe(first.packSize * 40);

  await quantity.fill(String(first.packSize * 40 + 1));
  await quantity.press('Enter');
  await expect(line.getByRole('alert')).toHaveText(`该商品按${first.packSize}个整包销售，数量须为${first.packSize}的整数倍`);
  expect((await storedLine(storeDb, userId, first.id))?.quantity).toBe(first.packSize * 40);
  await line.getByRole('button', { name: '增加' }).click();
  await expect.poll(async () => (await storedLine(storeDb, userId, first.id))?.quantity).toBe(first.packSize * 41);

  await page.locator(`.cart-line[data-product-id="${second.id}"]`).getByRole('button', { name: '删除' }).click();
  await expect(page.locator('.cart-line')).toHaveCount(1);
  for (const count of counts(page)) await expect(count).toHaveText('1');
  expect(await storedLine(storeDb, userId, second.id)).toBeUndefined();

  const all = page.locator('.cart-bar__all input');
  await all.uncheck();
  await expect(page.getByTestId('selected-total')).toHaveText('¥0.00');
  await expect(page.getByTestId('selected-count')).toHaveText('0');
  await expect(page.getByRole('link', { name: '去结算' })).toHaveCount(0);
  await all.check();
  await expect(page.getByTestId('selected-total')).toHaveText(/^¥\d+\.\d{2}$/);
  await page.getByRole('link', { name: '去结算' }).click();
  await expect(page).toHaveURL('/offer/settlement');
  await expect(page.getByRole('heading', { name: '订单结算' })).toBeVisible();
  await expect(page.getByTestId('settlement-line')).toHaveCount(1);
});

test('visitors are sent from the cart to log in with the way back', async ({ page }) => {
  await page.goto('/cart');
  await expect(page).toHaveURL(`/account/login?return=${encodeURIComponent('/cart')}`);
});
