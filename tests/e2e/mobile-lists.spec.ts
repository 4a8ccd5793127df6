import type { Page } from '@playwright/test';
import type { AnyCall, CallBody } from '../../src/contract/call.ts';
import { cartCalls } from '../../src/contract/cart-calls.ts';
import { purchaseListCalls } from '../../src/contract/purchase-list-calls.ts';
import { createMember, setTestPrices, setTestStock } from '../../src/server/testing/factories.ts';
import { checkAccessibility } from './axe.ts';
import { expect, newParts, test, waitForHydration, type StoreDb } from './fixtures.ts';
import { journeyCreditCode } from './company-fixtures.ts';

const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test.use({ userAgent: iPhone, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** A call of the page's signed-in member, with its anti-forgery token; the answer's data. */
async function callAsPage<C extends AnyCall>(page: Page, called: C, data: CallBody<C>): Promise<unknown> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'csrfToken')?.value ?? '';
  const answer = (await (await page.request.post(called.path, { data, headers: { 'x-csrf-token': token } })).json()) as { code: number; data: unknown };
  expect(answer).toMatchObject({ code: 1 });
  return answer.data;
}

/** The page fits the phone: nothing wider than the viewport, then a screenshot to look at. */
async function shoot(page: Page, name: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `/tmp/h6-${name}.png`, fullPage: true });
}

