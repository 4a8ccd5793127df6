import { choosePath, productDetailPath } from '../../src/contract/catalog.ts';
import { adminProductPath } from '../../src/contract/console/products.ts';
import { mobileProductPath } from '../../src/contract/mobile.ts';
import { expect, newParts, signInStaff, test, tickCaches, waitForHydration } from './fixtures.ts';
import { shelfOf } from './part-fixtures.ts';

/**
 * 采购与合规 (issue 28): a purchasing engineer checks compliance, packaging and lead time on the product page
 * before ordering, and narrows a category by 包装方式. The journey makes its own parts on the shelf.
 */
test('the product page shows a part’s purchasing data beside its parameters, and the category filters by 包装方式', async ({ page, storeDb }, testInfo) => {
  const [tray] = await newParts(page, storeDb, 1, {
    description: '采购信息托盘料',
    purchasing: {
      reachStatus: 'compliant',
      msl: '3',
      eccn: '3A991.a.2',
      originCountry: 'MY',
      packaging: 'tray',
      factoryLeadWeeks: 14,
      cadSymbolUrl: 'https://cad.example.com/e2e-tray.sym',
      cadFootprintUrl: 'https://cad.example.com/e2e-tray.fp',
      cadModelUrl: 'https://cad.example.com/e2e-tray.step',
    },
  });
  const [reel] = await newParts(page, storeDb, 1, { description: '采购信息卷带料', purchasing: { packaging: 'tape_reel', msl: 'na', reachStatus: 'unknown' } });
  if (!tray || !reel) throw new Error('no parts made');

  await page.goto(productDetailPath(tray.id));
  const block = page.getByTestId('purchasing-block');
  await expect(block.getByRole('heading', { name: '采购与合规' })).toBeVisible();
  await expect(block.getByTestId('purchasing-rohs')).toHaveText('符合');
  await expect(block.getByTestId('purchasing-reach')).toHaveText('符合');
  await expect(block.getByTestId('purchasing-msl')).toHaveText('MSL 3（168小时）');
  await expect(block.getByTestId('purchasing-eccn')).toHaveText('3A991.a.2');
  await expect(block.getByTestId('purchasing-origin')).toHaveText('马来西亚（MY）');
  await expect(block.getByTestId('purchasing-packaging')).toHaveText('托盘（Tray）');
  await expect(block.getByTestId('purchasing-lead')).toHaveText('14 周');
  await expect(block.getByRole('link', { name: '原理图符号' })).toHaveAttribute('href', 'https://cad.example.com/e2e-tray.sym');
  await expect(block.getByRole('link', { name: 'PCB 封装' })).toHaveAttribute('href', 'https://cad.example.com/e2e-tray.fp');
  await expect(block.getByRole('link', { name: '3D 模型' })).toHaveAttribute('href', 'https://cad.example.com/e2e-tray.step');
  // Beside the parameters, not under them.
  const params = await page.locator('section[aria-labelledby="params-title"]').boundingBox();
  const purchasing = await block.boundingBox();
  expect(purchasing && params && purchasing.x > params.x && Math.abs(purchasing.y - params.y) < 2).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('product-purchasing.png'), fullPage: true });

  // The phone's product page says the same.
  await page.goto(mobileProductPath('/m', tray.id));
  const phone = page.getByTestId('m-product-purchasing');
  await expect(phone).toContainText('托盘（Tray）');
  await expect(phone).toContainText('马来西亚（MY）');
  await expect(phone.getByRole('link', { name: '3D 模型' })).toHaveAttribute('href', 'https://cad.example.com/e2e-tray.step');
  await phone.screenshot({ path: testInfo.outputPath('mobile-purchasing.png') });

  await page.goto(productDetailPath(reel.id));
  await expect(page.getByTestId('purchasing-msl')).toHaveText('不适用');
  await expect(page.getByTestId('purchasing-lead')).toHaveText('暂无');
  await expect(page.getByTestId('purchasing-cad')).toContainText('3D 模型：暂无');

  const shelf = await shelfOf(storeDb);
  await page.goto(choosePath(shelf.categoryFirstId, shelf.categorySecondId));
  await waitForHydration(page);
  const packaging = page.locator('.facet[data-facet="packaging"]');
  await expect(packaging.locator('.facet__name')).toHaveText('包装方式');
  await expect(page.locator('.facet[data-facet="msl"] .facet__name')).toHaveText('湿敏等级');
  await expect(page.locator('.facet[data-facet="reach"] .facet__name')).toHaveText('REACH');
  const codes = page.locator('.product-table__code');
  await packaging.getByRole('button', { name: /托盘（Tray）/ }).click();
  await expect(packaging.getByRole('button', { name: /托盘（Tray）/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/filter=/);
  await expect(page.locator('.list-card')).not.toHaveAttribute('aria-busy', 'true');
  await expect(codes.filter({ hasText: tray.code })).toHaveCount(1);
  await expect(codes.filter({ hasText: reel.code })).toHaveCount(0);
  await expect(page.locator('.selected-filters__chip')).toHaveText(/包装方式：托盘（Tray）/);
  await page.screenshot({ path: testInfo.outputPath('choose-packaging.png'), fullPage: true });

  // A shared link opens the same selection.
  await page.reload();
  await expect(codes.filter({ hasText: tray.code })).toHaveCount(1);
  await expect(codes.filter({ hasText: reel.code })).toHaveCount(0);
});

