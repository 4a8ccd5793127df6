import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { priceImportMessages, priceImportRollbackReasons, priceImportUndoKeepMs } from '../../../contract/price-import.ts';
import { createMember, insertProduct } from '../../testing/factories.ts';
import { createTestDb, type TestDb } from '../../testing/test-db.ts';
import { insertCatalogFixture, type CatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { readJobFacts } from './price-import-claim.repository.ts';
import { findRollbackConflicts, purgeExpiredUndo } from './price-import-rollback.repository.ts';
import { createPriceImportUndoPurge } from './price-import-sweeper.ts';
import {
  checkPriceList,
  createPriceImportRunner,
  queuePriceImport,
  readPriceImportJob,
  runPriceImportJob,
  startPriceImportRollback,
} from './price-import.service.ts';
import { readPriceList } from './price-list-read.ts';

let db: TestDb;
let fixture: CatalogFixture;
let partA: number;
let partB: number;
let partC: number;

const utf8 = (text: string) => new TextEncoder().encode(text);

beforeEach(async () => {
  db = await createTestDb();
  fixture = await insertCatalogFixture(db);
  const place = { categoryFirstId: fixture.categories.mcu, categorySecondId: fixture.categories.armMcu };
  const part = (code: string, stock: number, priceE4: number) =>
    insertProduct(db.kysely, {
      code,
      brandId: fixture.brands.st,
      ...place,
      stock,
      packSize: 10,
      package: 'LQFP-48',
      description: '旧描述',
      prices: [
        { qtyStart: 1, priceE4 },
        { qtyStart: 10, priceE4: priceE4 - 1000 },
      ],
    });
  partA = await part('RB-A', 50, 50_000);
  partB = await part('RB-B', 60, 40_000);
  partC = await part('RB-C', 70, 30_000);
});
afterEach(async () => {
  await db.drop();
});

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

async function tiersOf(id: number) {
  return db.kysely.selectFrom('productPrices').select(['qtyStart', 'priceE4']).where('productId', '=', id).orderBy('qtyStart').execute();
}

/** A finished job: new prices, stock and description for A, B, C, and `created` new parts. */
async function finishedJob(created = 2) {
  const newRows = Array.from({ length: created }, (_, index) => `RB-NEW-${index},ST,QFN,新料,${index + 1},1,0.${index + 1},`);
  const text = [
    '型号,品牌,封装,描述,库存,MPQ,1+,10+',
    'RB-A,ST,LQFP-48,新描述,500,10,6,5.5',
    'RB-B,ST,LQFP-48,旧描述,600,10,3,2.5',
    'RB-C,ST,,,700,10,2,1.5',
    ...newRows,
  ].join('\n');
  const check = await checkPriceList(db.kysely, readPriceList(utf8(`${text}\n`)), { newPartCategoryId: fixture.categories.armMcu });
  expect(check.actions).toHaveLength(3 + created);
  const before = await catalogueState();
  const jobId = await queuePriceImport(db.kysely, 'list.csv', check, { newPartCategoryId: fixture.categories.armMcu });
  const job = await runPriceImportJob(db.kysely, jobId, { batchRows: 2 });
  expect(job).toMatchObject({ status: 'done', processed: 3 + created });
  return { jobId, before };
}

describe('回滚 of a finished price-list import', () => {
  it('restores prices, tiers, stock and fields of the updated parts and deletes the parts it created, once', async () => {
    const startedAt = Date.now();
    const { jobId, before } = await finishedJob(3);
    const done = await db.kysely.selectFrom('priceImportJobs').select(['undoUntil']).where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(Number(done.undoUntil)).toBeGreaterThanOrEqual(startedAt + priceImportUndoKeepMs);
    expect(await tiersOf(partA)).toEqual([
      { qtyStart: 1, priceE4: 60_000 },
      { qtyStart: 10, priceE4: 55_000 },
    ]);

    expect(await startPriceImportRollback(db.kysely, jobId)).toBe(true);
    expect(await readPriceImportJob(db.kysely, jobId)).toMatchObject({ status: 'rolling_back' });
    const job = await runPriceImportJob(db.kysely, jobId, { batchRows: 2 });
    expect(job).toMatchObject({ status: 'rolled_back', error: priceImportMessages.jobRolledBack });
    expect(await catalogueState()).toEqual(before);
    const after = await db.kysely.selectFrom('priceImportJobs').select(['undoUntil', 'undone', 'undoTotal']).where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(after).toEqual({ undoUntil: null, undone: 6, undoTotal: 6 });
    expect(await db.kysely.selectFrom('priceImportUndo').select('id').execute()).toEqual([]);
    expect(await findRollbackConflicts(db.kysely, jobId)).toEqual([]);
    // Once: a rolled-back job is never rolled back again.
    expect(await startPriceImportRollback(db.kysely, jobId)).toBe(false);
  });

  it('leaves a part changed since alone and reports it, keeps stock orders took, and keeps a created part a cart holds', async () => {
    const { jobId } = await finishedJob(2);
    // After the job: staff reprice B, an order takes 5 of C, a member puts RB-NEW-0 in the cart.
    await db.kysely.updateTable('productPrices').set({ priceE4: 33_300 }).where('productId', '=', partB).where('qtyStart', '=', 1).execute();
    await db.kysely.updateTable('products').set({ stock: 695 }).where('id', '=', partC).execute();
    const kept = await db.kysely.selectFrom('products').select('id').where('code', '=', 'RB-NEW-0').executeTakeFirstOrThrow();
    const gone = await db.kysely.selectFrom('products').select('id').where('code', '=', 'RB-NEW-1').executeTakeFirstOrThrow();
    const member = await createMember(db.kysely);
    await db.kysely
      .insertInto('cartItems')
      .values({
        userId: member.userId,
        productId: kept.id,
        quantity: 1,
        isSelected: 1,
        createdAt: 1,
        updatedAt: 1,
        seenUnitPriceE4: null,
        seenPackSize: null,
        seenStock: null,
      })
      .execute();

    expect(await startPriceImportRollback(db.kysely, jobId)).toBe(true);
    const job = await runPriceImportJob(db.kysely, jobId);
    expect(job).toMatchObject({ status: 'rolled_back', error: priceImportMessages.rolledBackWithConflicts(3) });

    const parts = await db.kysely
      .selectFrom('products')
      .select(['id', 'stock', 'description'])
      .where('id', 'in', [partA, partB, partC])
      .orderBy('id')
      .execute();
    expect(parts).toEqual([
      { id: partA, stock: 50, description: '旧描述' },
      // B: changed since, not overwritten (its stock and prices stay as the job and staff left them).
      { id: partB, stock: 600, description: '旧描述' },
      // C: prices back, the stock the order took stays taken.
      { id: partC, stock: 695, description: '旧描述' },
    ]);
    expect(await tiersOf(partB)).toEqual([
      { qtyStart: 1, priceE4: 33_300 },
      { qtyStart: 10, priceE4: 25_000 },
    ]);
    expect(await tiersOf(partC)).toEqual([
      { qtyStart: 1, priceE4: 30_000 },
      { qtyStart: 10, priceE4: 29_000 },
    ]);
    expect(await db.kysely.selectFrom('products').select('id').where('id', 'in', [kept.id, gone.id]).execute()).toEqual([{ id: kept.id }]);
    const report = await findRollbackConflicts(db.kysely, jobId);
    expect(report).toEqual(
      expect.arrayContaining([
        { rowNumber: 3, code: 'RB-B', productId: partB, reason: priceImportRollbackReasons.changedSince(['价格']) },
        { rowNumber: 4, code: 'RB-C', productId: partC, reason: priceImportRollbackReasons.stockKept },
        { rowNumber: 5, code: 'RB-NEW-0', productId: kept.id, reason: priceImportRollbackReasons.createdReferenced(['购物车']) },
      ]),
    );
    expect(report).toHaveLength(3);
  });

  it('a rollback that fails midway keeps its committed chunks and finishes when run again, never half a chunk', async () => {
    const { jobId, before } = await finishedJob(6);
    expect(await startPriceImportRollback(db.kysely, jobId)).toBe(true);
    const failed = await runPriceImportJob(db.kysely, jobId, {
      batchRows: 3,
      beforeBatch: (undone) => {
        if (undone === 6) throw new Error('连接中断');
      },
    });
    expect(failed).toMatchObject({ status: 'rollback_failed' });
    expect(failed.error).toContain('连接中断');
    // Two chunks of three committed, each whole: the 9 undo rows less 6.
    expect(await db.kysely.selectFrom('priceImportUndo').select('id').where('jobId', '=', jobId).execute()).toHaveLength(3);
    expect((await db.kysely.selectFrom('priceImportJobs').select('undone').where('id', '=', jobId).executeTakeFirstOrThrow()).undone).toBe(6);

    // As a crashed process leaves it: rolling back; the next worker resumes what is left.
    await db.kysely.updateTable('priceImportJobs').set({ status: 'rolling_back' }).where('id', '=', jobId).execute();
    const runner = createPriceImportRunner(db.kysely);
    runner.kick();
    await runner.idle();
    expect(await readPriceImportJob(db.kysely, jobId)).toMatchObject({ status: 'rolled_back' });
    expect(await catalogueState()).toEqual(before);
  });

  it('refuses while another job is queued or running, and two rollbacks at once claim the job once', async () => {
    const { jobId } = await finishedJob(1);
    const check = await checkPriceList(db.kysely, readPriceList(utf8('型号,品牌,库存\nRB-A,ST,1\n')));
    const otherId = await queuePriceImport(db.kysely, 'other.csv', check);
    expect(await readJobFacts(db.kysely, jobId, Date.now())).toMatchObject({ state: 'done', isOtherJobQueued: true, isOtherJobRunning: false });
    expect(await startPriceImportRollback(db.kysely, jobId)).toBe(false);
    expect(await readPriceImportJob(db.kysely, jobId)).toMatchObject({ status: 'done' });
    await runPriceImportJob(db.kysely, otherId);

    const claims = await Promise.all(Array.from({ length: 4 }, () => startPriceImportRollback(db.kysely, jobId)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await readPriceImportJob(db.kysely, jobId)).toMatchObject({ status: 'rolling_back' });
    // The other finished job cannot start rolling back while this one does.
    expect(await startPriceImportRollback(db.kysely, otherId)).toBe(false);
  });

  it('the sweeper drops the undo rows of jobs past the retention, after which they cannot be rolled back', async () => {
    const { jobId: oldId } = await finishedJob(1);
    await db.kysely
      .updateTable('priceImportJobs')
      .set({ undoUntil: Date.now() - 1 })
      .where('id', '=', oldId)
      .execute();
    const check = await checkPriceList(db.kysely, readPriceList(utf8('型号,品牌,库存\nRB-B,ST,61\n')));
    const recentId = await queuePriceImport(db.kysely, 'recent.csv', check);
    await runPriceImportJob(db.kysely, recentId);
    const purge = createPriceImportUndoPurge(db.kysely, pino({ level: 'silent' }));
    expect(await purge.run()).toBe(1);
    await purge.close();
    expect(await db.kysely.selectFrom('priceImportUndo').select('jobId').distinct().execute()).toEqual([{ jobId: recentId }]);
    expect(await startPriceImportRollback(db.kysely, oldId)).toBe(false);
    expect(await purgeExpiredUndo(db.kysely, Date.now())).toBe(0);
    expect(await startPriceImportRollback(db.kysely, recentId)).toBe(true);
  });
});
