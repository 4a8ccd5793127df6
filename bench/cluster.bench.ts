/**
 * A bounded load test (autocannon) of browsing, search and the cart through nginx, against 3
 * app processes and against one, on one PostgreSQL database and Redis (`npm run cluster`'s
 * runner, deploy/cluster). Every answer must be 2xx and every call's envelope code 1: any other
 * answer, connection error or timeout counts as an error, and the bench fails on one.
 * Writes bench/results/cluster.md.
 *
 *   npm run bench -- cluster            (builds first)
 *   BUILD_DIR=/tmp/x-dist node --import tsx bench/cluster.bench.ts
 *
 * BENCH_CLUSTER_SKUS (default 20,000), BENCH_SECONDS per scenario (10), BENCH_CONNECTIONS (24);
 * BATTERY_POSTGRES_URL and BATTERY_REDIS_URL name the servers (battery/faults-cluster.ts); the
 * database is created for the run and dropped after it.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { startCluster, type Cluster } from '../deploy/cluster/cluster.ts';
import { createDb, type Db } from '../src/server/db/create-db.ts';
import { dropDatabase, freeBasePort } from '../battery/faults-cluster.ts';
import { builtServerOf, freePort } from '../battery/faults-store-process.ts';
import { BatteryClient } from '../battery/lib/client.ts';
import { storeSession } from '../battery/lib/members.ts';
import { httpTransport } from '../battery/lib/transport.ts';
import { createMember } from '../src/server/testing/factories.ts';
import { cartCalls } from '../src/contract/cart-calls.ts';
import { searchCalls } from '../src/contract/search-calls.ts';

const skus = Number(process.env.BENCH_CLUSTER_SKUS ?? 20_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 24);
const postgresServer = new URL(process.env.BATTERY_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const redisUrl = process.env.BATTERY_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
const databaseName = `${process.env.BATTERY_DB_PREFIX ?? 'bench'}_cluster_${process.pid}_${randomBytes(3).toString('hex')}`;

interface Fixture {
  parts: { id: number; packSize: number }[];
  categoryPath: string;
  searchKeys: string[];
  visitor: { cookie: string; token: string };
  members: { cookie: string; token: string }[];
}

interface Outcome {
  topology: string;
  scenario: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  errorDetail: string;
}

const pick = <T>(list: readonly T[]): T => {
  const item = list[Math.floor(Math.random() * list.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
};

function sessionOf(client: BatteryClient): { cookie: string; token: string } {
  const { sid, csrfToken } = client;
  if (!sid || !csrfToken) throw new Error(`${client.label} has no session`);
  return { cookie: `sid=${sid}; csrfToken=${csrfToken}`, token: csrfToken };
}

async function prepareFixture(db: Db, url: string): Promise<Fixture> {
  const parts = await db.kysely.selectFrom('products').select(['id', 'packSize', 'code']).orderBy('id').limit(300).execute();
  const category = await db.kysely
    .selectFrom('products')
    .select(['categoryFirstId', 'categorySecondId', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['categoryFirstId', 'categorySecondId'])
    .orderBy('n', 'desc')
    .executeTakeFirstOrThrow();
  const transport = httpTransport(url);
  const visitor = new BatteryClient(transport, 'visitor');
  await visitor.ensureSession();
  const members: { cookie: string; token: string }[] = [];
  for (let i = 0; i < 8; i++) {
    const member = await createMember(db.kysely, { phone: `1430000${String(1000 + i)}`, userNumber: `TB${String(i).padStart(8, '0')}` });
    const client = new BatteryClient(transport, `member ${i + 1}`);
    await storeSession(db.kysely, client, member.phone);
    members.push(sessionOf(client));
  }
  return {
    parts,
    categoryPath: `/choose/${category.categoryFirstId}-${category.categorySecondId}`,
    searchKeys: [...new Set(parts.map((part) => part.code.slice(0, 4)))].slice(0, 50),
    visitor: sessionOf(visitor),
    members,
  };
}

type Requests = NonNullable<autocannon.Options['requests']>;

function callHeaders(session: { cookie: string; token: string }) {
  return { cookie: session.cookie, 'x-csrf-token': session.token, 'content-type': 'application/json' };
}

/** Calls whose envelope was not code 1, counted per scenario run. */
interface EnvelopeTally {
  bad: number;
  samples: string[];
}