test('a catalogue staff member fills 采购与合规 in the product form; the product page shows it', async ({ page, storeDb }, testInfo) => {
  // One a pack: the form's tier rule (the first tier starts at a whole pack) holds for the part as made.
  const [part] = await newParts(page, storeDb, 1, { description: '采购信息待填', packSize: 1 });
  if (!part) throw new Error('no part made');
  await signInStaff(page, storeDb, 'catalog', { returnPath: adminProductPath(part.id) });
  await expect(page.getByRole('heading', { name: `编辑商品 ${part.code}` })).toBeVisible();
  const form = page.locator('fieldset', { hasText: '采购与合规' });
  await form.getByRole('combobox', { name: '包装方式', exact: true }).selectOption({ label: '剪切带（Cut Tape）' });
  await form.getByRole('combobox', { name: '湿敏等级（MSL）' }).selectOption({ label: 'MSL 2a（4周）' });
  await form.getByRole('combobox', { name: 'REACH（SVHC）' }).selectOption({ label: '符合' });
  await form.getByRole('combobox', { name: '原产地' }).selectOption('PH');
  await form.getByRole('textbox', { name: 'ECCN' }).fill('ear99');
  await form.getByRole('textbox', { name: '工厂交期（周）' }).fill('0');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('工厂交期须为1-104的整数（周）');
  await form.getByRole('textbox', { name: '工厂交期（周）' }).fill('9');
  await form.getByRole('textbox', { name: '3D 模型链接' }).fill('https://cad.example.com/e2e-desk.step');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('商品已保存');
  await expect(form.getByRole('textbox', { name: 'ECCN' })).toHaveValue('EAR99');
  await page.screenshot({ path: testInfo.outputPath('admin-product-purchasing.png'), fullPage: true });
  const stored = await storeDb
    .selectFrom('products')
    .select(['packaging', 'msl', 'factoryLeadWeeks', 'originCountry'])
    .where('id', '=', part.id)
    .executeTakeFirstOrThrow();
  expect(stored).toEqual({ packaging: 'cut_tape', msl: '2a', factoryLeadWeeks: 9, originCountry: 'PH' });

  await tickCaches(page);
  await page.goto(productDetailPath(part.id));
  await expect(page.getByTestId('purchasing-packaging')).toHaveText('剪切带（Cut Tape）');
  await expect(page.getByTestId('purchasing-origin')).toHaveText('菲律宾（PH）');
  await expect(page.getByTestId('purchasing-lead')).toHaveText('9 周');
  await expect(page.getByTestId('purchasing-eccn')).toHaveText('EAR99');
  await expect(page.getByRole('link', { name: '3D 模型' })).toHaveAttribute('href', 'https://cad.example.com/e2e-desk.step');
});
