import type { Page } from '@playwright/test';
import { contentCalls } from '../../src/contract/content-calls.ts';
import { expect, test } from './fixtures.ts';
import { insertCartLines, insertMessages, storedCategoryTree } from './shell-db.ts';

/** The ads' close call, as the page's request layer sends it. */
const adCloseUrl = `**${contentCalls.updateAdvertisingStatus.path}`;

/** The shell is the same on every page; the 404 page is one every build has. */
const anyPage = '/no/such/page';

async function isImageLoaded(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
}

test.describe('status bar', () => {
  test('a visitor sees welcome text, login with a return path, free registration, member centre, orders and hotline', async ({ page }) => {
    await page.goto(`${anyPage}?from=test`);
    const bar = page.getByTestId('status-bar');
    await expect(bar).toContainText('您好，欢迎来到芯品商城！');
    await expect(bar.getByRole('link', { name: '请登录' })).toHaveAttribute('href', '/account/login?return=%2Fno%2Fsuch%2Fpage%3Ffrom%3Dtest');
    await expect(bar.getByRole('link', { name: '免费注册' })).toHaveAttribute('href', '/account/register');
    await expect(bar.getByRole('link', { name: '会员中心' })).toHaveAttribute('href', '/user/person');
    await expect(bar.getByRole('link', { name: '我的订单' })).toHaveAttribute('href', '/user/order/list');
    await expect(bar.getByTestId('status-hotline')).toHaveText('服务热线：400-860-2026');
    await expect(bar.getByTestId('message-menu')).toHaveCount(0);
    await expect(bar.getByTestId('logout')).toHaveCount(0);
  });

  test.describe(() => {
    test.use({ memberFields: { nickName: '电子小王' } });

    test('a member is greeted by nickname and has a member-centre dropdown with orders, coupons, complaints and logout', async ({ page, member }) => {
      await page.goto(anyPage);
      const bar = page.getByTestId('status-bar');
      await expect(bar.getByTestId('member-name')).toHaveText('电子小王');
      await expect(bar.getByTestId('member-name')).not.toHaveText(member.userNumber);
      await expect(bar.getByRole('link', { name: '请登录' })).toHaveCount(0);
      const menu = bar.getByTestId('member-menu');
      await expect(menu.getByTestId('logout')).toBeHidden();
      await menu.getByRole('link', { name: '会员中心' }).hover();
      await expect(menu.getByRole('link', { name: '我的订单' })).toHaveAttribute('href', '/user/order/list');
      await expect(menu.getByRole('link', { name: '我的优惠券' })).toHaveAttribute('href', '/user/coupon');
      await expect(menu.getByRole('link', { name: '售后投诉' })).toHaveAttribute('href', '/user/feedback');
      await expect(menu.getByTestId('logout')).toBeVisible();
      await expect(bar.getByTestId('status-hotline')).toContainText('400-860-2026');
    });
  });

  test('a member without a nickname is greeted by user number', async ({ page, member: { userNumber } }) => {
    await page.goto(anyPage);
    await expect(page.getByTestId('member-name')).toHaveText(userNumber);
  });

  test('the message link shows the unread count and the latest 3 unread messages, HTML kinds not clickable', async ({ page, storeDb, member: { userId } }) => {
    const [, , orderId] = await insertMessages(storeDb, userId, [
      { messageType: 1, msgContent: '<p>配单 <strong>BOM-7788</strong> 已完成<img src=x onerror="alert(1)"></p>', minutesAgo: 1 },
      { messageType: 5, msgContent: '<p>报价单 <strong>Q-5566</strong></p>', minutesAgo: 2 },
      { messageType: 3, msgContent: '订单 SO-1122 已发货', minutesAgo: 3 },
      { messageType: 4, msgContent: '发票已开具', minutesAgo: 4 },
      { messageType: 2, msgContent: '已读的退货消息', minutesAgo: 5, isRead: true },
    ]);
    if (orderId === undefined) throw new Error('no message written');
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(anyPage);
    const menu = page.getByTestId('message-menu');
    await expect(menu.getByTestId('message-count')).toHaveText('4');
    await menu.getByRole('link', { name: /消息/ }).first().hover();
    const items = menu.getByTestId('message-item');
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText('BOM消息');
    await expect(items.nth(0).locator('strong')).toHaveText('BOM-7788');
    await expect(items.nth(0).locator('img')).toHaveCount(0);
    await expect(items.nth(0).locator('a.message-dropdown__link')).toHaveCount(0);
    await expect(items.nth(1).locator('strong')).toHaveText('Q-5566');
    await expect(items.nth(1).locator('a.message-dropdown__link')).toHaveCount(0);
    await expect(items.nth(2).getByRole('link')).toHaveAttribute('href', `/user/message/details?id=${orderId}`);
    await expect(menu).not.toContainText('发票已开具');
    await expect(menu.getByRole('link', { name: '查看更多' })).toHaveAttribute('href', '/user/message/list');
    expect(dialogs).toEqual([]);
  });

  test('the message dropdown has an empty state, and the count is capped at 99', async ({ page, storeDb, member: { userId } }) => {
    await page.goto(anyPage);
    const menu = page.getByTestId('message-menu');
    await expect(menu.getByTestId('message-count')).toHaveCount(0);
    await menu.getByRole('link', { name: /消息/ }).first().hover();
    await expect(menu.getByText('暂无未读消息')).toBeVisible();

    await insertMessages(
      storeDb,
      userId,
      Array.from({ length: 120 }, (_, i) => ({ messageType: 3, msgContent: `订单消息 ${i}`, minutesAgo: i })),
    );
    await page.reload();
    await expect(page.getByTestId('message-count')).toHaveText('99');
  });
});

