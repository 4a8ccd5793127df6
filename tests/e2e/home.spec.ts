import type { Page } from '@playwright/test';
import { contentCalls } from '../../src/contract/content-calls.ts';
import { expect, test } from './fixtures.ts';
import { freezeClock, homeStateOf, keepFirstStandSlide, selectedIndexOf, waitForCarousel } from './home-fixtures.ts';

/** The ads' close call, as the page's request layer sends it. */
const adCloseUrl = `**${contentCalls.updateAdvertisingStatus.path}`;

/** Visitors get the pop-ups on load; journeys that look at the page underneath close them first. */
async function closePopups(page: Page) {
  const ad = page.getByTestId('popup-ad');
  if (await ad.isVisible()) {
    await page.getByTestId('popup-ad-close').click();
    await expect(ad).toBeHidden();
  }
  const bar = page.getByTestId('quick-register');
  if (await bar.isVisible()) await page.getByTestId('quick-register-close').click();
}

test.describe('home page layout and links', () => {
  test('shows the sections in the order of the spec, between header and footer', async ({ page }) => {
    await page.goto('/');
    const sections = await page.locator('[data-section]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-section')));
    expect(sections).toEqual(['banner', 'bom', 'order-statistics', 'products', 'brands', 'news', 'about']);
    const order = await page.evaluate(() => {
      const header = document.querySelector('header');
      const banner = document.querySelector('[data-section="banner"]');
      const about = document.querySelector('[data-section="about"]');
      const footer = document.querySelector('footer');
      if (!header || !banner || !about || !footer) return null;
      const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
      return { bannerAfterHeader: follows(header, banner), footerAfterAbout: follows(about, footer) };
    });
    expect(order).toEqual({ bannerAfterHeader: true, footerAfterAbout: true });
    await expect(page).toHaveTitle('芯品商城-电子元器件采购网上商城');
  });

  test('bulletin board: at most 6 announcements opening /news/{id} in a new window, more → /news', async ({ page }) => {
    await page.goto('/');
    const { data } = await homeStateOf(page);
    const bulletin = page.getByTestId('bulletin');
    await expect(bulletin.getByRole('link', { name: '更多' })).toHaveAttribute('href', '/news');
    const items = bulletin.locator('li a');
    await expect(items).toHaveCount(Math.min(6, data.newsList.length));
    expect(data.newsList.length).toBeGreaterThan(0);
    for (const [index, news] of data.newsList.entries()) {
      await expect(items.nth(index)).toHaveAttribute('href', `/news/${news.newsId}`);
      await expect(items.nth(index)).toHaveAttribute('target', '_blank');
      await expect(items.nth(index)).toHaveText(news.title);
    }
  });

  test('banner slides open in the same window when openType is set, otherwise in a new window', async ({ page }) => {
    await page.goto('/');
    const { data } = await homeStateOf(page);
    const links = page.getByTestId('banner-link');
    await expect(links).toHaveCount(data.bannerList.length);
    expect(data.bannerList.some((banner) => banner.openType)).toBe(true);
    expect(data.bannerList.some((banner) => !banner.openType)).toBe(true);
    for (const [index, banner] of data.bannerList.entries()) {
      const link = links.nth(index);
      await expect(link).toHaveAttribute('href', banner.clickUrl);
      if (banner.openType) expect(await link.getAttribute('target')).toBeNull();
      else await expect(link).toHaveAttribute('target', '_blank');
      // Later slides' pictures are lazy (fetched when shown): each answers as a picture, and the first is already painted.
      const picture = await page.request.get((await link.locator('img').getAttribute('src')) ?? '');
      expect(picture.ok()).toBe(true);
      expect(picture.headers()['content-type']).toMatch(/^image\//);
      if (index === 0) {
        const loaded = await link.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);
        expect(loaded).toBe(true);
      }
    }
  });

  test('promo poster, BOM promo, display stand, brands, news columns and about banner link where the spec says', async ({ page }) => {
    await page.goto('/');
    const { data } = await homeStateOf(page);
    await expect(page.getByTestId('promo-poster')).toHaveAttribute('href', '/product/discount?subject=A01');
    const bomHrefs = await page
      .getByTestId('bom-promo')
      .locator('a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(bomHrefs.length).toBeGreaterThan(3);
    expect(new Set(bomHrefs)).toEqual(new Set(['/bom']));

    const products = page.getByTestId('stand-product');
    const allProducts = data.productList.flat();
    await expect(products).toHaveCount(allProducts.length);
    for (const [index, product] of allProducts.entries()) await expect(products.nth(index)).toHaveAttribute('href', `/product/detail/${product.productId}`);
    await expect(products.first()).toContainText(allProducts[0]?.factoryCode ?? '');
    await expect(products.first()).toContainText(/¥\d+\.\d{2}/);
    const offers = allProducts.filter((product) => product.imagesIcons.leftTop);
    await expect(page.getByTestId('special-offer-icon')).toHaveCount(offers.length);

    const brands = page.getByTestId('brand-link');
    const allBrands = data.brandList.flat();
    await expect(brands).toHaveCount(allBrands.length);
    for (const [index, brand] of allBrands.entries()) await expect(brands.nth(index)).toHaveAttribute('href', `/brand/${brand.brandId}`);
    await expect(page.getByTestId('brand-more')).toHaveAttribute('href', '/brand');

    for (const [testId, items] of [
      ['information-column', data.informationList],
      ['article-column', data.articleList],
    ] as const) {
      const links = page.getByTestId(testId).locator('li a');
      await expect(links).toHaveCount(items.length);
      expect(items.length).toBeLessThanOrEqual(5);
      for (const [index, item] of items.entries()) {
        await expect(links.nth(index)).toHaveAttribute('href', item.linkUrl);
        await expect(links.nth(index)).toHaveAttribute('target', '_blank');
      }
    }
    await expect(page.getByTestId('about-banner')).toHaveAttribute('href', '/about');
  });

  test('every picture of the page loads', async ({ page }) => {
    await page.goto('/');
    await closePopups(page);
    // Lazy pictures load when scrolled to.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    // Pictures of later carousel slides load lazily when their slide comes; a loaded one must not be broken.
    const pictures = await page.locator('main img').evaluateAll((images) =>
      (images as HTMLImageElement[]).map((image) => ({
        src: image.src,
        isLoaded: image.complete && image.naturalWidth > 0,
        isBroken: image.complete && image.naturalWidth === 0,
      })),
    );
    expect(pictures.filter((picture) => picture.isBroken)).toEqual([]);
    expect(pictures.filter((picture) => picture.isLoaded).length).toBeGreaterThan(10);
  });
});

