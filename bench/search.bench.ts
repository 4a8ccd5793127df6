/**
 * Search at LCSC scale: suggestions p99 and results p95 over HTTP on a 1M-SKU SQLite file
 * (shared with the choose bench under data/bench/), the same queries in-process against the
 * in-memory index, a plain SQLite FTS5 (trigram) query and, when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set, a plain PostgreSQL ILIKE query with pg_trgm GIN indexes over the
 * same rows; index build time and memory. Writes bench/results/search.md.
 *
 *   node --import tsx bench/search.bench.ts      (BENCH_SQLITE, BENCH_SKUS to override)
 */
import type { AnyCall, CallBody } from '../src/contract/call.ts';
import { searchCalls } from '../src/contract/search-calls.ts';
import SQLite from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { Envelope } from '../src/contract/envelope.ts';
import { normalizePartNumber } from '../src/contract/part-number.ts';
import { searchParamsUrl, type SearchParams } from '../src/contract/search.ts';
import { splitKeyword } from '../src/contract/value-query.ts';
import { benchAppDeps, benchDatabasePath, benchSkus, createLogCapture, isMainSize, writeBenchReport } from './bench-kit.ts';
import { defaultKeeperOptions } from '../src/server/features/search/search-index.keeper.ts';
import { snapshotPathOf } from '../src/server/cache/snapshot-paths.ts';
import { createBenchClient } from './http-client.ts';
import { timeRequestsElsewhere, type TimedRequest, type TimingJob } from './http-timing-client.ts';
import { buildApp } from '../src/server/app.ts';
import { createDb, type Db } from '../src/server/db/create-db.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { ensurePlannerStatistics } from '../src/server/db/planner-statistics.ts';
import { registerSearchFeature, searchFeatureWith } from '../src/server/features/search/search.feature.ts';
import { SearchService } from '../src/server/features/search/search.service.ts';
import { featureRegistrations } from '../src/server/features/all-features.ts';
import { seedCatalog } from '../src/server/seed/catalog-seed.ts';
import { createRandom } from '../src/server/seed/random.ts';

const databasePath = benchDatabasePath;
const ftsPath = databasePath.replace(/\.sqlite$/, '') + '-fts.sqlite';
const skus = benchSkus;
/** The FTS5 and PostgreSQL baselines: at 1M always, at other sizes with BENCH_BASELINES=1 (building them takes long). */
const withBaselines = isMainSize || process.env.BENCH_BASELINES === '1';
const postgresUrl = withBaselines ? (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) : undefined;
const target = { suggestP99Ms: 5, searchP95Ms: 50 };
const suggestRepeats = 5;