test.describe('top banner ad', () => {
  test('is shown until closed; the close is recorded for this visitor for the day', async ({ page }) => {
    await page.goto(anyPage);
    const ad = page.getByTestId('top-ad');
    await expect(ad).toBeVisible();
    await expect(ad.getByRole('link')).toHaveAttribute('href', '/serve/advantage');
    expect(await isImageLoaded(page, '[data-testid=top-ad] img')).toBe(true);
    const [response] = await Promise.all([page.waitForResponse(adCloseUrl), ad.getByRole('button', { name: '关闭广告' }).click()]);
    expect(response.request().postDataJSON()).toEqual({ adId: expect.any(Number) });
    await expect(ad).toBeHidden();
    // The ad hides at once; the close is recorded once the answer is in.
    expect(await response.json()).toMatchObject({ code: 1 });
    await page.reload();
    await expect(page.getByTestId('top-ad')).toHaveCount(0);

    await page.context().clearCookies();
    await page.reload();
    await expect(page.getByTestId('top-ad')).toBeVisible();
  });

  test('hides at once even when the server refuses the close, shows its message, and is shown again next page', async ({ page }) => {
    await page.route(adCloseUrl, (route) => route.fulfill({ json: { code: 500, data: null, msg: '服务器繁忙，请稍后再试' } }));
    await page.goto(anyPage);
    await page.getByRole('button', { name: '关闭广告' }).click();
    await expect(page.getByTestId('top-ad')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: '服务器繁忙，请稍后再试' })).toBeVisible();
    await page.unroute(adCloseUrl);
    await page.reload();
    await expect(page.getByTestId('top-ad')).toBeVisible();
  });
});

