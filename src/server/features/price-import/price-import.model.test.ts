import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide } from '../../../contract/lifecycle.ts';
import { priceImportJobLifecycle, priceImportLifecycleErrors, type PriceImportJobFacts } from '../../../contract/price-import-lifecycle.ts';
import type { PriceImportJobStatus } from '../../../contract/price-import.ts';
import type { StaffRole } from '../../../contract/staff.ts';
import { insertProduct } from '../../testing/factories.ts';
import { createTestDb, type TestDb } from '../../testing/test-db.ts';
import { insertCatalogFixture, type CatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { applyUpload, receivePriceList, resumeJob, rollBackJob, validateUpload, type PriceImportActor } from './price-import-desk.service.ts';
import { staffActorOf } from '../staff/staff-actor.ts';
import { purgeExpiredUndo } from './price-import-rollback.repository.ts';
import { runnablePriceImportJobIds, runPriceImportJob, type JobHooks } from './price-import.service.ts';
import { deskActorOf, idleQueue, inPlacePriceLists, priceListOf, refusalOf } from './testing/price-import-job-kit.ts';

/**
 * The price-import job's lifecycle against a plain model (docs/decisions/0018): random sequences of staff
 * uploads, 继续 and 回滚 (some from a stale page, some by a role without the permission, some at the same
 * instant), workers that finish, stop or fail after a few batches, the sweep that takes up jobs left mid-way, and
 * the hourly purge of undo rows past their retention — the real services on the real database (SQLite, and
 * PostgreSQL with TEST_DATABASE_URL). After every step: each job's status, cursor and undo rows are the model's,
 * at most one job runs or rolls back, every part's price is what the model says the applied and rolled-back rows
 * left, and every staff action that moved a job (and none refused) is in the audit log.
 * PRICE_IMPORT_MODEL_RUNS sets how many sequences (20 by default: 300 to 400 actions).
 */

const runs = Number(process.env.PRICE_IMPORT_MODEL_RUNS ?? 20);
const maxCommands = 36;
const partCount = 3;

interface ModelJob {
  id: number;
  status: PriceImportJobStatus;
  /** Every status it has been in: what a stale page may still show. */
  history: PriceImportJobStatus[];
  /** The file's rows: a part (by index) and the price it sets. */
  rows: { part: number; priceE4: number }[];
  /** Rows applied and committed: the cursor. */
  processed: number;
  /** The undo rows kept, oldest first: a rollback takes them from the end. */
  undo: { part: number; before: number; after: number }[];
  /** A finished job's retention end (the clock the server chose), null once purged or for a job not finished. */
  undoUntil: number | null;
  audits: { apply: number; resume: number; rollback: number };
}

interface Model {
  partIds: number[];
  codes: string[];
  prices: number[];
  jobs: ModelJob[];
  nextPriceE4: number;
}

interface Real {
  db: TestDb;
}

type Command = fc.AsyncCommand<Model, Real>;
type Refusal = { errorCode: string; msg: string } | null;

let db: TestDb;
let fixture: CatalogFixture;
const staffByRole = new Map<StaffRole, PriceImportActor>();
let runSerial = 0;

beforeAll(async () => {
  db = await createTestDb();
  fixture = await insertCatalogFixture(db);
  // catalog may import and roll back; warehouse may not (the lifecycle's actor rule refuses it).
  for (const role of ['catalog', 'warehouse'] as const) staffByRole.set(role, await deskActorOf(db.kysely, role, `${role}员工`));
});
afterAll(async () => {
  await db.drop();
});

function staffOf(role: StaffRole): PriceImportActor {
  const staff = staffByRole.get(role);
  if (!staff) throw new Error(`no ${role} staff`);
  return staff;
}

// ---- the model's rules, written apart from the services ----

const isRunning = (status: PriceImportJobStatus) => status === 'running' || status === 'rolling_back';

function factsOf(model: Model, job: ModelJob): PriceImportJobFacts {
  const others = model.jobs.filter((other) => other !== job);
  return {
    state: job.status,
    hasUndo: job.status === 'done' ? job.undoUntil !== null : job.status === 'failed' || job.status === 'rollback_failed',
    isOtherJobRunning: others.some((other) => isRunning(other.status)),
    isOtherJobQueued: others.some((other) => other.status === 'queued'),
  };
}

function moveTo(job: ModelJob, status: PriceImportJobStatus) {
  job.status = status;
  job.history.push(status);
}

/**
 * A staff move's answer: refused by the declared table (the actor, the state now, a guard), then by the page's
 * view (a state the event does not leave; another state than the job's now), else allowed.
 */
function expectedRefusal(model: Model, job: ModelJob, event: 'resume' | 'rollback', seen: PriceImportJobStatus | undefined, role: StaffRole): Refusal {
  const verdict = decide(priceImportJobLifecycle, event, factsOf(model, job), staffActorOf(staffOf(role).staff));
  if (!verdict.isAllowed) return { errorCode: verdict.error.errorCode, msg: verdict.msg };
  const spec = priceImportJobLifecycle.events[event];
  if (seen !== undefined && !spec.from.includes(seen)) {
    return { errorCode: spec.refusal.errorCode, msg: `${priceImportJobLifecycle.states[seen].refusalName}，不能${spec.label}` };
  }
  if (seen !== undefined && seen !== job.status)
    return { errorCode: priceImportLifecycleErrors.changedMeanwhile.errorCode, msg: priceImportLifecycleErrors.changedMeanwhile.msg };
  return null;
}

function applyMove(job: ModelJob, event: 'resume' | 'rollback') {
  moveTo(job, event === 'resume' ? 'queued' : 'rolling_back');
  job.audits[event] += 1;
}

type Outcome = 'finish' | 'stop' | 'fail';

/** A worker's run of the job: `batches` batches (or chunks) and then the outcome, unless the work ends first. */
async function workModel(model: Model, job: ModelJob, batches: number, outcome: Outcome, readUndoUntil: () => Promise<number | null>) {
  if (job.status === 'queued') {
    if (model.jobs.some((other) => other !== job && isRunning(other.status))) return;
    moveTo(job, 'running');
  }
  if (job.status === 'running') {
    const count = outcome === 'finish' ? job.rows.length - job.processed : Math.min(batches, job.rows.length - job.processed);
    for (const row of job.rows.slice(job.processed, job.processed + count)) {
      job.undo.push({ part: row.part, before: model.prices[row.part] ?? 0, after: row.priceE4 });
      model.prices[row.part] = row.priceE4;
    }
    job.processed += count;
    if (job.processed === job.rows.length) {
      moveTo(job, 'done');
      job.undoUntil = await readUndoUntil();
    } else if (outcome === 'fail') moveTo(job, 'failed');
  } else if (job.status === 'rolling_back') {
    const count = outcome === 'finish' ? job.undo.length : Math.min(batches, job.undo.length);
    for (let index = 0; index < count; index++) {
      const entry = job.undo.pop();
      // A part changed since the job wrote it is left alone (and reported); else it gets its price back.
      if (entry && model.prices[entry.part] === entry.after) model.prices[entry.part] = entry.before;
    }
    if (job.undo.length === 0) {
      moveTo(job, 'rolled_back');
      job.undoUntil = null;
    } else if (outcome === 'fail') moveTo(job, 'rollback_failed');
  }
}

function hooksOf(batches: number, outcome: Outcome): JobHooks {
  let ran = 0;
  return {
    batchRows: 1,
    shouldStop: () => outcome === 'stop' && ran >= batches,
    beforeBatch: () => {
      if (outcome === 'fail' && ran >= batches) throw new Error('模拟中断');
      ran += 1;
    },
  };
}

/** Which job a command acts on: one the event fits (when there is one), or any job at all. */
interface Target {
  isFitting: boolean;
  at: number;
}

function pick(model: Model, target: Target, fitting: readonly PriceImportJobStatus[]): ModelJob | undefined {
  const fits = model.jobs.filter((job) => fitting.includes(job.status));
  const candidates = target.isFitting && fits.length > 0 ? fits : model.jobs;
  return candidates[target.at % Math.max(candidates.length, 1)];
}

const { requeue, resume, rollback } = priceImportJobLifecycle.events;
const hasJobs = (model: Model) => model.jobs.length > 0;

// ---- the agreement checked after every step ----

async function checkAgreement(model: Model) {
  const ids = model.jobs.map((job) => job.id);
  const jobs = await db.kysely.selectFrom('priceImportJobs').select(['id', 'status', 'processed']).orderBy('id').execute();
  expect(
    jobs.map((job) => ({ id: job.id, status: job.status, processed: job.processed })),
    'jobs',
  ).toEqual(model.jobs.map((job) => ({ id: job.id, status: job.status, processed: job.processed })));
  expect(jobs.filter((job) => isRunning(job.status)).length, 'jobs running or rolling back').toBeLessThanOrEqual(1);

  const undo = await db.kysely
    .selectFrom('priceImportUndo')
    .select(['jobId', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('jobId')
    .execute();
  for (const job of model.jobs) expect(Number(undo.find((row) => row.jobId === job.id)?.n ?? 0), `undo rows of job ${job.id}`).toBe(job.undo.length);

  const prices = await db.kysely
    .selectFrom('productPrices')
    .select(['productId', 'qtyStart', 'priceE4'])
    .where('productId', 'in', model.partIds)
    .orderBy('productId')
    .execute();
  expect(prices, 'prices').toEqual(model.partIds.map((productId, part) => ({ productId, qtyStart: 1, priceE4: model.prices[part] })));

  const audits =
    ids.length === 0
      ? []
      : await db.kysely
          .selectFrom('auditLog')
          .select(['subjectId', 'action', (eb) => eb.fn.countAll<number | string>().as('n')])
          .where('subject', '=', 'PriceImport')
          .where(
            'subjectId',
            'in',
            ids.map((id) => String(id)),
          )
          .groupBy(['subjectId', 'action'])
          .execute();
  const audited = (id: number, action: string) => Number(audits.find((row) => row.subjectId === String(id) && row.action === action)?.n ?? 0);
  for (const job of model.jobs) {
    expect({ apply: audited(job.id, 'apply'), resume: audited(job.id, 'resume'), rollback: audited(job.id, 'rollback') }, `audit of job ${job.id}`).toEqual(
      job.audits,
    );
  }
}

function checked(command: Command): Command {
  return {
    check: (model) => command.check(model),
    async run(model, real) {
      await command.run(model, real);
      await checkAgreement(model);
    },
    toString: () => command.toString(),
  };
}

const readUndoUntilOf = (jobId: number) => async () =>
  (await db.kysely.selectFrom('priceImportJobs').select('undoUntil').where('id', '=', jobId).executeTakeFirstOrThrow()).undoUntil;

// ---- the commands ----

/** 上传, 校验, 应用: a list repricing these parts (fresh prices), queued as a job and audited. */
function uploadCommand(parts: number[]): Command {
  return {
    check: () => true,
    async run(model) {
      const rows = parts.map((part) => ({ part, priceE4: (model.nextPriceE4 += 7) }));
      const staff = staffOf('catalog');
      const bytes = priceListOf(rows.map((row) => ({ code: model.codes[row.part] ?? '', priceE4: row.priceE4 })));
      const reading = { db: db.kysely, lists: inPlacePriceLists };
      const upload = await receivePriceList(reading, staff, 'model.csv', bytes);
      const validation = await validateUpload(reading, staff, { uploadId: upload.uploadId });
      expect(validation.summary.counts.priceChange).toBe(rows.length);
      const applied = await applyUpload(db.kysely, idleQueue, staff, upload.uploadId);
      model.jobs.push({
        id: applied.job.id,
        status: 'queued',
        history: ['queued'],
        rows,
        processed: 0,
        undo: [],
        undoUntil: null,
        audits: { apply: 1, resume: 0, rollback: 0 },
      });
    },
    toString: () => `upload(${parts.join(',')})`,
  };
}

/** A worker takes the job up (start, or a job left mid-way) and finishes, or stops or fails after a few batches. */
function workCommand(target: Target, batches: number, outcome: Outcome): Command {
  return {
    check: hasJobs,
    async run(model) {
      const job = pick(model, target, requeue.from);
      if (!job) return;
      await runPriceImportJob(db.kysely, job.id, hooksOf(batches, outcome));
      await workModel(model, job, batches, outcome, readUndoUntilOf(job.id));
    },
    toString: () => `work(${JSON.stringify(target)}, ${batches}, ${outcome})`,
  };
}

/** The sweep: the jobs to take up, those left mid-way first; a worker then takes the first to its end. */
function sweepCommand(): Command {
  return {
    check: () => true,
    async run(model) {
      const midway = model.jobs.filter((job) => isRunning(job.status)).map((job) => job.id);
      const queued = model.jobs.filter((job) => job.status === 'queued').map((job) => job.id);
      const runnable = await runnablePriceImportJobIds(db.kysely);
      expect(runnable).toEqual([...midway, ...queued]);
      const first = model.jobs.find((job) => job.id === runnable[0]);
      if (!first) return;
      await runPriceImportJob(db.kysely, first.id, { batchRows: 1 });
      await workModel(model, first, 0, 'finish', readUndoUntilOf(first.id));
    },
    toString: () => 'sweep()',
  };
}

/** The page's view: the job now, none (a page of before the view was sent), or a state it has left (a stale page). */
type SeenChoice = { kind: 'now' } | { kind: 'none' } | { kind: 'stale'; at: number; isFitting: boolean };

/**
 * What the page showed: the job now, nothing, or a state it has left since when it has one — when fitting, one the
 * event leaves (the page showed a button the job has since lost and found again: 已中断 → … → 完成, then 回滚).
 */
function seenOf(job: ModelJob, choice: SeenChoice, fitting: readonly PriceImportJobStatus[]): PriceImportJobStatus | undefined {
  if (choice.kind === 'none') return undefined;
  const left = job.history.filter((status) => status !== job.status);
  const fits = left.filter((status) => fitting.includes(status));
  const states = choice.kind === 'stale' && choice.isFitting && fits.length > 0 ? fits : left;
  if (choice.kind === 'now' || states.length === 0) return job.status;
  return states[choice.at % states.length];
}

/** 继续 or 回滚 from the console, as the page showed the job (now, or a stale page), by a role with or without the right. */
function staffCommand(event: 'resume' | 'rollback', target: Target, choice: SeenChoice, role: StaffRole): Command {
  return {
    check: hasJobs,
    async run(model) {
      const fitting = (event === 'resume' ? resume : rollback).from;
      const job = pick(model, target, fitting);
      if (!job) return;
      const seen = seenOf(job, choice, fitting);
      const expected = expectedRefusal(model, job, event, seen, role);
      const move = event === 'resume' ? resumeJob : rollBackJob;
      expect(await refusalOf(move(db.kysely, idleQueue, staffOf(role), job.id, seen))).toEqual(expected);
      if (expected === null) applyMove(job, event);
    },
    toString: () => `${event}(${JSON.stringify(target)}, ${JSON.stringify(choice)}, ${role})`,
  };
}

/** Several staff click 回滚 on jobs (the same one or different ones) at the same instant. */
function concurrentRollbacksCommand(targets: Target[]): Command {
  return {
    check: hasJobs,
    async run(model) {
      const jobs = targets.flatMap((target) => pick(model, target, rollback.from) ?? []);
      const staff = staffOf('catalog');
      const before = jobs.map((job) => expectedRefusal(model, job, 'rollback', job.status, 'catalog'));
      const seen = jobs.map((job) => job.status);
      const answers = await Promise.all(jobs.map((job, index) => refusalOf(rollBackJob(db.kysely, idleQueue, staff, job.id, seen[index]))));
      const winners = answers.flatMap((answer, index) => (answer === null ? [index] : []));
      // The one place: one rollback runs when any could, none otherwise.
      expect(winners).toHaveLength(before.some((refusal) => refusal === null) ? 1 : 0);
      const winner = winners[0] === undefined ? undefined : jobs[winners[0]];
      if (winner) {
        expect(before[winners[0] ?? 0]).toBeNull();
        applyMove(winner, 'rollback');
      }
      for (const [index, answer] of answers.entries()) {
        if (answer === null) continue;
        const job = jobs[index];
        if (!job) continue;
        // Refused as the job stood before the winner moved, or after it (whichever came first under the lock).
        const after = expectedRefusal(model, job, 'rollback', seen[index], 'catalog');
        expect([before[index], after], `rollback of job ${job.id}`).toContainEqual(answer);
      }
    },
    toString: () => `concurrentRollbacks(${JSON.stringify(targets)})`,
  };
}

/** The hourly purge run at this finished job's retention end: it and those finished before lose their undo rows. */
function purgeCommand(at: number): Command {
  return {
    check: (model) => model.jobs.some((job) => job.status === 'done' && job.undoUntil !== null),
    async run(model) {
      const kept = model.jobs.filter((job) => job.status === 'done' && job.undoUntil !== null);
      const chosen = kept[at % kept.length];
      if (!chosen?.undoUntil) return;
      const now = chosen.undoUntil;
      const purged = kept.filter((job) => (job.undoUntil ?? Infinity) <= now);
      expect(await purgeExpiredUndo(db.kysely, now)).toBe(purged.length);
      for (const job of purged) {
        job.undoUntil = null;
        job.undo = [];
      }
    },
    toString: () => `purge(${at})`,
  };
}

const index = fc.nat({ max: 30 });
/** Mostly a job the event fits, so that sequences move jobs along rather than collect refusals. */
const mostly = fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });
const target: fc.Arbitrary<Target> = fc.record({ isFitting: mostly, at: index });
const seenChoice: fc.Arbitrary<SeenChoice> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'now' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('stale' as const), at: index, isFitting: mostly }) },
);
const role = fc.oneof({ weight: 6, arbitrary: fc.constant<StaffRole>('catalog') }, { weight: 1, arbitrary: fc.constant<StaffRole>('warehouse') });
const outcome = fc.constantFrom<Outcome>('finish', 'stop', 'fail', 'fail');

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 2, arbitrary: fc.shuffledSubarray([0, 1, 2], { minLength: 1 }).map((parts) => checked(uploadCommand(parts))) },
  { weight: 7, arbitrary: fc.tuple(target, fc.nat({ max: 2 }), outcome).map(([job, batches, end]) => checked(workCommand(job, batches, end))) },
  { weight: 3, arbitrary: fc.constant(null).map(() => checked(sweepCommand())) },
  { weight: 3, arbitrary: fc.tuple(target, seenChoice, role).map(([job, seen, who]) => checked(staffCommand('resume', job, seen, who))) },
  { weight: 5, arbitrary: fc.tuple(target, seenChoice, role).map(([job, seen, who]) => checked(staffCommand('rollback', job, seen, who))) },
  { weight: 2, arbitrary: fc.array(target, { minLength: 2, maxLength: 4 }).map((jobs) => checked(concurrentRollbacksCommand(jobs))) },
  { weight: 1, arbitrary: index.map((at) => checked(purgeCommand(at))) },
);

