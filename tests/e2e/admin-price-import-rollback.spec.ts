import { generate } from 'otplib';
import { formatUnitPriceE4 } from '../../src/contract/money.ts';
import { priceImportMessages } from '../../src/contract/price-import.ts';
import { insertProduct } from '../../src/server/testing/factories.ts';
import { expect, test, tickCaches, waitForHydration } from './fixtures.ts';
import { createStaffByCli } from './staff-cli.ts';

const createCatalogStaff = (login: string, password: string) => createStaffByCli(login, password, '回滚小王', 'catalog');

test('a catalogue staff member applies a small price list, rolls the finished job back (回滚) and the shop shows the old price again', async ({
  page,
  storeDb,
}) => {
  test.setTimeout(300_000);
  // A part of this journey's own, so no other journey sees its price move meanwhile.
  const tag = String(Date.now() % 1_000_000);
  const home = await storeDb
    .selectFrom('products')
    .innerJoin('brands', 'brands.id', 'products.brandId')
    .select(['products.brandId', 'products.categoryFirstId', 'products.categorySecondId', 'brands.nameEn'])
    .where('products.lifecycle', '=', 'active')
    .orderBy('products.id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const oldPriceE4 = 23_450;
  const newPriceE4 = 35_790;
  const product = { code: `E2E-RB-${tag}`, nameEn: home.nameEn, id: 0 };
  product.id = await insertProduct(storeDb, {
    code: product.code,
    brandId: home.brandId,
    categoryFirstId: home.categoryFirstId,
    categorySecondId: home.categorySecondId,
    stock: 500,
    prices: [
      { qtyStart: 1, priceE4: oldPriceE4 },
      { qtyStart: 100, priceE4: 20_000 },
    ],
  });
  const csv = `型号,品牌,1+\r\n${product.code},${product.nameEn},${(newPriceE4 / 10_000).toFixed(4)}\r\n`;

  const login = `rollback${tag}`;
  const password = 'Rollback2026xy';
  const secret = createCatalogStaff(login, password);
  await page.goto('/admin/login');
  await waitForHydration(page);
  await page.getByLabel('登录名').fill(login);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('动态码').fill(await generate({ secret }));
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto('/admin/price-import');
  await waitForHydration(page);
  await page.getByLabel('价格表文件').setInputFiles({ name: `回滚测试${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByTestId('price-import-upload').click();
  await page.getByTestId('price-import-validate').click();
  await expect(page.getByTestId('summary-priceChange')).toHaveText('1');
  await page.getByTestId('price-import-apply').click();
  await expect(page.getByTestId('price-import-notice')).toContainText('已提交导入任务');
  const jobId = /#(\d+)/.exec((await page.getByTestId('price-import-notice').textContent()) ?? '')?.[1] ?? '';
  await expect(page.getByTestId(`price-import-job-${jobId}`).first()).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await tickCaches(page);
  await page.goto(`/product/detail/${String(product.id)}`);
  await expect(page.locator('.price').first()).toHaveText(formatUnitPriceE4(newPriceE4));

  // After a reload the finished job offers 回滚 until its retention ends.
  await page.goto('/admin/price-import');
  await waitForHydration(page);
  const row = page.getByRole('row').filter({ has: page.getByTestId(`price-import-job-${jobId}`) });
  await expect(row).toContainText('可回滚至');
  page.on('dialog', (dialog) => void dialog.accept());
  // Another journey's import may be under way on this store: the desk refuses in Chinese, and 回滚 is clicked again.
  await expect(async () => {
    await row.getByTestId(`price-import-rollback-${jobId}`).click();
    await expect(page.getByTestId('price-import-notice')).toHaveText(/已开始回滚|另一个导入/, { timeout: 30_000 });
    await expect(page.getByTestId('price-import-notice')).toHaveText('已开始回滚', { timeout: 1000 });
  }).toPass({ timeout: 200_000 });
  await expect(page.getByTestId('price-import-notice')).not.toHaveText(priceImportMessages.anotherJobRunning);
  await page.reload();
  await waitForHydration(page);
  const progress = page.getByTestId(`price-import-job-${jobId}`).first();
  await expect(progress).toHaveAttribute('data-status', 'rolled_back', { timeout: 60_000 });
  await expect(progress).toContainText('已回滚');
  await expect(progress).toContainText('1 / 1 个商品');
  await expect(page.getByTestId(`price-import-rollback-${jobId}`)).toHaveCount(0);
  await page.screenshot({ path: '/tmp/price-import-rolled-back.png', fullPage: true });

  await tickCaches(page);
  await page.goto(`/product/detail/${String(product.id)}`);
  await expect(page.locator('.price').first()).toHaveText(formatUnitPriceE4(oldPriceE4));
});
