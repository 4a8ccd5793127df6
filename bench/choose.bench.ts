/**
 * Parametric selection at LCSC scale: p95 of /product/api/queryAttrbuteProductList with two
 * filters over HTTP, on a 1M-SKU SQLite file (shared with the search bench under data/bench/).
 * Also the counts call (queryAttrbuteExcludeList), the whole /choose page, and the first
 * request of a category (the in-memory index being built). Writes bench/results/choose.md.
 *
 *   node --import tsx bench/choose.bench.ts      (BENCH_SQLITE, BENCH_SKUS to override)
 */
import type { AnyCall, CallBody, CallResponse } from '../src/contract/call.ts';
import { catalogCalls } from '../src/contract/catalog-calls.ts';
import { existsSync, statSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { QueryAttrbuteExcludeListResponse } from '../src/contract/catalog.ts';
import type { Envelope } from '../src/contract/envelope.ts';
import { buildApp } from '../src/server/app.ts';
import { findCategoryAttributes } from '../src/server/features/catalog/category.repository.ts';
import { buildScopeIndex } from '../src/server/features/catalog/choose/choose-index.ts';
import { createRandom } from '../src/server/seed/random.ts';
import {
  benchDatabasePath,
  prepareBenchDatabase,
  timingOf,
  waitUntilIdle,
  type Timing,
  benchAppDeps,
  createLogCapture,
  isMainSize,
  writeBenchReport,
} from './bench-kit.ts';

const databasePath = benchDatabasePath;
const queryCount = Number(process.env.BENCH_QUERIES ?? 300);
const target = { listP95Ms: 100 };
const ms = (value: number) => value.toFixed(1);

/** The browser's session: a sid cookie and the anti-forgery token echoed in a header. */
async function openSession(base: string): Promise<{ cookie: string; token: string }> {
  const response = await fetch(`${base}/catalogue`);
  const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  await response.arrayBuffer();
  const token = cookies.find((cookie) => cookie.startsWith('csrfToken='))?.slice('csrfToken='.length) ?? '';
  return { cookie: cookies.join('; '), token };
}

async function main() {
  const { db, seededMs } = await prepareBenchDatabase();
  const largest = await db.kysely
    .selectFrom('categories')
    .select(['id', 'parentId', 'name', 'skuCount'])
    .where('level', '=', 2)
    .orderBy('skuCount', 'desc')
    .limit(6)
    .execute();

  // Building a category's index from the database, measured on its own before the app starts
  // (at 1M; at other sizes with BENCH_COLD=1: minutes for the largest categories).
  const cold: { name: string; skuCount: number; ms: number; arraysMb: number }[] = [];
  for (const category of isMainSize || process.env.BENCH_COLD === '1' ? largest : []) {
    const attributes = await findCategoryAttributes(db.kysely, category.id);
    const started = performance.now();
    const index = await buildScopeIndex(db.kysely, { level: 2, categoryId: category.id }, attributes);
    const ms = performance.now() - started;
    const columns = [index.ids, index.brandIds, index.stocks, index.prices, index.secondIds, ...index.attributes.map((column) => column.ordinals)];
    const bytes = columns.reduce((sum, column) => sum + column.byteLength, 0);
    cold.push({ name: category.name, skuCount: index.size, ms, arraysMb: bytes / 1024 / 1024 });
  }
  const { logger, capture } = createLogCapture();
  const deps = benchAppDeps(db, databasePath, logger);
  const app = await buildApp(deps);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const session = await openSession(base);
  // Ready: the app's own log line once every category answers from its index.
  while (!capture.find('choose indexes ready')) await new Promise((resolve) => setTimeout(resolve, 100));
  const chooseReady = capture.find('choose indexes ready') ?? {};
  const searchReady = capture.find('search index ready');
  const idleAfterMs = await waitUntilIdle();
  const call = async <C extends AnyCall>(target: C, body: CallBody<C>): Promise<{ data: CallResponse<C>; ms: number }> => {
    const started = performance.now();
    const response = await fetch(`${base}${target.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.token },
      body: JSON.stringify(body),
    });
    // The app's handler is typed by the same call.
    const envelope = (await response.json()) as Envelope<CallResponse<C>>;
    const elapsed = performance.now() - started;
    if (envelope.code !== 1 || envelope.data === null) throw new Error(`${target.path}: ${envelope.code} ${envelope.msg}`);
    return { data: envelope.data, ms: elapsed };
  };

  const productCount = (
    await db.kysely
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;
  const scopes: { categoryFirstId: number; categorySecondId: number; facets: QueryAttrbuteExcludeListResponse }[] = [];
  for (const category of largest) {
    const scope = { categoryFirstId: category.parentId ?? 0, categorySecondId: category.id };
    scopes.push({ ...scope, facets: (await call(catalogCalls.queryAttrbuteExcludeList, scope)).data });
  }

  // Two filters: two attributes of the category, one to three of their common values each.
  const random = createRandom(42);
  const queries = Array.from({ length: queryCount }, (_, i) => {
    const scope = scopes[i % scopes.length] ?? scopes[0];
    if (!scope) throw new Error('no categories');
    const attributes = scope.facets.facets.filter((facet) => facet.key !== 'brand' && facet.values.length > 1);
    const firstAttribute = attributes[random.int(0, Math.max(0, attributes.length - 1))];
    const rest = attributes.filter((facet) => facet !== firstAttribute);
    const secondAttribute = rest[random.int(0, Math.max(0, rest.length - 1))];
    const filter: Record<string, string[]> = {};
    for (const facet of [firstAttribute, secondAttribute]) {
      if (!facet) continue;
      const top = [...facet.values].sort((a, b) => b.count - a.count).slice(0, 12);
      const picked = new Set(Array.from({ length: random.int(1, 3) }, () => random.pick(top).value));
      filter[facet.key] = [...picked];
    }
    return {
      categoryFirstId: scope.categoryFirstId,
      categorySecondId: scope.categorySecondId,
      filter: JSON.stringify(filter),
      stock: random.chance(0.3) ? 1 : 0,
      sort: random.int(0, 3),
      page: random.chance(0.8) ? 1 : random.int(2, 5),
    };
  });

  // Warm: JIT, and each sort order of each category once.
  for (const scope of scopes)
    for (const sort of [0, 1, 2, 3])
      await call(catalogCalls.queryAttrbuteProductList, { categoryFirstId: scope.categoryFirstId, categorySecondId: scope.categorySecondId, sort });
  for (const query of queries.slice(0, 24)) await call(catalogCalls.queryAttrbuteProductList, query);

  const listTimes: number[] = [];
  const countTimes: number[] = [];
  const pageTimes: number[] = [];
  let matched = 0;
  for (const query of queries) {
    const list = await call(catalogCalls.queryAttrbuteProductList, query);
    listTimes.push(list.ms);
    matched += list.data.total;
    const { page: _page, sort: _sort, ...scope } = query;
    countTimes.push((await call(catalogCalls.queryAttrbuteExcludeList, scope)).ms);
  }
  for (const query of queries.slice(0, 100)) {
    const url = `${base}/choose/${query.categoryFirstId}-${query.categorySecondId}?filter=${encodeURIComponent(query.filter)}&stock=${query.stock}&sort=${query.sort}&page=${query.page}`;
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie: session.cookie } });
    await response.text();
    pageTimes.push(performance.now() - started);
  }

  const concurrent: number[] = [];
  const clients = 4;
  const startedAll = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (const query of queries.filter((_, i) => i % clients === c)) concurrent.push((await call(catalogCalls.queryAttrbuteProductList, query)).ms);
    }),
  );
  const concurrentSeconds = (performance.now() - startedAll) / 1000;

  const rssMb = process.memoryUsage().rss / 1024 / 1024;
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
  const sqliteVersion = (await sql<{ v: string }>`select sqlite_version() as v`.execute(db.kysely)).rows[0]?.v ?? '?';
  await app.close();
  await db.destroy();

  const list = timingOf(listTimes);
  const counts = timingOf(countTimes);
  const page = timingOf(pageTimes);
  const parallel = timingOf(concurrent);
  const cpu = cpus()[0]?.model ?? 'unknown';
  const sizeMb =
    (['', '-wal'] as const).reduce((sum, suffix) => sum + (existsSync(databasePath + suffix) ? statSync(databasePath + suffix).size : 0), 0) / 1024 / 1024;
  const node = process.version;
  const row = (name: string, t: Timing) => `| ${name} | ${ms(t.p50)} | ${ms(t.p95)} | ${ms(t.p99)} | ${ms(t.max)} |`;
  const report = `# Parametric selection benchmark (choose)

Measured over HTTP (Fastify listening on 127.0.0.1, Node's fetch with keep-alive, one client unless stated)
by \`bench/choose.bench.ts\` on ${new Date().toISOString().slice(0, 10)}.

- Machine: ${cpus().length} cores (${cpu}), ${(totalmem() / 1024 ** 3).toFixed(1)} GB RAM, Node ${node}, SQLite ${sqliteVersion}; load average at the end ${load} (1/5/15 min; the machine is shared)
- Data: ${productCount.toLocaleString('en')} SKUs in \`${databasePath}\` (${sizeMb.toFixed(0)} MB)${seededMs === null ? '' : `, seeded in ${(seededMs / 1000).toFixed(0)} s by this run`}
- Queries: ${queries.length} lists over the ${scopes.length} largest second-level categories, each with **two attribute filters** (1–3 values each, drawn from the 12 most common values), 30 % in-stock only, all four sorts, pages 1–5; on average ${Math.round(matched / queries.length).toLocaleString('en')} matching parts.

## Results (ms)

| Call | p50 | p95 | p99 | max |
|---|---|---|---|---|
${row('queryAttrbuteProductList (page of 20 + total)', list)}
${row('queryAttrbuteExcludeList (all counts, own attribute excluded)', counts)}
${row('GET /choose/… (whole page, both + SSR)', page)}
${row(`queryAttrbuteProductList, ${clients} concurrent clients`, parallel)}

Ready: every category answered from its index **${((chooseReady.sinceStartMs as number) / 1000).toFixed(1)} s after the process started** (${String(chooseReady.restored)} indexes from the snapshot, ${String(chooseReady.built)} built from the database${chooseReady.snapshotProblem ? `; snapshot not used: ${JSON.stringify(chooseReady.snapshotProblem)}` : ''}${(chooseReady.snapshotBytes as number) > 0 ? `; snapshot of ${((chooseReady.snapshotBytes as number) / 1048576).toFixed(0)} MB written` : ''}); the search index ${searchReady ? `${((searchReady.sinceStartMs as number) / 1000).toFixed(1)} s after start (${String(searchReady.source)})` : 'was not ready yet'}. Measured once the process had settled, ${(idleAfterMs / 1000).toFixed(0)} s after the choose indexes were ready.

Target: list p95 ≤ ${target.listP95Ms} ms — **${list.p95 <= target.listP95Ms ? 'met' : 'NOT met'}** (p95 ${ms(list.p95)} ms).
Throughput with ${clients} clients: ${(concurrent.length / concurrentSeconds).toFixed(0)} lists/s. Process RSS after the run: ${rssMb.toFixed(0)} MB.

## Building a category's index (cold, before the app starts)${cold.length === 0 ? '\n\nNot measured at this size (BENCH_COLD=1): the app loads the indexes from their snapshot.' : ''}

| Category | SKUs | build (ms) | typed arrays (MB) |
|---|---|---|---|
${cold.map((entry) => `| ${entry.name} | ${entry.skuCount.toLocaleString('en')} | ${ms(entry.ms)} | ${entry.arraysMb.toFixed(1)} |`).join('\n')}

The app loads every category's index from the snapshot written after the seed (or after its
last full warm-up) and checks each against its category's \`max(updated_at)\` on the first request;
without a usable snapshot it builds them after it starts listening, largest first, and a request for
a category whose index is not built yet waits for that build.

## How

Each category gets an in-memory index: typed arrays of product id, brand, stock and first-tier
price, and per attribute a dictionary of its values plus one value number per product. A list,
or all the counts, is one pass over the category's parts; the 20 rows of the page are then read
from the database by primary key, so what is shown is always current. Every request first reads
the category's \`max(updated_at)\` (one entry of the index \`products(category_second_id, updated_at)\`)
and patches the changed parts in, or rebuilds the category, when it moved. Sort orders are
computed once per index by a native sort of (key, position) packed into one float.
`;
  writeBenchReport('choose', report);
  console.log(report);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
