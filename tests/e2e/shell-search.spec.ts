import type { Page } from '@playwright/test';
import { searchCalls } from '../../src/contract/search-calls.ts';
import { expect, test } from './fixtures.ts';

const anyPage = '/no/such/page';
const suggestionPath = `**${searchCalls.searchAssociateWord.path}`;

/** Answers suggestion calls with fixed suggestions (or none) and records the keys asked for. */
async function mockSuggestions(page: Page, keys: string[]): Promise<string[]> {
  const asked: string[] = [];
  await page.route(suggestionPath, async (route) => {
    asked.push((route.request().postDataJSON() as { key: string }).key);
    await route.fulfill({ json: { code: 1, data: keys.map((key, i) => ({ key, searchResultCount: 100 * (i + 1) })), msg: '' } });
  });
  return asked;
}

/** The results page belongs to search; here only the address it is sent to matters. */
async function stubResultsPage(page: Page) {
  await page.route(/\/search\?key=/, (route) => route.fulfill({ contentType: 'text/html', body: '<!DOCTYPE html><title>results</title><p>results</p>' }));
}

function storedHistory(page: Page) {
  return page.evaluate(() => {
    const raw = localStorage.getItem('searchHistory');
    return raw === null ? null : (JSON.parse(raw) as { value: string[] }).value;
  });
}

test.describe('header search box', () => {
  test('asks for suggestions once, 200 ms after fast typing stops', async ({ page }) => {
    const asked = await mockSuggestions(page, ['STM32F103C8T6', 'STM32F103RCT6']);
    await page.clock.install();
    await page.goto(anyPage);
    await page.clock.pauseAt(Date.now() + 60_000);
    const input = page.getByRole('combobox', { name: '搜索元器件' });
    await input.pressSequentially('STM32F');
    await page.clock.runFor(199);
    expect(asked).toEqual([]);
    await page.clock.runFor(1);
    await expect.poll(() => asked).toEqual(['STM32F']);
    const dropdown = page.getByTestId('search-dropdown');
    await expect(dropdown.getByRole('option')).toHaveText(['STM32F103C8T6约 100 条结果', 'STM32F103RCT6约 200 条结果']);
    await page.clock.runFor(1000);
    expect(asked).toEqual(['STM32F']);
  });

  test('hides the list 200 ms after blur and shows it again on focus', async ({ page }) => {
    await mockSuggestions(page, ['ESP32-WROOM-32E']);
    await page.clock.install();
    await page.goto(anyPage);
    await page.clock.pauseAt(Date.now() + 60_000);
    const input = page.getByRole('combobox', { name: '搜索元器件' });
    await input.pressSequentially('ESP32');
    await page.clock.runFor(200);
    const dropdown = page.getByTestId('search-dropdown');
    await expect(dropdown).toBeVisible();
    await input.blur();
    await page.clock.runFor(199);
    await expect(dropdown).toBeVisible();
    await page.clock.runFor(1);
    await expect(dropdown).toBeHidden();
    await input.focus();
    await expect(dropdown).toBeVisible();
    await expect(dropdown).toHaveAttribute('data-kind', 'suggestion');
  });

  test('arrow keys cycle through suggestions and fill the box; Enter searches the chosen one', async ({ page }) => {
    await mockSuggestions(page, ['LM358DR', 'LM358DT', 'LM358P']);
    await stubResultsPage(page);
    await page.goto(anyPage);
    const input = page.getByRole('combobox', { name: '搜索元器件' });
    await input.pressSequentially('LM358');
    const options = page.getByTestId('search-dropdown').getByRole('option');
    await expect(options).toHaveCount(3);
    await input.press('ArrowDown');
    await expect(input).toHaveValue('LM358DR');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await input.press('ArrowDown');
    await input.press('ArrowDown');
    await expect(input).toHaveValue('LM358P');
    await input.press('ArrowDown');
    await expect(input).toHaveValue('LM358DR');
    await input.press('ArrowUp');
    await expect(input).toHaveValue('LM358P');
    await expect(options.nth(2)).toHaveAttribute('aria-selected', 'true');
    await input.press('Enter');
    await page.waitForURL('**/search?key=LM358P');
  });

  test('Enter searches the encoded keyword; an empty keyword does nothing', async ({ page }) => {
    await mockSuggestions(page, []);
    await stubResultsPage(page);
    await page.goto(anyPage);
    const input = page.getByRole('combobox', { name: '搜索元器件' });
    await input.focus();
    await input.press('Enter');
    await input.fill('   ');
    await input.press('Enter');
    await page.getByRole('button', { name: '搜索' }).click();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe(anyPage);
    expect(await storedHistory(page)).toBeNull();

    await input.fill('0603 10K/1%');
    await input.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    expect(page.url()).toContain('/search?key=0603%2010K%2F1%25');
  });

  test('keeps recent searches: newest first, duplicates skipped, at most 10, shown when there are no suggestions', async ({ page }) => {
    await mockSuggestions(page, []);
    await stubResultsPage(page);
    const input = page.getByRole('combobox', { name: '搜索元器件' });
    for (const keyword of ['TL431', 'AMS1117', 'TL431']) {
      await page.goto(anyPage);
      await input.fill(keyword);
      await input.press('Enter');
      await page.waitForURL('**/search?key=*');
    }
    expect(await storedHistory(page)).toEqual(['AMS1117', 'TL431']);

    await page.goto(anyPage);
    await input.focus();
    const dropdown = page.getByTestId('search-dropdown');
    await expect(dropdown).toHaveAttribute('data-kind', 'history');
    await expect(dropdown.getByRole('option')).toHaveText(['AMS1117', 'TL431']);
    await input.press('ArrowDown');
    await input.press('ArrowDown');
    await expect(input).toHaveValue('TL431');
    await input.press('ArrowDown');
    await expect(input).toHaveValue('AMS1117');

    await page.evaluate(() => localStorage.setItem('searchHistory', JSON.stringify({ value: Array.from({ length: 10 }, (_, i) => `K${i}`), expiresAt: null })));
    await page.reload();
    await input.fill('CH340G');
    await input.press('Enter');
    await page.waitForURL('**/search?key=CH340G');
    const history = await storedHistory(page);
    expect(history).toHaveLength(10);
    expect(history?.[0]).toBe('CH340G');
    expect(history).not.toContain('K9');
  });

  test('clicking a suggestion searches it, and history can be cleared', async ({ page }) => {
    await page.route(suggestionPath, async (route) => {
      const { key } = route.request().postDataJSON() as { key: string };
      await route.fulfill({ json: { code: 1, data: key === 'CH340' ? [{ key: 'CH340G', searchResultCount: 12 }] : [], msg: '' } });
    });
    await stubResultsPage(page);
    await page.goto(anyPage);
    const input = page.getByRole('combobox', { name: '搜索元器件' });
    await input.pressSequentially('CH340');
    await page.getByRole('option', { name: /CH340G/ }).click();
    await page.waitForURL('**/search?key=CH340G');
    await page.goto(anyPage);
    await input.focus();
    await expect(page.getByTestId('search-dropdown')).toHaveAttribute('data-kind', 'history');
    await page.getByRole('button', { name: '清空' }).click();
    await expect(page.getByTestId('search-dropdown')).toHaveCount(0);
    expect(await storedHistory(page)).toBeNull();
  });
});
