import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { priceImportMessages } from '../../../contract/price-import.ts';
import { insertProduct } from '../../testing/factories.ts';
import { createTestDb, type TestDb } from '../../testing/test-db.ts';
import { insertCatalogFixture, type CatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { checkPriceList, queuePriceImport, runPriceImportJob, startPriceImportRollback } from './price-import.service.ts';
import { readPriceList } from './price-list-read.ts';
import { warehouseCodeOfStockHeader } from './price-list-header.ts';

let db: TestDb;
let fixture: CatalogFixture;
let partA: number;
const utf8 = (text: string) => new TextEncoder().encode(text);

beforeEach(async () => {
  db = await createTestDb();
  fixture = await insertCatalogFixture(db);
  const place = { categoryFirstId: fixture.categories.mcu, categorySecondId: fixture.categories.armMcu };
  partA = await insertProduct(db.kysely, { code: 'WH-A100', brandId: fixture.brands.st, ...place, warehouseStock: { SZ: 40, JS: 10 } });
});
afterEach(async () => db.drop());

async function stockOf(productId: number) {
  const product = await db.kysely.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow();
  const rows = await db.kysely
    .selectFrom('productWarehouseStock as s')
    .innerJoin('warehouses as w', 'w.id', 's.warehouseId')
    .select(['w.code', 's.quantity'])
    .where('s.productId', '=', productId)
    .orderBy('w.sort')
    .execute();
  return { total: product.stock, ...Object.fromEntries(rows.map((row) => [row.code, row.quantity])) };
}

describe('price lists with a column per warehouse', () => {
  it.each([
    ['深圳仓', 'SZ'],
    ['库存(深圳)', 'SZ'],
    ['SZ Stock', 'SZ'],
    ['江苏仓库存', 'JS'],
    ['江苏', 'JS'],
    ['JS', 'JS'],
    ['库存', 'SZ'],
    ['可用库存', 'SZ'],
    ['Stock', 'SZ'],
    ['香港仓', null],
    ['Stock HK', null],
  ])('reads the stock column %s as warehouse %s', (header, code) => {
    expect(warehouseCodeOfStockHeader(header)).toBe(code);
  });

  it('sets each warehouse named, the total their sum; an unknown warehouse column is reported on the header row and left out', async () => {
    const text = '型号,品牌,深圳仓,江苏仓,香港仓,1+\nWH-A100,ST,70,30,5,0.5\nWH-NEW-1,ST,8,2,,0.5\n';
    const check = await checkPriceList(db.kysely, readPriceList(utf8(text)), { newPartCategoryId: fixture.categories.armMcu });
    expect(check.preview.errors).toEqual([{ row: 1, column: '香港仓', reason: priceImportMessages.warehouseUnknown }]);
    expect(check.read.rows.map((row) => [row.mpn, row.stock, row.warehouseStock])).toEqual([
      ['WH-A100', 100, { SZ: 70, JS: 30 }],
      ['WH-NEW-1', 10, { SZ: 8, JS: 2 }],
    ]);
    const jobId = await queuePriceImport(db.kysely, 'list.csv', check, { newPartCategoryId: fixture.categories.armMcu });
    expect(await runPriceImportJob(db.kysely, jobId)).toMatchObject({ status: 'done' });
    expect(await stockOf(partA)).toEqual({ total: 100, SZ: 70, JS: 30 });
    const created = await db.kysely.selectFrom('products').select('id').where('code', '=', 'WH-NEW-1').executeTakeFirstOrThrow();
    expect(await stockOf(created.id)).toEqual({ total: 10, SZ: 8, JS: 2 });
  });

  it('moves units between warehouses at the same total; a plain 库存 column fills 深圳仓 and leaves 江苏仓', async () => {
    const moved = await checkPriceList(db.kysely, readPriceList(utf8('型号,品牌,深圳仓,江苏仓\nWH-A100,ST,20,30\n')));
    expect(moved.actions.map((action) => [action.stock, action.warehouseStock])).toEqual([[50, { SZ: 20, JS: 30 }]]);
    expect(await runPriceImportJob(db.kysely, await queuePriceImport(db.kysely, 'moved.csv', moved, {}))).toMatchObject({ status: 'done' });
    expect(await stockOf(partA)).toEqual({ total: 50, SZ: 20, JS: 30 });
    const plain = await checkPriceList(db.kysely, readPriceList(utf8('型号,品牌,库存\nWH-A100,ST,5\n')));
    expect(await runPriceImportJob(db.kysely, await queuePriceImport(db.kysely, 'plain.csv', plain, {}))).toMatchObject({ status: 'done' });
    expect(await stockOf(partA)).toEqual({ total: 35, SZ: 5, JS: 30 });
  });

  it('a rolled-back job puts every warehouse figure back', async () => {
    const rows = Array.from({ length: 15 }, (_, index) => `WH-BATCH-${String(index)},ST,${String(index + 1)},1,0.5`);
    const text = `${['型号,品牌,深圳仓,江苏仓,1+', 'WH-A100,ST,1,2,0.5', ...rows].join('\n')}\n`;
    const check = await checkPriceList(db.kysely, readPriceList(utf8(text)), { newPartCategoryId: fixture.categories.armMcu });
    const jobId = await queuePriceImport(db.kysely, 'list.csv', check, { newPartCategoryId: fixture.categories.armMcu });
    const job = await runPriceImportJob(db.kysely, jobId, {
      batchRows: 10,
      beforeBatch: (processed) => {
        if (processed === 10) throw new Error('磁盘已满');
      },
    });
    expect(job).toMatchObject({ status: 'failed' });
    expect(await stockOf(partA)).toEqual({ total: 3, SZ: 1, JS: 2 });
    expect(await startPriceImportRollback(db.kysely, jobId)).toBe(true);
    expect(await runPriceImportJob(db.kysely, jobId)).toMatchObject({ status: 'rolled_back' });
    expect(await stockOf(partA)).toEqual({ total: 50, SZ: 40, JS: 10 });
    const leftover = await db.kysely
      .selectFrom('productWarehouseStock as s')
      .leftJoin('products as p', 'p.id', 's.productId')
      .select('s.productId')
      .where('p.id', 'is', null)
      .execute();
    expect(leftover).toEqual([]);
  });
});
