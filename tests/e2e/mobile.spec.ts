import { couponPaths } from '../../src/contract/coupon.ts';
import { grantNewMemberPack } from '../../src/server/features/coupon/coupon.service.ts';
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration, type StoreDb } from './fixtures.ts';
import { homeStateOf } from './home-fixtures.ts';
import { firstTieredPart } from './shell-db.ts';

const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const phone = { userAgent: iPhone, viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true };

/** A part with several price tiers and stock, for the product pages. */
const partWithTiers = (storeDb: StoreDb) => firstTieredPart(storeDb);

/** The second-level category with the most parts, and its first level. */
async function largestCategory(storeDb: StoreDb): Promise<{ firstId: number; secondId: number; name: string }> {
  const row = await storeDb
    .selectFrom('categories')
    .select(['id', 'parentId', 'name'])
    .where('level', '=', 2)
    .orderBy('skuCount', 'desc')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { firstId: row.parentId ?? 0, secondId: row.id, name: row.name };
}

const pathAndQuery = (url: string) => new URL(url).pathname + new URL(url).search;
const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe('a phone is sent to the mobile site', () => {
  test.use(phone);

  test('from the home page, keeping its query', async ({ page }) => {
    const response = await page.goto('/?inviter=U2606110007');
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/\?inviter=U2606110007$/);
    expect(pathAndQuery(page.url())).toBe('/m?inviter=U2606110007');
    await expect(page.getByRole('search')).toBeVisible();
  });

  test('from a product, a search and the catalogue, with 302s; other pages stay on the desktop site', async ({ page, storeDb }) => {
    const part = await partWithTiers(storeDb);
    await page.goto(`/product/detail/${part.id}?from=share`);
    expect(pathAndQuery(page.url())).toBe(`/m/product/detail/${part.id}?from=share`);
    await expect(page.getByTestId('m-product-code')).toContainText(part.code);
    for (const [url, target] of [
      ['/search?key=STM32', '/m/search?key=STM32'],
      ['/catalogue', '/m/catalogue'],
      ['/?a=1', '/m?a=1'],
    ] as const) {
      const response = await page.request.get(url, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(response.headers().location).toBe(target);
    }
    expect((await page.request.get('/news', { maxRedirects: 0 })).status()).toBe(200);
  });

  test('switches to the desktop site with 电脑版 and back with 手机版', async ({ page }) => {
    await page.goto('/m');
    await page.getByTestId('desktop-link').click();
    await expect(page).toHaveURL(/\/\?pc=1$/);
    await expect(page.getByTestId('home')).toBeVisible();
    // The choice is remembered: the desktop home stays.
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.getByTestId('mobile-site-link')).toHaveAttribute('href', '/m?pc=0');
    // Pages without a phone counterpart offer it too (the home page opens an ad over its footer).
    await page.goto('/news');
    const mobileLink = page.getByTestId('mobile-site-link');
    await expect(mobileLink).toHaveAttribute('href', '/m?pc=0');
    // The 1200 px desktop layout on a 375 px screen: a tap, without Playwright's scroll into view.
    await mobileLink.dispatchEvent('click');
    await expect(page).toHaveURL(/\/m\?pc=0$/);
    await expect(page.getByTestId('m-tabbar')).toBeVisible();
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/m');
  });
});

test('a desktop browser is never redirected and its footer offers no 手机版', async ({ page, storeDb }) => {
  const part = await partWithTiers(storeDb);
  await page.goto('/');
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page.getByTestId('mobile-site-link')).toHaveCount(0);
  await page.goto(`/product/detail/${part.id}`);
  expect(new URL(page.url()).pathname).toBe(`/product/detail/${part.id}`);
});

