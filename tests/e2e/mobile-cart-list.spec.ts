import type { Page } from '@playwright/test';
import { cartCalls } from '../../src/contract/cart-calls.ts';
import { purchaseListCalls } from '../../src/contract/purchase-list-calls.ts';
import { formatBeijingDate } from '../../src/contract/time.ts';
import { checkAccessibility } from './axe.ts';
import { expect, newParts, test, waitForHydration } from './fixtures.ts';

const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test.use({ userAgent: iPhone, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** A call of the page's signed-in member, with its anti-forgery token: the whole envelope. */
async function callAsPage(page: Page, path: string, data: unknown): Promise<{ code: number; msg: string; data: unknown }> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'csrfToken')?.value ?? '';
  return (await (await page.request.post(path, { data, headers: { 'x-csrf-token': token } })).json()) as { code: number; msg: string; data: unknown };
}

test('on a phone a member saves the ticked cart lines as a 常购清单 from a bottom sheet and finds them, with their quantities, under 常购清单', async ({
  page,
  storeDb,
  member,
}, testInfo) => {
  test.setTimeout(90_000);
  const [first, second] = await newParts(page, storeDb, 2);
  if (!first || !second) throw new Error('no parts');
  await page.goto('/m/cart');
  const secondQuantity = second.packSize * 3;
  expect(await callAsPage(page, cartCalls.add.path, { productId: first.id, quantity: first.quantity })).toMatchObject({ code: 1 });
  expect(await callAsPage(page, cartCalls.add.path, { productId: second.id, quantity: secondQuantity })).toMatchObject({ code: 1 });
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId('m-save-as-list')).toBeEnabled();
  await expect(page.getByText('将勾选的 2 种商品保存为常购清单，下次一键采购')).toBeVisible();

  // The sheet proposes the desktop's name; an emptied name is refused in Chinese and nothing is saved.
  await page.getByTestId('m-save-as-list').tap();
  const sheet = page.getByTestId('m-save-list-sheet');
  await expect(sheet.getByRole('heading', { name: '存为常购清单' })).toBeVisible();
  const name = sheet.getByLabel('清单名称');
  await expect(name).toHaveValue(`购物车 ${formatBeijingDate(Date.now())}`);
  await name.fill('   ');
  await sheet.getByRole('button', { name: '保存' }).tap();
  await expect(sheet.getByRole('alert')).toHaveText('请输入清单名称');
  expect(await storeDb.selectFrom('purchaseLists').select('id').where('userId', '=', member.userId).execute()).toEqual([]);
  // The server refuses the same with the shared schema's message.
  expect(await callAsPage(page, purchaseListCalls.create.path, { name: ' ', origin: { kind: 'cart' } })).toMatchObject({ msg: '请输入清单名称' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('mobile-cart-save-sheet.png') });
  await checkAccessibility(page, '/m/cart (存为常购清单)');

  await name.fill('电源板常用料');
  await sheet.getByRole('button', { name: '保存' }).tap();
  const saved = page.getByTestId('m-list-saved');
  await expect(saved).toContainText('已保存');
  await expect(saved).toContainText('2 种商品存入“电源板常用料”');
  await expect(sheet).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('mobile-cart-saved.png') });
  const list = await storeDb.selectFrom('purchaseLists').select(['id', 'name', 'source']).where('userId', '=', member.userId).executeTakeFirstOrThrow();
  expect(list).toMatchObject({ name: '电源板常用料', source: 'cart' });
  await expect(saved.getByRole('link', { name: '查看清单 ›' })).toHaveAttribute('href', `/m/user/purchase-list/${String(list.id)}`);

  // The lists page shows it; its page shows both lines at the cart's quantities.
  await page.goto('/m/user/purchase-list');
  await waitForHydration(page);
  const card = page.getByTestId('purchase-list-row');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('电源板常用料');
  await expect(card).toContainText('2 种');
  await card.getByRole('link', { name: /电源板常用料/ }).tap();
  await page.waitForURL(`/m/user/purchase-list/${String(list.id)}`);
  await waitForHydration(page);
  await expect(page.getByTestId('list-line')).toHaveCount(2);
  await expect(page.getByRole('textbox', { name: `${first.code} 的数量` })).toHaveValue(String(first.quantity));
  await expect(page.getByRole('textbox', { name: `${second.code} 的数量` })).toHaveValue(String(secondQuantity));
  await page.screenshot({ path: testInfo.outputPath('mobile-list-from-cart.png'), fullPage: true });

  // Back in the cart: the lines are still there (saving does not empty the cart), none ticked: nothing to save.
  await page.goto('/m/cart');
  await waitForHydration(page);
  await page.getByRole('checkbox', { name: '全选' }).uncheck();
  await expect(page.getByTestId('m-save-as-list')).toBeDisabled();
  await expect(page.getByText('勾选商品后可保存为常购清单')).toBeVisible();
});