function scenarios(fixture: Fixture, tally: EnvelopeTally): Record<string, Requests> {
  const checkCall = (status: number, body: string) => {
    if (status < 200 || status >= 300 || /^\{"code":1[,}]/.test(body)) return;
    tally.bad += 1;
    if (tally.samples.length < 3) tally.samples.push(body.slice(0, 160));
  };
  return {
    'browse: home, a category list, a product detail': [
      { method: 'GET', path: '/' },
      { method: 'GET', path: fixture.categoryPath },
      { method: 'GET', setupRequest: (request) => ({ ...request, path: `/product/detail/${pick(fixture.parts).id}` }) },
    ],
    'search: the search page and the suggestion call': [
      { method: 'GET', setupRequest: (request) => ({ ...request, path: `/search?key=${encodeURIComponent(pick(fixture.searchKeys))}` }) },
      {
        method: 'POST',
        path: searchCalls.searchAssociateWord.path,
        headers: callHeaders(fixture.visitor),
        setupRequest: (request) => ({ ...request, body: JSON.stringify({ key: pick(fixture.searchKeys).slice(0, 3) }) }),
        onResponse: checkCall,
      },
    ],
    'cart: add a part and list the cart, as members': [
      {
        method: 'POST',
        path: cartCalls.add.path,
        setupRequest: (request) => {
          const part = pick(fixture.parts);
          return { ...request, headers: callHeaders(pick(fixture.members)), body: JSON.stringify({ productId: part.id, quantity: part.packSize }) };
        },
        onResponse: checkCall,
      },
      {
        method: 'POST',
        path: cartCalls.queryList.path,
        body: '{}',
        setupRequest: (request) => ({ ...request, headers: callHeaders(pick(fixture.members)) }),
        onResponse: checkCall,
      },
    ],
  };
}

/** Each scenario for `duration` seconds; a warm-up run is not recorded. */
async function measure(url: string, topology: string, fixture: Fixture, duration: number, record: boolean): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const tally: EnvelopeTally = { bad: 0, samples: [] };
  for (const [scenario, requests] of Object.entries(scenarios(fixture, tally))) {
    tally.bad = 0;
    tally.samples = [];
    const result = await autocannon({ url, connections, duration, requests });
    if (!record) continue;
    const errors = result.non2xx + result.errors + tally.bad;
    const detail = [
      result.non2xx > 0 ? `${result.non2xx} non-2xx` : '',
      result.errors > 0 ? `${result.errors} connection errors (${result.timeouts} timeouts)` : '',
      tally.bad > 0 ? `${tally.bad} envelopes with code ≠ 1, e.g. ${tally.samples.join(' | ')}` : '',
    ]
      .filter(Boolean)
      .join('; ');
    const perSecond = result.requests.total / result.duration;
    outcomes.push({
      topology,
      scenario,
      requests: result.requests.total,
      perSecond,
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      errors,
      errorDetail: detail,
    });
    console.log(`${topology} · ${scenario}: ${perSecond.toFixed(0)} req/s, p99 ${result.latency.p99} ms, ${errors} errors ${detail}`);
  }
  return outcomes;
}

/** One secret for both topologies: the members' sessions and anti-forgery tokens of the fixture stay valid. */
const sessionSecret = randomBytes(32).toString('hex');

async function withCluster<T>(processes: number, buildDir: string, databaseUrl: string, work: (cluster: Cluster) => Promise<T>): Promise<T> {
  const started = Date.now();
  const cluster = await startCluster({
    processes,
    databaseUrl,
    redisUrl,
    sessionSecret,
    basePort: await freeBasePort(processes),
    nginxPort: await freePort(),
    buildDir,
    env: { SEED_SKUS: String(skus), LOG_LEVEL: 'warn' },
    output: (name, line) => {
      if (!line.startsWith('{"level":40')) console.log(`[${name}] ${line.slice(0, 300)}`);
    },
    restart: false,
  });
  console.log(`${processes} process(es) ready behind nginx in ${((Date.now() - started) / 1000).toFixed(0)} s at ${cluster.url}`);
  try {
    return await work(cluster);
  } finally {
    await cluster.stop();
  }
}

/** Members' carts start empty for each topology, so that both list carts of the same sizes. */
async function emptyCarts(db: Db): Promise<void> {
  await db.kysely.deleteFrom('cartItems').execute();
}

