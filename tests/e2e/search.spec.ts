import { searchCalls } from '../../src/contract/search-calls.ts';
import { expect, test } from './fixtures.ts';

/** Journeys of search on the demo catalogue (the e2e server seeds 3000 parts). */

test('typing a part number in the header suggests parts; arrow keys and Enter open the results; a part opens its page', async ({ page }) => {
  await page.goto('/search');
  const box = page.getByRole('combobox', { name: '搜索元器件' });
  await box.pressSequentially('stm32f103', { delay: 40 });
  const dropdown = page.getByTestId('search-dropdown');
  await expect(dropdown).toHaveAttribute('data-kind', 'suggestion');
  const options = dropdown.getByRole('option');
  await expect(options.first()).toContainText('STM32F103');
  await expect(options.first()).toContainText('条结果');
  await expect(options.filter({ hasText: 'STM32F103C8T6' })).toHaveCount(1);

  // Down twice then up once: the box holds the first suggestion again.
  await box.press('ArrowDown');
  await box.press('ArrowDown');
  await box.press('ArrowUp');
  const chosen = await box.inputValue();
  expect(chosen).toMatch(/^STM32F103/);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await page.waitForURL(`/search?key=${encodeURIComponent(chosen)}`);

  const first = page.locator('.search-result').first();
  await expect(first.locator('.search-result__code')).toHaveText(chosen);
  await expect(first.locator('.search-result__code mark')).toHaveText(chosen);
  await expect(page.locator('.search-summary')).toContainText(`搜索“${chosen}”`);
  const productId = await first.getAttribute('data-product-id');
  if (productId === null) throw new Error('a result row without its product id');
  await first.locator('.search-result__code').click();
  await page.waitForURL(`/product/detail/${productId}`);
});

test('a fresher suggestion list arriving after the arrow keys keeps the chosen part chosen', async ({ page }) => {
  // The answer for the full keyword is held back until a part of an earlier list has been chosen.
  let releaseLate: () => void = () => undefined;
  const late = new Promise<void>((resolve) => {
    releaseLate = resolve;
  });
  await page.route(`**${searchCalls.searchAssociateWord.path}`, async (route) => {
    const body: unknown = route.request().postDataJSON();
    if (typeof body === 'object' && body !== null && 'key' in body && body.key === 'stm32f103c8t6') await late;
    await route.continue();
  });
  await page.goto('/search');
  const box = page.getByRole('combobox', { name: '搜索元器件' });
  await box.pressSequentially('stm32f103c8t', { delay: 40 });
  const options = page.getByTestId('search-dropdown').getByRole('option');
  await expect(options.first()).toContainText('STM32F103C8T6');
  await box.press('6');
  await box.press('ArrowDown');
  const chosen = await box.inputValue();
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  const fresh = page.waitForResponse(
    (response) => response.url().endsWith(searchCalls.searchAssociateWord.path) && response.request().postData()?.includes('stm32f103c8t6') === true,
  );
  releaseLate();
  await fresh;
  const selected = page.getByTestId('search-dropdown').locator('[aria-selected="true"]');
  await expect(selected).toHaveCount(1);
  await expect(selected).toContainText(chosen);
  await expect(box).toHaveValue(chosen);
});

test('clicking a suggestion searches for it', async ({ page }) => {
  await page.goto('/search');
  const box = page.getByRole('combobox', { name: '搜索元器件' });
  await box.pressSequentially('GRM188R71H', { delay: 40 });
  const option = page.getByTestId('search-dropdown').getByRole('option').filter({ hasText: 'GRM188R71H104KA93D' });
  await option.click();
  await page.waitForURL('/search?key=GRM188R71H104KA93D');
  await expect(page.locator('.search-result').first().locator('.search-result__code')).toHaveText('GRM188R71H104KA93D');
});

test('a value query finds parts by parameters, with the words highlighted', async ({ page }) => {
  await page.goto(`/search?key=${encodeURIComponent('10k 0603 1%')}`);
  const rows = page.locator('.search-result');
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  for (let i = 0; i < count; i++) {
    const row = rows.nth(i);
    await expect(row.locator('.search-result__facts')).toContainText('封装：0603');
    await expect(row.locator('.search-result__description')).toContainText('10kΩ');
  }
  await expect(rows.first().locator('.search-result__description mark').first()).toHaveText(/10k|0603|1%/i);
});