test.describe('header', () => {
  test('has the logo home link, hot keywords and the cart button', async ({ page }) => {
    await page.goto(anyPage);
    await expect(page.getByRole('link', { name: '芯品商城 电子元器件一站式采购' })).toHaveAttribute('href', '/');
    const hot = page.getByRole('navigation', { name: '热门搜索' }).getByRole('link');
    await expect(hot.first()).toHaveText('STM32F103C8T6');
    await expect(hot.first()).toHaveAttribute('href', '/search?key=STM32F103C8T6');
    await expect(hot.filter({ hasText: '0603 10K' })).toHaveAttribute('href', '/search?key=0603%2010K');
    await expect(hot).toHaveCount(8);
    await expect(page.getByTestId('header-cart')).toHaveAttribute('href', '/cart');
    await expect(page.getByTestId('header-cart-count')).toHaveText('0');
    await expect(page.getByTestId('sidebar-cart-count')).toHaveText('0');
  });

  test('shows the cart count, "99.." in the header and "99+" in the sidebar past 99', async ({ page, storeDb, member: { userId } }) => {
    await insertCartLines(storeDb, userId, 120);
    await page.goto(anyPage);
    await expect(page.getByTestId('header-cart-count')).toHaveText('99..');
    await expect(page.getByTestId('sidebar-cart-count')).toHaveText('99+');
  });

  test('cart events move the header and sidebar counts together, never below 0', async ({ page, storeDb, member: { userId } }) => {
    await insertCartLines(storeDb, userId, 5);
    await page.goto(anyPage);
    const header = page.getByTestId('header-cart-count');
    const sidebar = page.getByTestId('sidebar-cart-count');
    await expect(header).toHaveText('5');
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('cart:change', { detail: { delta: 1 } })));
    await expect(header).toHaveText('6');
    await expect(sidebar).toHaveText('6');
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('cart:change', { detail: { delta: -1 } })));
    await expect(sidebar).toHaveText('5');
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('cart:set', { detail: { count: 0 } })));
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('cart:change', { detail: { delta: -1 } })));
    await expect(header).toHaveText('0');
    await expect(sidebar).toHaveText('0');
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('cart:set', { detail: { count: 100 } })));
    await expect(header).toHaveText('99..');
    await expect(sidebar).toHaveText('99+');
  });

  test('becomes a fixed bar sliding down from 270 px of scroll (not at 269) and returns below', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 400 });
    await page.goto(anyPage);
    const bar = page.getByTestId('header-bar');
    await page.evaluate(() => window.scrollTo(0, 269));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(269);
    await page.waitForTimeout(120);
    await expect(bar).toHaveAttribute('data-fixed', 'false');
    await page.evaluate(() => window.scrollTo(0, 270));
    await expect(bar).toHaveAttribute('data-fixed', 'true');
    expect(await bar.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
    expect(await bar.evaluate((element) => getComputedStyle(element).animationName)).toBe('header-slide-down');
    await expect(bar).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 150));
    await expect(bar).toHaveAttribute('data-fixed', 'false');
    expect(await bar.evaluate((element) => getComputedStyle(element).position)).toBe('static');
  });
  test('scroll handling is throttled to once per 50 ms, ending on the latest position', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 400 });
    await page.goto(anyPage);
    // Every scroll handler reads window.scrollY when it runs, so counting the reads counts the runs. For 400 ms,
    // cross the 270 px line and fire scroll events in bursts, whatever the frame rate of the machine.
    const run = await page.evaluate(async () => {
      // Chromium defines scrollY as a configurable getter on the window object itself.
      const scrollY = Object.getOwnPropertyDescriptor(window, 'scrollY');
      const readScrollY = scrollY?.get?.bind(window);
      if (!scrollY || !readScrollY) throw new Error('no scrollY getter');
      let reads = 0;
      Object.defineProperty(window, 'scrollY', {
        configurable: true,
        get(): unknown {
          reads++;
          const value: unknown = readScrollY();
          return value;
        },
      });
      const started = performance.now();
      let events = 0;
      while (performance.now() - started < 400) {
        // Bursts of 200: a loaded machine may yield only every few hundred ms, and each burst must
        // still outnumber what a throttled handler may run in that time.
        for (let i = 0; i < 200; i++) {
          window.scrollTo(0, events++ % 2 === 0 ? 300 : 100);
          window.dispatchEvent(new Event('scroll'));
        }
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      const duration = performance.now() - started;
      window.scrollTo(0, 300);
      await new Promise((resolve) => setTimeout(resolve, 200));
      Object.defineProperty(window, 'scrollY', scrollY);
      return { reads, events, duration };
    });
    // Two throttled handlers listen (the fixed header at 270 px, back-to-top at 600 px): each may run once at
    // once, once per 50 ms after, and once more to read the final position.
    const mostRuns = 2 * (Math.ceil(run.duration / 50) + 2);
    expect(run.events, 'unthrottled, every event would read the position').toBeGreaterThan(2 * mostRuns);
    expect(run.reads).toBeGreaterThanOrEqual(2);
    expect(run.reads).toBeLessThanOrEqual(mostRuns);
    await expect(page.getByTestId('header-bar')).toHaveAttribute('data-fixed', 'true');
  });
});

