/**
 * Brand pages and zones at LCSC scale: GET /brand/{id} and /product/discount?subject=A01|A03
 * over HTTP on the 1M-SKU SQLite file shared with the search and choose benches, every sort,
 * in stock or not, a category filter, deep pages. Writes bench/results/lists.md.
 *
 *   node --import tsx bench/lists.bench.ts      (BENCH_SQLITE, BENCH_SKUS to override)
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { columnListHref, type ColumnListState } from '../src/contract/list-state.ts';
import { buildApp } from '../src/server/app.ts';
import { createRandom } from '../src/server/seed/random.ts';
import { benchDatabasePath, prepareBenchDatabase, timingOf, waitUntilIdle, type Timing, benchAppDeps } from './bench-kit.ts';
import { createBenchClient } from './http-client.ts';

const requestsPerTarget = 120;
const ms = (value: number) => value.toFixed(1);

interface Target {
  name: string;
  path: string;
  fixed: Record<string, string>;
  categories: number[];
}

async function main() {
  const { db, seededMs } = await prepareBenchDatabase();
  const brands = await db.kysely
    .selectFrom('products')
    .select(['brandId', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('brandId')
    .orderBy('count', 'desc')
    .execute();
  const categoriesOf = async (brandId: number | null, isSpecialOffer: boolean) => {
    let query = db.kysely
      .selectFrom('products')
      .select(['categorySecondId', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('categorySecondId')
      .orderBy('count', 'desc')
      .limit(5);
    if (brandId !== null) query = query.where('brandId', '=', brandId);
    if (isSpecialOffer) query = query.where('isSpecialOffer', '=', 1);
    return (await query.execute()).map((row) => row.categorySecondId);
  };
  const largest = brands.slice(0, 3);
  const median = brands[Math.floor(brands.length / 2)];
  const targets: Target[] = [];
  for (const brand of [...largest, ...(median ? [median] : [])]) {
    targets.push({
      name: `/brand/${brand.brandId} (${brand.count.toLocaleString('en')} parts)`,
      path: `/brand/${brand.brandId}`,
      fixed: {},
      categories: await categoriesOf(brand.brandId, false),
    });
  }
  const offers = (
    await db.kysely
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('isSpecialOffer', '=', 1)
      .executeTakeFirstOrThrow()
  ).n;
  targets.push({
    name: `/product/discount?subject=A01 (${offers.toLocaleString('en')} offers)`,
    path: '/product/discount',
    fixed: { subject: 'A01' },
    categories: await categoriesOf(null, true),
  });
  targets.push({ name: '/product/discount?subject=A03 (IC zone)', path: '/product/discount', fixed: { subject: 'A03' }, categories: [] });

  const deps = benchAppDeps(db, benchDatabasePath);
  const app = await buildApp(deps);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const idleAfterMs = await waitUntilIdle();
  const client = createBenchClient(base);
  const cookie = ((await client.get('/brand')).headers['set-cookie'] as string[] | undefined)?.map((line) => line.split(';')[0]).join('; ') ?? '';

  const random = createRandom(7);
  const results: { target: Target; first: number; timing: Timing; bySort: number[] }[] = [];
  for (const target of targets) {
    const empty: ColumnListState = { stock: 0, sort: 0, page: 1 };
    // The first request of a list counts its categories and packages (kept for a minute after).
    const firstStarted = performance.now();
    const first = await client.get(columnListHref(target.path, empty, {}, target.fixed), { cookie });
    if (first.status !== 200) throw new Error(`${target.path}: HTTP ${first.status}`);
    const firstMs = performance.now() - firstStarted;

    const samples: number[] = [];
    const bySort: number[][] = [[], [], [], []];
    for (let i = 0; i < requestsPerTarget; i++) {
      const sort = (i % 4) as 0 | 1 | 2 | 3;
      const category = target.categories.length > 0 && random.chance(0.3) ? random.pick(target.categories) : null;
      const href = columnListHref(
        target.path,
        empty,
        { sort, stock: random.chance(0.3) ? 1 : 0, category, page: random.chance(0.8) ? 1 : random.int(2, 20) },
        target.fixed,
      );
      const started = performance.now();
      const response = await client.get(href, { cookie });
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`${href}: HTTP ${response.status}`);
      samples.push(elapsed);
      bySort[sort]?.push(elapsed);
    }
    results.push({ target, first: firstMs, timing: timingOf(samples), bySort: bySort.map((list) => timingOf(list).p95) });
  }

  client.close();
  await app.close();
  await db.destroy();

  const productCount = brands.reduce((sum, brand) => sum + brand.count, 0);
  const sizeMb =
    (['', '-wal'] as const).reduce((sum, suffix) => sum + (existsSync(benchDatabasePath + suffix) ? statSync(benchDatabasePath + suffix).size : 0), 0) /
    1024 /
    1024;
  const report = `# Brand pages and zones benchmark (lists)

Measured over HTTP (the production app listening on 127.0.0.1, one keep-alive node:http client in the
same process) by \`bench/lists.bench.ts\` on ${new Date().toISOString().slice(0, 10)}, after the app had settled (${(idleAfterMs / 1000).toFixed(0)} s of start-up indexing).

- Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 1024 ** 3).toFixed(1)} GB RAM, Node ${process.version}; load average at the end ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ')}
- Data: ${productCount.toLocaleString('en')} SKUs in \`${benchDatabasePath}\` (${sizeMb.toFixed(0)} MB)${seededMs === null ? '' : `, seeded in ${(seededMs / 1000).toFixed(0)} s by this run`}
- Requests: ${requestsPerTarget} whole pages per list (shell, list of 20, category and package counts, SSR): the four sorts in turn, 30 % in stock only, 30 % with one of the list's five largest categories, 20 % on pages 2–20.

## Results (ms)

| List | first request | p50 | p95 | p99 | max | p95 by sort (综合 / 价格↑ / 价格↓ / 库存) |
|---|---|---|---|---|---|---|
${results.map(({ target, first, timing, bySort }) => `| ${target.name} | ${ms(first)} | ${ms(timing.p50)} | ${ms(timing.p95)} | ${ms(timing.p99)} | ${ms(timing.max)} | ${bySort.map(ms).join(' / ')} |`).join('\n')}

## How

Brand pages and zones are SQL over \`products\`: the list by (brand | special offer | first-level
categories), category, package and stock from the facet indexes; price order reads
\`products.first_tier_price_e4\`, a copy of the first tier kept by triggers on \`product_prices\`
(migration 0010), so a price-sorted page of the largest brand is read from the index alone. The
category and package counts of a selection are kept for a minute per process.
`;
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/lists.md', report);
  console.log(report);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
