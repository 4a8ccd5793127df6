import { compareStorageKey } from '../../src/contract/compare.ts';
import { insertProduct } from '../../src/server/testing/factories.ts';
import { expect, test, tickCaches, waitForHydration, type StoreDb } from './fixtures.ts';
import { shelfOf, uniquePartCode } from './part-fixtures.ts';

/** Five parts of the journey's own, alike but for one parameter's value on some of them. */
async function comparableParts(storeDb: StoreDb): Promise<{ id: number; code: string }[]> {
  const shelf = await shelfOf(storeDb);
  const [differing, shared] = await storeDb.selectFrom('attributes').select(['id', 'name']).where('name', '<>', '封装').orderBy('id').limit(2).execute();
  if (!differing || !shared) throw new Error('the seed has no attributes');
  const stamp = uniquePartCode('CMPE2E');
  const parts: { id: number; code: string }[] = [];
  for (const [index, value] of ['A1', 'A1', 'B2', 'C3', 'D4'].entries()) {
    const code = `${stamp}-${String(index)}`;
    const id = await insertProduct(storeDb, {
      ...shelf,
      code,
      package: 'SOT-23',
      description: '对比测试物料',
      packSize: 1,
      prices: [{ qtyStart: 1, priceE4: 5_000 }],
      params: [
        { attributeId: differing.id, valueText: value },
        { attributeId: shared.id, valueText: '同值' },
      ],
    });
    parts.push({ id, code });
  }
  return parts;
}

test('the compare bar keeps at most four parts in localStorage and the compare page marks the rows where they differ', async ({ page, storeDb }) => {
  test.setTimeout(60_000);
  const parts = await comparableParts(storeDb);
  await tickCaches(page);
  const stamp = parts[0]?.code.replace(/-0$/, '') ?? '';
  await page.goto(`/search?key=${encodeURIComponent(stamp)}`);
  await waitForHydration(page);
  const toggles = page.getByTestId('compare-toggle');
  await expect(toggles).toHaveCount(5);
  for (const part of parts.slice(0, 4)) await page.getByRole('checkbox', { name: `对比 ${part.code}` }).check();
  const bar = page.getByTestId('compare-bar');
  await expect(bar.getByTestId('compare-bar-part')).toHaveCount(4);
  const fifth = page.getByRole('checkbox', { name: `对比 ${parts[4]?.code ?? ''}` });
  await fifth.click();
  await expect(page.locator('.toast').filter({ hasText: '最多可同时对比4个商品' })).toBeVisible();
  await expect(fifth).not.toBeChecked();
  const stored = await page.evaluate((key) => localStorage.getItem(key), compareStorageKey);
  expect(JSON.parse(stored ?? 'null')).toEqual({ value: parts.slice(0, 4).map(({ id, code }) => ({ productId: id, code })), expiresAt: null });

  // Another part swapped in on its product page; the choice follows.
  await bar.getByRole('button', { name: `移除 ${parts[3]?.code ?? ''}` }).click();
  await page.goto(`/product/detail/${String(parts[4]?.id)}`);
  await waitForHydration(page);
  await expect(page.getByTestId('compare-bar').getByTestId('compare-bar-part')).toHaveCount(3);
  await page
    .locator('.product-hero')
    .getByRole('checkbox', { name: `对比 ${parts[4]?.code ?? ''}` })
    .check();
  await expect(page.getByTestId('compare-bar').getByTestId('compare-bar-part')).toHaveCount(4);
  await page.getByTestId('compare-bar').getByRole('link', { name: '开始对比' }).click();

  const ids = [parts[0], parts[1], parts[2], parts[4]].map((part) => part?.id);
  await page.waitForURL(`/product/compare?ids=${ids.join(',')}`);
  await waitForHydration(page);
  const table = page.getByTestId('compare-table');
  await expect(table.getByRole('columnheader')).toHaveCount(5);
  const rows = page.getByTestId('compare-row');
  const differingRow = rows.filter({ hasText: 'B2' });
  await expect(differingRow).toHaveAttribute('data-different', 'true');
  await expect(differingRow).toHaveClass(/compare-row--different/);
  await expect(rows.filter({ hasText: '同值' })).toHaveAttribute('data-different', 'false');
  await expect(rows.filter({ has: page.getByRole('rowheader', { name: '封装' }) })).toHaveAttribute('data-different', 'false');
  await page.screenshot({ path: '/tmp/compare.png', fullPage: true });

  await page.getByLabel('仅显示不同项').check();
  await expect(rows.filter({ hasText: '同值' })).toHaveCount(0);
  await expect(rows).toHaveCount(await rows.evaluateAll((all) => all.filter((row) => row.getAttribute('data-different') === 'true').length));
  await expect(differingRow).toBeVisible();

  await page.goto('/search?key=zzzz-nothing');
  await waitForHydration(page);
  await page.getByTestId('compare-bar').getByRole('button', { name: '清空' }).click();
  await expect(page.getByTestId('compare-bar')).toHaveCount(0);
  expect(await page.evaluate((key) => localStorage.getItem(key), compareStorageKey)).toBeNull();
});