test.describe('category mega-menu', () => {
  const cut = (name: string) => (Array.from(name).length > 9 ? `${Array.from(name).slice(0, 9).join('')}…` : name);

  test('shows the first 8 groups and a more link on hover', async ({ page, storeDb }) => {
    const tree = await storedCategoryTree(storeDb);
    expect(tree.length, 'the seeded catalogue has more than 8 groups').toBeGreaterThan(8);
    await page.goto(anyPage);
    const menu = page.getByTestId('category-menu');
    const groups = menu.getByTestId('menu-group');
    await expect(groups.first()).toBeHidden();
    await menu.getByRole('link', { name: '全部商品分类' }).hover();
    await expect(groups).toHaveCount(8);
    await expect(groups.first()).toBeVisible();
    await expect(groups.locator('.category-menu__group-name strong')).toHaveText(tree.slice(0, 8).map((group) => group.name));
    await expect(menu.getByRole('link', { name: '更多分类' })).toHaveAttribute('href', '/catalogue');
  });

  test('shows second levels with counts, names cut at 9 characters, in up to 3 columns of 7', async ({ page, storeDb }) => {
    const tree = (await storedCategoryTree(storeDb)).slice(0, 8);
    const groupIndex = tree.findIndex((group) => group.firsts.some((first) => first.seconds.length > 21));
    expect(groupIndex, 'a menu group has a category with more than 21 second levels').toBeGreaterThanOrEqual(0);
    const group = tree[groupIndex];
    if (!group) throw new Error('no menu group with a long category');
    const firstIndex = group.firsts.findIndex((first) => first.seconds.length > 21);
    const first = group.firsts[firstIndex];
    if (!first) throw new Error('no category with more than 21 second levels');

    await page.goto(anyPage);
    const menu = page.getByTestId('category-menu');
    await menu.getByRole('link', { name: '全部商品分类' }).hover();
    const groupItem = menu.getByTestId('menu-group').nth(groupIndex);
    await groupItem.hover();
    const block = groupItem.locator('.category-menu__block').nth(firstIndex);
    await expect(block).toBeVisible();
    await expect(block.getByRole('link', { name: first.name, exact: true })).toHaveAttribute('href', `/choose/${first.id}`);
    const columns = block.getByTestId('menu-column');
    await expect(columns).toHaveCount(3);
    for (let column = 0; column < 3; column++) await expect(columns.nth(column).getByTestId('menu-second')).toHaveCount(7);
    const shown = first.seconds.slice(0, 21);
    const [firstShown] = shown;
    if (!firstShown) throw new Error('no second level shown');
    await expect(block.getByTestId('menu-second')).toHaveText(shown.map((second) => `${cut(second.name)}(${second.skuCount})`));
    await expect(block.getByTestId('menu-second').first()).toHaveAttribute('href', `/choose/${first.id}-${firstShown.id}`);
    await expect(block.getByRole('link', { name: `查看全部 ${first.seconds.length} 个分类` })).toHaveAttribute('href', `/choose/${first.id}`);

    const longName = tree
      .flatMap((g, gi) => g.firsts.flatMap((f) => f.seconds.slice(0, 21).map((s) => ({ gi, s }))))
      .find(({ s }) => Array.from(s.name).length > 9);
    if (!longName) throw new Error('no second level in the menu has a name longer than 9 characters');
    const target = menu.getByTestId('menu-group').nth(longName.gi);
    await target.hover();
    const link = target.locator(`[data-testid=menu-second][title="${longName.s.name}"]`).first();
    await expect(link.locator('.category-menu__second-name')).toHaveText(`${Array.from(longName.s.name).slice(0, 9).join('')}…`);
  });

  test('is open without hovering on the home page', async ({ page }) => {
    // Only the menu is under test here: the home page's product and brand pictures are another feature's.
    await page.route(/\/img\/(package|brand|avatar)\//, (route) =>
      route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>' }),
    );
    await page.goto('/');
    await expect(page.getByTestId('menu-group').first()).toBeVisible();
  });
});
