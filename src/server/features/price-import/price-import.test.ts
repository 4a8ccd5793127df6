import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { priceImportMessages } from '../../../contract/price-import.ts';
import { insertProduct } from '../../testing/factories.ts';
import { createTestDb, type TestDb } from '../../testing/test-db.ts';
import { insertCatalogFixture, type CatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import {
  checkPriceList,
  createPriceImportRunner,
  queuePriceImport,
  readPriceImportJob,
  resumePriceImportJob,
  runPriceImportJob,
  startPriceImportRollback,
} from './price-import.service.ts';
import { readPriceList } from './price-list-read.ts';

let db: TestDb;
let fixture: CatalogFixture;
let partA: number;
let partB: number;

const utf8 = (text: string) => new TextEncoder().encode(text);

beforeEach(async () => {
  db = await createTestDb();
  fixture = await insertCatalogFixture(db);
  const place = { categoryFirstId: fixture.categories.mcu, categorySecondId: fixture.categories.armMcu };
  partA = await insertProduct(db.kysely, {
    code: 'IMP-A100',
    brandId: fixture.brands.st,
    ...place,
    stock: 50,
    packSize: 10,
    package: 'LQFP-48',
    description: '旧描述',
    prices: [
      { qtyStart: 1, priceE4: 50_000 },
      { qtyStart: 10, priceE4: 45_000 },
    ],
  });
  partB = await insertProduct(db.kysely, {
    code: 'IMP-B200',
    brandId: fixture.brands.ti,
    ...place,
    stock: 7,
    packSize: 1,
    prices: [{ qtyStart: 1, priceE4: 20_000 }],
  });
  // The same part number under two brands: a row without a brand cannot pick one.
  await insertProduct(db.kysely, { code: 'IMP-TWIN', brandId: fixture.brands.st, ...place });
  await insertProduct(db.kysely, { code: 'IMP-TWIN', brandId: fixture.brands.ti, ...place });
});
afterEach(async () => {
  await db.drop();
});

async function part(id: number) {
  const row = await db.kysely
    .selectFrom('products')
    .select(['stock', 'packSize', 'package', 'description', 'firstTierPriceE4'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const tiers = await db.kysely.selectFrom('productPrices').select(['qtyStart', 'qtyEnd', 'priceE4']).where('productId', '=', id).orderBy('qtyStart').execute();
  return { ...row, tiers };
}

async function catalogueState() {
  const products = await db.kysely.selectFrom('products').select(['id', 'code', 'stock', 'packSize', 'package', 'description']).orderBy('id').execute();
  const prices = await db.kysely
    .selectFrom('productPrices')
    .select(['productId', 'qtyStart', 'qtyEnd', 'priceE4', 'originalPriceE4'])
    .orderBy('productId')
    .orderBy('qtyStart')
    .execute();
  const counts = await db.kysely.selectFrom('categories').select(['id', 'skuCount']).orderBy('id').execute();
  return { products, prices, counts };
}

const list = [
  '型号,品牌,封装,描述,库存,MPQ,1+,10+',
  'IMP-A100,ST,LQFP-48,旧描述,80,10,5.0,4.5', // stock only: update
  'imp-b200,TI(德州仪器),,,7,1,1.8,', // lower-case code, new price: price change
  'IMP-TWIN,,,,1,1,1,', // ambiguous brand
  'IMP-NEW1,意法半导体,SOT-23,新料,1000,3000,0.12,0.1', // create
  'IMP-NEW2,无名厂,,,1,1,1,', // unknown brand
  'IMP-A100,ST,,,1,1,1,', // duplicate
  'IMP-A100,ST,LQFP-48,旧描述,80,10,5.0,4.5', // duplicate again
].join('\n');

describe('price-list preview', () => {
  it('classifies rows as updates, price changes, creates and errors with reasons', async () => {
    const check = await checkPriceList(db.kysely, readPriceList(utf8(list)), { newPartCategoryId: fixture.categories.armMcu });
    expect(check.preview.counts).toEqual({ create: 1, update: 1, priceChange: 1, unchanged: 0, error: 4 });
    expect(check.preview.errors).toEqual([
      { row: 4, column: '品牌', reason: priceImportMessages.brandAmbiguous },
      { row: 6, column: '品牌', reason: priceImportMessages.brandUnknown },
      { row: 7, column: '型号', reason: priceImportMessages.duplicateRow },
      { row: 8, column: '型号', reason: priceImportMessages.duplicateRow },
    ]);
    const priceChange = check.preview.samples.find((sample) => sample.kind === 'priceChange');
    expect(priceChange).toMatchObject({ row: 3, productId: partB, oldFirstPriceE4: 20_000, newFirstPriceE4: 18_000 });
    expect(check.preview.samples.find((sample) => sample.kind === 'update')).toMatchObject({ row: 2, productId: partA, changed: ['stock'] });
    expect(check.preview.total).toBe(7);
  });

  it('counts an unchanged row and makes unknown parts errors when no category is chosen', async () => {
    const check = await checkPriceList(db.kysely, readPriceList(utf8('型号,品牌,库存,1+,10+\nIMP-A100,ST,50,5,4.5\nIMP-NEW1,ST,5,1,\n')));
    expect(check.preview.counts).toMatchObject({ unchanged: 1, create: 0, error: 1 });
    expect(check.preview.errors).toEqual([{ row: 3, column: '型号', reason: priceImportMessages.newWithoutCategory }]);
    expect(check.actions).toEqual([]);
  });
});

describe('applying a price list as a job', () => {
  it('creates and updates parts, prices and stock, and the change log records them', async () => {
    const check = await checkPriceList(db.kysely, readPriceList(utf8(list)), { newPartCategoryId: fixture.categories.armMcu });
    const seqBefore = (
      await db.kysely
        .selectFrom('catalogChanges')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .executeTakeFirstOrThrow()
    ).seq;
    const skuBefore = await db.kysely.selectFrom('categories').select('skuCount').where('id', '=', fixture.categories.armMcu).executeTakeFirstOrThrow();
    const jobId = await queuePriceImport(db.kysely, '报价单.csv', check, { newPartCategoryId: fixture.categories.armMcu });
    expect(await readPriceImportJob(db.kysely, jobId)).toMatchObject({ status: 'queued', total: 3, processed: 0 });

    const job = await runPriceImportJob(db.kysely, jobId);
    expect(job).toMatchObject({ status: 'done', total: 3, processed: 3, error: null });
    expect(await part(partA)).toMatchObject({ stock: 80, firstTierPriceE4: 50_000 });
    expect(await part(partB)).toMatchObject({ stock: 7, firstTierPriceE4: 18_000, tiers: [{ qtyStart: 1, qtyEnd: null, priceE4: 18_000 }] });
    const created = await db.kysely
      .selectFrom('products')
      .select(['id', 'brandId', 'categorySecondId', 'package', 'stock', 'packSize'])
      .where('code', '=', 'IMP-NEW1')
      .executeTakeFirstOrThrow();
    expect(created).toMatchObject({ brandId: fixture.brands.st, categorySecondId: fixture.categories.armMcu, package: 'SOT-23', stock: 1000, packSize: 3000 });
    expect((await part(created.id)).tiers).toEqual([
      { qtyStart: 1, qtyEnd: 9, priceE4: 1200 },
      { qtyStart: 10, qtyEnd: null, priceE4: 1000 },
    ]);
    const skuAfter = await db.kysely.selectFrom('categories').select('skuCount').where('id', '=', fixture.categories.armMcu).executeTakeFirstOrThrow();
    expect(skuAfter.skuCount).toBe(skuBefore.skuCount + 1);
    const logged = await db.kysely.selectFrom('catalogChanges').select('productId').where('seq', '>', seqBefore).execute();
    expect(new Set(logged.map((row) => row.productId))).toEqual(new Set([partA, partB, created.id]));
    // A finished job keeps its "before" values for 回滚 during the retention.
    expect(await db.kysely.selectFrom('priceImportUndo').select('id').execute()).toHaveLength(3);
  });

  async function failingJob() {
    const rows = Array.from({ length: 30 }, (_, index) => `IMP-BATCH-${index},ST,,,${index},1,${(index + 1) / 100},`);
    const text = `${['型号,品牌,封装,描述,库存,MPQ,1+,10+', 'IMP-A100,ST,QFN-32,新描述,999,20,9,8', ...rows].join('\n')}\n`;
    const check = await checkPriceList(db.kysely, readPriceList(utf8(text)), { newPartCategoryId: fixture.categories.armMcu });
    expect(check.actions).toHaveLength(31);
    const before = await catalogueState();
    const jobId = await queuePriceImport(db.kysely, 'list.csv', check, { newPartCategoryId: fixture.categories.armMcu });
    const seen: number[] = [];
    const job = await runPriceImportJob(db.kysely, jobId, {
      batchRows: 10,
      beforeBatch: async (processed) => {
        seen.push(processed);
        if (processed === 20) {
          // Progress committed by the batches so far is readable while the job runs.
          expect(await readPriceImportJob(db.kysely, jobId)).toMatchObject({ status: 'running', processed: 20, total: 31 });
          throw new Error('磁盘已满');
        }
      },
    });
    expect(seen).toEqual([0, 10, 20]);
    return { jobId, job, before };
  }

  it('a batch that fails leaves the job failed at its cursor; a rollback restores the catalogue as it was', async () => {
    const { jobId, job, before } = await failingJob();
    expect(job).toMatchObject({ status: 'failed', processed: 20 });
    expect(job.error).toContain('磁盘已满');
    expect(await resumePriceImportJob(db.kysely, jobId + 1000)).toBe(false);
    expect(await startPriceImportRollback(db.kysely, jobId)).toBe(true);
    // Resuming a job already rolling back is refused: one statement decides.
    expect(await resumePriceImportJob(db.kysely, jobId)).toBe(false);
    expect(await runPriceImportJob(db.kysely, jobId)).toMatchObject({ status: 'rolled_back' });
    expect(await catalogueState()).toEqual(before);
    expect(await db.kysely.selectFrom('priceImportUndo').select('id').execute()).toEqual([]);
    expect(await startPriceImportRollback(db.kysely, jobId)).toBe(false);
  });

  it('a failed job resumed from its cursor applies the remaining batches once', async () => {
    const { jobId } = await failingJob();
    expect(await resumePriceImportJob(db.kysely, jobId)).toBe(true);
    expect(await readPriceImportJob(db.kysely, jobId)).toMatchObject({ status: 'queued', processed: 20 });
    expect(await runPriceImportJob(db.kysely, jobId, { batchRows: 10 })).toMatchObject({ status: 'done', processed: 31, error: null });
    const created = await db.kysely.selectFrom('products').select('code').where('code', 'like', 'IMP-BATCH-%').execute();
    expect(created).toHaveLength(30);
    expect(await part(partA)).toMatchObject({ stock: 999, package: 'QFN-32' });
  });

  it('resumes a job a stopped process left running from its committed cursor', async () => {
    const rows = Array.from({ length: 25 }, (_, index) => `IMP-RESUME-${index},ST,${index + 1},0.5`);
    const check = await checkPriceList(db.kysely, readPriceList(utf8(`型号,品牌,库存,1+\n${rows.join('\n')}\n`)), {
      newPartCategoryId: fixture.categories.armMcu,
    });
    const jobId = await queuePriceImport(db.kysely, 'list.csv', check, { newPartCategoryId: fixture.categories.armMcu });
    // A process that stops after its first batch: that batch and its progress are committed, the status is running.
    let stopped!: () => void;
    const stoppedAfterFirstBatch = new Promise<void>((resolve) => (stopped = resolve));
    void runPriceImportJob(db.kysely, jobId, {
      batchRows: 10,
      beforeBatch: (processed) => {
        if (processed === 10) {
          stopped();
          return new Promise<void>(() => undefined);
        }
      },
    });
    await stoppedAfterFirstBatch;
    expect(await readPriceImportJob(db.kysely, jobId)).toMatchObject({ status: 'running', processed: 10, total: 25 });

    const runner = createPriceImportRunner(db.kysely);
    runner.kick();
    await runner.idle();
    expect(await readPriceImportJob(db.kysely, jobId)).toMatchObject({ status: 'done', processed: 25 });
    const created = await db.kysely.selectFrom('products').select(['code', 'stock']).where('code', 'like', 'IMP-RESUME-%').execute();
    expect(created).toHaveLength(25);
    expect(created.find((row) => row.code === 'IMP-RESUME-24')?.stock).toBe(25);
  });

  it('lets work waiting for the event loop (a request) run between its batches, applying and rolling back', async () => {
    const rows = Array.from({ length: 30 }, (_, index) => `IMP-TURN-${index},ST,${index + 1},0.5`);
    const check = await checkPriceList(db.kysely, readPriceList(utf8(`型号,品牌,库存,1+\n${rows.join('\n')}\n`)), {
      newPartCategoryId: fixture.categories.armMcu,
    });
    const jobId = await queuePriceImport(db.kysely, 'list.csv', check, { newPartCategoryId: fixture.categories.armMcu });
    // On SQLite every query answers at once: without a turn of the event loop, the job would end before the waiting work ran.
    const events: string[] = [];
    const hooks = {
      batchRows: 10,
      beforeBatch: (done: number) => {
        events.push(`batch at ${String(done)}`);
        if (done === 0) setImmediate(() => events.push('waiting work'));
      },
    };
    expect(await runPriceImportJob(db.kysely, jobId, hooks)).toMatchObject({ status: 'done', processed: 30 });
    expect(events).toEqual(['batch at 0', 'waiting work', 'batch at 10', 'batch at 20']);

    events.length = 0;
    expect(await startPriceImportRollback(db.kysely, jobId)).toBe(true);
    expect(await runPriceImportJob(db.kysely, jobId, hooks)).toMatchObject({ status: 'rolled_back' });
    expect(events).toEqual(['batch at 0', 'waiting work', 'batch at 10', 'batch at 20']);
  });

  it('validates and applies a 10,000-row list', async () => {
    const rows = Array.from(
      { length: 10_000 },
      (_, index) => `IMP-BULK-${index},ST,${index},${(index % 50) + 1},0.${String((index % 9000) + 1000)},0.0${String((index % 900) + 100)}`,
    );
    const text = `型号,品牌,库存,MPQ,1+,100+\n${rows.join('\n')}\nIMP-A100,ST,51,10,5,4.5\n`;
    const check = await checkPriceList(db.kysely, readPriceList(utf8(text)), { newPartCategoryId: fixture.categories.armMcu });
    expect(check.preview.counts).toMatchObject({ create: 10_000, priceChange: 1, error: 0 });
    const jobId = await queuePriceImport(db.kysely, 'big.csv', check, { newPartCategoryId: fixture.categories.armMcu });
    expect(await runPriceImportJob(db.kysely, jobId)).toMatchObject({ status: 'done', processed: 10_001, total: 10_001 });
    const count = await db.kysely
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('code', 'like', 'IMP-BULK-%')
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(10_000);
    expect(await part(partA)).toMatchObject({ stock: 51 });
  }, 120_000);
});
