import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertProduct } from '../../testing/factories.ts';
import { createTestDb, type TestDb } from '../../testing/test-db.ts';
import { insertCatalogFixture, type CatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { checkPriceList, queuePriceImport, runPriceImportJob } from './price-import.service.ts';
import { readPriceList } from './price-list-read.ts';

let db: TestDb;
let fixture: CatalogFixture;
beforeEach(async () => {
  db = await createTestDb();
  fixture = await insertCatalogFixture(db);
});
afterEach(async () => {
  await db.drop();
});

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('a price list creating a part that appeared since it was checked', () => {
  it('fails the batch on the unique part number with the Chinese answer naming the part, and writes none of it', async () => {
    const options = { newPartCategoryId: fixture.categories.armMcu };
    const check = await checkPriceList(db.kysely, readPriceList(utf8('型号,品牌,库存,1+\nIMP-NEW9,ST,10,1.5\nIMP-NEW8,ST,10,1.2\n')), options);
    expect(check.preview.counts).toMatchObject({ create: 2, error: 0 });
    const jobId = await queuePriceImport(db.kysely, '报价单.csv', check, options);
    // Meanwhile the console (or another list) creates the same part, written differently.
    await insertProduct(db.kysely, {
      code: 'imp new9',
      brandId: fixture.brands.st,
      categoryFirstId: fixture.categories.mcu,
      categorySecondId: fixture.categories.armMcu,
    });
    const job = await runPriceImportJob(db.kysely, jobId);
    expect(job).toMatchObject({
      status: 'failed',
      processed: 0,
      error: '导入中断，已应用的批次保留：可继续导入或回滚（IMP-NEW9：该品牌下已有相同型号的商品）',
    });
    const created = await db.kysely.selectFrom('products').select('code').where('codeNorm', 'in', ['IMPNEW9', 'IMPNEW8']).execute();
    expect(created.map((row) => row.code)).toEqual(['imp new9']);
  });
});
