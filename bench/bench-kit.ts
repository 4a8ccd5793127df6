import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { pino, type Logger } from 'pino';
import type { AppDeps } from '../src/server/app-deps.ts';
import { loadConfig } from '../src/server/config.ts';
import { createDb, type Db } from '../src/server/db/create-db.ts';
import { createSmsProvider } from '../src/server/features/account/sms/create-sms-provider.ts';
import { createDatabaseCounterStore } from '../src/server/http/counter-store.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { ensurePlannerStatistics } from '../src/server/db/planner-statistics.ts';
import { seedCatalog } from '../src/server/seed/catalog-seed.ts';

/**
 * Pieces the 1M-SKU benches share: the database file, percentiles, waiting for a quiet process.
 * The catalogue size comes from `--skus N` (bench/run.ts passes it on) or BENCH_SKUS; each size
 * has its own file, data/bench/catalog-1m.sqlite, catalog-5m.sqlite…
 */
function skusArgument(): number | null {
  const args = process.argv.slice(2);
  const at = args.findIndex((arg) => arg === '--skus' || arg.startsWith('--skus='));
  if (at < 0) return null;
  const arg = args[at] ?? '';
  const value = arg.includes('=') ? arg.slice('--skus='.length) : args[at + 1];
  return Number(value);
}
export const benchSkus = skusArgument() ?? Number(process.env.BENCH_SKUS ?? 1_000_000);
const sizeLabel = benchSkus % 1_000_000 === 0 ? `${benchSkus / 1_000_000}m` : `${benchSkus}`;
export const benchDatabasePath = process.env.BENCH_SQLITE ?? `data/bench/catalog-${sizeLabel}.sqlite`;
/** The 1M figures are the file's main report; another size's report is a section of it. */
export const isMainSize = benchSkus === 1_000_000;

/**
 * Writes a bench's report into bench/results/<name>.md: at 1M the whole file (keeping the
 * sections of other sizes), at another size its own section (replaced when run again), the
 * report's headings one level down.
 */
export function writeBenchReport(name: string, report: string): void {
  const path = `bench/results/${name}.md`;
  mkdirSync('bench/results', { recursive: true });
  const existing = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const sectionPattern = /\n<!-- skus:(\d+) -->\n[\s\S]*?<!-- \/skus:\1 -->\n/g;
  if (isMainSize) {
    const sections = existing.match(sectionPattern) ?? [];
    writeFileSync(path, `${report.trimEnd()}\n${sections.join('')}`);
    return;
  }
  const demoted = report.replace(/^(#+) /gm, '#$1 ').replace(/^## (.*)$/m, `## At ${benchSkus.toLocaleString('en-US')} SKUs: $1`);
  const section = `\n<!-- skus:${benchSkus} -->\n${demoted.trimEnd()}\n<!-- /skus:${benchSkus} -->\n`;
  const without = existing.replace(new RegExp(`\\n<!-- skus:${benchSkus} -->\\n[\\s\\S]*?<!-- /skus:${benchSkus} -->\\n`), '');
  writeFileSync(path, `${without.trimEnd()}\n${section}`);
}

/** Log lines of the app kept for the report: the indexes' "ready" lines say when each answered from memory. */
export interface LogCapture {
  lines: Record<string, unknown>[];
  find(message: string): Record<string, unknown> | undefined;
}

export function createLogCapture(): { logger: Logger; capture: LogCapture } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), capture: { lines, find: (message) => lines.find((line) => line.msg === message) } };
}

export interface Timing {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

export function timingOf(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1) ?? 0, mean: sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length) };
}

/**
 * Seeds into a side file renamed into place when complete, so an interrupted seed never
 * leaves a half-filled catalogue for the next run (or another bench) to measure.
 */
export async function prepareBenchDatabase(): Promise<{ db: Db; seededMs: number | null }> {
  const databasePath = benchDatabasePath;
  mkdirSync(dirname(databasePath), { recursive: true });
  let seededMs: number | null = null;
  if (!existsSync(databasePath)) {
    const partial = `${databasePath}.partial`;
    for (const suffix of ['', '-wal', '-shm']) rmSync(partial + suffix, { force: true });
    const started = performance.now();
    console.log(`seeding ${benchSkus} SKUs into ${databasePath} …`);
    const seeding = createDb(partial);
    await migrateToLatest(seeding);
    await seedCatalog(seeding, { skus: benchSkus });
    await sql`pragma wal_checkpoint(truncate)`.execute(seeding.kysely);
    await seeding.destroy();
    seededMs = performance.now() - started;
    // Another bench may have seeded the shared file meanwhile: never replace a file in use.
    if (existsSync(databasePath)) rmSync(partial, { force: true });
    else renameSync(partial, databasePath);
  }
  const db = createDb(databasePath);
  await migrateToLatest(db);
  await ensurePlannerStatistics(db);
  const count = (
    await db.kysely
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;
  if (count < benchSkus * 0.99) {
    throw new Error(`${databasePath} holds ${count} products, not ${benchSkus}: an interrupted seed? Delete it (and its -wal/-shm) and run again.`);
  }
  return { db, seededMs };
}

/**
 * Features warm up in the background after start (search and choose indexes); measure once the
 * process is idle: under 20 % of a core for two seconds, or after five minutes at most.
 */
export async function waitUntilIdle(): Promise<number> {
  const started = performance.now();
  for (;;) {
    const before = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const used = process.cpuUsage(before);
    if ((used.user + used.system) / 1000 / 2000 < 0.2 || performance.now() - started > 300_000) return performance.now() - started;
  }
}

/** What a bench builds the app from: production mode on the bench database, silent logs (or the logger given). */
export function benchAppDeps(db: Db, databasePath: string, logger: Logger = pino({ level: 'silent' })): AppDeps {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: databasePath,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    LOG_LEVEL: 'silent',
  });
  return { config, db, logger, counters: createDatabaseCounterStore(db.kysely), sms: createSmsProvider(config, db.kysely) };
}
