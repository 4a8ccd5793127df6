import type { Locator } from '@playwright/test';
import { contentCalls } from '../../src/contract/content-calls.ts';
import { expect, test } from './fixtures.ts';
import { assignServiceRep, insertMessages } from './shell-db.ts';

/** The ads' close call, as the page's request layer sends it. */
const adCloseUrl = `**${contentCalls.updateAdvertisingStatus.path}`;

const anyPage = '/no/such/page';

/** Where an element is drawn; it must be drawn. */
async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} is not drawn`);
  return box;
}

test.describe('sidebar', () => {
  test('a visitor gets the gift pack, a login prompt for a dedicated rep, the WeChat QR and the hotline', async ({ page }) => {
    await page.goto(anyPage);
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar.getByTestId('sidebar-gift').getByRole('link')).toHaveAttribute('href', '/serve/advantage');
    await expect(sidebar.getByTestId('sidebar-coupon')).toHaveCount(0);
    await expect(sidebar.getByTestId('sidebar-cart').getByRole('link')).toHaveAttribute('href', '/cart');
    await expect(sidebar.getByTestId('sidebar-bom').getByRole('link')).toHaveAttribute('href', '/bom');
    await expect(sidebar.getByTestId('bom-badge')).toHaveCount(0);

    const qq = sidebar.getByTestId('sidebar-qq');
    await expect(qq.getByTestId('qq-panel')).toBeHidden();
    await qq.hover();
    await expect(qq.getByTestId('qq-panel')).toContainText('登录后为您分配专属销售代表');
    await expect(qq.getByRole('link', { name: '立即登录' })).toHaveAttribute('href', '/account/login?return=%2Fno%2Fsuch%2Fpage');
    await expect(qq.getByTestId('qq-number')).toHaveCount(0);

    await expect(sidebar.getByTestId('sidebar-service')).toHaveCount(0);
    const wechat = sidebar.getByTestId('sidebar-wechat');
    await wechat.hover();
    const qr = wechat.getByRole('img', { name: '官方微信二维码' });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    const hotline = sidebar.getByTestId('sidebar-hotline');
    await hotline.hover();
    await expect(hotline.getByTestId('hotline-panel')).toContainText('400-860-2026');
    await expect(hotline.getByTestId('hotline-panel')).toContainText('周一至周六 9:00-18:00');
  });

  test('a member gets the coupon centre, the QQ number and, without an enabled rep, the WeChat panel', async ({ page, storeDb, member: { userId } }) => {
    await assignServiceRep(storeDb, userId, 0);
    await page.goto(anyPage);
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar.getByTestId('sidebar-coupon').getByRole('link')).toHaveAttribute('href', '/coupon');
    await expect(sidebar.getByTestId('sidebar-gift')).toHaveCount(0);
    await sidebar.getByTestId('sidebar-qq').hover();
    await expect(sidebar.getByTestId('qq-number')).toHaveText('800861234');
    await expect(sidebar.getByTestId('sidebar-service')).toHaveCount(0);
    await expect(sidebar.getByTestId('sidebar-wechat')).toHaveCount(1);
  });

  test('a member with an enabled dedicated rep sees the service panel instead of the WeChat panel', async ({ page, storeDb, member: { userId } }) => {
    const repName = await assignServiceRep(storeDb, userId, 1);
    await page.goto(anyPage);
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar.getByTestId('sidebar-wechat')).toHaveCount(0);
    const service = sidebar.getByTestId('sidebar-service');
    await service.hover();
    await expect(service.getByTestId('service-name')).toHaveText(repName);
    await expect(service.getByTestId('service-panel')).toContainText('手机：');
    // The photo is lazy: it loads once the panel shows it.
    const photo = service.getByRole('img').first();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test('the BOM badge counts unread BOM and offer messages up to 9, then shows a dot', async ({ page, storeDb, member: { userId } }) => {
    await insertMessages(storeDb, userId, [
      { messageType: 1, msgContent: '<p>BOM 1</p>', minutesAgo: 1 },
      { messageType: 5, msgContent: '<p>报价 1</p>', minutesAgo: 2 },
      { messageType: 1, msgContent: '<p>BOM 2</p>', minutesAgo: 3 },
      { messageType: 1, msgContent: '<p>已读</p>', minutesAgo: 4, isRead: true },
      { messageType: 3, msgContent: '订单消息', minutesAgo: 5 },
    ]);
    await page.goto(anyPage);
    const badge = page.getByTestId('bom-badge');
    await expect(badge).toHaveText('3');
    await expect(badge).toHaveAttribute('data-kind', 'number');

    await insertMessages(
      storeDb,
      userId,
      Array.from({ length: 7 }, (_, i) => ({ messageType: 5, msgContent: `<p>报价 ${i}</p>`, minutesAgo: 10 + i })),
    );
    await page.reload();
    await expect(badge).toHaveAttribute('data-kind', 'dot');
    await expect(badge).toHaveText('');
  });

  test('back-to-top appears from 600 px of scroll and scrolls to the top', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 520 });
    await page.goto(anyPage);
    expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(610);
    const top = page.getByTestId('back-to-top');
    await page.evaluate(() => window.scrollTo(0, 599));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(599);
    await page.waitForTimeout(120);
    await expect(top).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(top).toBeVisible();
    await top.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(top).toBeHidden();
  });

  test('the fixed ad hides on close even when the close call fails, shows the server message, and is shown again next page', async ({ page }) => {
    await page.route(adCloseUrl, (route) => route.fulfill({ json: { code: 500, data: null, msg: '服务器繁忙，请稍后再试' } }));
    await page.goto(anyPage);
    const ad = page.getByTestId('sidebar-ad');
    await expect(ad).toBeVisible();
    await expect(ad.getByRole('link')).toHaveAttribute('href', '/bom');
    const [request] = await Promise.all([page.waitForRequest(adCloseUrl), ad.getByRole('button', { name: '关闭侧边广告' }).click()]);
    expect(request.postDataJSON()).toEqual({ adId: expect.any(Number) });
    await expect(ad).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: '服务器繁忙，请稍后再试' })).toBeVisible();
    await page.unroute(adCloseUrl);
    await page.reload();
    await expect(page.getByTestId('sidebar-ad')).toBeVisible();
  });

  test('the fixed ad sits in the margin beside the page, never over its content', async ({ page }) => {
    for (const [width, expected] of [
      [1920, 160],
      [1440, 56],
      [1366, 0],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/search?key=STM32F103');
      const ad = page.getByTestId('sidebar-ad');
      if (expected === 0) {
        await expect(ad).toBeHidden();
        continue;
      }
      const adBox = await boxOf(ad);
      const contentBox = await boxOf(page.locator('.site-header__inner'));
      expect(adBox.width).toBe(expected);
      expect(adBox.x).toBeGreaterThanOrEqual(contentBox.x + contentBox.width);
    }
  });

  test('on windows too narrow for the page and the sidebar on both sides, the page moves left of the sidebar', async ({ page }) => {
    for (const width of [1280, 1366, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/search?key=STM32F103');
      const sidebar = await boxOf(page.locator('.sidebar'));
      for (const part of ['.status-bar__inner', '.site-header__inner', 'main.container', '.site-footer__main']) {
        const box = await boxOf(page.locator(part));
        expect(box.width).toBe(1200);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${part} at ${width} px`).toBeLessThanOrEqual(sidebar.x);
      }
    }
  });

  test('the fixed ad stays closed for the day once the close is recorded', async ({ page }) => {
    await page.goto(anyPage);
    const [response] = await Promise.all([page.waitForResponse(adCloseUrl), page.getByRole('button', { name: '关闭侧边广告' }).click()]);
    expect(await response.json()).toMatchObject({ code: 1 });
    await page.reload();
    await expect(page.getByTestId('sidebar-ad')).toHaveCount(0);
    await expect(page.getByTestId('top-ad')).toBeVisible();
  });
});

