/**
 * The supplier price-list import at scale: a 100,000-row CSV (70 % parts the catalogue has, with new stock and
 * prices; 29.5 % new parts; 0.5 % rows with errors) read, validated and previewed, then applied as a job, against
 * a copy of the 1M-SKU SQLite file under data/bench/ (the shared file is never written). Without that file a
 * catalogue of BENCH_IMPORT_SKUS (1,000,000 by default) is seeded into a temporary file; on PostgreSQL
 * (BENCH_DATABASE_URL) into a fresh database. The report names the size used. A search index built before the
 * apply is timed catching up with the change log afterwards. Writes bench/results/import.md.
 *
 *   node --import tsx bench/import.bench.ts      (BENCH_IMPORT_ROWS, BENCH_IMPORT_SKUS to override)
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { benchDatabasePath } from './bench-kit.ts';
import { createDb, type Db } from '../src/server/db/create-db.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { seedCatalog } from '../src/server/seed/catalog-seed.ts';
import { checkPriceList, queuePriceImport, runPriceImportJob } from '../src/server/features/price-import/price-import.service.ts';
import { readPriceList } from '../src/server/features/price-import/price-list-read.ts';
import { defaultKeeperOptions } from '../src/server/features/search/search-index.keeper.ts';
import { SearchService } from '../src/server/features/search/search.service.ts';
import { pino } from 'pino';

const importRows = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const seedSkus = Number(process.env.BENCH_IMPORT_SKUS ?? 1_000_000);
const workPath = 'data/bench/import-work.sqlite';

const csvField = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

function removeWork() {
  for (const suffix of ['', '-wal', '-shm']) rmSync(workPath + suffix, { force: true });
}

/** BENCH_DATABASE_URL (a PostgreSQL server): the run uses a fresh database there, seeded with BENCH_IMPORT_SKUS, dropped after. */
const postgresServer = process.env.BENCH_DATABASE_URL;

