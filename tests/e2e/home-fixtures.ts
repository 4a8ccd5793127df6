import type { Page } from '@playwright/test';
import type { HomeData } from '../../src/contract/home.ts';
import { initialStateElementId, type PageState } from '../../src/contract/shell.ts';
import { expect } from './fixtures.ts';

/**
 * Shared steps of the home, register-box and mobile journeys. The clock is frozen before the
 * page loads, so timers (autoplay, countdowns, toasts, reloads) only move when a test says so.
 */
export async function freezeClock(page: Page, time: Date = new Date('2026-06-11T10:00:00+08:00')): Promise<void> {
  await page.clock.install({ time });
  // Installing lets time flow; pausing a little later (before any page exists) stops it. Ten seconds of margin: on a
  // loaded machine more than one second may pass between the two calls, and the clock cannot pause in its past.
  await page.clock.pauseAt(new Date(time.getTime() + 10_000));
}

/** The state the server embedded in the page. */
export async function homeStateOf(page: Page): Promise<PageState<HomeData>> {
  const text = await page.locator(`#${initialStateElementId}`).textContent();
  return JSON.parse(text ?? '{}') as PageState<HomeData>;
}

/** Brings a carousel into view (its script loads then) and waits until the script drives it. */
export async function waitForCarousel(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).scrollIntoViewIfNeeded();
  await expect(page.getByTestId(testId)).toHaveAttribute('data-ready', 'true');
}

export async function selectedIndexOf(page: Page, testId: string): Promise<number> {
  return Number(await page.getByTestId(testId).getAttribute('data-selected-index'));
}

/** The anti-forgery header value of this browser, for calls made with page.request. */
export async function csrfHeaderOf(page: Page): Promise<Record<string, string>> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'csrfToken')?.value ?? '';
  return { 'x-csrf-token': token };
}

/**
 * The home page's HTML with the display stand cut to its first slide, consistently in the
 * markup and in the embedded state, so the page hydrates as if the server had only one.
 */
export function keepFirstStandSlide(html: string): string {
  const stateMatch = new RegExp(`(<script type="application/json" id="${initialStateElementId}">)([\\s\\S]*?)(</script>)`).exec(html);
  if (!stateMatch?.[2]) throw new Error('no state');
  const state = JSON.parse(stateMatch[2]) as { data: { productList: unknown[] } };
  const slideCount = state.data.productList.length;
  state.data.productList = state.data.productList.slice(0, 1);
  const stateJson = JSON.stringify(state).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
  const [whole, open = '', , close = ''] = stateMatch;
  let body = html.replace(whole, `${open}${stateJson}${close}`);

  const start = body.indexOf('data-testid="product-carousel"');
  const carouselStart = body.lastIndexOf('<div', start);
  const carouselEnd = closingDivEnd(body, carouselStart);
  let carousel = body.slice(carouselStart, carouselEnd);
  carousel = carousel.replace(`data-slide-count="${slideCount}"`, 'data-slide-count="1"');
  for (let index = slideCount; index >= 2; index--) {
    const label = `aria-label="第 ${index} 张，共 ${slideCount} 张"`;
    const slideStart = carousel.lastIndexOf('<div', carousel.indexOf(label));
    carousel = carousel.slice(0, slideStart) + carousel.slice(closingDivEnd(carousel, slideStart));
  }
  carousel = carousel
    .replace(`aria-label="第 1 张，共 ${slideCount} 张"`, 'aria-label="第 1 张，共 1 张"')
    .replace(/<button[^>]*carousel__(?:arrow|play)[\s\S]*?<\/button>/g, '')
    .replace('aria-live="off"', 'aria-live="polite"');
  body = body.slice(0, carouselStart) + carousel + body.slice(carouselEnd);
  return body;
}

/** Where the <div> opening at `from` closes (just after its </div>). */
function closingDivEnd(html: string, from: number): number {
  let depth = 0;
  const tags = /<div\b|<\/div>/g;
  tags.lastIndex = from;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    depth += match[0] === '</div>' ? -1 : 1;
    if (depth === 0) return match.index + match[0].length;
  }
  throw new Error('unbalanced markup');
}
