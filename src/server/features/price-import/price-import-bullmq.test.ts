import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { priceImportLimits } from '../../../contract/price-import.ts';
import { insertProduct } from '../../testing/factories.ts';
import { createTestDb, testEngine, type TestDb } from '../../testing/test-db.ts';
import { insertCatalogFixture, type CatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { createBullmqPriceImportQueue, type PriceImportQueue } from './price-import-queue.ts';
import { checkPriceList, queuePriceImport, readPriceImportJob, runPriceImportJob } from './price-import.service.ts';
import { readPriceList } from './price-list-read.ts';

const redisUrl = process.env.TEST_REDIS_URL;
/** BullMQ runs the jobs only on PostgreSQL with Redis; on SQLite the embedded runner does (price-import-desk.test.ts). */
const skipReason =
  testEngine !== 'postgres'
    ? 'BullMQ jobs run only on PostgreSQL: this file runs in the postgres project'
    : redisUrl === undefined
      ? 'TEST_REDIS_URL is unset: the BullMQ path needs a real Redis'
      : null;

const silent = { error: () => undefined, warn: () => undefined };

async function until<T>(read: () => Promise<T>, isDone: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!isDone(value)) throw new Error(`timed out: ${JSON.stringify(value)}`);
      return value;
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

describe.skipIf(skipReason !== null)(`price-list jobs in BullMQ (PostgreSQL + Redis)${skipReason ? ` — skipped: ${skipReason}` : ''}`, () => {
  let db: TestDb;
  let fixture: CatalogFixture;
  let prefix: string;
  const queues: PriceImportQueue[] = [];

  beforeAll(async () => {
    // Set but unreachable fails here: the Redis client's first command rejects.
    const probe = new Redis(redisUrl ?? '', { maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: true });
    try {
      await probe.connect();
      expect(await probe.ping()).toBe('PONG');
    } finally {
      probe.disconnect();
    }
    db = await createTestDb();
    fixture = await insertCatalogFixture(db);
    prefix = `bull:${new URL(db.url ?? '').pathname.slice(1)}`;
    await insertProduct(db.kysely, {
      code: 'BULL-OLD',
      brandId: fixture.brands.st,
      categoryFirstId: fixture.categories.mcu,
      categorySecondId: fixture.categories.armMcu,
      prices: [{ qtyStart: 1, priceE4: 10_000 }],
    });
  });
  afterAll(async () => {
    for (const queue of queues) await queue.close();
    await db.drop();
  });

  function processQueue(options: { lockMs?: number } = {}) {
    const queue = createBullmqPriceImportQueue(db.kysely, silent, { redisUrl: redisUrl ?? '', prefix, sweepMs: 500, ...options });
    queues.push(queue);
    return queue;
  }

  async function queuedJob(codePrefix: string, rows: number) {
    const lines = Array.from({ length: rows }, (_, index) => `${codePrefix}-${index},ST,${index},0.5`);
    const check = await checkPriceList(db.kysely, readPriceList(new TextEncoder().encode(`型号,品牌,库存,1+\n${lines.join('\n')}\nBULL-OLD,ST,1,0.77\n`)), {
      newPartCategoryId: fixture.categories.armMcu,
    });
    return queuePriceImport(db.kysely, `${codePrefix}.csv`, check, { newPartCategoryId: fixture.categories.armMcu });
  }

  async function createdCount(codePrefix: string) {
    const rows = await db.kysely.selectFrom('products').select('id').where('code', 'like', `${codePrefix}-%`).execute();
    return rows.length;
  }

  it('a job queued in one process is applied by a worker, its progress in the job table', async () => {
    const first = processQueue();
    await first.start();
    const jobId = await queuedJob('BULL-A', 2500);
    await first.enqueue(jobId);
    const job = await until(
      () => readPriceImportJob(db.kysely, jobId),
      (value) => value.status === 'done',
    );
    expect(job).toMatchObject({ processed: 2501, total: 2501 });
    expect(await createdCount('BULL-A')).toBe(2500);
    const price = await db.kysely.selectFrom('products').select('firstTierPriceE4').where('code', '=', 'BULL-OLD').executeTakeFirstOrThrow();
    expect(price.firstTierPriceE4).toBe(7700);
    await first.close();
  });

  it('a process that dies mid-job leaves it to another process, which resumes from the cursor', async () => {
    const jobId = await queuedJob('BULL-B', 3000);
    // The dying process: takes the job, commits one batch, then hangs and stops renewing its lock.
    const dyingConnection = new Redis(redisUrl ?? '', { maxRetriesPerRequest: null });
    let firstBatchDone!: () => void;
    const firstBatch = new Promise<void>((resolve) => (firstBatchDone = resolve));
    const dying = new Worker<{ jobId: number }>(
      'price-import',
      async (job) => {
        await runPriceImportJob(db.kysely, job.data.jobId, {
          beforeBatch: (processed) => {
            if (processed === 0) return;
            firstBatchDone();
            return new Promise<void>(() => undefined);
          },
        });
      },
      { connection: dyingConnection, prefix, lockDuration: 1500, stalledInterval: 1000 },
    );
    const survivor = processQueue({ lockMs: 1500 });
    // Only the dying worker is listening when the job is queued.
    const enqueuer = processQueue();
    await enqueuer.enqueue(jobId);
    await firstBatch;
    expect(await readPriceImportJob(db.kysely, jobId)).toMatchObject({ status: 'running', processed: priceImportLimits.batchRows });
    // Its connection drops as a killed process's would: the lock is no longer renewed.
    dying.on('error', () => undefined);
    dyingConnection.disconnect();
    void dying.close(true).catch(() => undefined);
    await survivor.start();
    const job = await until(
      () => readPriceImportJob(db.kysely, jobId),
      (value) => value.status === 'done',
    );
    expect(job).toMatchObject({ processed: 3000, total: 3000 });
    // Every row once: the resumed worker started at the committed cursor.
    expect(await createdCount('BULL-B')).toBe(3000);
  }, 90_000);

  it('a job no queue entry stands for (Redis lost it) is found by the sweep of the job table', async () => {
    const jobId = await queuedJob('BULL-C', 10);
    const job = await until(
      () => readPriceImportJob(db.kysely, jobId),
      (value) => value.status === 'done',
    );
    expect(job.processed).toBe(10);
    expect(await createdCount('BULL-C')).toBe(10);
  });
});
