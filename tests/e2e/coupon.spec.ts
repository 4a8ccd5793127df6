import type { Page } from '@playwright/test';
import { expect, latestSmsCode, test, uniquePhone } from './fixtures.ts';

const pack = { faces: ['¥50', '¥30', '¥20'], thresholds: ['满500元可用', '满300元可用', '满200元可用'] };

/** The centre card of a coupon, by its name. */
function centreCard(page: Page, name: string) {
  return page.getByTestId('centre-coupon').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** Registers through the home page's quick-register pop-up (the pop-up ad closed); the page reloads as the new member. */
async function registerInQuickRegisterPopup(page: Page): Promise<string> {
  const box = page.getByTestId('quick-register').getByTestId('register-box');
  const phone = uniquePhone();
  await box.getByTestId('register-phone').fill(phone);
  await box.getByTestId('register-send').click();
  await expect(page.locator('.toast').filter({ hasText: '验证码发送成功' })).toBeVisible();
  await box.getByTestId('register-code').fill(await latestSmsCode(page, phone));
  await box.getByTestId('register-submit').click();
  await expect(page.locator('.toast').filter({ hasText: '注册成功' })).toBeVisible();
  await expect(page.getByTestId('sidebar-coupon')).toBeVisible({ timeout: 10_000 });
  return phone;
}

test('a visitor is offered the new-member pack, registers, gets its three coupons, is not offered it again, and claims a centre coupon', async ({
  page,
  storeDb,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('top-ad').getByRole('link')).toHaveAttribute('href', '/serve/advantage');
  await expect(page.getByTestId('popup-ad-link')).toHaveAttribute('href', '/serve/advantage');
  await expect(page.getByTestId('quick-register')).toContainText('新人注册即送 ¥100 券包');
  await expect(page.getByTestId('sidebar-gift').getByRole('link')).toHaveAttribute('href', '/serve/advantage');
  await expect(page.locator('[data-testid="banner-link"][href="/serve/advantage"]')).toHaveCount(1);

  // The top banner leads to the pack's page: the three coupons the adverts promise.
  await page.getByTestId('popup-ad-close').click();
  await page.getByTestId('top-ad').getByRole('link').click();
  await page.waitForURL('**/serve/advantage');
  await expect(page.getByTestId('gift-pack-title')).toHaveText('¥100 元器件券包');
  const offered = page.getByTestId('gift-pack-coupon');
  await expect(offered.getByTestId('coupon-face')).toHaveText(pack.faces);
  await expect(offered.getByTestId('coupon-threshold')).toHaveText(pack.thresholds);
  await expect(page.getByTestId('gift-pack-register')).toHaveAttribute('href', '/account/register?return=%2Fserve%2Fadvantage');

  // The pop-up ad stays closed for this visitor today; the quick-register pop-up still offers the pack.
  await page.goto('/');
  await expect(page.getByTestId('popup-ad')).toHaveCount(0);
  const phone = await registerInQuickRegisterPopup(page);

  // A member who has the pack: no pack ads, no quick-register pop-up, the coupon centre instead.
  await expect(page.getByTestId('popup-ad')).toHaveCount(0);
  await expect(page.getByTestId('top-ad')).toHaveCount(0);
  await expect(page.getByTestId('quick-register')).toHaveCount(0);
  await expect(page.getByTestId('sidebar-gift')).toHaveCount(0);
  await expect(page.getByTestId('sidebar-coupon').getByRole('link')).toHaveAttribute('href', '/coupon');
  await expect(page.locator('[data-testid="banner-link"][href="/serve/advantage"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="banner-link"][href="/coupon"]')).toHaveCount(1);

  await page.goto('/serve/advantage');
  const received = page.getByTestId('gift-pack-received');
  await expect(received.getByTestId('coupon-face')).toHaveText(pack.faces);
  await expect(received.getByTestId('coupon-stamp')).toHaveText(['未使用', '未使用', '未使用']);

  await page.goto('/user/coupon');
  await expect(page.getByTestId('coupon-tab-unused')).toHaveText('未使用(3)');
  await expect(page.getByTestId('my-coupon').getByTestId('coupon-face')).toHaveText(pack.faces);
  await expect(page.getByTestId('my-coupon').first().getByTestId('coupon-scope')).toContainText('全场通用');

  // The coupon centre: claiming updates the card in place.
  await page.goto('/coupon');
  const card = centreCard(page, '全场通用券 满99减5');
  await card.getByTestId('coupon-claim').click();
  await expect(page.locator('.toast').filter({ hasText: '领取成功' })).toBeVisible();
  await expect(card.getByTestId('coupon-stamp')).toHaveText('已领取');
  await expect(card.getByTestId('coupon-use')).toHaveAttribute('href', '/catalogue');

  await page.goto('/user/coupon');
  await expect(page.getByTestId('coupon-tab-unused')).toHaveText('未使用(4)');
  const user = await storeDb.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
  const sources = await storeDb.selectFrom('memberCoupons').select('source').where('userId', '=', user.id).execute();
  expect(sources.map((row) => row.source).sort()).toEqual(['centre', 'newMemberPack', 'newMemberPack', 'newMemberPack']);
});

test('visitors are asked to log in; a member takes the last coupon of a stock and the next visitor sees it sold out', async ({
  page,
  browser,
  member,
  storeDb,
}) => {
  const visitor = await browser.newPage();
  await visitor.goto('/coupon');
  const murataForVisitor = centreCard(visitor, 'Murata(村田)专享券 满150减10');
  await expect(murataForVisitor.getByTestId('coupon-login')).toHaveAttribute('href', '/account/login?return=%2Fcoupon');
  await expect(murataForVisitor.getByTestId('coupon-stock')).toContainText('已抢99%');
  await expect(centreCard(visitor, 'Yageo(国巨)专享券 满100减10').getByRole('button')).toHaveText('已抢光');
  await visitor.getByRole('tab', { name: '运费券' }).click();
  await expect(visitor.getByTestId('centre-coupon')).toHaveCount(1);
  await expect(visitor.getByTestId('centre-coupon').getByTestId('coupon-scope')).toContainText('运费券');

  await page.goto('/coupon');
  const murata = centreCard(page, 'Murata(村田)专享券 满150减10');
  await murata.getByTestId('coupon-claim').click();
  await expect(murata.getByTestId('coupon-stamp')).toHaveText('已领取');
  await expect(murata.getByTestId('coupon-stock')).toContainText('已抢100%');
  const held = await storeDb
    .selectFrom('memberCoupons as mc')
    .innerJoin('couponTemplates as ct', 'ct.id', 'mc.templateId')
    .select('ct.name')
    .where('mc.userId', '=', member.userId)
    .execute();
  expect(held).toEqual([{ name: 'Murata(村田)专享券 满150减10' }]);

  await visitor.reload();
  await expect(murataForVisitor.getByRole('button')).toHaveText('已抢光');
  await expect(murataForVisitor.getByTestId('coupon-stamp')).toHaveText('已抢光');
  await visitor.close();
});
