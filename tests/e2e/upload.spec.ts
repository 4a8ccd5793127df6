import { build } from 'esbuild';
import type { Page } from '@playwright/test';
import { uploadCalls } from '../../src/contract/upload-calls.ts';
import { localUploadPath } from '../../src/contract/upload.ts';
import { pngImage, pngOfSize, svgImage, windowsProgram } from '../../src/server/features/upload/testing/upload-test-kit.ts';
import { expect, test } from './fixtures.ts';

/**
 * The picture uploader (useImageUpload + ImageUploader) in Chromium against the production server.
 * No page holds it yet (the after-sales page will), so the test mounts it into the member centre:
 * upload-harness.tsx, bundled here, added to /user/person (CSP bypassed for that one script).
 */
test.use({ bypassCSP: true });

let harnessScript = '';

test.beforeAll(async () => {
  const result = await build({
    entryPoints: ['tests/e2e/upload-harness.tsx'],
    bundle: true,
    write: false,
    format: 'iife',
    jsx: 'automatic',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  harnessScript = result.outputFiles[0]?.text ?? '';
});

async function openUploader(page: Page) {
  await page.goto('/user/person');
  await page.addStyleTag({ path: 'src/web/features/upload/image-uploader.css' });
  await page.addScriptTag({ content: harnessScript });
  await expect(page.locator('.image-uploader')).toBeVisible();
  return page.locator('.image-uploader__input');
}

const picture = (name: string, rgb: [number, number, number]) => ({ name, mimeType: 'image/png', buffer: pngImage(160, 120, rgb) });

test('uploads chosen pictures with previews, removes one, and keeps the keys of the stored ones', async ({ page, member, storeDb }) => {
  const input = await openUploader(page);
  await expect(page.locator('.image-uploader__hint')).toHaveText('支持 bmp、jpg、png、webp 格式，单张不超过 5MB，最多 3 张');
  await input.setInputFiles([picture('故障1.png', [200, 60, 60]), picture('故障2.png', [60, 120, 200])]);
  await expect(page.locator('.image-uploader__item[data-status="done"]')).toHaveCount(2);

  const keys = ((await page.getByTestId('keys').textContent()) ?? '').split(',');
  expect(keys).toHaveLength(2);
  for (const key of keys) expect(key).toMatch(new RegExp(`^feedback/${member.userId}/[0-9a-f]{32}\\.png$`));
  const rows = await storeDb.selectFrom('uploads').select(['key', 'purpose', 'mime']).where('userId', '=', member.userId).orderBy('createdAt').execute();
  expect(rows.map((row) => row.key).sort()).toEqual([...keys].sort());
  expect(rows.every((row) => row.purpose === 'feedback' && row.mime === 'image/png')).toBe(true);

  // Decoded once loaded: poll rather than read at once.
  await expect
    .poll(() => page.locator('.image-uploader__thumb').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth)))
    .toEqual([160, 160]);
  const served = await page.request.get(`/img/${keys[0] ?? ''}`);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
  await page.screenshot({ path: 'data/upload-uploader.png', fullPage: false });

  await page.getByRole('button', { name: '删除图片故障1.png' }).click();
  await expect(page.locator('.image-uploader__item[data-status]')).toHaveCount(1);
  await expect(page.getByTestId('keys')).toHaveText(keys[1] ?? '');

  await input.setInputFiles([picture('故障3.png', [60, 160, 90]), picture('故障4.png', [160, 160, 60])]);
  await expect(page.locator('.image-uploader__item[data-status="done"]')).toHaveCount(3);
  await expect(page.locator('.image-uploader__add')).toHaveCount(0);
});

test('checks the type and the size before sending, in the server’s words', async ({ page, member }) => {
  const input = await openUploader(page);
  expect(member.userId).toBeGreaterThan(0);
  await input.setInputFiles([{ name: 'icon.svg', mimeType: 'image/svg+xml', buffer: svgImage }]);
  await expect(page.locator('.toast', { hasText: '图片格式仅支持 bmp、jpg、png、webp' })).toBeVisible();
  await input.setInputFiles([{ name: 'big.png', mimeType: 'image/png', buffer: pngOfSize(5 * 1024 * 1024 + 1) }]);
  await expect(page.locator('.toast', { hasText: '图片不能超过 5MB' })).toBeVisible();
  await expect(page.locator('.image-uploader__item[data-status]')).toHaveCount(0);
});

test('takes no more pictures than the form allows', async ({ page, member }) => {
  const input = await openUploader(page);
  expect(member.userId).toBeGreaterThan(0);
  await input.setInputFiles(['a', 'b', 'c', 'd'].map((name) => picture(`${name}.png`, [90, 90, 90])));
  await expect(page.locator('.toast', { hasText: '最多上传 3 张图片' })).toBeVisible();
  await expect(page.locator('.image-uploader__item[data-status="done"]')).toHaveCount(3);
  await expect(page.locator('.image-uploader__add')).toHaveCount(0);
});

test('a program named .png passes the browser’s check and is refused by the store: marked failed, told, not kept', async ({ page, member, storeDb }) => {
  const input = await openUploader(page);
  await input.setInputFiles([{ name: 'setup.png', mimeType: 'image/png', buffer: windowsProgram }]);
  const failed = page.locator('.image-uploader__item[data-status="failed"]');
  await expect(failed).toContainText('上传失败');
  await expect(failed).toContainText('无法预览');
  await expect(page.locator('.toast', { hasText: '图片格式仅支持 bmp、jpg、png、webp' })).toBeVisible();
  await expect(page.getByTestId('keys')).toHaveText('');
  await page.locator('.upload-harness').screenshot({ path: 'data/upload-failed.png' });
  expect(await storeDb.selectFrom('uploads').select('key').where('userId', '=', member.userId).execute()).toEqual([]);
  await page.getByRole('button', { name: '删除图片setup.png' }).click();
  await expect(page.locator('.image-uploader__item[data-status]')).toHaveCount(0);
});

test('shows progress until the store answers, and asks for a new token once when the old one is refused', async ({ page, member }) => {
  const input = await openUploader(page);
  expect(member.userId).toBeGreaterThan(0);
  let tokenRequests = 0;
  page.on('request', (request) => {
    if (request.url().endsWith(uploadCalls.getQiniuToken.path)) tokenRequests += 1;
  });
  let uploads = 0;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${localUploadPath}`, async (route) => {
    uploads += 1;
    if (uploads === 1) {
      await route.fulfill({ json: { code: 400, data: null, msg: '上传凭证已过期，请重新上传', errorCode: 'upload.tokenExpired' } });
      return;
    }
    await released;
    await route.continue();
  });

  await input.setInputFiles([picture('慢.png', [120, 60, 160])]);
  const progress = page.getByRole('progressbar', { name: '慢.png上传进度' });
  await expect(progress).toBeVisible();
  await expect.poll(() => uploads).toBe(2);
  expect(Number(await progress.getAttribute('aria-valuenow'))).toBeLessThan(100);
  await expect(page.getByTestId('uploading')).toHaveText('true');
  await page.locator('.upload-harness').screenshot({ path: 'data/upload-progress.png' });
  release();
  await expect(page.locator('.image-uploader__item[data-status="done"]')).toHaveCount(1);
  await expect(progress).toHaveCount(0);
  expect(tokenRequests).toBe(2);
});
