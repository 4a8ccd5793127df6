import { readFile } from 'node:fs/promises';
import { generate } from 'otplib';
import { formatUnitPriceE4 } from '../../src/contract/money.ts';
import { priceImportMessages } from '../../src/contract/price-import.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { createStaffByCli } from './staff-cli.ts';

const createCatalogStaff = (login: string, password: string) => createStaffByCli(login, password, '导入小李', 'catalog');

test('a catalogue staff member imports a 10,000-row price list with errors, reads the report, applies it and the shop shows the new price', async ({
  page,
  storeDb,
}) => {
  test.setTimeout(180_000);
  const product = await storeDb
    .selectFrom('products')
    .innerJoin('brands', 'brands.id', 'products.brandId')
    .select(['products.id', 'products.code', 'brands.nameEn'])
    .where('products.lifecycle', '=', 'active')
    .where('products.isSpecialOffer', '=', 0)
    .where('products.stock', '>', 0)
    // A seeded part: the parts other journeys insert (E2E-RB-…, FAVE2E…) have prices those journeys check.
    .where('products.code', 'not like', '%E2E%')
    .orderBy('products.id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const newPriceE4 = 88_888;
  const tag = String(Date.now() % 1_000_000);
  // 10,000 data rows: the shop's part with a new price, 9,970 new parts, 29 bad rows (a price that is not one, no part number).
  const lines = ['供应商价格表（测试）', '型号,品牌,库存,1+,100+', `${product.code},${product.nameEn},500,8.8888,8.5`];
  const badRows: number[] = [];
  for (let index = 1; index < 10_000; index++) {
    if (index % 345 === 0) {
      badRows.push(lines.length + 1);
      lines.push(`E2E${tag}-${index},${product.nameEn},10,价格待定,`);
    } else lines.push(`E2E${tag}-${index},${product.nameEn},${index},${(1 + (index % 90) / 10).toFixed(2)},1.00`);
  }
  const csv = `${lines.join('\r\n')}\r\n`;

  const login = `import${tag}`;
  const password = 'Import2026xy';
  const secret = createCatalogStaff(login, password);
  await page.goto('/admin/login');
  await waitForHydration(page);
  await page.getByLabel('登录名').fill(login);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('动态码').fill(await generate({ secret }));
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole('link', { name: '价格导入' }).click();
  await expect(page.getByRole('heading', { name: '价格导入' })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel('价格表文件').setInputFiles({ name: '供应商价格表.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByTestId('price-import-upload').click();
  await expect(page.getByRole('heading', { name: /列映射：供应商价格表\.csv/ })).toBeVisible();
  await expect(page.getByLabel('第1列用途')).toHaveValue('mpn');
  await expect(page.getByLabel('第4列用途')).toHaveValue('tierPrice');
  await expect(page.getByLabel('第4列起始数量')).toHaveValue('1');
  await page.getByLabel('新商品分类').selectOption({ index: 1 });
  await page.getByTestId('price-import-validate').click();

  await expect(page.getByTestId('summary-total')).toHaveText('10,000', { timeout: 60_000 });
  await expect(page.getByTestId('summary-error')).toHaveText(String(badRows.length));
  await expect(page.getByTestId('summary-priceChange')).toHaveText('1');
  await expect(page.getByTestId('summary-create')).toHaveText((10_000 - 1 - badRows.length).toLocaleString('en'));
  const firstErrors = page.getByTestId('price-import-errors');
  await expect(firstErrors.getByRole('row').nth(1)).toContainText(String(badRows[0]));
  await expect(firstErrors.getByRole('row').nth(1)).toContainText(priceImportMessages.priceInvalid);

  const download = page.waitForEvent('download');
  await page.getByTestId('price-import-report-csv').click();
  const report = await readFile(await (await download).path(), 'utf8');
  const reportLines = report.replace(/^\uFEFF/, '').split('\r\n');
  expect(reportLines[0]).toBe('行号,列,原因');
  expect(reportLines[1]).toBe(`${String(badRows[0])},阶梯价,${priceImportMessages.priceInvalid}`);
  expect(reportLines.filter((line) => line !== '')).toHaveLength(badRows.length + 1);

  await expect(page.getByTestId('grid-admin.priceImport.preview.columns').getByRole('cell', { name: product.code, exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/h4-price-import-validated.png', fullPage: true });
  await page.getByTestId('price-import-apply').click();
  await expect(page.getByTestId('price-import-notice')).toContainText('已提交导入任务');
  const jobText = (await page.getByTestId('price-import-notice').textContent()) ?? '';
  const jobId = /#(\d+)/.exec(jobText)?.[1] ?? '';
  // The bar survives a reload: the page reads the job row again.
  await page.reload();
  await waitForHydration(page);
  const jobProgress = page.getByTestId(`price-import-job-${jobId}`).first();
  await expect(jobProgress).toBeVisible();
  await expect(jobProgress).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  await expect(jobProgress).toContainText('完成');
  await page.screenshot({ path: '/tmp/h4-price-import-done.png', fullPage: true });

  await page.goto(`/product/detail/${String(product.id)}`);
  await expect(page.locator('.price').first()).toHaveText(formatUnitPriceE4(newPriceE4));

  // A visitor's search finds the part with its new price once the index has followed the change log.
  await page.context().clearCookies();
  await expect(async () => {
    await page.goto(`/search?key=${encodeURIComponent(product.code)}`);
    const row = page
      .locator('.search-result')
      .filter({ has: page.locator('.search-result__code', { hasText: product.code }) })
      .first();
    await expect(row.locator('.search-result__prices')).toContainText(formatUnitPriceE4(newPriceE4), { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await page.screenshot({ path: '/tmp/h4-price-import-search.png' });
});