async function openCatalogue(): Promise<{ db: Db; source: string; drop: () => Promise<void> }> {
  if (postgresServer) {
    const name = `store_bench_import_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresServer });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(postgresServer);
    url.pathname = `/${name}`;
    const db = createDb(url.toString());
    await migrateToLatest(db);
    console.log(`seeding ${seedSkus.toLocaleString('en')} SKUs into a fresh PostgreSQL database …`);
    await seedCatalog(db, { skus: seedSkus });
    const drop = async () => {
      const cleanup = new pg.Client({ connectionString: postgresServer });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    };
    return { db, source: `PostgreSQL, seeded here with ${seedSkus.toLocaleString('en')} SKUs`, drop };
  }
  removeWork();
  const hasMillion = existsSync(benchDatabasePath);
  if (hasMillion) copyFileSync(benchDatabasePath, workPath);
  const db = createDb(workPath);
  await migrateToLatest(db);
  if (!hasMillion) {
    console.log(`${benchDatabasePath} is absent: seeding ${seedSkus.toLocaleString('en')} SKUs into ${workPath}`);
    await seedCatalog(db, { skus: seedSkus });
  }
  const source = hasMillion
    ? `SQLite, a copy of ${benchDatabasePath}`
    : `SQLite, seeded here with ${seedSkus.toLocaleString('en')} SKUs (the 1M-SKU file was absent)`;
  return {
    db,
    source,
    drop: () => {
      removeWork();
      return Promise.resolve();
    },
  };
}

async function main() {
  const { db, source, drop } = await openCatalogue();
  const k = db.kysely;
  const skus = Number(
    (
      await k
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const maxId = Number(
    (
      await k
        .selectFrom('products')
        .select((eb) => eb.fn.max<number | string>('id').as('m'))
        .executeTakeFirstOrThrow()
    ).m,
  );
  const existingCount = Math.round(importRows * 0.7);
  const errorCount = Math.round(importRows * 0.005);
  const newCount = importRows - existingCount - errorCount;
  // Existing parts spread over the whole catalogue: every (maxId / existingCount)-th id.
  const step = Math.max(1, Math.floor(maxId / existingCount));
  const existing = await k
    .selectFrom('products')
    .innerJoin('brands', 'brands.id', 'products.brandId')
    .select(['products.code', 'brands.nameEn', 'products.stock', 'products.package'])
    .where(sql`${sql.ref('products.id')} % ${step}`, '=', 0)
    .limit(existingCount)
    .execute();
  const brands = await k.selectFrom('brands').select('nameEn').limit(20).execute();
  const category = await k.selectFrom('categories').select('id').where('level', '=', 2).orderBy('id').limit(1).executeTakeFirstOrThrow();
  const lines = ['型号,品牌,封装,库存(深圳仓),库存(江苏仓),MPQ,1+,10+,100+,1000+'];
  existing.forEach((part, index) => {
    const price = 0.01 + (index % 997) / 1000;
    lines.push(
      `${csvField(part.code)},${csvField(part.nameEn)},${csvField(part.package)},${index % 5000},${index % 300},${[1, 10, 100, 3000][index % 4] ?? 1},${price.toFixed(4)},${(price * 0.9).toFixed(4)},${(price * 0.8).toFixed(4)},${(price * 0.7).toFixed(4)}`,
    );
  });
  for (let index = 0; index < newCount; index++) {
    const brand = brands[index % brands.length]?.nameEn ?? '';
    lines.push(`BENCH-NEW-${index},${csvField(brand)},SOT-23,${index % 10_000},0,3000,0.${String(1000 + (index % 8999))},0.0900,0.0800,0.0700`);
  }
  for (let index = 0; index < errorCount; index++)
    lines.push(index % 2 === 0 ? `BENCH-BAD-${index},无此品牌,,1,0,1,0.1,,,` : `BENCH-BAD-${index},${csvField(brands[0]?.nameEn ?? '')},,1,0,1,免费,,,`);
  const csv = new TextEncoder().encode(`${lines.join('\n')}\n`);

  const validateStarted = performance.now();
  const check = await checkPriceList(k, readPriceList(csv), { newPartCategoryId: category.id });
  const validateMs = performance.now() - validateStarted;
  const reasons = new Map<string, number>();
  for (const error of check.preview.errors) reasons.set(error.reason, (reasons.get(error.reason) ?? 0) + 1);
  const seqBefore = Number(
    (
      await k
        .selectFrom('catalogChanges')
        .select((eb) => eb.fn.max<number | string | null>('seq').as('s'))
        .executeTakeFirstOrThrow()
    ).s ?? 0,
  );
  const search = new SearchService(db, pino({ level: 'silent' }), { ...defaultKeeperOptions, checkIntervalMs: 0 });
  const buildStarted = performance.now();
  await search.keeper.startBuild();
  const buildMs = performance.now() - buildStarted;
  const applyStarted = performance.now();
  const jobId = await queuePriceImport(k, 'bench.csv', check, { newPartCategoryId: category.id });
  const job = await runPriceImportJob(k, jobId);
  const applyMs = performance.now() - applyStarted;
  // The index as a running process holds it: each request checks the change log; time until nothing is left.
  const catchUpStarted = performance.now();
  for (;;) {
    await search.keeper.current();
    if ((await search.keeper.lag()) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const catchUpMs = performance.now() - catchUpStarted;
  await search.keeper.close();
  const changes = Number(
    (
      await k
        .selectFrom('catalogChanges')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('seq', '>', seqBefore)
        .executeTakeFirstOrThrow()
    ).n,
  );
  await db.destroy();
  await drop();

  const rate = (rows: number, ms: number) => Math.round(rows / (ms / 1000)).toLocaleString('en');
  const { counts } = check.preview;
  const engineTitle = postgresServer ? 'PostgreSQL' : 'SQLite';
  const section = [
    `## ${engineTitle}`,
    '',
    `Measured on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GB, load average at the end ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')} (a CI run shared the machine).`,
    '',
    `Catalogue: ${skus.toLocaleString('en')} SKUs (${source}). File: ${importRows.toLocaleString('en')} rows, ${(csv.length / 1024 / 1024).toFixed(1)} MB CSV, 4 price tiers and 2 warehouse stock columns per row.`,
    '',
    '| step | time | rows/s |',
    '| --- | --- | --- |',
    `| read + validate + preview (bulk catalogue load, no per-row SQL) | ${(validateMs / 1000).toFixed(1)} s | ${rate(importRows, validateMs)} |`,
    `| apply as a job (batches of 1,000, one transaction each, before-values saved) | ${(applyMs / 1000).toFixed(1)} s | ${rate(job.total, applyMs)} |`,
    '',
    `Preview: ${counts.create.toLocaleString('en')} creates, ${counts.update.toLocaleString('en')} updates, ${counts.priceChange.toLocaleString('en')} price changes, ${counts.unchanged.toLocaleString('en')} unchanged, ${counts.error.toLocaleString('en')} rows with errors (${[...reasons].map(([reason, count]) => `${reason}: ${count}`).join('; ')}). Job: ${job.status}, ${job.processed.toLocaleString('en')} / ${job.total.toLocaleString('en')} applied.`,
    '',
    `Change log: ${changes.toLocaleString('en')} catalog_changes entries written by the triggers (one per product row and per price row written or deleted; what the search and parametric indexes of every process read to catch up). Search index: built in ${(buildMs / 1000).toFixed(1)} s before the apply; after the job it had followed the whole change log (lag 0) ${(catchUpMs / 1000).toFixed(1)} s after the job ended (more than ${defaultKeeperOptions.maxIncremental.toLocaleString('en')} changed parts at once: a rebuild in the background, the old index answering meanwhile).`,
    '',
  ].join('\n');
  const reportPath = 'bench/results/import.md';
  const previous = existsSync(reportPath) ? readFileSync(reportPath, 'utf8') : '';
  const kept = previous.split(/^(?=## )/m).filter((part) => part.startsWith('## ') && !part.startsWith(`## ${engineTitle}\n`));
  const sections = [...kept, `${section}\n`].sort((a, b) => (a.startsWith('## SQLite') ? -1 : b.startsWith('## SQLite') ? 1 : 0));
  const report = [
    '# Supplier price-list import',
    '',
    '`npm run bench -- import` (or `node --import tsx bench/import.bench.ts`; `BENCH_DATABASE_URL=postgres://… ` for the PostgreSQL run). A 100,000-row supplier CSV (70 % parts the catalogue has, 29.5 % new parts, 0.5 % rows with errors) read, validated, previewed, then applied as a job.',
    '',
    ...sections,
  ];
  writeFileSync(reportPath, report.join('\n'));
  console.log(report.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  removeWork();
  process.exitCode = 1;
});
