import type { Page } from '@playwright/test';
import type { AnyCall, CallBody } from '../../src/contract/call.ts';
import { cartCalls } from '../../src/contract/cart-calls.ts';
import { setTestPrices, setTestStock } from '../../src/server/testing/factories.ts';
import { expect, newParts, test, waitForHydration } from './fixtures.ts';

/** A call of the page's signed-in member, with its anti-forgery token. */
async function callAsPage<C extends AnyCall>(page: Page, called: C, data: CallBody<C>): Promise<void> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'csrfToken')?.value ?? '';
  const response = await page.request.post(called.path, { data, headers: { 'x-csrf-token': token } });
  expect(await response.json()).toMatchObject({ code: 1 });
}

test('a member saves the ticked cart lines as a 常购清单, sees a price rise and a sold-out part on it, and reorders it into the cart', async ({
  page,
  storeDb,
  member,
}) => {
  test.setTimeout(60_000);
  const [rising, soldOut, leftOut] = await newParts(page, storeDb, 3);
  if (!rising || !soldOut || !leftOut) throw new Error('no parts');
  for (const part of [rising, soldOut, leftOut]) await callAsPage(page, cartCalls.add, { productId: part.id, quantity: part.quantity });

  await page.goto('/cart');
  await waitForHydration(page);
  await page.getByRole('checkbox', { name: `选择 ${leftOut.code}` }).uncheck();
  await expect(page.getByTestId('selected-count')).toHaveText('2');
  await expect
    .poll(
      async () =>
        (await storeDb.selectFrom('cartItems').select('isSelected').where('userId', '=', member.userId).where('productId', '=', leftOut.id).executeTakeFirst())
          ?.isSelected,
    )
    .toBe(0);
  await page.getByTestId('save-as-list').click();
  const dialog = page.getByTestId('save-as-list-dialog');
  await expect(dialog.getByLabel('清单名称')).toHaveValue(/^购物车 \d{4}-\d{2}-\d{2}$/);
  await dialog.getByLabel('清单名称').fill('电源板常用料');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByRole('status')).toHaveText('已将 2 种商品保存到“电源板常用料”。');
  const stored = await storeDb.selectFrom('purchaseLists').select(['id', 'name', 'source']).where('userId', '=', member.userId).execute();
  expect(stored).toEqual([{ id: expect.any(Number), name: '电源板常用料', source: 'cart' }]);
  await dialog.getByRole('link', { name: '查看清单' }).click();
  await page.waitForURL(`/user/purchase-list/${String(stored[0]?.id)}`);
  await expect(page.getByRole('heading', { name: '电源板常用料' })).toBeVisible();
  await expect(page.getByTestId('list-line')).toHaveCount(2);

  // Since saving: one part costs 12.5% more, the other has sold out.
  await setTestPrices(storeDb, rising.id, [{ qtyStart: 1, priceE4: 13_500 }]);
  await setTestStock(storeDb, soldOut.id, 0);
  await page.reload();
  await waitForHydration(page);
  const risingLine = page.getByTestId('list-line').filter({ hasText: rising.code });
  await expect(risingLine.getByTestId('list-line-price')).toContainText('¥1.20→¥1.35');
  await expect(risingLine.getByTestId('list-line-change')).toHaveText('↑ 12.5%');
  const soldOutLine = page.getByTestId('list-line').filter({ hasText: soldOut.code });
  await expect(soldOutLine.getByTestId('list-line-stock')).toContainText('10,000→0缺货');
  await expect(page.getByTestId('list-summary')).toContainText('涨价 1 种');
  await page.screenshot({ path: '/tmp/purchase-list.png', fullPage: true });

  await callAsPage(page, cartCalls.remove, { productIds: [rising.id, soldOut.id, leftOut.id] });
  await page.getByRole('button', { name: '全部加入购物车' }).click();
  await expect(page.getByTestId('reorder-report')).toContainText('已将 2 种商品加入购物车');
  await expect(page.getByTestId('header-cart-count')).toHaveText('2');
  const cart = await storeDb.selectFrom('cartItems').select(['productId', 'quantity']).where('userId', '=', member.userId).orderBy('productId').execute();
  expect(cart).toEqual([rising, soldOut].map((part) => ({ productId: part.id, quantity: part.quantity })).sort((a, b) => a.productId - b.productId));

  // The member centre lists it; it can be renamed there.
  await page.getByRole('navigation', { name: '会员中心' }).getByRole('link', { name: '常购清单' }).click();
  await page.waitForURL('/user/purchase-list');
  await waitForHydration(page);
  const row = page.getByTestId('purchase-list-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('2 种');
  await row.getByRole('button', { name: '重命名' }).click();
  await row.getByLabel('清单名称').fill('主板常用料');
  await row.getByRole('button', { name: '保存' }).click();
  await expect(row.getByRole('link', { name: '主板常用料' })).toBeVisible();
  await page.screenshot({ path: '/tmp/purchase-lists.png', fullPage: true });
});

test('a member with a new list by hand adds parts to it by pasting, changes a quantity in whole packs and deletes the list', async ({
  page,
  storeDb,
  member,
}) => {
  const [part] = await newParts(page, storeDb, 1);
  if (!part) throw new Error('no part');
  await page.goto('/user/purchase-list');
  await waitForHydration(page);
  await expect(page.getByTestId('purchase-lists-empty')).toBeVisible();
  await page.getByLabel('新清单名称').fill('样品清单');
  await page.getByRole('button', { name: '新建清单' }).click();
  await page.waitForURL(/\/user\/purchase-list\/\d+$/);
  await waitForHydration(page);
  await page.getByLabel(/每行一个型号和数量/).fill(`${part.code.toLowerCase()}, 3\nNOPE-E2E-PART 2`);
  await page.getByRole('button', { name: '添加到清单' }).click();
  const line = page.getByTestId('list-line');
  await expect(line).toHaveCount(1);
  // Packs of 5: 3 becomes 5.
  await expect(line.getByLabel(`${part.code} 的数量`)).toHaveValue('5');
  await expect(page.getByText('第 2 行“NOPE-E2E-PART 2”：未找到该型号')).toBeVisible();
  await line.getByLabel(`${part.code} 的数量`).fill('15');
  await line.getByLabel(`${part.code} 的数量`).press('Enter');
  await expect(page.locator('.toast').filter({ hasText: '已保存' })).toBeVisible();
  await expect
    .poll(async () => (await storeDb.selectFrom('purchaseListLines').select('quantity').where('productId', '=', part.id).execute()).map((row) => row.quantity))
    .toEqual([15]);

  await page.getByRole('link', { name: '‹ 返回常购清单' }).click();
  await waitForHydration(page);
  await page.getByTestId('purchase-list-row').getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
  await expect(page.getByTestId('purchase-lists-empty')).toBeVisible();
  expect(await storeDb.selectFrom('purchaseLists').select('id').where('userId', '=', member.userId).execute()).toEqual([]);
});

test('another member’s list is not found', async ({ page, storeDb, member }) => {
  const owner = await storeDb.selectFrom('users').select('id').where('id', '<>', member.userId).orderBy('id').executeTakeFirstOrThrow();
  const now = Date.now();
  const list = await storeDb
    .insertInto('purchaseLists')
    .values({ userId: owner.id, companyId: null, name: '别人的清单', source: 'manual', sourceRef: null, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const response = await page.goto(`/user/purchase-list/${String(list.id)}`);
  expect(response?.status()).toBe(404);
  await storeDb.deleteFrom('purchaseLists').where('id', '=', list.id).execute();
});
