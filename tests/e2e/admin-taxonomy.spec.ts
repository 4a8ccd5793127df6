import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { pngImage } from '../../src/server/features/upload/testing/upload-test-kit.ts';
import { expect, test, tickCaches, waitForHydration } from './fixtures.ts';

const storePath = `data/e2e-${Number(process.env.E2E_PORT ?? 3100)}/store.sqlite`;

/** A 商品 (catalogue) staff member made by the command line, signed in at /admin. */
async function signInCatalogStaff(page: Page, login: string) {
  const password = 'Taxonomy2026x';
  const output = execFileSync(
    'node',
    ['--import', 'tsx', 'src/server/admin-cli/admin.cli.ts', 'create-user', '--login', login, '--name', '类目小李', '--role', 'catalog'],
    { env: { ...process.env, DATABASE_URL: storePath, STAFF_PASSWORD: password }, encoding: 'utf8' },
  );
  const secret = /密钥: ([A-Z2-7]+)/.exec(output)?.[1];
  if (!secret) throw new Error(`no secret in: ${output}`);
  await page.goto('/admin/login');
  await waitForHydration(page);
  await page.getByLabel('登录名').fill(login);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('动态码').fill(await generate({ secret }));
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

test("a catalogue staff member renames a category; the shop's menu and catalogue show the new name", async ({ page, storeDb }) => {
  const [group] = await storeDb.selectFrom('categoryGroups').select('id').orderBy('sort').orderBy('id').limit(1).execute();
  const first = await storeDb
    .selectFrom('categories')
    .select(['id'])
    .where('level', '=', 1)
    .where('groupId', '=', group?.id ?? 0)
    .orderBy('sort')
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const second = await storeDb
    .selectFrom('categories')
    .select(['id', 'name'])
    .where('parentId', '=', first.id)
    .orderBy('sort')
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const newName = `改名分类${Date.now() % 10_000}`;

  await signInCatalogStaff(page, `cat${Date.now() % 1_000_000}`);
  await page.getByRole('link', { name: '分类管理' }).click();
  await expect(page.getByRole('heading', { name: '分类管理' })).toBeVisible();
  await waitForHydration(page);
  await page.screenshot({ path: '/tmp/h3-categories.png', fullPage: false });
  const row = page.getByTestId(`category-${second.id}`);
  await expect(row.getByText(second.name, { exact: true })).toBeVisible();
  await row.getByRole('button', { name: '改名' }).click();
  await row.getByLabel('分类名称').fill(newName);
  await row.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('status')).toHaveText('已保存');
  await expect(row.getByText(newName, { exact: true })).toBeVisible();

  // The shop's caches follow cache_versions (read at most once a second).
  await expect(async () => {
    await page.goto('/catalogue');
    await expect(page.getByRole('link', { name: newName }).first()).toBeAttached({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  // A visitor's home comes from the page cache, which reads the same signals on its own one-second clock.
  await expect(async () => {
    await page.goto('/');
    await expect(page.locator('.category-menu').getByText(newName).first()).toBeAttached({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
});

test('a catalogue staff member creates a brand with a logo; /brand lists it under its letter with the logo', async ({ page }) => {
  // Creating and deleting a brand changes the catalogue's structure: each tick waits for the search index's full rebuild (and for
  // other journeys' rebuilds in progress), which under four workers on two cores took past the default 30 s once.
  test.slow();
  const name = `Qtest${Date.now() % 100_000}`;
  await signInCatalogStaff(page, `brand${Date.now() % 1_000_000}`);
  await page.getByRole('link', { name: '品牌管理' }).click();
  await expect(page.getByRole('heading', { name: '品牌管理' })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole('button', { name: '新建品牌' }).click();
  const form = page.getByRole('form', { name: '新建品牌' });
  await form.getByLabel('品牌名称').fill(name);
  await form.getByLabel('中文名称').fill('测试半导体');
  await expect(form.getByLabel('首字母')).toHaveValue('');
  await expect(form.getByLabel('首字母').locator('option').first()).toHaveText('自动（Q）');
  await form.getByLabel('上传 Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngImage(300, 100, [30, 90, 200]) });
  await expect(form.getByRole('img', { name: '品牌 Logo' })).toBeVisible();
  await form.getByLabel('官网').fill('https://www.example.com');
  await form.getByLabel('品牌介绍').fill('端到端测试创建的品牌。');
  await page.screenshot({ path: '/tmp/h3-brand-form.png', fullPage: false });
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('status').first()).toHaveText(`已创建品牌 ${name}`);
  await page.getByLabel('品牌名称').fill(name);
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/h3-brands.png', fullPage: false });

  await tickCaches(page);
  await page.goto('/brand');
  const letter = page.locator('#brand-Q');
  await expect(letter.getByText(name).first()).toBeVisible();
  const logo = letter.locator(`img[src*="brandlogo/"]`).first();
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  // 批量删除 asks first: dismissed, the brand stays; accepted, it goes from the grid and from /brand.
  await page.goto('/admin/brands');
  await waitForHydration(page);
  await page.getByLabel('品牌名称').fill(name);
  const grid = page.getByRole('table', { name: '品牌列表' });
  await expect(grid.getByRole('link', { name, exact: true })).toBeVisible();
  await grid.getByRole('checkbox', { name: '选择此行' }).first().check();
  page.once('dialog', (dialog) => void dialog.dismiss());
  await page.getByRole('toolbar', { name: '批量操作' }).getByRole('button', { name: '批量删除' }).click();
  await expect(grid.getByRole('link', { name, exact: true })).toBeVisible();
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('确定删除选中的 1 个品牌吗？有商品的品牌不会删除。');
    void dialog.accept();
  });
  await page.getByRole('toolbar', { name: '批量操作' }).getByRole('button', { name: '批量删除' }).click();
  await expect(page.getByText('已删除 1 个品牌')).toBeVisible();
  await expect(grid.getByRole('link', { name, exact: true })).toHaveCount(0);
  await tickCaches(page);
  await page.goto('/brand');
  await expect(page.locator('#brand-Q').getByText(name)).toHaveCount(0);
});
