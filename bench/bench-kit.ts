import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { pino } from 'pino';
import type { AppDeps } from '../src/server/app-deps.ts';
import { loadConfig } from '../src/server/config.ts';
import { createDb, type Db } from '../src/server/db/create-db.ts';
import { createSmsProvider } from '../src/server/features/account/sms/create-sms-provider.ts';
import { createDatabaseCounterStore } from '../src/server/http/counter-store.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { ensurePlannerStatistics } from '../src/server/db/planner-statistics.ts';
import { seedCatalog } from '../src/server/seed/catalog-seed.ts';

/** Pieces the 1M-SKU benches share: the database file, percentiles, waiting for a quiet process. */
export const benchDatabasePath = process.env.BENCH_SQLITE ?? 'data/bench/catalog-1m.sqlite';
export const benchSkus = Number(process.env.BENCH_SKUS ?? 1_000_000);

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

/** What a bench builds the app from: production mode on the bench database, silent logs. */
export function benchAppDeps(db: Db, databasePath: string): AppDeps {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: databasePath,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    LOG_LEVEL: 'silent',
  });
  return { config, db, logger: pino({ level: 'silent' }), counters: createDatabaseCounterStore(db.kysely), sms: createSmsProvider(config, db.kysely) };
}