/** A quiet queue and three parts of the run's own at known prices. */
async function freshModel(): Promise<Model> {
  await db.kysely.deleteFrom('priceImportUploads').execute();
  await db.kysely.deleteFrom('priceImportJobs').execute();
  runSerial += 1;
  const model: Model = { partIds: [], codes: [], prices: [], jobs: [], nextPriceE4: 10_000 };
  for (let part = 0; part < partCount; part++) {
    const code = `MODEL-${runSerial}-${part}`;
    const priceE4 = 5_000 + part;
    const id = await insertProduct(db.kysely, {
      code,
      brandId: fixture.brands.st,
      categoryFirstId: fixture.categories.mcu,
      categorySecondId: fixture.categories.armMcu,
      prices: [{ qtyStart: 1, priceE4 }],
    });
    model.partIds.push(id);
    model.codes.push(code);
    model.prices.push(priceE4);
  }
  return model;
}

describe('the price-import job lifecycle against its model', () => {
  it(`keeps jobs, the one place, prices and the audit log as the model says, over ${String(runs)} random sequences`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands([command], { maxCommands, size: 'max' }), async (sequence) => {
        const model = await freshModel();
        // Two jobs to begin with, the first interrupted after its first row, so sequences soon meet 继续 and 回滚.
        const start = [checked(uploadCommand([0, 1])), checked(uploadCommand([2, 0])), checked(workCommand({ isFitting: true, at: 0 }, 1, 'fail'))];
        await fc.asyncModelRun(() => ({ model, real: { db } }), [...start, ...sequence]);
      }),
      { numRuns: runs },
    );
  }, 600_000);
});
