import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { freezeClock, selectedIndexOf, waitForCarousel } from './home-fixtures.ts';

/** The home page, hydrated, its pop-ups (ad, quick register bar) closed: they would cover the carousels. */
async function openHome(page: Page) {
  await freezeClock(page);
  await page.goto('/');
  await expect(page.locator('#app[data-hydrated]')).toHaveCount(1);
  const ad = page.getByTestId('popup-ad');
  if (await ad.isVisible()) {
    await page.getByTestId('popup-ad-close').click();
    await expect(ad).toBeHidden();
  }
  const bar = page.getByTestId('quick-register');
  if (await bar.isVisible()) await page.getByTestId('quick-register-close').click();
}

/**
 * The home carousels load their driver (embla) on demand, outside the page's JavaScript budget:
 * an off-screen one only when scrolled to. Rotation has a visible 暂停轮播/播放轮播 button, pauses on
 * hover and stops on keyboard focus (WAI-ARIA APG carousel).
 */
test.describe('carousels', () => {
  test('an off-screen carousel loads when scrolled to, then rotates and moves with its arrows', async ({ page }) => {
    await openHome(page);
    const carousel = page.getByTestId('brand-carousel');
    await expect(carousel).toHaveAttribute('data-ready', 'false');
    await waitForCarousel(page, 'brand-carousel');
    await expect(carousel).toHaveAttribute('data-playing', 'true');
    await page.mouse.move(0, 0);
    await page.clock.runFor(5000);
    await expect(carousel).toHaveAttribute('data-selected-index', '1');
    await carousel.getByRole('button', { name: '第1张' }).click();
    await expect(carousel).toHaveAttribute('data-selected-index', '0');
    await expect(carousel.getByRole('group').first()).toHaveAttribute('aria-label', /^第 1 张，共 \d+ 张$/);

    const stand = page.getByTestId('product-carousel');
    await waitForCarousel(page, 'product-carousel');
    // It may have turned by itself meanwhile (it came into view on the way down).
    const before = await selectedIndexOf(page, 'product-carousel');
    const slideCount = Number(await stand.getAttribute('data-slide-count'));
    await stand.getByRole('button', { name: '下一张' }).click();
    await expect(stand).toHaveAttribute('data-selected-index', String((before + 1) % slideCount));
  });

  test('the pause button stops the rotation and the play button starts it again', async ({ page }) => {
    await openHome(page);
    await waitForCarousel(page, 'brand-carousel');
    const carousel = page.getByTestId('brand-carousel');
    const container = carousel.locator('.carousel__container');
    await expect(container).toHaveAttribute('aria-live', 'off');
    await carousel.getByRole('button', { name: '暂停轮播' }).click();
    await expect(carousel.getByRole('button', { name: '播放轮播' })).toBeVisible();
    await expect(container).toHaveAttribute('aria-live', 'polite');
    await page.mouse.move(0, 0);
    await page.clock.runFor(15_000);
    expect(await selectedIndexOf(page, 'brand-carousel')).toBe(0);
    await carousel.getByRole('button', { name: '播放轮播' }).click();
    await page.mouse.move(0, 0);
    await expect(container).toHaveAttribute('aria-live', 'off');
    await page.clock.runFor(5000);
    await expect(carousel).toHaveAttribute('data-selected-index', '1');
  });

  test('hovering pauses the rotation, keyboard focus stops it', async ({ page }) => {
    await openHome(page);
    await waitForCarousel(page, 'brand-carousel');
    const carousel = page.getByTestId('brand-carousel');
    await carousel.hover();
    await expect(carousel).toHaveAttribute('data-playing', 'false');
    await page.clock.runFor(10_000);
    expect(await selectedIndexOf(page, 'brand-carousel')).toBe(0);
    await page.mouse.move(0, 0);
    await expect(carousel).toHaveAttribute('data-playing', 'true');

    await carousel.getByRole('button', { name: '暂停轮播' }).focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(carousel.getByRole('button', { name: '播放轮播' })).toBeVisible();
    await page.clock.runFor(10_000);
    expect(await selectedIndexOf(page, 'brand-carousel')).toBe(0);
  });
});