test.describe('browsing on a 375 × 667 touch screen', () => {
  test.use(phone);

  test('the home page has the search box, categories, banner, parts and the tab bar, and fits the screen', async ({ page }) => {
    await page.goto('/m');
    const { shell } = await homeStateOf(page);
    expect(await fitsTheScreen(page)).toBe(true);
    await expect(page.getByTestId('m-banner')).toBeVisible();
    const firstCategory = shell.headerData.categoryList[0]?.categoryList[0];
    if (!firstCategory) throw new Error('no category in the menu');
    await expect(page.getByTestId('m-categories').locator('a').first()).toHaveAttribute('href', `/m/choose/${firstCategory.categoryId}`);
    await expect(page.getByTestId('m-product').first()).toHaveAttribute('href', /^\/m\/product\/detail\/\d+$/);
    const tabBar = page.getByTestId('m-tabbar');
    await expect(tabBar.getByRole('link', { name: '首页' })).toHaveAttribute('aria-current', 'page');
    const box = await tabBar.boundingBox();
    expect(box && Math.round(box.y + box.height)).toBe(667);

    // An empty keyword does nothing; a keyword opens the mobile results.
    const search = page.getByRole('search');
    await search.getByRole('button', { name: '搜索' }).click();
    await expect(page).toHaveURL(/\/m$/);
    await search.getByRole('searchbox').fill('STM32F103');
    await search.getByRole('button', { name: '搜索' }).click();
    await expect(page).toHaveURL(/\/m\/search\?key=STM32F103$/);
    await expect(page.getByTestId('m-part').first()).toContainText('STM32F103');
  });

  test('the banner offers a visitor the new-member pack, not a member who has it', async ({ page, storeDb, member }) => {
    await page.goto('/m');
    await expect(page.getByTestId('m-banner')).toBeVisible();
    await grantNewMemberPack(storeDb, member.userId, Date.now());
    await page.goto('/m');
    const banner = page.getByTestId('m-banner');
    await expect(banner.locator(`a[href="${couponPaths.newMemberPack}"]`)).toHaveCount(0);
    expect(await banner.locator(`a[href="${couponPaths.centre}"]`).count()).toBeGreaterThan(0);
  });

  test('search suggests once typing pauses (one request for fast typing), remembers the keyword and pages with 加载更多', async ({ page }) => {
    const suggestionKeys: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/product/api/searchAssociateWord')) suggestionKeys.push((request.postDataJSON() as { key: string }).key);
    });
    // The page's clock stands still while the keys go in, so however slow the machine, the typing is fast.
    await page.clock.install();
    await page.goto('/m/search');
    const box = page.getByRole('combobox', { name: '搜索关键词' });
    await expect(box).toBeFocused();
    await page.clock.pauseAt(Date.now() + 60_000);
    await box.pressSequentially('STM32F1');
    await page.clock.runFor(199);
    expect(suggestionKeys).toEqual([]);
    await page.clock.resume();
    const suggestions = page.getByTestId('m-suggestions');
    await expect(suggestions).toHaveAttribute('data-kind', 'suggestion');
    expect(suggestionKeys).toEqual(['STM32F1']);
    await suggestions.getByRole('option').first().click();
    await expect(page).toHaveURL(/\/m\/search\?key=STM32F1/);
    const chosen = decodeURIComponent(new URL(page.url()).searchParams.get('key') ?? '');
    const history = await page.evaluate(() => localStorage.getItem('searchHistory'));
    expect((JSON.parse(history ?? '{}') as { value?: string[] }).value).toEqual([chosen]);

    // Many results: 20 at first, 20 more per 加载更多.
    await page.goto('/m/search?key=0603');
    const rows = page.getByTestId('m-part');
    await expect(rows).toHaveCount(20);
    await page.getByTestId('m-load-more').click();
    await expect(rows).toHaveCount(40);
    expect(await fitsTheScreen(page)).toBe(true);

    await page.goto('/m/search?key=QQZZ99XX');
    await expect(page.getByTestId('m-no-result')).toContainText('没有找到');
  });

  test('a category opens its list; 筛选 opens a bottom sheet whose choice filters the list and shows as chips', async ({ page, storeDb }) => {
    const category = await largestCategory(storeDb);
    await page.goto('/m/catalogue');
    expect(await fitsTheScreen(page)).toBe(true);
    await page.getByTestId('m-catalogue').locator(`a[href="/m/choose/${category.firstId}-${category.secondId}"]`).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.name);
    const total = Number(await page.getByTestId('m-choose-total').textContent());
    expect(total).toBeGreaterThan(20);

    const open = page.getByTestId('m-filter-open');
    const sheet = page.getByRole('dialog', { name: '筛选' });
    await waitForHydration(page);
    await open.click();
    await expect(sheet).toBeVisible();
    await expect(sheet.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await sheet.getByRole('button', { name: '仅看现货' }).click();
    const brandGroup = sheet.getByRole('group', { name: '品牌' });
    const brand = brandGroup.getByRole('button').first();
    const brandLabel = ((await brand.textContent()) ?? '').replace(/\d+$/, '');
    await brand.click();
    await expect(brand).toHaveAttribute('aria-pressed', 'true');
    await sheet.getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(/stock=1/);
    await expect(page).toHaveURL(/filter=/);
    const chips = page.getByTestId('m-applied-filters');
    await expect(chips).toContainText('仅看现货');
    await expect(chips).toContainText(brandLabel);
    const filtered = Number(await page.getByTestId('m-choose-total').textContent());
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(total);
    for (const row of await page.getByTestId('m-part').all()) {
      await expect(row).toContainText(brandLabel);
      await expect(row).toContainText('现货');
    }

    // 重置 clears the draft; a tap on the backdrop closes without applying.
    await open.click();
    await sheet.getByRole('button', { name: '重置' }).click();
    await expect(sheet.getByRole('button', { name: '仅看现货' })).toHaveAttribute('aria-pressed', 'false');
    await page.mouse.click(10, 10);
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/stock=1/);
  });

  test('a member adds a part to the cart on its page and the tab bar count rises', async ({ page, storeDb, member }) => {
    expect(member.userId).toBeGreaterThan(0);
    const part = await partWithTiers(storeDb);
    await page.goto(`/m/product/detail/${part.id}`);
    await expect(page.getByTestId('m-product-code')).toContainText(part.code);
    await expect(page.getByTestId('m-product-params')).toBeVisible();
    expect(await page.getByTestId('m-price-tiers').locator('tbody tr').count()).toBeGreaterThanOrEqual(3);
    await expect(page.getByTestId('m-cart-count')).toHaveCount(0);
    await waitForHydration(page);
    await page.getByRole('button', { name: '增加' }).click();
    await page.getByTestId('m-buybar').getByRole('button', { name: '加入购物车' }).click();
    await expect(page.getByTestId('m-cart-count')).toHaveText('1');
    await page.getByRole('button', { name: '收藏' }).click();
    await expect(page.getByRole('button', { name: '已收藏' })).toHaveAttribute('aria-pressed', 'true');
    expect(await fitsTheScreen(page)).toBe(true);

    // From a list, the row's button adds the part's minimum.
    await page.goto('/m/search?key=0603');
    await waitForHydration(page);
    await page.getByTestId('m-part').first().getByRole('button', { name: '加入购物车' }).click();
    await expect(page.getByTestId('m-cart-count')).toHaveText('2');
  });

  test('the buying path on a phone: search from the home page, a suggestion, the part, 加入购物车, and the cart holds it', async ({ page, member }) => {
    expect(member.userId).toBeGreaterThan(0);
    await page.goto('/');
    await expect(page).toHaveURL(/\/m$/);
    await page.getByTestId('m-search-entry').tap();
    await expect(page).toHaveURL(/\/m\/search$/);
    // Each tap below needs the page's script: a tap before hydration is lost (seen on a loaded CI machine).
    await waitForHydration(page);
    const box = page.getByRole('combobox', { name: '搜索关键词' });
    await box.pressSequentially('STM32F103', { delay: 30 });
    await page.getByTestId('m-suggestions').getByRole('option').first().tap();
    await expect(page).toHaveURL(/\/m\/search\?key=STM32F103/);
    const first = page.getByTestId('m-part').first();
    const code = (await first.getByTestId('m-part-code').textContent()) ?? '';
    expect(code).toMatch(/^STM32F103/);
    await first.getByRole('link').first().tap();
    await expect(page).toHaveURL(/\/m\/product\/detail\/\d+$/);
    await expect(page.getByTestId('m-product-code')).toContainText(code);
    await waitForHydration(page);
    await page.getByTestId('m-buybar').getByRole('button', { name: '加入购物车' }).tap();
    await expect(page.getByTestId('m-cart-count')).toHaveText('1');
    await page.getByTestId('m-tab-cart').tap();
    await expect(page).toHaveURL(/\/m\/cart$/);
    await waitForHydration(page);
    await expect(page.getByTestId('m-cart-line')).toHaveCount(1);
    await expect(page.getByTestId('m-cart-line')).toContainText(code);
    expect(await fitsTheScreen(page)).toBe(true);
  });

  test('a visitor adding to the cart goes to the mobile login page and comes back to the part', async ({ page, storeDb }) => {
    const part = await partWithTiers(storeDb);
    await page.goto(`/m/product/detail/${part.id}`);
    await page.getByTestId('m-add-to-cart-login').click();
    await expect(page).toHaveURL(`/m/account/login?return=${encodeURIComponent(`/m/product/detail/${part.id}`)}`);
  });

  test('an unknown part is a 404 page', async ({ page }) => {
    const response = await page.goto('/m/product/detail/987654321');
    expect(response?.status()).toBe(404);
  });
});
