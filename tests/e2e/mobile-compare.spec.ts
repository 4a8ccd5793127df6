import type { Page } from '@playwright/test';
import { insertProduct } from '../../src/server/testing/factories.ts';
import { checkAccessibility } from './axe.ts';
import { expect, test, waitForHydration, type StoreDb } from './fixtures.ts';
import { shelfOf, uniquePartCode } from './part-fixtures.ts';

const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test.use({ userAgent: iPhone, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Four parts of the journey's own, alike but for one parameter's value on some of them. */
async function partsToCompare(storeDb: StoreDb): Promise<{ id: number; code: string }[]> {
  const shelf = await shelfOf(storeDb);
  const [differing, shared] = await storeDb.selectFrom('attributes').select('id').where('name', '<>', '封装').orderBy('id').limit(2).execute();
  if (!differing || !shared) throw new Error('the seed has no attributes');
  const stamp = uniquePartCode('MCMP');
  const parts: { id: number; code: string }[] = [];
  for (const [index, value] of ['A1', 'A1', 'B2', 'C3'].entries()) {
    const code = `${stamp}-${String(index)}`;
    const params = [
      { attributeId: differing.id, valueText: value },
      { attributeId: shared.id, valueText: '同值' },
    ];
    const id = await insertProduct(storeDb, {
      ...shelf,
      code,
      package: 'SOT-23',
      description: '手机对比物料',
      packSize: 1,
      prices: [{ qtyStart: 1, priceE4: 5_000 }],
      params,
    });
    parts.push({ id, code });
  }
  return parts;
}

async function tickOnProductPage(page: Page, part: { id: number; code: string }) {
  await page.goto(`/product/detail/${String(part.id)}`);
  await page.waitForURL(`/m/product/detail/${String(part.id)}`);
  await waitForHydration(page);
  await page
    .getByTestId('m-compare-entry')
    .getByRole('checkbox', { name: `对比 ${part.code}` })
    .check();
}

test('on a phone a visitor ticks parts on product pages, compares them side by side in a sideways strip, keeps only the differing rows and drops one', async ({
  page,
  storeDb,
}) => {
  test.setTimeout(60_000);
  const parts = await partsToCompare(storeDb);
  const [first, second, third, fourth] = parts;
  if (!first || !second || !third || !fourth) throw new Error('no parts');
  await tickOnProductPage(page, first);
  await expect(page.getByTestId('m-compare-entry')).toContainText('勾选 2–4 个商品即可对比参数');
  await page.screenshot({ path: '/tmp/h6-product-compare-entry.png' });
  await checkAccessibility(page, '/m/product/detail/{id} (对比)');
  for (const part of [second, third, fourth]) await tickOnProductPage(page, part);
  const go = page.getByTestId('m-compare-go');
  await expect(go).toHaveText('已选 4/4，去对比 ›');
  await go.tap();
  await page.waitForURL(`/m/product/compare?ids=${parts.map((part) => part.id).join(',')}`);
  await waitForHydration(page);

  const table = page.getByTestId('compare-table');
  await expect(table.getByRole('columnheader')).toHaveCount(5);
  for (const part of parts) await expect(table.getByRole('link', { name: part.code })).toHaveAttribute('href', `/m/product/detail/${String(part.id)}`);
  // The page keeps to the phone's width; the table scrolls sideways inside its strip, the labels stay in view.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const strip = page.getByTestId('m-compare-scroll');
  expect(await strip.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await page.screenshot({ path: '/tmp/h6-compare.png', fullPage: true });
  await checkAccessibility(page, '/m/product/compare');
  await strip.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  const label = table.getByRole('rowheader').first();
  const labelBox = await label.boundingBox();
  expect(labelBox?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect(labelBox?.x ?? 99).toBeLessThan(2);
  await page.screenshot({ path: '/tmp/h6-compare-scrolled.png' });

  const rows = page.getByTestId('compare-row');
  const allRows = await rows.count();
  await page.getByRole('checkbox', { name: '仅显示不同项' }).check();
  await expect(rows).not.toHaveCount(allRows);
  for (const row of await rows.all()) await expect(row).toHaveAttribute('data-different', 'true');
  await expect(rows.filter({ hasText: 'B2' })).toHaveCount(1);

  await table.getByRole('columnheader').filter({ hasText: fourth.code }).getByRole('link', { name: '移除' }).tap();
  await page.waitForURL(`/m/product/compare?ids=${[first, second, third].map((part) => part.id).join(',')}`);
  await expect(page.getByTestId('compare-table').getByRole('columnheader')).toHaveCount(4);
});

test('我的 on a phone leads to 商品对比, which offers the parts ticked earlier', async ({ page, storeDb, member }) => {
  expect(member.userId).toBeGreaterThan(0);
  const [first, second] = await partsToCompare(storeDb);
  if (!first || !second) throw new Error('no parts');
  for (const part of [first, second]) await tickOnProductPage(page, part);
  await page.goto('/m/user/person');
  await waitForHydration(page);
  await page.getByTestId('m-person-compare').tap();
  await page.waitForURL('/m/product/compare');
  await waitForHydration(page);
  const choices = page.getByTestId('m-compare-choices');
  await expect(choices).toContainText(`${first.code}、${second.code}`);
  await choices.getByRole('link', { name: '开始对比' }).tap();
  await page.waitForURL(`/m/product/compare?ids=${String(first.id)},${String(second.id)}`);
  await expect(page.getByTestId('compare-table').getByRole('columnheader')).toHaveCount(3);
});
