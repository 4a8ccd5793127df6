import type { Page } from '@playwright/test';
import { csrfCookieName, csrfHeaderName } from '../../src/contract/envelope.ts';
import { helpCalls } from '../../src/contract/help-calls.ts';
import { helpErrors } from '../../src/contract/help.ts';
import { expect, test } from './fixtures.ts';

/** Visitors may get the pop-up ad on a page; journeys that click underneath close it first. */
async function closePopupAd(page: Page) {
  const ad = page.getByTestId('popup-ad');
  if (await ad.isVisible()) {
    await page.getByTestId('popup-ad-close').click();
    await expect(ad).toBeHidden();
  }
}

const menu = (page: Page) => page.getByRole('navigation', { name: '帮助菜单' });

test('the help menu leads through the articles, each marked in the menu with its own title', async ({ page }) => {
  await page.goto('/serve/order_step');
  await closePopupAd(page);
  await expect(page).toHaveTitle('购物流程 - 芯品商城');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('购物流程');
  await expect(menu(page).locator('[aria-current="page"]')).toHaveText('购物流程');

  for (const [title, path] of [
    ['支付方式', '/serve/pay'],
    ['配送说明', '/serve/deliver_goods'],
    ['仓储与现货', '/serve/warehouse'],
    ['退换货政策', '/serve/sales_return'],
    ['正品保障与安全', '/serve/safe'],
  ] as const) {
    await menu(page).getByRole('link', { name: title, exact: true }).click();
    await page.waitForURL(`**${path}`);
    await expect(page).toHaveTitle(`${title} - 芯品商城`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(menu(page).locator('[aria-current="page"]')).toHaveText(title);
  }

  await page.goto('/serve/deliver_goods');
  await expect(page.getByTestId('free-shipping-threshold')).toHaveText('满¥99.00包邮');
  await expect(page.getByTestId('carrier-sf')).toContainText('顺丰速运');
  await expect(page.getByTestId('carrier-pickup')).toContainText('免运费');
  await page.screenshot({ path: 'data/h1-deliver-goods.png', fullPage: true });

  await page.goto('/serve/pay');
  await expect(page.getByTestId('payment-method-bankTransfer')).toContainText('对公转账');
  await expect(page.getByTestId('bank-account')).toBeVisible();
});

test('the help search finds an article by its text and marks the keyword', async ({ page }) => {
  await page.goto('/serve/warehouse');
  await closePopupAd(page);
  const box = page.getByRole('search', { name: '帮助搜索' });
  await box.getByRole('searchbox', { name: '搜索帮助' }).fill('干燥柜');
  await box.getByRole('button', { name: '搜索', exact: true }).click();
  await page.waitForURL('**/serve/search?keyword=*');
  await expect(page).toHaveTitle('“干燥柜”的帮助搜索结果 - 芯品商城');
  const hit = page.getByTestId('help-hit');
  await expect(hit).toHaveCount(1);
  await expect(hit.locator('mark')).toHaveText('干燥柜');
  await page.screenshot({ path: 'data/h1-search.png', fullPage: true });
  await hit.getByRole('link').click();
  await page.waitForURL('**/serve/warehouse');

  await page.goto(`/serve/search?keyword=${encodeURIComponent('包邮')}`);
  await expect(page.getByTestId('help-hit').first()).toBeVisible();
  await expect(page.getByTestId('help-hit').locator('mark').first()).toHaveText('包邮');
  await page.goto(`/serve/search?keyword=${encodeURIComponent('没有这种说法xyz')}`);
  await expect(page.getByText('没有找到与“没有这种说法xyz”相关的帮助')).toBeVisible();
});

test('a visitor votes once: the count goes up, the buttons go off, and a second vote is refused', async ({ page, storeDb }) => {
  const before = await storeDb.selectFrom('helpPages').select('helpfulCount').where('slug', '=', 'sales_return').executeTakeFirstOrThrow();
  await page.goto('/serve/sales_return');
  await closePopupAd(page);
  await expect(page.getByTestId('help-helpful-count')).toHaveText(String(before.helpfulCount));
  await page.getByTestId('help-vote-yes').click();
  await expect(page.locator('.toast').filter({ hasText: '感谢您的反馈' })).toBeVisible();
  await expect(page.getByTestId('help-helpful-count')).toHaveText(String(before.helpfulCount + 1));
  await expect(page.getByTestId('help-vote-yes')).toBeDisabled();
  await expect(page.getByTestId('help-vote-no')).toBeDisabled();

  await page.reload();
  await expect(page.getByTestId('help-helpful-count')).toHaveText(String(before.helpfulCount + 1));
  await expect(page.getByTestId('help-vote-no')).toBeDisabled();
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === csrfCookieName)?.value ?? '';
  const again = await page.request.post(helpCalls.vote.path, { data: { slug: 'sales_return', isHelpful: false }, headers: { [csrfHeaderName]: csrf } });
  expect(await again.json()).toMatchObject({ errorCode: helpErrors.alreadyVoted.errorCode });
  const after = await storeDb.selectFrom('helpPages').select(['helpfulCount', 'unhelpfulCount']).where('slug', '=', 'sales_return').executeTakeFirstOrThrow();
  expect(after.helpfulCount).toBe(before.helpfulCount + 1);
});

test('/activity shows the running campaigns and each of its links answers 200', async ({ page }) => {
  await page.goto('/activity');
  await closePopupAd(page);
  await expect(page).toHaveTitle('优惠活动 - 芯品商城');
  await expect(page.getByTestId('activity-claimable-count')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('activity-pack')).toContainText('新人礼包');
  await page.screenshot({ path: 'data/h1-activity.png', fullPage: true });
  const hrefs = await page.locator('main a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(hrefs).toEqual(expect.arrayContaining(['/coupon', '/product/discount?subject=A01', '/serve/advantage']));
  for (const href of new Set(hrefs)) {
    const response = await page.request.get(href);
    expect(response.status(), href).toBe(200);
  }
  await page.getByTestId('activity-coupons').getByRole('link', { name: '去领券 >' }).click();
  await page.waitForURL('**/coupon');
});
