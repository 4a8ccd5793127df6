import { bomExportPath } from '../../src/contract/bom.ts';
import { expect, test, type StoreDb } from './fixtures.ts';

/** /user/bom in Chromium: a member's saved BOMs listed with their links, one deleted after the question. */

async function insertSavedBom(storeDb: StoreDb, userId: number, name: string): Promise<number> {
  const now = Date.now();
  const sheet = {
    fileName: 'board.csv',
    sheetName: '',
    headerRowIndex: 0,
    headers: ['型号', '数量'],
    rows: [['NO-SUCH-PART-1', '2']],
    mapping: { mpn: 0, quantity: 1 },
  };
  const row = await storeDb
    .insertInto('boms')
    .values({
      userId,
      name,
      fileName: 'board.csv',
      sheetJson: JSON.stringify(sheet),
      optionsJson: JSON.stringify({ boards: 1, sparePercent: 0, mergeDuplicates: false }),
      choicesJson: '[]',
      lineCount: 1,
      matchedCount: 0,
      matchRatePermille: 0,
      totalCents: 12_345,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

test('a member’s saved BOMs are listed with open and export links, and one is deleted after confirming', async ({ page, storeDb, member }) => {
  const kept = await insertSavedBom(storeDb, member.userId, '电源板');
  const doomed = await insertSavedBom(storeDb, member.userId, '旧主板');
  await page.goto('/user/bom');
  const rows = page.getByTestId('bom-row');
  await expect(rows).toHaveCount(2);
  const keptRow = rows.filter({ hasText: '电源板' });
  await expect(keptRow).toContainText('¥123.45');
  await expect(keptRow.getByRole('link', { name: '打开' })).toHaveAttribute('href', `/bom?id=${kept}`);
  await expect(keptRow.getByRole('link', { name: '导出Excel' })).toHaveAttribute('href', bomExportPath(kept, 'xlsx'));
  await expect(keptRow.getByRole('link', { name: '导出PDF' })).toHaveAttribute('href', bomExportPath(kept, 'pdf'));

  await rows.filter({ hasText: '旧主板' }).getByRole('button', { name: '删除' }).click();
  const dialog = page.getByRole('dialog', { name: '删除BOM' });
  await expect(dialog).toContainText('旧主板');
  await dialog.getByRole('button', { name: '删除' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('电源板');
  expect(await storeDb.selectFrom('boms').select('id').where('id', '=', doomed).executeTakeFirst()).toBeUndefined();

  await page.reload();
  await expect(rows).toHaveCount(1);
});

test('a member without saved BOMs is led to the tool', async ({ page, member }) => {
  expect(member.userId).toBeGreaterThan(0);
  await page.goto('/user/bom');
  await expect(page.getByText('您还没有保存过 BOM')).toBeVisible();
  await expect(page.getByRole('link', { name: '去 BOM配单' })).toHaveAttribute('href', '/bom');
});
