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