interface Timing {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function timingOf(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

/**
 * Times `run` on each item in turn, after warming up on `warmup` (other items, so nothing
 * measured has been seen before); `before` runs untimed before each item.
 */
async function timeEach<T>(items: T[], run: (item: T) => unknown, options: { warmup?: T[]; before?: () => unknown } = {}): Promise<Timing> {
  for (const item of options.warmup ?? []) await run(item);
  const samples: number[] = [];
  for (const item of items) {
    await options.before?.();
    const started = performance.now();
    await run(item);
    samples.push(performance.now() - started);
  }
  return timingOf(samples);
}

const ms = (value: number) => value.toFixed(2);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

async function prepareDatabase(): Promise<{ db: Db; seededMs: number | null }> {
  const isNew = !existsSync(databasePath);
  mkdirSync(dirname(databasePath), { recursive: true });
  const db = createDb(databasePath);
  await migrateToLatest(db);
  if (!isNew) {
    await ensurePlannerStatistics(db);
    return { db, seededMs: null };
  }
  const started = performance.now();
  console.log(`seeding ${skus} SKUs into ${databasePath} …`);
  await seedCatalog(db, { skus });
  return { db, seededMs: performance.now() - started };
}

interface Workload {
  suggestKeys: string[];
  queries: SearchParams[];
  /** Other keys and searches of the same kinds, run first to warm the JIT. */
  warmupKeys: string[];
  warmupQueries: SearchParams[];
}

/** Realistic keys drawn from the catalogue itself: code prefixes, brands, categories, values, Chinese words. */
async function buildWorkload(db: Db): Promise<Workload> {
  const random = createRandom(20_260_601);
  const { maxId } = await db.kysely
    .selectFrom('products')
    .select((eb) => eb.fn.max('id').as('maxId'))
    .executeTakeFirstOrThrow();
  const ids = Array.from({ length: 200 }, () => random.int(1, maxId));
  const codes = (await db.kysely.selectFrom('products').select('code').where('id', 'in', ids).execute()).map((row) => row.code);
  const brands = await db.kysely.selectFrom('brands').select(['nameEn', 'nameCn']).execute();
  const categories = (await db.kysely.selectFrom('categories').select('name').where('level', '=', 2).execute()).map((row) => row.name);
  const typed = (code: string) => (random.chance(0.5) ? code.toLowerCase() : normalizePartNumber(code).toLowerCase());

  const suggestKeys = [
    ...codes.slice(0, 120).map((code) => typed(code).slice(0, random.int(3, 8))),
    ...Array.from({ length: 30 }, () => {
      const brand = random.pick(brands);
      return random.chance(0.5) || !brand.nameCn ? brand.nameEn.toLowerCase().slice(0, random.int(2, 6)) : brand.nameCn.slice(0, random.int(2, 4));
    }),
    ...Array.from({ length: 30 }, () => random.pick(categories).slice(0, random.int(2, 4))),
    ...[
      '10k',
      'stm32',
      'lm3',
      '0603',
      '100n',
      'rc06',
      'grm1',
      'cl10',
      'ams1117',
      'ch340',
      'esp32',
      'tps5',
      'ao34',
      'bss1',
      '1n41',
      'sn74',
      'gd32',
      'w25q',
      'tl43',
      '74hc',
    ],
  ];
  const valueQueries = [
    '10k 0603 1%',
    '100nF 50V',
    '4K7 0402',
    '1uF 0805',
    '22pF 0402',
    '10uH',
    '100R 0603',
    '0.1uF 16V',
    '1k 0805 5%',
    '47uF',
    'X7R 0603',
    '3.3V',
    '8MHz',
    'SOT-23',
    '0402 1%',
  ];
  const chinese = ['贴片电阻 0603', '国巨 10k', '村田 100nF', '厚膜贴片电阻', '陶瓷电容 50V', '德州仪器', '意法半导体', '贴片电容', '电感', '二极管'];
  const keys = [
    ...codes.slice(120, 150).map(typed),
    ...codes.slice(150, 160).map((code) => `${code}/TR`),
    ...codes.slice(0, 15).map((code) => typed(code).slice(0, random.int(4, 7))),
    ...Array.from({ length: 10 }, () => random.pick(brands)).map((brand) => (random.chance(0.5) && brand.nameCn ? brand.nameCn : brand.nameEn)),
    ...Array.from({ length: 10 }, () => random.pick(categories)),
    ...valueQueries,
    ...chinese,
  ];
  const toQuery = (key: string): SearchParams => ({
    key,
    categoryId: null,
    brandId: null,
    package: null,
    isInStock: random.chance(0.2),
    sort: random.chance(0.7) ? 0 : (random.int(1, 3) as 1 | 2 | 3),
    page: random.chance(0.85) ? 1 : 2,
  });
  const warmupCodes = codes.slice(160);
  return {
    suggestKeys,
    queries: keys.map(toQuery),
    warmupKeys: warmupCodes.map((code) => typed(code).slice(0, random.int(3, 8))),
    warmupQueries: [...warmupCodes.map(typed), '电容', 'TI', '1k 0402', '电源芯片'].map(toQuery),
  };
}

/** A plain SQLite FTS5 table (trigram tokenizer: substrings of codes, Chinese) over the same rows, in its own file. */
function prepareFts(): { fts: SQLite.Database; buildMs: number | null } {
  const isNew = !existsSync(ftsPath);
  const fts = new SQLite(ftsPath);
  if (!isNew) return { fts, buildMs: null };
  const started = performance.now();
  fts.exec(`CREATE VIRTUAL TABLE products_fts USING fts5(code_norm, description, tokenize = 'trigram')`);
  fts.exec(`ATTACH '${databasePath}' AS store`);
  fts.exec(`INSERT INTO products_fts (rowid, code_norm, description) SELECT id, code_norm, description FROM store.products`);
  fts.exec(`DETACH store`);
  return { fts, buildMs: performance.now() - started };
}

function ftsMatch(key: string): string | null {
  const words = splitKeyword(key)
    .map((word) => (/[\u3400-\u9fff]/.test(word) ? word : normalizePartNumber(word)))
    .filter((word) => word.length >= 3);
  return words.length === 0 ? null : words.map((word) => `"${word.replace(/"/g, '""')}"`).join(' AND ');
}

/** The same rows in PostgreSQL with pg_trgm GIN indexes, in a database of their own (kept between runs). */
async function preparePostgres(db: Db): Promise<{ client: pg.Client; buildMs: number | null } | null> {
  if (!postgresUrl) return null;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'bench_search'`);
  if (exists.rowCount === 0) await admin.query('CREATE DATABASE bench_search');
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = '/bench_search';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await client.query('CREATE TABLE IF NOT EXISTS products (id integer PRIMARY KEY, code_norm text NOT NULL, description text NOT NULL)');
  const { rows } = await client.query<{ count: string }>('SELECT count(*) AS count FROM products');
  const expected = (
    await db.kysely
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;
  if (Number(rows[0]?.count) === expected) return { client, buildMs: null };
  const started = performance.now();
  await client.query('TRUNCATE products');
  for (let after = 0; ;) {
    const batch = await db.kysely
      .selectFrom('products')
      .select(['id', 'codeNorm', 'description'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(20_000)
      .execute();
    const last = batch.at(-1);
    if (!last) break;
    await client.query('INSERT INTO products SELECT * FROM unnest($1::int[], $2::text[], $3::text[])', [
      batch.map((r) => r.id),
      batch.map((r) => r.codeNorm),
      batch.map((r) => r.description),
    ]);
    after = last.id;
  }
  await client.query('CREATE INDEX IF NOT EXISTS products_code_trgm ON products USING gin (code_norm gin_trgm_ops)');
  await client.query('CREATE INDEX IF NOT EXISTS products_description_trgm ON products USING gin (description gin_trgm_ops)');
  await client.query('CREATE INDEX IF NOT EXISTS products_code_prefix ON products (code_norm text_pattern_ops)');
  await client.query('ANALYZE products');
  return { client, buildMs: performance.now() - started };
}

function ilikeWhere(key: string): { where: string; values: string[] } {
  const words = splitKeyword(key);
  const values = words.map((word) => `%${(/[\u3400-\u9fff]/.test(word) ? word : normalizePartNumber(word)).replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return { where: words.map((_, i) => `(code_norm ILIKE $${i + 1} OR description ILIKE $${i + 1})`).join(' AND ') || 'false', values };
}

/** A full garbage collection (the build leaves a lot behind), without needing --expose-gc. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  if (typeof gc === 'function') (gc as () => void)();
}

/** Waits until timers fire on time for two seconds straight (nothing else busy in the process); returns the wait. */
async function waitUntilIdle(maxMs = 180_000): Promise<number> {
  const started = performance.now();
  let quietTicks = 0;
  while (quietTicks < 20 && performance.now() - started < maxMs) {
    const asked = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 100));
    quietTicks = performance.now() - asked < 105 ? quietTicks + 1 : 0;
  }
  return performance.now() - started;
}

/** React's development build is many times slower: the numbers only mean something in production mode. */
function rerunInProductionMode(): boolean {
  if (process.env.NODE_ENV === 'production') return false;
  const child = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  process.exitCode = child.status ?? 1;
  return true;
}

async function main() {
  if (rerunInProductionMode()) return;
  const { db, seededMs } = await prepareDatabase();
  const { logger, capture } = createLogCapture();
  const deps = benchAppDeps(db, databasePath, logger);
  const rssBefore = process.memoryUsage().rss;
  const snapshotPath = snapshotPathOf(deps.config.indexSnapshotBase, 'search-index');
  const service = new SearchService(db, deps.logger, { ...defaultKeeperOptions, snapshotPath });
  const features = featureRegistrations.map((register) => (register === registerSearchFeature ? searchFeatureWith(service) : register));
  const app = await buildApp(deps, { features, search: service });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  // Listening starts the index build in the background; pages answer from SQL meanwhile.
  const buildStarted = performance.now();
  const warmKey = { key: 'RC0603', categoryId: null, brandId: null, package: null, isInStock: false, sort: 0, page: 1 } satisfies SearchParams;
  const fallbackStarted = performance.now();
  const fallbackResponse = await fetch(`${base}${searchParamsUrl(warmKey)}`);
  await fallbackResponse.text();
  const fallbackMs = performance.now() - fallbackStarted;
  while (!service.keeper.isReady) await new Promise((resolve) => setTimeout(resolve, 100));
  const buildWallMs = performance.now() - buildStarted;
  // Other features warm their own caches after start too (the choose indexes): measure once all is quiet.
  const quietAfterMs = await waitUntilIdle();
  collectGarbage();
  const rssAfter = process.memoryUsage().rss;
  const heapAfter = process.memoryUsage().heapUsed;
  const productCount = (await service.keeper.current())?.productCount ?? 0;

  const workload = await buildWorkload(db);
  const client = createBenchClient(base);
  const session = await client.get('/search');
  const setCookie = session.headers['set-cookie'] ?? [];
  const cookies = (Array.isArray(setCookie) ? setCookie : [setCookie]).map((line) => line.split(';')[0] ?? '');
  const token = cookies.find((cookie) => cookie.startsWith('csrfToken='))?.slice('csrfToken='.length) ?? '';
  const post = async <C extends AnyCall>(target: C, body: CallBody<C>) => {
    const response = await client.post(target.path, body, { cookie: cookies.join('; '), 'x-csrf-token': token });
    const envelope = JSON.parse(response.body) as Envelope<unknown>;
    if (envelope.code !== 1) throw new Error(`${target.path}: ${envelope.code} ${envelope.msg}`);
    return envelope;
  };

  const index = await service.keeper.current();
  if (!index) throw new Error('no index');
  // Every measured search starts cold: the matches of recent keywords are forgotten first.
  const cold = { before: () => index.forgetMatches() };
  // Each key five times (in turn, not back to back): 1,000 samples make a steadier p99 than 200.
  // Over HTTP from a separate process, as a load tool would send them (http-timing-client.ts).
  const suggestRounds = Array.from({ length: suggestRepeats }, () => workload.suggestKeys).flat();
  const suggestRequest = (key: string): TimedRequest => ({ method: 'POST', path: searchCalls.searchAssociateWord.path, body: { key } });
  const apiRequest = (query: SearchParams): TimedRequest => ({
    method: 'POST',
    path: searchCalls.searchProductList.path,
    body: { key: query.key, stock: query.isInStock ? 1 : 0, sort: query.sort, page: query.page },
  });
  const pageRequest = (query: SearchParams): TimedRequest => ({ method: 'GET', path: searchParamsUrl(query) });
  const clientHeaders = { cookie: cookies.join('; '), 'x-csrf-token': token };
  const timeElsewhere = async (job: TimingJob) => timingOf(await timeRequestsElsewhere(base, clientHeaders, job, cold.before));
  const suggestHttp = await timeElsewhere({ warmup: workload.warmupKeys.map(suggestRequest), measured: suggestRounds.map(suggestRequest), isCold: false });
  const searchApi = await timeElsewhere({ warmup: workload.warmupQueries.map(apiRequest), measured: workload.queries.map(apiRequest), isCold: true });
  const searchPage = await timeElsewhere({ warmup: workload.warmupQueries.map(pageRequest), measured: workload.queries.map(pageRequest), isCold: true });
  // A buyer narrowing the same keyword (another page, a filter, another sort): its matches are kept.
  const refine = await timeElsewhere({
    warmup: [],
    measured: workload.queries.map((query) => pageRequest({ ...query, sort: 3, isInStock: true, page: 1 })),
    isCold: false,
  });
  const suggestIndex = await timeEach(workload.suggestKeys, (key) => service.suggest(key), { warmup: workload.warmupKeys });
  const indexQuery = (query: SearchParams) =>
    index.search({
      keyword: query.key,
      categoryId: null,
      brandId: null,
      packageName: null,
      isInStock: query.isInStock,
      sort: query.sort,
      offset: (query.page - 1) * 20,
      limit: 20,
    });
  const indexOnly = await timeEach(workload.queries, indexQuery, { warmup: workload.warmupQueries, ...cold });
  const memory = index.memoryStats();
  const totals = workload.queries.map(
    (query) => index.search({ keyword: query.key, categoryId: null, brandId: null, packageName: null, isInStock: false, sort: 0, offset: 0, limit: 0 }).total,
  );

  // A product write, then the next request: it reads the change log and patches the index.
  const touched = await db.kysely.selectFrom('products').select(['id', 'stock']).where('id', '<=', 30).execute();
  const writeQueue = [...touched];
  const afterWrite = await timeEach(touched, () => post(searchCalls.searchAssociateWord, { key: 'rc0603' }), {
    before: async () => {
      const row = writeQueue.shift();
      if (row)
        await db.kysely
          .updateTable('products')
          .set({ stock: row.stock + 1 })
          .where('id', '=', row.id)
          .execute();
      await new Promise((resolve) => setTimeout(resolve, 1001));
    },
  });

  const { fts, buildMs: ftsBuildMs } = withBaselines ? prepareFts() : { fts: null, buildMs: null };
  const prefixKeys = workload.suggestKeys.map((key) => normalizePartNumber(key)).filter((key) => key.length >= 3 && /^[A-Z0-9]+$/.test(key));
  let ftsTiming: Timing | null = null;
  let ftsSuggest: Timing | null = null;
  let ftsRows: number[] = [];
  let ftsQueryCount = 0;
  if (fts) {
    const ftsCount = fts.prepare('SELECT count(*) AS n FROM products_fts WHERE products_fts MATCH ?');
    const ftsPage = fts.prepare('SELECT rowid FROM products_fts WHERE products_fts MATCH ? ORDER BY rank LIMIT 20 OFFSET ?');
    const ftsQueries = workload.queries.map((query) => ({ match: ftsMatch(query.key), offset: (query.page - 1) * 20 })).filter((q) => q.match !== null);
    ftsQueryCount = ftsQueries.length;
    ftsTiming = await timeEach(
      ftsQueries,
      (q) => {
        ftsCount.get(q.match);
        ftsPage.all(q.match, q.offset);
      },
      { warmup: ftsQueries.slice(0, 10) },
    );
    const sqlitePrefix = fts.prepare(`SELECT rowid FROM products_fts WHERE code_norm MATCH ? LIMIT 10`);
    ftsSuggest = await timeEach(prefixKeys, (key) => sqlitePrefix.all(`"${key}"`), { warmup: prefixKeys.slice(0, 10) });
    ftsRows = workload.queries.map((query) => ftsMatch(query.key)).map((match) => (match ? (ftsCount.get(match) as { n: number }).n : 0));
  }

  const postgres = await preparePostgres(db);
  let pgTiming: Timing | null = null;
  let pgSuggest: Timing | null = null;
  let pgRows: number[] = [];
  if (postgres) {
    const pgQuery = async (query: SearchParams) => {
      const { where, values } = ilikeWhere(query.key);
      const [count] = await Promise.all([
        postgres.client.query<{ n: string }>(`SELECT count(*) AS n FROM products WHERE ${where}`, values),
        postgres.client.query(`SELECT id FROM products WHERE ${where} ORDER BY code_norm LIMIT 20 OFFSET ${(query.page - 1) * 20}`, values),
      ]);
      return Number(count.rows[0]?.n ?? 0);
    };
    pgTiming = await timeEach(workload.queries, pgQuery, { warmup: workload.warmupQueries });
    pgRows = [];
    for (const query of workload.queries) pgRows.push(await pgQuery(query));
    pgSuggest = await timeEach(
      prefixKeys,
      (key) => postgres.client.query(`SELECT code_norm FROM products WHERE code_norm LIKE $1 ORDER BY code_norm LIMIT 10`, [`${key}%`]),
      { warmup: prefixKeys.slice(0, 10) },
    );
    await postgres.client.end();
  }

  client.close();
  await app.close();
  await db.destroy();
  fts?.close();

  const sizeOf = (path: string) => (['', '-wal'] as const).reduce((sum, suffix) => sum + (existsSync(path + suffix) ? statSync(path + suffix).size : 0), 0);
  const average = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) / Math.max(1, values.length));
  const row = (name: string, t: Timing) => `| ${name} | ${ms(t.p50)} | ${ms(t.p95)} | ${ms(t.p99)} | ${ms(t.max)} |`;
  const ready = service.keeper.readiness;
  const loaded = capture.find('search index loaded from snapshot');
  const written = capture.find('search index snapshot written');
  const chooseReady = capture.find('choose indexes ready');
  const snapshotMb = snapshotPath && existsSync(snapshotPath) ? mb(statSync(snapshotPath).size) : '–';
  const ratio = (baseline: Timing | null, ours: Timing) =>
    baseline ? `${(baseline.p50 / ours.p50).toFixed(0)}× at p50, ${(baseline.p95 / ours.p95).toFixed(0)}× at p95` : 'not measured';
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const report = `# Search benchmark

Measured by \`bench/search.bench.ts\` on ${new Date().toISOString().slice(0, 10)}: the production app (\`buildApp\`, NODE_ENV=production)
listening on 127.0.0.1, one client in a separate process (one keep-alive node:http connection, \`bench/http-timing-client.ts\`), queries one after another. Every
measured search is cold (the index's memory of recent keywords is cleared before each) and was
not part of the warm-up. Load average during the run: ${loadavg()
    .map((value) => value.toFixed(1))
    .join(', ')} (other work shares the machine).

- Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 1024 ** 3).toFixed(1)} GB RAM, Node ${process.version}
- Data: ${productCount.toLocaleString('en')} SKUs in \`${databasePath}\` (${mb(sizeOf(databasePath))} MB)${seededMs === null ? '' : `, seeded in ${(seededMs / 1000).toFixed(0)} s by this run`}
- Workload: ${workload.suggestKeys.length} suggestion keys (code prefixes typed in lower case, brand and category names, short words; each asked ${suggestRepeats} times over HTTP) and ${workload.queries.length} searches (full codes, codes with /TR, prefixes, brands, categories, value queries such as \`10k 0603 1%\` and \`100nF 50V\`, Chinese words; 20 % in stock only, 30 % sorted by price or stock, 15 % page 2); on average ${average(totals).toLocaleString('en')} matching parts per search.

## Index

- Ready: the index answered **${((ready?.sinceStartMs ?? 0) / 1000).toFixed(1)} s after the process started** (${ready?.source === 'snapshot' ? 'loaded from its snapshot' : 'built from the database'}; ${(buildWallMs / 1000).toFixed(1)} s after listening). ${loaded ? `Snapshot \`${snapshotPath ?? ''}\` (${snapshotMb} MB): read and checked in ${((loaded.loadMs as number) / 1000).toFixed(1)} s, caught up through the change log from seq ${String(loaded.seq)} to ${String(loaded.caughtUpTo)} in ${(((loaded.ms as number) - (loaded.loadMs as number)) / 1000).toFixed(1)} s.` : `Full build (read the products with prices and parameters, sort, posting lists): ${((service.keeper.lastBuild?.ms ?? 0) / 1000).toFixed(1)} s${written ? `; snapshot written in ${((written.ms as number) / 1000).toFixed(1)} s (${String(written.mb)} MB)` : ''}.`}${chooseReady ? ` The choose indexes were ready ${((chooseReady.sinceStartMs as number) / 1000).toFixed(1)} s after start (${String(chooseReady.restored)} from their snapshot, ${String(chooseReady.built)} built).` : ''}
- Memory: RSS ${mb(rssBefore)} MB before the app, ${mb(rssAfter)} MB with the index built (JS heap ${mb(heapAfter)} MB); the index's typed arrays hold ${mb(memory.typedArrayBytes)} MB (${memory.terms.toLocaleString('en')} distinct words and values; the codes packed as bytes ${mb(memory.codeBytes)} MB, the bit sets of the largest word lists ${mb(memory.bitSetBytes)} MB), the rest is the SQLite page cache and the runtime.
- The first \`/search?key=RC0603\`, sent right after listening (from SQL while the index is not ready): ${ms(fallbackMs)} ms.
- Measuring started ${(quietAfterMs / 1000).toFixed(0)} s after the index was ready, once the other start-up work of the app (the choose indexes) had finished and a full garbage collection had run.
- The request after a product write (change log read, product reloaded, index patched): p50 ${ms(afterWrite.p50)} ms, max ${ms(afterWrite.max)} ms.

## Over HTTP (ms)

| Call | p50 | p95 | p99 | max |
|---|---|---|---|---|
${row('POST /product/api/searchAssociateWord (suggestions)', suggestHttp)}
${row('POST /product/api/searchProductList (results JSON)', searchApi)}
${row('GET /search?key=… (whole page: shell, results, facets, SSR)', searchPage)}
${row('GET /search again for the same keyword, in stock, by stock (matches kept)', refine)}

Targets: suggestions p99 ≤ ${target.suggestP99Ms} ms — **${verdict(suggestHttp.p99 <= target.suggestP99Ms)}** (${ms(suggestHttp.p99)} ms); search results p95 ≤ ${target.searchP95Ms} ms — **${verdict(searchPage.p95 <= target.searchP95Ms && searchApi.p95 <= target.searchP95Ms)}** (page ${ms(searchPage.p95)} ms, JSON ${ms(searchApi.p95)} ms).

## Against plain database queries, in-process (ms)

The same searches without HTTP: our index (matching, facets, ranking, one page of ids) against a
plain query returning the count and one page of ids.

| Engine | p50 | p95 | p99 | max |
|---|---|---|---|---|
${row('In-memory index (this store)', indexOnly)}
${ftsTiming ? row(`SQLite FTS5, trigram tokenizer (${ftsQueryCount} of the searches; words under 3 characters cannot be matched)`, ftsTiming) : '| SQLite FTS5 | not measured at this size (BENCH_BASELINES=1) | | | |'}
${pgTiming ? row('PostgreSQL ILIKE on code and description, pg_trgm GIN indexes', pgTiming) : '| PostgreSQL ILIKE + pg_trgm | not measured (set BENCH_DATABASE_URL or TEST_DATABASE_URL) | | | |'}
${row('Suggestions, in-memory index', suggestIndex)}
${ftsSuggest ? row('Suggestions, SQLite FTS5 code match (10 rows)', ftsSuggest) : ''}
${pgSuggest ? row('Suggestions, PostgreSQL LIKE prefix (text_pattern_ops)', pgSuggest) : ''}

- Index against SQLite FTS5: ${ratio(ftsTiming, indexOnly)} faster. Against PostgreSQL ILIKE + trigram: ${ratio(pgTiming, indexOnly)} faster.
- The plain queries also find less: FTS5 and ILIKE match text, so \`0.1uF\` does not find \`100nF\`, \`10k\` does not find \`10kΩ\` parts described as \`10000Ω\`, \`LM358DR/TR\` does not find \`LM358DR\`, and 德州仪器 finds only descriptions that spell it. Average rows per search: index ${average(totals).toLocaleString('en')}, FTS5 ${average(ftsRows).toLocaleString('en')}${pgRows.length ? `, ILIKE ${average(pgRows).toLocaleString('en')}` : ''}.
- Baseline build: ${!fts ? 'none at this size' : `FTS5 table ${ftsBuildMs === null ? 'reused from' : `built in ${(ftsBuildMs / 1000).toFixed(0)} s into`} \`${ftsPath}\` (${mb(sizeOf(ftsPath))} MB)`}${postgres ? `; PostgreSQL table and GIN indexes ${postgres.buildMs === null ? 'reused' : `loaded and indexed in ${(postgres.buildMs / 1000).toFixed(0)} s`}` : ''}.

## How

See docs/decisions/0002-search-index.md. Each app process builds the index after listening:
normalised codes sorted (a prefix is a binary search and a contiguous range of docs), trigram
posting lists over codes (substrings), posting lists of brands, categories, packages, description
words (Chinese as character pairs) and parameter values in base units (\`Q:Ω|10000\`), all in typed
arrays. Writes reach every process through the \`catalog_changes\` log filled by triggers.
`;
  writeBenchReport('search', report);
  console.log(report);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
