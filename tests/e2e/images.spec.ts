import { mkdirSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';

const packageNames = ['0603', 'sop-8', 'qfp-48', 'sot-23', 'sot-223', 'tssop', 'qfn', 'dip-8', 'to-220', 'module', 'pin-header', 'usb', 'connector', 'ic'];

test('package drawings, brand logos and the default avatar load as pictures', async ({ page }) => {
  await page.goto('/');
  const urls = [...packageNames.map((name) => `/img/package/${name}.svg`), '/img/brand/1.svg', '/img/brand/12.svg', '/img/avatar/default.svg'];
  const widths = await page.evaluate(
    (list) =>
      Promise.all(
        list.map(
          (url) =>
            new Promise<[string, number]>((done) => {
              const image = new Image();
              image.onload = () => done([url, image.naturalWidth]);
              image.onerror = () => done([url, 0]);
              image.src = url;
            }),
        ),
      ),
    urls,
  );
  for (const [url, width] of widths) expect(width, url).toBeGreaterThan(0);

  const missing = await page.request.get('/img/package/no-such-package.svg');
  expect(missing.status()).toBe(404);
  const drawing = await page.request.get('/img/package/sop-8.svg');
  expect(drawing.headers()['content-type']).toContain('image/svg+xml');
  expect(drawing.headers()['cache-control']).toContain('max-age=31536000');
  expect(drawing.headers()['set-cookie']).toBeUndefined();
});

test('the seeded catalogue shows its famous parts with their drawings', async ({ page }) => {
  const response = await page.goto('/product/detail/1');
  expect(response?.status()).toBe(200);
  await expect(page.getByText('STM32F103C8T6').first()).toBeVisible();
  const drawing = page.locator('img[src$="/img/package/qfp-48.svg"]').first();
  await expect(drawing).toBeVisible();
  await expect.poll(() => drawing.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
});

interface ImageFacts {
  src: string;
  width: string | null;
  height: string | null;
  loading: string | null;
  fetchPriority: string | null;
  isBelowFold: boolean;
}

/** Every <img> of the page as served (before any scrolling): its size attributes and how it loads. */
function imagesOf(page: Page): Promise<ImageFacts[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('img')].map((image) => {
      const box = image.getBoundingClientRect();
      const isShown = box.width > 0 && box.height > 0;
      return {
        src: image.getAttribute('src') ?? '',
        width: image.getAttribute('width'),
        height: image.getAttribute('height'),
        loading: image.getAttribute('loading'),
        fetchPriority: image.getAttribute('fetchpriority'),
        isBelowFold: isShown && (box.top >= window.innerHeight || box.left >= window.innerWidth),
      };
    }),
  );
}

for (const { name, path } of [
  { name: 'home', path: '/' },
  { name: 'search', path: '/search?key=STM32' },
  { name: 'product detail', path: '/product/detail/1' },
  { name: 'brand list', path: '/brand' },
]) {
  test(`every picture of the ${name} page has its size, and those below the fold load lazily`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(path);
    const images = await imagesOf(page);
    expect(images.length, 'pictures on the page').toBeGreaterThan(0);
    for (const image of images) {
      expect(Number(image.width), `width of ${image.src}`).toBeGreaterThan(0);
      expect(Number(image.height), `height of ${image.src}`).toBeGreaterThan(0);
      if (image.isBelowFold) expect(image.loading, `loading of ${image.src}`).toBe('lazy');
    }
    expect(images.some((image) => image.isBelowFold)).toBe(true);
  });
}

test('the largest picture above the fold is fetched first, never lazily', async ({ page }) => {
  await page.goto('/');
  const firstSlide = page.getByTestId('banner-link').first().locator('img');
  await expect(firstSlide).toHaveAttribute('fetchpriority', 'high');
  await expect(firstSlide).not.toHaveAttribute('loading', 'lazy');
  const laterSlide = page.getByTestId('banner-link').nth(1).locator('img');
  await expect(laterSlide).toHaveAttribute('loading', 'lazy');

  // The gallery's picture, whatever it shows: other journeys may give the part another one.
  await page.goto('/product/detail/1');
  const main = page.locator('.product-hero__gallery img');
  await expect(main).toHaveAttribute('fetchpriority', 'high');
  await expect(main).not.toHaveAttribute('loading', 'lazy');
});

test('a stored raster picture comes as WebP to a browser that takes it, at the widths of its srcset', async ({ page }) => {
  const name = `${Date.now().toString(16).padStart(16, '0')}${'0'.repeat(16)}`.slice(0, 32);
  const uploads = `data/e2e-${Number(process.env.E2E_PORT ?? 3100)}/uploads/cms`;
  mkdirSync(uploads, { recursive: true });
  writeFileSync(
    `${uploads}/${name}.png`,
    await sharp({ create: { width: 1460, height: 900, channels: 3, background: '#1e50ae' } })
      .png()
      .toBuffer(),
  );

  const asWebp = await page.request.get(`/img/cms/${name}.png?w=730`, { headers: { accept: 'image/avif,image/webp,*/*' } });
  expect(asWebp.status()).toBe(200);
  expect(asWebp.headers()['content-type']).toBe('image/webp');
  expect(asWebp.headers().vary).toContain('Accept');
  expect(await sharp(await asWebp.body()).metadata()).toMatchObject({ format: 'webp', width: 730 });

  const asPng = await page.request.get(`/img/cms/${name}.png?w=730`, { headers: { accept: 'image/png' } });
  expect(asPng.headers()['content-type']).toBe('image/png');
  expect((await page.request.get(`/img/cms/${name}.png?w=733`)).status()).toBe(404);

  // Chromium's own picture request (its Accept names WebP) gets WebP.
  await page.goto('/');
  const [loaded] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith(`/img/cms/${name}.png?w=1460`)),
    page.evaluate((url) => {
      const image = new Image();
      image.src = url;
      document.body.append(image);
    }, `/img/cms/${name}.png?w=1460`),
  ]);
  expect(loaded.headers()['content-type']).toBe('image/webp');
});