test.describe('home carousels', () => {
  test('the main banner moves on every 5000 ms', async ({ page }) => {
    await freezeClock(page);
    await page.goto('/');
    await waitForCarousel(page, 'banner-carousel');
    expect(await selectedIndexOf(page, 'banner-carousel')).toBe(0);
    await page.clock.runFor(4990);
    expect(await selectedIndexOf(page, 'banner-carousel')).toBe(0);
    await page.clock.runFor(10);
    await expect(page.getByTestId('banner-carousel')).toHaveAttribute('data-selected-index', '1');
    await page.clock.runFor(5000);
    await expect(page.getByTestId('banner-carousel')).toHaveAttribute('data-selected-index', '2');
  });

  test('the display stand moves on every 3000 ms and has arrows with 2 or more slides', async ({ page }) => {
    await freezeClock(page);
    await page.goto('/');
    const { data } = await homeStateOf(page);
    expect(data.productList.length).toBeGreaterThanOrEqual(2);
    await closePopups(page);
    await waitForCarousel(page, 'product-carousel');
    const carousel = page.getByTestId('product-carousel');
    await expect(carousel.getByRole('button', { name: '上一张' })).toHaveCount(1);
    await expect(carousel.getByRole('button', { name: '下一张' })).toHaveCount(1);
    await page.clock.runFor(2990);
    expect(await selectedIndexOf(page, 'product-carousel')).toBe(0);
    await page.clock.runFor(10);
    await expect(carousel).toHaveAttribute('data-selected-index', '1');
    await carousel.getByRole('button', { name: '上一张' }).click();
    await expect(carousel).toHaveAttribute('data-selected-index', '0');
  });

  test('the display stand shows no arrows with a single slide', async ({ page }) => {
    // The server's own page, with the stand cut to its first slide in both the HTML and the state.
    await page.route('/', async (route) => {
      const response = await route.fetch();
      const html = keepFirstStandSlide(await response.text());
      await route.fulfill({ response, body: html });
    });
    await page.goto('/');
    const { data } = await homeStateOf(page);
    expect(data.productList).toHaveLength(1);
    await waitForCarousel(page, 'product-carousel');
    const carousel = page.getByTestId('product-carousel');
    await expect(carousel).toHaveAttribute('data-slide-count', '1');
    await expect(carousel.getByRole('button')).toHaveCount(0);
    await expect(page.getByTestId('stand-product')).toHaveCount(data.productList[0]?.length ?? 0);
  });

  test('partner brands move on every 5000 ms', async ({ page }) => {
    await freezeClock(page);
    await page.goto('/');
    const { data } = await homeStateOf(page);
    expect(data.brandList.length).toBeGreaterThanOrEqual(2);
    await waitForCarousel(page, 'brand-carousel');
    await page.clock.runFor(4990);
    expect(await selectedIndexOf(page, 'brand-carousel')).toBe(0);
    await page.clock.runFor(10);
    await expect(page.getByTestId('brand-carousel')).toHaveAttribute('data-selected-index', '1');
  });

  test('recent orders scroll upwards with exactly 5 rows in view, counts in pcs and amounts in ¥', async ({ page }) => {
    await freezeClock(page);
    await page.goto('/');
    await waitForCarousel(page, 'order-statistics-scroller');
    const visibleRows = () =>
      page.getByTestId('order-statistics-scroller').evaluate((scroller) => {
        const box = scroller.getBoundingClientRect();
        return [...scroller.querySelectorAll('[data-testid="order-row"]')]
          .filter((row) => {
            const rect = row.getBoundingClientRect();
            return rect.top >= box.top - 0.5 && rect.bottom <= box.bottom + 0.5 && rect.height > 0;
          })
          .map((row) => row.textContent);
      });
    const before = await visibleRows();
    expect(before).toHaveLength(5);
    for (const row of before) expect(row).toMatch(/^1\d{2}\*{4}\d{4}[\d,]+pcs\d{2}-\d{2} \d{2}:\d{2}¥[\d,]+\.\d{2}$/);
    await page.clock.runFor(2000);
    await expect(page.getByTestId('order-statistics-scroller')).toHaveAttribute('data-selected-index', '1');
    // The scroll animation runs on animation frames.
    await page.clock.runFor(1000);
    const after = await visibleRows();
    expect(after).toHaveLength(5);
    expect(after[0]).toBe(before[1]);
  });
});

