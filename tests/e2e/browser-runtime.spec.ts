import { test as plainTest } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures.ts';

/**
 * The browser runs the pages on Preact, the server renders them with React (decision 0016):
 * where the two differ, web/lib/browser-react.ts and preact-options.ts make the browser behave as
 * React. Each test here fails if one of those shims stops working.
 */

test('ids the server rendered are the ids the browser renders, and an element mounted later is the one they name', async ({ page }) => {
  const served = await (await page.request.get('/bom')).text();
  const pasteLabelFor = /<label class="bom-paste__label" for="([^"]+)"/.exec(served)?.[1];
  expect(pasteLabelFor).toMatch(/^pid-\d+$/);

  await page.goto('/bom');
  await waitForHydration(page);
  const paste = page.getByLabel('或粘贴 BOM 内容（从 Excel 复制，或每行“型号 数量”）');
  await expect(paste).toHaveAttribute('id', pasteLabelFor ?? '');

  // The problem line is mounted after hydration; the file input, hydrated, names it.
  await page.getByRole('button', { name: '识别粘贴内容' }).click();
  const problem = page.locator('.bom-input__problem');
  await expect(problem).toBeVisible();
  const problemId = await problem.getAttribute('id');
  expect(problemId).toMatch(/^pid-\d+$/);
  await expect(page.getByLabel('选择 BOM 文件')).toHaveAttribute('aria-describedby', problemId ?? '');
});

test('a controlled field whose handler refuses the input shows what was rendered, not what was typed', async ({ page, storeDb }) => {
  const part = await storeDb.selectFrom('products').select('id').where('stock', '>', 0).orderBy('id').executeTakeFirstOrThrow();
  await page.goto(`/product/detail/${String(part.id)}`);
  await waitForHydration(page);
  const quantity = page.getByRole('textbox', { name: '购买数量' }).first();
  const before = await quantity.inputValue();
  await quantity.click();
  await quantity.press('End');
  await quantity.pressSequentially('a');
  await expect(quantity).toHaveValue(before);
  await quantity.pressSequentially('0b');
  await expect(quantity).toHaveValue(`${before}0`);
});

// Without the store's fixture, which fails a test on any console error: here one is expected.
plainTest('markup the browser would render otherwise is reported on the console, as React reports a hydration mismatch', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.route('/about', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('data-testid="status-hotline"', 'data-testid="not-the-hotline"');
    await route.fulfill({ response, body: html });
  });
  await page.goto('/about');
  await waitForHydration(page);
  await expect.poll(() => errors.filter((text) => text.startsWith('hydration:'))).toEqual([expect.stringContaining('data-testid="not-the-hotline"')]);
});
