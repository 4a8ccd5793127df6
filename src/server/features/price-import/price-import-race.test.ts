import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceImportMessages } from '../../../contract/price-import.ts';
import { insertProduct } from '../../testing/factories.ts';
import { createTestDb, type TestDb } from '../../testing/test-db.ts';
import { insertCatalogFixture, type CatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { rollBackJob, type PriceImportActor } from './price-import-desk.service.ts';
import { runPriceImportJob } from './price-import.service.ts';
import { deskActorOf, idleQueue, queuedPriceJob, refusalOf } from './testing/price-import-job-kit.ts';

// Decision 0013 left a race open: on PostgreSQL (READ COMMITTED) two staff rolling back two different jobs at the
// same instant could both pass "no other job running". Every move into the workers' one place now takes the
// queue's lock row first (migration 0053): these run the moves truly at once (a pool of connections on PostgreSQL).

let db: TestDb;
let fixture: CatalogFixture;
let staff: PriceImportActor;
let serial = 0;

const anotherJobRunning = { errorCode: 'priceImport.jobNotRollbackable', msg: priceImportMessages.anotherJobRunning };

beforeAll(async () => {
  db = await createTestDb();
  fixture = await insertCatalogFixture(db);
  staff = await deskActorOf(db.kysely);
});
afterAll(async () => {
  await db.drop();
});

/** A new part and a finished job that repriced it: rollbackable for 30 days. */
async function finishedJob(): Promise<number> {
  serial += 1;
  const code = `RACE-${serial}`;
  await insertProduct(db.kysely, {
    code,
    brandId: fixture.brands.st,
    categoryFirstId: fixture.categories.mcu,
    categorySecondId: fixture.categories.armMcu,
    prices: [{ qtyStart: 1, priceE4: 10_000 }],
  });
  const jobId = await queuedPriceJob(db.kysely, `${code}.csv`, [{ code, priceE4: 20_000 + serial }]);
  expect(await runPriceImportJob(db.kysely, jobId)).toMatchObject({ status: 'done' });
  return jobId;
}

async function statusesOf(jobIds: readonly number[]) {
  const rows = await db.kysely
    .selectFrom('priceImportJobs')
    .select(['id', 'status'])
    .where('id', 'in', [...jobIds])
    .execute();
  return new Map(rows.map((row) => [row.id, row.status]));
}

async function jobsInThePlace(): Promise<number[]> {
  const rows = await db.kysely.selectFrom('priceImportJobs').select('id').where('status', 'in', ['running', 'rolling_back']).execute();
  return rows.map((row) => row.id);
}

async function rollbackAudits(jobIds: readonly number[]): Promise<number> {
  const rows = await db.kysely
    .selectFrom('auditLog')
    .select('id')
    .where('subject', '=', 'PriceImport')
    .where('action', '=', 'rollback')
    .where(
      'subjectId',
      'in',
      jobIds.map((id) => String(id)),
    )
    .execute();
  return rows.length;
}

/** Lets the job holding the place finish, and any job waiting behind it, so the next race starts from a quiet queue. */
async function settleAll(jobIds: readonly number[]) {
  for (const jobId of [...(await jobsInThePlace()), ...jobIds]) await runPriceImportJob(db.kysely, jobId);
  expect(await jobsInThePlace()).toEqual([]);
}

describe('rollbacks of different jobs at the same instant', () => {
  for (const count of [2, 10]) {
    it(`of ${count} rollbacks at once exactly one runs; the others are refused in Chinese with an errorCode, unaudited`, async () => {
      const jobIds: number[] = [];
      for (let index = 0; index < count; index++) jobIds.push(await finishedJob());
      const refusals = await Promise.all(jobIds.map((jobId) => refusalOf(rollBackJob(db.kysely, idleQueue, staff, jobId, 'done'))));

      expect(refusals.filter((refusal) => refusal === null)).toHaveLength(1);
      expect(refusals.filter((refusal) => refusal !== null)).toEqual(Array.from({ length: count - 1 }, () => anotherJobRunning));
      const winner = jobIds[refusals.indexOf(null)] ?? 0;
      const statuses = await statusesOf(jobIds);
      expect([...statuses.values()].filter((status) => status === 'rolling_back')).toHaveLength(1);
      expect(statuses.get(winner)).toBe('rolling_back');
      expect(await rollbackAudits(jobIds)).toBe(1);

      await settleAll(jobIds);
      expect((await statusesOf([winner])).get(winner)).toBe('rolled_back');
    });
  }
});

describe('a rollback racing a new import', () => {
  it('of a rollback and a new list queued and started at the same instant, one holds the place and the other waits or is refused', async () => {
    for (let round = 0; round < 8; round++) {
      const finished = await finishedJob();
      serial += 1;
      const code = `RACE-${serial}`;
      await insertProduct(db.kysely, {
        code,
        brandId: fixture.brands.st,
        categoryFirstId: fixture.categories.mcu,
        categorySecondId: fixture.categories.armMcu,
        prices: [{ qtyStart: 1, priceE4: 10_000 }],
      });
      // The new import: queued (应用), then taken up by a worker of another process that stops right after its start.
      const newImport = (async () => {
        const jobId = await queuedPriceJob(db.kysely, `${code}.csv`, [{ code, priceE4: 30_000 + round }]);
        await runPriceImportJob(db.kysely, jobId, { shouldStop: () => true });
        return jobId;
      })();
      const [refusal, started] = await Promise.all([refusalOf(rollBackJob(db.kysely, idleQueue, staff, finished, 'done')), newImport]);

      const statuses = await statusesOf([finished, started]);
      // Never both: the rollback and the import each wanted the one place.
      expect(await jobsInThePlace()).toHaveLength(1);
      if (refusal === null) {
        expect([statuses.get(finished), statuses.get(started)]).toEqual(['rolling_back', 'queued']);
      } else {
        expect(refusal).toEqual(anotherJobRunning);
        expect([statuses.get(finished), statuses.get(started)]).toEqual(['done', 'running']);
      }
      expect(await rollbackAudits([finished])).toBe(refusal === null ? 1 : 0);
      await settleAll([finished, started]);
      expect(await statusesOf([started])).toEqual(new Map([[started, 'done']]));
    }
  });

  it('of ten queued jobs taken up by ten workers at once, one starts and nine wait in the queue', async () => {
    const jobIds: number[] = [];
    for (let index = 0; index < 10; index++) {
      serial += 1;
      const code = `RACE-${serial}`;
      await insertProduct(db.kysely, {
        code,
        brandId: fixture.brands.st,
        categoryFirstId: fixture.categories.mcu,
        categorySecondId: fixture.categories.armMcu,
        prices: [{ qtyStart: 1, priceE4: 10_000 }],
      });
      jobIds.push(await queuedPriceJob(db.kysely, `${code}.csv`, [{ code, priceE4: 40_000 + index }]));
    }
    const views = await Promise.all(jobIds.map((jobId) => runPriceImportJob(db.kysely, jobId, { shouldStop: () => true })));
    expect(views.filter((view) => view.status === 'running')).toHaveLength(1);
    expect(views.filter((view) => view.status === 'queued')).toHaveLength(9);
    expect(await jobsInThePlace()).toHaveLength(1);
    await settleAll(jobIds);
    expect([...(await statusesOf(jobIds)).values()]).toEqual(Array.from({ length: 10 }, () => 'done'));
  });
});