test('a facet click narrows the results and keeps the choice in the URL', async ({ page }) => {
  await page.goto('/search?key=RC0603');
  const summary = page.locator('.search-summary strong');
  const before = Number(await summary.textContent());
  expect(before).toBeGreaterThan(20);

  const brandFacet = page.locator('[data-facet="brandId"] .search-facet__value').nth(1);
  const brandLabel = (await brandFacet.textContent())?.replace(/\(\d+\)$/, '') ?? '';
  await brandFacet.click();
  await expect(page).toHaveURL(/[?&]brand=\d+/);
  const afterBrand = Number(await summary.textContent());
  expect(afterBrand).toBeLessThanOrEqual(before);
  for (const brand of await page.locator('.search-result__facts dd a').filter({ hasText: /\(/ }).allTextContents()) expect(brand).toBe(brandLabel);
  await expect(page.locator('[data-facet="brandId"] .search-facet__value--active')).toContainText(brandLabel);

  await page.locator('[data-facet="stock"] .search-facet__value').filter({ hasText: '仅看现货' }).click();
  await expect(page).toHaveURL(/[?&]stock=1/);
  await expect(page).toHaveURL(/[?&]brand=\d+/);
  for (const stock of await page.locator('.search-result .stock-label').allTextContents()) expect(stock).toContain('现货');

  await page.getByRole('link', { name: '价格 ↑' }).click();
  await expect(page).toHaveURL(/[?&]sort=1/);
  const prices = (await page.locator('.search-result__unit-price').allTextContents()).map((text) => Number(text.replace('¥', '')));
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  // Reloading the shared URL gives the same selection.
  const url = page.url();
  await page.reload();
  expect(page.url()).toBe(url);
  await expect(page.locator('[data-facet="stock"] .search-facet__value--active')).toContainText('仅看现货');
});

test('pages are links: page 2 shows other parts', async ({ page }) => {
  await page.goto('/search?key=RC0603');
  const total = Number(await page.locator('.search-summary strong').textContent());
  expect(total).toBeGreaterThan(20);
  const firstPage = await page.locator('.search-result__code').allTextContents();
  expect(firstPage).toHaveLength(20);
  await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  const secondPage = await page.locator('.search-result__code').allTextContents();
  expect(secondPage).toHaveLength(Math.min(20, total - 20));
  expect(secondPage.filter((code) => firstPage.includes(code))).toEqual([]);
});

test('a search that finds nothing offers near part numbers and the BOM tool', async ({ page }) => {
  await page.goto('/search?key=RC0603FR-07ZZZZ');
  await expect(page.getByRole('heading', { name: /抱歉，没有找到与“RC0603FR-07ZZZZ”相关的商品/ })).toBeVisible();
  await expect(page.getByRole('link', { name: '立即BOM配单' })).toHaveAttribute('href', '/bom');
  const near = page.locator('.search-empty__near-list a').first();
  const nearKey = (await near.textContent()) ?? '';
  expect(nearKey).toMatch(/^RC0603FR-07/);
  await near.click();
  await page.waitForURL(`/search?key=${encodeURIComponent(nearKey)}`);
  await expect(page.locator('.search-result').first()).toBeVisible();
});

test('a part-number prefix lists its parts with the prefix marked; a word matching nothing shows the empty page', async ({ page }) => {
  await page.goto('/search?key=RC0603FR');
  const first = page.locator('.search-result').first();
  await expect(first).toBeVisible();
  await expect(page.locator('.search-summary')).toContainText('搜索“RC0603FR”');
  await expect(first.locator('.search-result__code')).toContainText('RC0603FR');
  await expect(first.locator('.search-result__code mark')).toHaveText('RC0603FR');
  await page.goto('/search?key=xyzzy123');
  await expect(page.locator('.search-empty')).toBeVisible();
  await expect(page.getByRole('heading', { name: /抱歉，没有找到与“xyzzy123”相关的商品/ })).toBeVisible();
  await expect(page.locator('.search-result')).toHaveCount(0);
});