test.describe('home user card', () => {
  test('a visitor sees a greeting, login and register links and the register box', async ({ page }) => {
    await page.goto('/?from=home');
    const card = page.getByTestId('user-card');
    const { data } = await homeStateOf(page);
    await expect(card.getByTestId('user-greeting')).toHaveText(`Hi，${data.greetings}！`);
    await expect(card.getByRole('link', { name: '登录' })).toHaveAttribute('href', '/account/login?return=%2F%3Ffrom%3Dhome');
    await expect(card.getByRole('link', { name: '免费注册' })).toHaveAttribute('href', '/account/register');
    await expect(card.getByTestId('register-box')).toBeVisible();
  });

  test.describe(() => {
    test.use({ memberFields: { nickName: '首页测试会员' } });

    test('a member sees the avatar, name, order count and favorite count with their links', async ({ page, storeDb, member }) => {
      const now = Date.now();
      const products = await storeDb.selectFrom('products').select('id').orderBy('id').limit(2).execute();
      await storeDb
        .insertInto('favorites')
        .values(products.map((product) => ({ userId: member.userId, productId: product.id, createdAt: now })))
        .execute();
      await storeDb
        .insertInto('orders')
        .values(
          ['A', 'B', 'C'].map((suffix) => ({
            orderNo: `SO-E2E-${member.userId}-${suffix}`,
            idempotencyKey: `SO-E2E-${member.userId}-${suffix}`,
            userId: member.userId,
            status: 'unshipped' as const,
            productCount: 100,
            goodsCents: 1_234,
            payableCents: 1_234,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .execute();
      await page.goto('/');
      const card = page.getByTestId('user-card');
      await expect(card.getByTestId('user-avatar')).toHaveAttribute('href', '/user/person');
      await expect(card.getByTestId('user-avatar').locator('img')).toHaveAttribute('src', '/static/banners/default-avatar.svg');
      await expect(card.getByTestId('user-name')).toHaveText('Hi，首页测试会员');
      await expect(card.getByTestId('user-order-count')).toHaveAttribute('href', '/user/order/list');
      await expect(card.getByTestId('user-order-count').locator('strong')).toHaveText('3');
      await expect(card.getByTestId('user-favorite-count')).toHaveAttribute('href', '/user/favorite');
      await expect(card.getByTestId('user-favorite-count').locator('strong')).toHaveText('2');
      await expect(page.getByTestId('register-box')).toHaveCount(0);
      await expect(page.getByTestId('quick-register')).toHaveCount(0);
    });
  });

  test('a member without a nickname is shown by user number', async ({ page, member }) => {
    await page.goto('/');
    await expect(page.getByTestId('user-name')).toHaveText(`Hi，${member.userNumber}`);
  });
});

test.describe('home pop-ups', () => {
  test('the pop-up ad reports its close by adPosId and hides', async ({ page }) => {
    await page.goto('/');
    const { shell } = await homeStateOf(page);
    const ad = shell.advertisingInfo.popup;
    expect(ad?.isOpen).toBe(true);
    await expect(page.getByTestId('popup-ad')).toBeVisible();
    const report = page.waitForResponse(adCloseUrl);
    await page.getByTestId('popup-ad-close').click();
    await expect(page.getByTestId('popup-ad')).toHaveCount(0);
    const answer = await report;
    expect(answer.request().postDataJSON()).toEqual({ adId: ad?.adPosId });
    expect(await answer.json()).toMatchObject({ code: 1 });
    // Closed for this visitor for the day: the next page does not bring it back.
    await page.reload();
    await expect(page.getByTestId('popup-ad')).toHaveCount(0);
  });

  test('the pop-up ad hides even when reporting the close fails', async ({ page, consoleErrors }) => {
    await page.route(adCloseUrl, (route) => route.abort());
    await page.goto('/');
    const report = page.waitForRequest(adCloseUrl);
    await page.getByTestId('popup-ad-close').click();
    await report;
    await expect(page.getByTestId('popup-ad')).toHaveCount(0);
    // The aborted call is logged by the browser; that is the failure this test causes on purpose.
    const unexpected = consoleErrors.filter((error) => !error.includes('net::ERR_FAILED'));
    consoleErrors.splice(0, consoleErrors.length, ...unexpected);
  });

  test('clicking the pop-up ad opens it, reports the close and hides it', async ({ page, context }) => {
    await page.goto('/');
    const { shell } = await homeStateOf(page);
    const ad = shell.advertisingInfo.popup;
    if (!ad) throw new Error('no pop-up ad in the demo content');
    const link = page.getByTestId('popup-ad-link');
    await expect(link).toHaveAttribute('href', ad.clickUrl);
    if (ad.openType) expect(await link.getAttribute('target')).toBeNull();
    else await expect(link).toHaveAttribute('target', '_blank');
    const report = page.waitForRequest(adCloseUrl);
    const opened = context.waitForEvent('page');
    await link.click();
    expect((await report).postDataJSON()).toEqual({ adId: ad.adPosId });
    const adPage = await opened;
    await expect(adPage).toHaveURL(new RegExp(`${ad.clickUrl.replace(/[?]/g, '\\?')}$`));
    await expect(page.getByTestId('popup-ad')).toHaveCount(0);
    await adPage.close();
  });

  test('the quick-register pop-up shows for visitors and, once closed, stays hidden until midnight', async ({ page }) => {
    await page.clock.install({ time: new Date(2026, 5, 11, 22, 30, 0) });
    await page.goto('/');
    const popup = page.getByTestId('quick-register');
    await expect(popup).toBeVisible();
    await expect(popup.getByTestId('register-box')).toBeVisible();
    await page.getByTestId('popup-ad-close').click();
    await page.getByTestId('quick-register-close').click();
    await expect(popup).toHaveCount(0);
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('quickRegisterHidden'))) ?? '{}') as { value: unknown; expiresAt: number };
    // The expiry is kept in whole seconds from the close, so it lands within a second after midnight.
    const midnight = new Date(2026, 5, 12, 0, 0, 0).getTime();
    expect(stored.value).toBe(true);
    expect(stored.expiresAt).toBeGreaterThanOrEqual(midnight);
    expect(stored.expiresAt).toBeLessThan(midnight + 1000);

    await page.reload();
    await expect(page.getByTestId('home')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(popup).toHaveCount(0);
    await page.clock.setSystemTime(new Date(2026, 5, 11, 23, 59, 50));
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(popup).toHaveCount(0);
    await page.clock.setSystemTime(new Date(2026, 5, 12, 0, 0, 2));
    await page.reload();
    await expect(popup).toBeVisible();
  });
});

test.describe('home storage and toast', () => {
  test('a non-empty inviter in the query is saved under "inviter"', async ({ page }) => {
    await page.goto('/?inviter=U2606110042');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('inviter'))).not.toBeNull();
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('inviter'))) ?? '{}') as { value: string };
    expect(stored.value).toBe('U2606110042');
    // An empty inviter leaves the saved one alone.
    await page.goto('/?inviter=');
    await page.waitForLoadState('networkidle');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('inviter'))) ?? '{}')).toMatchObject({ value: 'U2606110042' });
  });

  test('a toast is centred, stacked at 120 and gone after 2000 ms', async ({ page }) => {
    await freezeClock(page);
    await page.goto('/');
    await closePopups(page);
    const box = page.getByTestId('user-card').getByTestId('register-box');
    await box.getByTestId('register-phone').fill('13800138000');
    await box.getByTestId('register-send').click();
    const toast = page.locator('.toast');
    await expect(toast).toHaveText('此账号已注册');
    expect(await toast.evaluate((element) => getComputedStyle(element).zIndex)).toBe('120');
    const rect = await toast.boundingBox();
    const viewport = page.viewportSize();
    if (!rect || !viewport) throw new Error('no toast box');
    expect(Math.abs(rect.x + rect.width / 2 - viewport.width / 2)).toBeLessThan(2);
    expect(Math.abs(rect.y + rect.height / 2 - viewport.height / 2)).toBeLessThan(2);
    await page.clock.runFor(1990);
    await expect(toast).toHaveCount(1);
    await page.clock.runFor(10);
    await expect(toast).toHaveCount(0);
  });
});
