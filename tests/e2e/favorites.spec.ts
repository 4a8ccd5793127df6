import { insertProduct } from '../../src/server/testing/factories.ts';
import { expect, test, type StoreDb } from './fixtures.ts';
import { shelfOf } from './part-fixtures.ts';

let partCounter = 0;

/** A part of its own, in the seeded catalogue's first category and brand, so parallel journeys never share one. */
async function ownPart(storeDb: StoreDb, fields: { stock: number; description?: string }): Promise<{ id: number; code: string }> {
  // On the journeys' shelf (part-fixtures.ts): hidden categories, so no catalogue page a journey reads alongside changes.
  const template = await shelfOf(storeDb);
  partCounter += 1;
  const code = `FAVE2E${String(Date.now() % 1_000_000)}${String(process.pid % 100)}X${String(partCounter)}`;
  const id = await insertProduct(storeDb, {
    ...template,
    code,
    stock: fields.stock,
    packSize: 10,
    description: fields.description ?? '收藏测试物料',
    prices: [
      { qtyStart: 10, priceE4: 125 },
      { qtyStart: 1000, priceE4: 98 },
    ],
  });
  return { id, code };
}

test('a member favourites parts from the product page, finds them in 我的收藏, searches, adds one to the cart and removes one', async ({
  page,
  storeDb,
  member,
}) => {
  const first = await ownPart(storeDb, { stock: 1200, description: '精密贴片电阻' });
  const second = await ownPart(storeDb, { stock: 30, description: '普通电容' });
  for (const part of [first, second]) {
    await page.goto(`/product/detail/${String(part.id)}`);
    const button = page.locator('.purchase-box').getByRole('button', { name: '收藏' });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }
  await expect.poll(async () => (await storeDb.selectFrom('favorites').select('productId').where('userId', '=', member.userId).execute()).length).toBe(2);

  await page.goto('/user/favorite');
  await expect(page.getByRole('heading', { name: '我的收藏（2）' })).toBeVisible();
  const rows = page.getByTestId('favorite-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(second.code);
  const firstRow = rows.filter({ hasText: first.code });
  await expect(firstRow.getByRole('link', { name: first.code })).toHaveAttribute('href', `/product/detail/${String(first.id)}`);
  await expect(firstRow.getByTestId('favorite-price')).toHaveText('¥0.0125');
  await expect(firstRow.getByTestId('favorite-stock')).toHaveText('1,200');
  await page.screenshot({ path: '/tmp/b-favorites.png', fullPage: true });

  await page.getByRole('searchbox', { name: '在收藏中搜索' }).fill('精密');
  await page.getByRole('region', { name: '我的收藏' }).getByRole('button', { name: '搜索' }).click();
  await page.waitForURL('**/user/favorite?q=*');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(first.code);
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole('searchbox', { name: '在收藏中搜索' })).toHaveValue('精密');

  // The cart gets the part's first tier start (10, a pack multiple), as the product page would put in.
  await rows.first().getByRole('button', { name: '加入购物车' }).click();
  await expect(page.getByTestId('header-cart-count')).toHaveText('1');
  await expect
    .poll(async () =>
      (await storeDb.selectFrom('cartItems').select(['productId', 'quantity']).where('productId', '=', first.id).execute()).map((row) => row.quantity),
    )
    .toEqual([10]);

  await page.goto('/user/favorite');
  await rows.filter({ hasText: second.code }).getByRole('button', { name: '删除' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(first.code);
  await rows
    .first()
    .getByRole('checkbox', { name: `选择 ${first.code}` })
    .check();
  await page.getByRole('button', { name: '删除所选' }).click();
  await expect(page.getByTestId('favorite-empty')).toContainText('您还没有收藏任何商品');
  await expect(page.getByTestId('favorite-empty').getByRole('link', { name: '去搜索商品' })).toHaveAttribute('href', '/search');
});

test('到货提醒: a member watches an out-of-stock favourite and gets a 商品提醒 message once it is back in stock', async ({ page, storeDb, member }) => {
  const part = await ownPart(storeDb, { stock: 0 });
  await storeDb.insertInto('favorites').values({ userId: member.userId, productId: part.id, createdAt: Date.now() }).execute();
  await page.goto('/user/favorite');
  const row = page.getByTestId('favorite-row').filter({ hasText: part.code });
  await expect(row.getByTestId('favorite-stock')).toHaveText('缺货');
  const stockAlert = row.getByRole('checkbox', { name: '到货提醒' });
  await stockAlert.check();
  await expect(page.locator('.toast').filter({ hasText: '提醒设置已保存' })).toBeVisible();
  await expect
    .poll(async () => (await storeDb.selectFrom('favorites').select('stockAlertOn').where('userId', '=', member.userId).executeTakeFirstOrThrow()).stockAlertOn)
    .toBe(1);
  await page.reload();
  await expect(row.getByRole('checkbox', { name: '到货提醒' })).toBeChecked();
  await page.screenshot({ path: '/tmp/b-favorites-alert.png', fullPage: true });

  await storeDb.updateTable('products').set({ stock: 25 }).where('id', '=', part.id).execute();
  // The server's pass runs every second here (FAVORITE_ALERT_INTERVAL_MS in playwright.config.ts).
  await expect(async () => {
    await page.goto('/user/message/list');
    await expect(page.getByTestId('message-row').first()).toContainText(`您收藏的商品 ${part.code} 已到货，当前库存 25 个`, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId('message-row').first()).toContainText('商品提醒');
  await expect(page.getByTestId('message-row')).toHaveCount(1);

  // The detail links the part's page.
  await page.getByTestId('message-row').first().getByRole('link').click();
  await page.getByRole('link', { name: `/product/detail/${String(part.id)}` }).click();
  await expect(page).toHaveURL(new RegExp(`/product/detail/${String(part.id)}$`));
  // The header's message menu names the part too, hidden until opened: the page's own mention is the visible one.
  await expect(page.getByText(part.code).filter({ visible: true }).first()).toBeVisible();
});