test.describe('footer', () => {
  test('has four guarantee badges, help columns, hotline and hours, friendly links and legal text', async ({ page }) => {
    await page.goto(anyPage);
    const footer = page.getByTestId('footer');
    await expect(footer.getByTestId('guarantee')).toHaveCount(4);
    await expect(footer.getByTestId('guarantee').locator('strong')).toHaveText(['正品保障', '2小时发货', '品类齐全', '专业服务']);
    const helpHrefs = await footer
      .getByTestId('help-column')
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(helpHrefs).toEqual(
      expect.arrayContaining(['/serve/order_step', '/serve/pay', '/serve/deliver_goods', '/serve/warehouse', '/serve/sales_return', '/serve/safe']),
    );
    await expect(footer.getByTestId('footer-hotline')).toHaveText('400-860-2026');
    await expect(footer.getByTestId('footer-hours')).toHaveText('周一至周六 9:00-18:00');
    const friendly = footer.getByTestId('friendly-links').getByRole('link');
    expect(await friendly.count()).toBeGreaterThan(3);
    await expect(friendly.first()).toHaveAttribute('target', '_blank');
    await expect(footer.getByTestId('footer-legal')).toContainText(/ICP备/);
    await expect(footer.getByTestId('footer-legal')).toContainText(/© \d{4} 芯品商城 版权所有/);
  });
});
