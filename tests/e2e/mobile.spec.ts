import { couponPaths } from '../../src/contract/coupon.ts';
import { grantNewMemberPack } from '../../src/server/features/coupon/coupon.service.ts';
import { expect, test, type StoreDb } from './fixtures.ts';
import { homeStateOf } from './home-fixtures.ts';
import { firstTieredPart } from './shell-db.ts';

const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/** A part with several price tiers and stock, for the product pages. */
const partWithTiers = (storeDb: StoreDb) => firstTieredPart(storeDb);

test.describe('mobile redirect', () => {
  test.use({ userAgent: iPhone, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a phone asking for the home page lands on /m with its query', async ({ page }) => {
    const response = await page.goto('/?inviter=U2606110007');
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/\?inviter=U2606110007$/);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/m?inviter=U2606110007');
    await expect(page.getByRole('search')).toBeVisible();
  });

  test('a phone asking for a product page lands on its mobile page', async ({ page, storeDb }) => {
    const part = await partWithTiers(storeDb);
    await page.goto(`/product/detail/${part.id}?from=share`);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/m/product/detail/${part.id}?from=share`);
    await expect(page.getByTestId('m-product-code')).toContainText(part.code);
  });

  test('answers the redirect with 302 and keeps other pages on the desktop site', async ({ page }) => {
    const home = await page.request.get('/?a=1', { maxRedirects: 0 });
    expect(home.status()).toBe(302);
    expect(home.headers().location).toBe('/m?a=1');
    const news = await page.request.get('/news', { maxRedirects: 0 });
    expect(news.status()).toBe(200);
  });

  test('?pc=1 keeps a phone on the desktop site', async ({ page }) => {
    await page.goto('/?pc=1');
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.getByTestId('home')).toBeVisible();
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

test.describe('desktop browsers', () => {
  test('are never redirected', async ({ page, storeDb }) => {
    const part = await partWithTiers(storeDb);
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto(`/product/detail/${part.id}`);
    expect(new URL(page.url()).pathname).toBe(`/product/detail/${part.id}`);
  });
});

test.describe('mobile pages on a phone-sized screen', () => {
  test.use({ userAgent: android, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the mobile home page has search, categories, banner and parts, and fits the screen', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/m$/);
    const { shell } = await homeStateOf(page);
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits).toBe(true);
    await expect(page.getByTestId('m-banner')).toBeVisible();
    const categories = page.getByTestId('m-categories').locator('a');
    expect(await categories.count()).toBeGreaterThan(4);
    const firstCategory = shell.headerData.categoryList[0]?.categoryList[0];
    if (!firstCategory) throw new Error('no category in the menu');
    await expect(categories.first()).toHaveAttribute('href', `/choose/${firstCategory.categoryId}`);
    const parts = page.getByTestId('m-product');
    expect(await parts.count()).toBeGreaterThan(0);
    await expect(parts.first()).toHaveAttribute('href', /^\/m\/product\/detail\/\d+$/);
    const broken = await page
      .locator('img')
      .evaluateAll((images) => (images as HTMLImageElement[]).filter((image) => image.complete && image.naturalWidth === 0).length);
    expect(broken).toBe(0);

    // An empty keyword does nothing; a keyword searches.
    const search = page.getByRole('search');
    await search.getByRole('button', { name: '搜索' }).click();
    await expect(page).toHaveURL(/\/m$/);
    await search.getByRole('searchbox').fill('STM32F103');
    await search.getByRole('button', { name: '搜索' }).click();
    await expect(page).toHaveURL(/\/search\?key=STM32F103$/);
  });

  test('the banner offers a visitor the new-member pack', async ({ page }) => {
    await page.goto('/m');
    const banner = page.getByTestId('m-banner');
    await expect(banner).toBeVisible();
    expect(await banner.locator(`a[href="${couponPaths.newMemberPack}"]`).count()).toBeGreaterThan(0);
  });

  test('the banner does not offer the new-member pack to a member who has it, like the desktop home', async ({ page, storeDb, member }) => {
    await grantNewMemberPack(storeDb, member.userId, Date.now());
    await page.goto('/m');
    const banner = page.getByTestId('m-banner');
    await expect(banner).toBeVisible();
    await expect(banner.locator(`a[href="${couponPaths.newMemberPack}"]`)).toHaveCount(0);
    expect(await banner.locator(`a[href="${couponPaths.centre}"]`).count()).toBeGreaterThan(0);
  });

  test('a product opens its mobile page with code, brand, package, description, tiers and stock', async ({ page, storeDb }) => {
    await page.goto('/m');
    const first = page.getByTestId('m-product').first();
    const href = await first.getAttribute('href');
    if (href === null) throw new Error('a part without a link');
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByTestId('m-product-detail')).toBeVisible();

    const part = await partWithTiers(storeDb);
    const brand = await storeDb
      .selectFrom('products as p')
      .innerJoin('brands as b', 'b.id', 'p.brandId')
      .select(['b.nameEn', 'p.package', 'p.description', 'p.stock'])
      .where('p.id', '=', part.id)
      .executeTakeFirstOrThrow();
    await page.goto(`/m/product/detail/${part.id}`);
    await expect(page.getByTestId('m-product-code')).toContainText(part.code);
    await expect(page.getByTestId('m-product-brand')).toContainText(brand.nameEn);
    await expect(page.getByTestId('m-product-package')).toHaveText(brand.package);
    await expect(page.getByText(brand.description)).toBeVisible();
    await expect(page.getByTestId('m-product-stock')).toContainText('现货');
    const tiers = page.getByTestId('m-price-tiers').locator('tbody tr');
    expect(await tiers.count()).toBeGreaterThanOrEqual(3);
    await expect(tiers.first()).toContainText(/¥\d+\.\d{2}/);
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits).toBe(true);
  });

  test('a visitor adding to the cart goes to login and comes back to the part', async ({ page, storeDb }) => {
    const part = await partWithTiers(storeDb);
    await page.goto(`/m/product/detail/${part.id}`);
    await page.getByTestId('m-add-to-cart-login').click();
    await expect(page).toHaveURL(`/account/login?return=${encodeURIComponent(`/m/product/detail/${part.id}`)}`);
  });

  test('an unknown part is a 404 page', async ({ page }) => {
    const response = await page.goto('/m/product/detail/987654321');
    expect(response?.status()).toBe(404);
  });
});
