import { checkAccessibility } from './axe.ts';
import { expect, type StoreDb, test, tickCaches, waitForHydration } from './fixtures.ts';
import { shelfOf, uniquePartCode } from './part-fixtures.ts';
import { insertProduct } from '../../src/server/testing/factories.ts';

/**
 * 型号替代查询 (issue 27): from a product page to its equivalents, each with its evidence, the 国产
 * filter, and a part number the catalogue does not have. The journey's parts sit in a hidden category
 * of its own, with a key parameter of their own, so no other journey's parts are equivalents of them.
 */

interface XrefParts {
  original: { id: number; code: string };
  domestic: string;
  imported: string;
  otherCore: string;
}

async function insertXrefParts(storeDb: StoreDb): Promise<XrefParts> {
  const shelf = await shelfOf(storeDb);
  const run = uniquePartCode('XR');
  const { id: categorySecondId } = await storeDb
    .insertInto('categories')
    .values({ name: `替代测试${run}`, level: 2, groupId: null, parentId: shelf.categoryFirstId, sort: 9999, skuCount: 0, isHidden: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: attributeId } = await storeDb
    .insertInto('attributes')
    .values({ name: '内核', unit: null, valueKind: 'text' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await storeDb.insertInto('categoryAttributes').values({ categoryId: categorySecondId, attributeId, sort: 0 }).execute();
  const chinese = await storeDb.selectFrom('brands').select('id').where('country', '=', '中国').orderBy('id').executeTakeFirstOrThrow();
  const foreign = await storeDb.selectFrom('brands').select('id').where('country', '<>', '中国').orderBy('id').executeTakeFirstOrThrow();
  const core = `ARM Cortex-M0 ${run}`;
  const part = async (code: string, brandId: number, valueText: string, priceE4: number) =>
    insertProduct(storeDb, {
      brandId,
      categoryFirstId: shelf.categoryFirstId,
      categorySecondId,
      code,
      package: 'LQFP-48',
      description: '32位单片机（替代查询测试）',
      warehouseStock: { SZ: 3000 },
      prices: [{ qtyStart: 1, priceE4 }],
      params: [{ attributeId, valueText }],
    });
  const codes = { original: `${run}-A`, domestic: `${run}-GD`, imported: `${run}-B`, otherCore: `${run}-M4` };
  const originalId = await part(codes.original, foreign.id, core, 68_000);
  await part(codes.domestic, chinese.id, core, 52_000);
  await part(codes.imported, foreign.id, core, 61_000);
  await part(codes.otherCore, chinese.id, `ARM Cortex-M4 ${run}`, 50_000);
  return { original: { id: originalId, code: codes.original }, domestic: codes.domestic, imported: codes.imported, otherCore: codes.otherCore };
}

test('from a product page to its equivalents, with the evidence and the 国产 filter', async ({ page, storeDb }) => {
  test.setTimeout(120_000);
  const parts = await insertXrefParts(storeDb);
  await tickCaches(page);

  await page.goto(`/product/detail/${String(parts.original.id)}`);
  await waitForHydration(page);
  await page.getByRole('link', { name: '查找替代型号' }).click();
  await expect(page).toHaveURL(/\/cross-reference\?code=/);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: '型号替代查询' })).toBeVisible();
  await expect(page.getByTestId('xref-found')).toContainText(parts.original.code);

  const byParameters = page.getByTestId('xref-by-parameters');
  const matches = byParameters.getByTestId('xref-match');
  await expect(matches).toHaveCount(2);
  // The cheaper in-stock part first; a part of another core is no equivalent.
  await expect(matches.first()).toHaveAttribute('data-code', parts.domestic);
  await expect(byParameters).not.toContainText(parts.otherCore);
  const domestic = matches.first();
  await expect(domestic.getByText('国产', { exact: true })).toBeVisible();
  const evidence = domestic.getByTestId('xref-evidence');
  await expect(evidence.getByRole('columnheader')).toHaveText(['参数', '原型号', '替代型号', '是否一致/更优']);
  await expect(evidence.getByRole('row', { name: /封装/ })).toContainText('一致');
  await expect(evidence.getByRole('row', { name: /内核/ })).toContainText('一致');
  await expect(domestic).toContainText('封装相同，引脚兼容需核对数据手册');
  await expect(domestic).toContainText('¥5.20');

  await page.screenshot({ path: '/tmp/cross-reference.png', fullPage: true });
  await checkAccessibility(page, '/cross-reference');

  await page.getByTestId('xref-domestic-only').check();
  await expect(matches).toHaveCount(1);
  await expect(byParameters).not.toContainText(parts.imported);

  // A part number the catalogue lacks: said plainly, with the form to try another.
  await page.locator('#xref-code').fill('ZZNOSUCHPART999');
  await page.getByRole('button', { name: '查替代', exact: true }).click();
  await expect(page).toHaveURL(/code=ZZNOSUCHPART999/);
  await expect(page.getByTestId('xref-not-found')).toContainText('未找到该型号');
  await expect(page.locator('#xref-code')).toHaveValue('ZZNOSUCHPART999');
});