function formatReport(outcomes: Outcome[], buildDir: string, loads: string[], peakLoad: number): string {
  const contention =
    peakLoad > cpus().length
      ? `The machine was shared with other work (load average up to ${peakLoad.toFixed(1)} on ${cpus().length} cores): competing with other programs, 3 processes also get a larger share of the CPU from the scheduler than 1 does, so these ratios overstate what a third process gains on a machine of its own.`
      : '';
  const rows = outcomes.map(
    (o) =>
      `| ${o.topology} | ${o.scenario} | ${o.requests.toLocaleString('en')} | **${o.perSecond.toFixed(0)}** | ${o.p50} | **${o.p99}** | ${o.max} | ${o.errors === 0 ? '0' : `**${o.errors}**: ${o.errorDetail}`} |`,
  );
  const ratio = (scenario: string) => {
    const three = outcomes.find((o) => o.scenario === scenario && o.topology.startsWith('3'));
    const one = outcomes.find((o) => o.scenario === scenario && o.topology.startsWith('1'));
    return three && one ? `${scenario.slice(0, scenario.indexOf(':'))} ×${(three.perSecond / one.perSecond).toFixed(2)}` : '';
  };
  const scenarioNames = [...new Set(outcomes.map((o) => o.scenario))];
  return `# Cluster load benchmark

Measured by \`bench/cluster.bench.ts\` on ${new Date().toISOString().slice(0, 10)}: the production build (\`${buildDir}\`) run by
\`npm run cluster\`'s runner (deploy/cluster) as 3 app processes, then as 1, each time behind nginx
(deploy/nginx/store.conf.template, keep-alive to the upstreams) on one PostgreSQL database and Redis.
autocannon runs in the bench's own process on the same machine (it takes a share of the 2 cores),
${connections} connections, ${seconds} s per scenario after a ${Math.min(seconds, 3)} s warm-up of each. Requests within a scenario
go in turn; parts, search keys and members are picked at random for each request. An error is a
non-2xx answer, a connection error or timeout, or a call whose envelope code is not 1.

- Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 1024 ** 3).toFixed(1)} GB RAM, Node ${process.version}; load average after each topology: ${loads.join('; ')} (1/5/15 min; the machine is shared with other work)
- Data: ${skus.toLocaleString('en')} SKUs (the demo catalogue, \`SEED_SKUS=${skus}\`) in PostgreSQL; rate-limit counters in Redis
- Scenarios: browse = \`GET /\`, \`GET /choose/{first}-{second}\` (the largest category's parametric list), \`GET /product/detail/{id}\` (300 parts);
  search = \`GET /search?key=…\` (50 code prefixes) and \`POST ${searchCalls.searchAssociateWord.path}\` (suggestions, with the anti-forgery header);
  cart = \`POST ${cartCalls.add.path}\` and \`POST ${cartCalls.queryList.path}\` as 8 members (session cookie and anti-forgery header), carts emptied before each topology

| Processes | Scenario | Requests | Req/s | p50 ms | p99 ms | max ms | Errors |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

3 processes against 1 (throughput): ${scenarioNames.map(ratio).filter(Boolean).join(', ')}. ${contention}
The pages are CPU-bound in Node (React SSR, JSON), so on an idle 2-core machine 2 processes already
use both cores and a third adds little; what it adds in every case is that one process's pauses
(garbage collection, a slow page) stall only a third of the requests, and that the store keeps
serving while a process dies or restarts (battery/faults.ts kill).

Commands:

\`\`\`
npm run bench -- cluster
# or, with a build elsewhere and the defaults spelled out:
BUILD_DIR=dist BENCH_CLUSTER_SKUS=${skus} BENCH_SECONDS=${seconds} BENCH_CONNECTIONS=${connections} \\
  BATTERY_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres BATTERY_REDIS_URL=redis://127.0.0.1:6379/13 \\
  node --import tsx bench/cluster.bench.ts
\`\`\`
`;
}

async function main() {
  const { buildDir } = builtServerOf();
  const databaseUrl = new URL(postgresServer);
  databaseUrl.pathname = `/${databaseName}`;
  console.log(`cluster bench: ${skus} SKUs in ${databaseName}, ${connections} connections, ${seconds} s per scenario`);
  const outcomes: Outcome[] = [];
  const loads: string[] = [];
  let peakLoad = 0;
  let db: Db | null = null;
  let fixture: Fixture | null = null;
  try {
    for (const processes of [3, 1]) {
      await withCluster(processes, buildDir, databaseUrl.toString(), async (cluster) => {
        db ??= createDb(databaseUrl.toString(), { poolSize: 2 });
        fixture ??= await prepareFixture(db, cluster.url);
        await emptyCarts(db);
        const topology = processes === 1 ? '1 process' : `${processes} processes`;
        await measure(cluster.url, topology, fixture, Math.min(seconds, 3), false);
        await emptyCarts(db);
        outcomes.push(...(await measure(cluster.url, topology, fixture, seconds, true)));
        const load = loadavg();
        loads.push(`${topology} ${load.map((value) => value.toFixed(1)).join('/')}`);
        peakLoad = Math.max(peakLoad, load[0] ?? 0);
      });
    }
  } finally {
    await (db as Db | null)?.destroy();
    await dropDatabase(postgresServer, databaseName).catch((error: unknown) => console.error(`could not drop ${databaseName}: ${String(error)}`));
  }
  writeFileSync(resolve(import.meta.dirname, 'results/cluster.md'), formatReport(outcomes, buildDir, loads, peakLoad));
  const errors = outcomes.reduce((sum, outcome) => sum + outcome.errors, 0);
  console.log(`cluster bench: ${errors === 0 ? 'no errors' : `${errors} ERRORS`}; bench/results/cluster.md written`);
  if (errors > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