test('on a phone a member finds 常购清单 under 我的, sees what changed since saving, reorders ticked lines, renames, deletes and makes a list', async ({
  page,
  storeDb,
  member,
}) => {
  test.setTimeout(90_000);
  const [rising, soldOut] = await newParts(page, storeDb, 2);
  if (!rising || !soldOut) throw new Error('no parts');
  await page.goto('/m/user/person');
  for (const part of [rising, soldOut]) await callAsPage(page, cartCalls.add, { productId: part.id, quantity: part.quantity });
  const created = (await callAsPage(page, purchaseListCalls.create, { name: '电源板常用料', origin: { kind: 'cart' } })) as { listId: number };
  await callAsPage(page, cartCalls.remove, { productIds: [rising.id, soldOut.id] });
  await setTestPrices(storeDb, rising.id, [{ qtyStart: 1, priceE4: 13_500 }]);
  await setTestStock(storeDb, soldOut.id, 0);

  await page.getByTestId('m-person-lists').tap();
  await page.waitForURL('/m/user/purchase-list');
  await waitForHydration(page);
  const card = page.getByTestId('purchase-list-row');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('2 种');
  await expect(card).toContainText('购物车');
  await shoot(page, 'lists');
  await checkAccessibility(page, '/m/user/purchase-list');

  // The desktop address of the list sends a phone to its phone page.
  await page.goto(`/user/purchase-list/${String(created.listId)}`);
  await page.waitForURL(`/m/user/purchase-list/${String(created.listId)}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: '电源板常用料' })).toBeVisible();
  const risingLine = page.getByTestId('list-line').filter({ hasText: rising.code });
  await expect(risingLine.getByTestId('list-line-price')).toContainText('¥1.20 → ¥1.35');
  await expect(risingLine.getByTestId('list-line-change')).toHaveText('↑ 12.5%');
  const soldOutLine = page.getByTestId('list-line').filter({ hasText: soldOut.code });
  await expect(soldOutLine.getByTestId('list-line-stock')).toContainText('10,000 → 0缺货');
  await expect(page.getByTestId('list-summary')).toContainText('涨价 1 种 · 降价 0 种 · 缺货 1 种');
  await shoot(page, 'list');
  await checkAccessibility(page, '/m/user/purchase-list/{id}');

  // One more pack on the rising part's line, kept by the server.
  await risingLine.getByRole('button', { name: '增加' }).tap();
  await risingLine.getByRole('textbox', { name: `${rising.code} 的数量` }).press('Enter');
  await expect(page.locator('.toast').filter({ hasText: '已保存' }).first()).toBeVisible();
  const raised = rising.quantity + rising.packSize;
  await expect
    .poll(
      async () =>
        (
          await storeDb
            .selectFrom('purchaseListLines')
            .select('quantity')
            .where('listId', '=', created.listId)
            .where('productId', '=', rising.id)
            .executeTakeFirst()
        )?.quantity,
    )
    .toBe(raised);

  // Only the ticked line goes into the cart; the tab bar's count follows.
  await risingLine.getByRole('checkbox', { name: `选择 ${rising.code}` }).check();
  await page.getByRole('button', { name: '所选加入购物车(1)' }).tap();
  await expect(page.getByTestId('reorder-report')).toContainText('已将 1 种商品加入购物车');
  await expect(page.getByTestId('m-cart-count')).toHaveText('1');
  expect(await storeDb.selectFrom('cartItems').select(['productId', 'quantity']).where('userId', '=', member.userId).execute()).toEqual([
    { productId: rising.id, quantity: raised },
  ]);
  await expect(page.getByTestId('reorder-report').getByRole('link', { name: '去购物车结算 ›' })).toHaveAttribute('href', '/m/cart');
  await shoot(page, 'list-reordered');

  await page.getByRole('link', { name: '返回' }).tap();
  await page.waitForURL('/m/user/purchase-list');
  await waitForHydration(page);
  await card.getByRole('button', { name: '重命名' }).tap();
  await card.getByLabel('清单名称').fill('主板常用料');
  await card.getByRole('button', { name: '保存' }).tap();
  await expect(card.getByRole('link', { name: /主板常用料/ })).toBeVisible();
  await card.getByRole('button', { name: '删除' }).tap();
  await page.getByRole('dialog').getByRole('button', { name: '删除' }).tap();
  await expect(page.getByTestId('purchase-lists-empty')).toBeVisible();
  expect(await storeDb.selectFrom('purchaseLists').select('id').where('userId', '=', member.userId).execute()).toEqual([]);

  // A new list by hand opens at its phone address.
  await page.getByLabel('新清单名称').fill('样品清单');
  await page.getByRole('button', { name: '新建清单' }).tap();
  await page.waitForURL(/\/m\/user\/purchase-list\/\d+$/);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: '样品清单' })).toBeVisible();
  await expect(page.getByLabel(/每行一个型号和数量/)).toBeVisible();
});

/** The member is the company's 审批; a 采购 colleague saved a list with one line, shared inside the company. */
async function sharedListOfColleague(storeDb: StoreDb, memberId: number, part: { id: number; code: string; quantity: number }) {
  const colleague = await createMember(storeDb, { nickName: '采购小王' });
  const now = Date.now();
  const company = await storeDb
    .insertInto('companyAccounts')
    .values({
      name: '深圳手机测试电子有限公司',
      creditCode: journeyCreditCode('91440300'),
      contactName: '王',
      contactPhone: colleague.phone,
      approvalThresholdCents: null,
      createdBy: colleague.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await storeDb
    .insertInto('companyAccountMembers')
    .values([
      { companyId: company.id, userId: colleague.userId, role: 'buyer', joinedAt: now, leftAt: null },
      { companyId: company.id, userId: memberId, role: 'approver', joinedAt: now, leftAt: null },
    ])
    .execute();
  const list = await storeDb
    .insertInto('purchaseLists')
    .values({ userId: colleague.userId, companyId: company.id, name: '公司主板物料', source: 'manual', sourceRef: null, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await storeDb
    .insertInto('purchaseListLines')
    .values({
      listId: list.id,
      productId: part.id,
      productCode: part.code,
      brandName: '测试品牌',
      package: 'SOT-23',
      quantity: part.quantity,
      savedUnitPriceE4: 12_000,
      savedPriceTiers: JSON.stringify([{ qtyStart: 1, priceE4: 12_000 }]),
      savedStock: 10_000,
      createdAt: now,
    })
    .execute();
  return list.id;
}

test('on a phone a company’s 审批 sees a colleague’s shared list, may reorder it, and is offered no change to it', async ({ page, storeDb, member, part }) => {
  const listId = await sharedListOfColleague(storeDb, member.userId, part);
  await page.goto('/m/user/purchase-list');
  await waitForHydration(page);
  const card = page.getByTestId('purchase-list-row');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('企业共享 · 采购小王');
  await expect(card.getByRole('button', { name: '重命名' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: '删除' })).toHaveCount(0);
  await card.getByRole('link', { name: /公司主板物料/ }).tap();
  await page.waitForURL(`/m/user/purchase-list/${String(listId)}`);
  await waitForHydration(page);
  await expect(page.getByTestId('list-read-only')).toBeVisible();
  await expect(page.getByRole('button', { name: '移除' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '增加' })).toHaveCount(0);
  await expect(page.getByText('添加商品')).toHaveCount(0);
  await shoot(page, 'list-shared');
  await checkAccessibility(page, '/m/user/purchase-list/{id} (shared, read only)');
  await page.getByRole('button', { name: '全部加入购物车' }).tap();
  await expect(page.getByTestId('reorder-report')).toContainText('已将 1 种商品加入购物车');
  expect(await storeDb.selectFrom('cartItems').select('productId').where('userId', '=', member.userId).execute()).toEqual([{ productId: part.id }]);
});

test('a visitor on a phone asking for 常购清单 logs in on the mobile site first', async ({ page }) => {
  await page.goto('/user/purchase-list');
  await page.waitForURL(/\/m\/account\/login\?return=%2Fm%2Fuser%2Fpurchase-list$/);
  await expect(page.getByLabel('账号')).toBeVisible();
});
