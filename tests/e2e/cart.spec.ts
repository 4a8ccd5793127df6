import type { Page } from '@playwright/test';
import { roundUpToPack } from '../../src/contract/pricing.ts';
import { expect, test } from './fixtures.ts';
import { signInNewMember, storeDb } from './shell-db.ts';

interface Part {
  id: number;
  packSize: number;
  firstQuantity: number;
}

/** In-stock parts with their smallest sensible quantity (the first tier's start). */
function parts(count: number): Part[] {
  return storeDb()
    .prepare(
      `select p.id, p.pack_size as packSize, (select min(qty_start) from product_prices pp where pp.product_id = p.id) as firstQuantity
       from products p where p.stock > 100000 and p.pack_size > 1 order by p.id limit ?`,
    )
    .all(count) as Part[];
}

function storedLine(userId: number, productId: number): { quantity: number } | undefined {
  return storeDb().prepare('select quantity from cart_items where user_id = ? and product_id = ?').get(userId, productId) as { quantity: number } | undefined;
}

async function addThroughApi(page: Page, productId: number, quantity: number) {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'csrfToken')?.value ?? '';
  const response = await page.request.post('/cart/api/add', { data: { productId, quantity }, headers: { 'x-csrf-token': token } });
  expect(((await response.json()) as { code: number }).code).toBe(1);
}

const counts = (page: Page) => [page.getByTestId('header-cart-count'), page.getByTestId('sidebar-cart-count')];

test('adding to the cart moves the header and sidebar counts for a new line only', async ({ page }) => {
  const [first, second] = parts(2);
  if (!first || !second) throw new Error('the seed needs two parts in stock');
  const { userId } = await signInNewMember(page);
  await page.goto(`/product/detail/${first.id}`);
  for (const count of counts(page)) await expect(count).toHaveText('0');

  const add = page.locator('.purchase-box').getByRole('button', { name: '加入购物车' });
  await add.click();
  await expect(page.getByRole('status').filter({ hasText: '已加入购物车' })).toBeVisible();
  for (const count of counts(page)) await expect(count).toHaveText('1');
  await add.click();
  await expect.poll(() => storedLine(userId, first.id)?.quantity).toBe(2 * roundUpToPack(first.firstQuantity, first.packSize));
  for (const count of counts(page)) await expect(count).toHaveText('1');

  // From a list: the row's own add button.
  const category = storeDb().prepare('select category_first_id as f, category_second_id as s from products where id = ?').get(second.id) as { f: number; s: number };
  await page.goto(`/choose/${category.f}-${category.s}`);
  for (const count of counts(page)) await expect(count).toHaveText('1');
  const row = page.locator(`.product-table__row[data-product-id="${second.id}"]`);
  const target = (await row.count()) > 0 ? row : page.locator(`.product-table__row:not([data-product-id="${first.id}"])`).first();
  await target.getByRole('button', { name: '加入购物车' }).click();
  for (const count of counts(page)) await expect(count).toHaveText('2');
});

test('the cart page changes quantities in pack multiples, removes lines and totals the selection', async ({ page }) => {
  const [first, second] = parts(2);
  if (!first || !second) throw new Error('the seed needs two parts in stock');
  const { userId } = await signInNewMember(page);
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
  await expect.poll(() => storedLine(userId, first.id)?.quantity).toBe(first.packSize * 40);

  await quantity.fill(String(first.packSize * 40 + 1));
  await quantity.press('Enter');
  await expect(line.getByRole('alert')).toHaveText(`该商品按${first.packSize}个整包销售，数量须为${first.packSize}的整数倍`);
  expect(storedLine(userId, first.id)?.quantity).toBe(first.packSize * 40);
  await line.getByRole('button', { name: '增加' }).click();
  await expect.poll(() => storedLine(userId, first.id)?.quantity).toBe(first.packSize * 41);

  await page.locator(`.cart-line[data-product-id="${second.id}"]`).getByRole('button', { name: '删除' }).click();
  await expect(page.locator('.cart-line')).toHaveCount(1);
  for (const count of counts(page)) await expect(count).toHaveText('1');
  expect(storedLine(userId, second.id)).toBeUndefined();

  const all = page.locator('.cart-bar__all input');
  await all.uncheck();
  await expect(page.getByTestId('selected-total')).toHaveText('¥0.00');
  await expect(page.getByTestId('selected-count')).toHaveText('0');
  await expect(page.getByRole('link', { name: '去结算' })).toHaveCount(0);
  await all.check();
  await expect(page.getByTestId('selected-total')).toHaveText(/^¥\d+\.\d{2}$/);
  await page.screenshot({ path: '/tmp/h4b-e2e-cart.png', fullPage: true });
  await page.getByRole('link', { name: '去结算' }).click();
  await expect(page).toHaveURL('/offer/settlement');
  await expect(page.getByRole('heading', { name: '订单结算即将上线' })).toBeVisible();
});

test('visitors are sent from the cart to log in with the way back', async ({ page }) => {
  await page.goto('/cart');
  await expect(page).toHaveURL(`/account/login?return=${encodeURIComponent('/cart')}`);
});
