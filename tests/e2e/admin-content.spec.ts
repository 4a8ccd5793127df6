import { execFileSync } from 'node:child_process';
import { deflateSync, crc32 } from 'node:zlib';
import { generate } from 'otplib';
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures.ts';

const storePath = `data/e2e-${Number(process.env.E2E_PORT ?? 3100)}/store.sqlite`;

/** A 内容 (content editor) staff account made by the command line; its TOTP secret. */
function createContentStaff(login: string, password: string): string {
  const output = execFileSync(
    'node',
    ['--import', 'tsx', 'src/server/admin-cli/admin.cli.ts', 'create-user', '--login', login, '--name', '内容小李', '--role', 'content'],
    { env: { ...process.env, DATABASE_URL: storePath, STAFF_PASSWORD: password }, encoding: 'utf8' },
  );
  const secret = /密钥: ([A-Z2-7]+)/.exec(output)?.[1];
  if (!secret) throw new Error(`no secret in: ${output}`);
  return secret;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A 730×450 banner picture of one colour. */
function bannerPng(): Buffer {
  const [width, height] = [730, 450];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [30, 80, 174]).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function logIn(page: Page, login: string, password: string, secret: string) {
  await page.goto('/admin/login');
  await waitForHydration(page);
  await page.getByLabel('登录名').fill(login);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('动态码').fill(await generate({ secret }));
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

test('a content editor uploads a banner, previews the draft (which visitors do not see), publishes it and it shows in the home carousel', async ({
  page,
  browser,
}) => {
  // A long journey (upload, preview, publish, four tabs): 16 s alone, 28–31 s beside the ICP journey on 2 cores.
  test.setTimeout(60_000);
  const login = `editor${Date.now() % 1_000_000}`;
  const password = 'Content2026x';
  await logIn(page, login, password, createContentStaff(login, password));
  const clickUrl = `/activity?banner=${Date.now()}`;

  await page.getByRole('link', { name: '内容管理' }).click();
  await expect(page).toHaveURL(/\/admin\/content$/);
  await expect(page.getByRole('heading', { name: '轮播图', exact: true })).toBeVisible();
  await waitForHydration(page);
  const form = page.getByTestId('banner-form');
  await form.getByTestId('picFilePath-file').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: bannerPng() });
  await expect(form.getByRole('status')).toHaveText('图片已上传');
  await expect(form.getByLabel('轮播图片')).toHaveValue(/^cms\/[0-9a-f]{32}\.png$/);
  await form.getByLabel('链接地址').fill(clickUrl);
  await form.getByLabel('背景色').fill('#1e50ae');
  await form.getByLabel('排序（小的在前）').fill('-50');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByTestId('content-notice')).toHaveText('轮播图已保存为草稿：可先预览首页，再发布');
  const row = page.getByTestId('banner-row').filter({ hasText: clickUrl });
  await expect(row.getByText('草稿')).toBeVisible();
  await page.screenshot({ path: '/tmp/h7-content-home.png', fullPage: true });

  const visitor = await browser.newPage();
  const slideOf = (target: Page) => target.locator(`[data-testid="banner-link"][href="${clickUrl}"]`);
  await visitor.goto('/');
  await expect(visitor.getByTestId('banner-link').first()).toBeAttached();
  await expect(slideOf(visitor)).toHaveCount(0);
  await visitor.goto('/admin/content/preview');
  await expect(visitor).toHaveURL(/\/admin\/login/);

  const preview = await page.context().newPage();
  await preview.goto('/admin/content/preview');
  await expect(slideOf(preview)).toHaveCount(1);
  await preview.screenshot({ path: '/tmp/h7-content-preview.png' });
  await preview.close();

  await row.getByRole('button', { name: '发布' }).click();
  await expect(page.getByTestId('content-notice')).toHaveText('轮播图已发布');
  await expect(row.getByText('已发布')).toBeVisible();

  await expect(async () => {
    await visitor.goto('/');
    await expect(slideOf(visitor)).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  const picture = slideOf(visitor).locator('img');
  await expect(picture).toHaveAttribute('src', /cms\/[0-9a-f]{32}\.png$/);
  // The store makes the uploaded banner at the widths of its srcset (WebP for Chromium).
  await expect(picture).toHaveAttribute('srcset', /cms\/[0-9a-f]{32}\.png\?w=730 730w, .*\?w=1460 1460w$/);
  expect(await picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(730);
  await visitor.close();

  for (const [tab, shot] of [
    ['新闻', 'news'],
    ['帮助与公司页面', 'help'],
    ['广告', 'ads'],
    ['热门搜索词、友情链接与站点设置', 'site'],
  ] as const) {
    await page.getByRole('navigation', { name: '内容管理' }).getByRole('link', { name: tab, exact: true }).click();
    await waitForHydration(page);
    await page.screenshot({ path: `/tmp/h7-content-${shot}.png`, fullPage: true });
  }
});

// The ICP number, not the hotline: the shell's journeys running alongside read the hotline, and every
// footer keeps an "ICP备" text whichever number is published.
test('a content editor saves a new ICP number as a draft, previews it (a visitor does not see it), publishes it and the visitor sees it', async ({
  page,
  browser,
}) => {
  // 22–27 s beside the banner journey on 2 cores, against the default 30 s.
  test.setTimeout(60_000);
  const login = `icp${Date.now() % 1_000_000}`;
  const password = 'Content2026x';
  await logIn(page, login, password, createContentStaff(login, password));
  const icp = `粤ICP备${String(Date.now() % 100_000_000).padStart(8, '0')}号`;

  await page.goto('/admin/content/site');
  await waitForHydration(page);
  const form = page.getByTestId('settings-form');
  await form.getByLabel('ICP备案号').fill(icp);
  await form.getByRole('button', { name: '保存站点设置草稿' }).click();
  await expect(page.getByTestId('content-notice')).toHaveText('站点设置已保存为草稿：可先预览首页，再发布');
  const draftBar = page.getByTestId('settings-draft');
  await expect(draftBar.getByText('草稿未发布')).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto('/');
  await expect(visitor.getByTestId('footer-legal')).toContainText('ICP备');
  await expect(visitor.getByTestId('footer-legal')).not.toContainText(icp);
  await visitor.goto('/admin/content/preview');
  await expect(visitor).toHaveURL(/\/admin\/login/);
  await expect(visitor.getByText(icp)).toHaveCount(0);

  const opened = page.context().waitForEvent('page');
  await draftBar.getByRole('link', { name: '预览站点设置草稿' }).click();
  const preview = await opened;
  await expect(preview).toHaveURL(/\/admin\/content\/preview$/);
  await expect(preview.getByTestId('footer-legal')).toContainText(icp);
  await preview.screenshot({ path: '/tmp/content-preview-icp.png' });
  await preview.close();

  await draftBar.getByRole('button', { name: '发布站点设置' }).click();
  await expect(page.getByTestId('content-notice')).toHaveText('草稿已发布');
  await expect(draftBar.getByText('已发布')).toBeVisible();
  await expect(async () => {
    await visitor.goto('/');
    await expect(visitor.getByTestId('footer-legal')).toContainText(icp, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await visitor.close();
});
