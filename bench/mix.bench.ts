/**
 * Capacity you can plan with: a realistic mix (mix-workload.ts: pages 70 %, search 20 %, cart 8 %,
 * orders 2 %, visitors and members) offered open-loop (mix-load.ts) at rising rates, against 1 app
 * process and against 3 behind nginx on PostgreSQL + Redis (deploy/cluster), and the same rates
 * against a bare server sending the home page's bytes (mix-static-server.ts). Prints p50/p99
 * against the offered load and the knee: the highest load with p99 ≤ 300 ms, no errors and
 * everything offered answered. Writes bench/results/mix.md.
 *
 *   npm run bench -- mix            (builds first)
 *   BUILD_DIR=/tmp/x-dist node --import tsx bench/mix.bench.ts
 *
 * BENCH_MIX_RATES (operations per second, comma-separated), BENCH_SECONDS per step (10),
 * BENCH_CLUSTER_SKUS (20,000); BATTERY_POSTGRES_URL and BATTERY_REDIS_URL name the servers.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { startCluster } from '../deploy/cluster/cluster.ts';
import { createDb, type Db } from '../src/server/db/create-db.ts';
import { dropDatabase, freeBasePort } from '../battery/faults-cluster.ts';
import { builtServerOf, freePort } from '../battery/faults-store-process.ts';
import { loadTargetOf, percentile, runStep, type MixOperation, type StepResult } from './mix-load.ts';
import { mixPicker, prepareMixFixture, type MixFixture } from './mix-workload.ts';

const rates = (process.env.BENCH_MIX_RATES ?? '25,50,100,150,200,300,400,600,800').split(',').map(Number);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const skus = Number(process.env.BENCH_CLUSTER_SKUS ?? 20_000);
const postgresServer = new URL(process.env.BATTERY_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const redisUrl = process.env.BATTERY_REDIS_URL ?? 'redis://127.0.0.1:6379/12';
const databaseName = `bench_mix_${String(process.pid)}_${randomBytes(3).toString('hex')}`;
const kneeP99Ms = 300;

interface Curve {
  topology: string;
  steps: StepResult[];
  load: string;
}

const sessionSecret = randomBytes(32).toString('hex');

function isHealthy(step: StepResult): boolean {
  return step.errors === 0 && step.abandoned === 0 && percentile(step.latencies, 0.99) <= kneeP99Ms;
}

/** Past this the next steps only queue: the curve stops. */
function isOverloaded(step: StepResult): boolean {
  return step.abandoned > 0 || step.errors > step.sent * 0.05 || percentile(step.latencies, 0.99) > 3000;
}

async function runCurve(topology: string, baseUrl: string, next: () => MixOperation): Promise<Curve> {
  const target = loadTargetOf(baseUrl);
  await runStep(target, rates[0] ?? 25, 3, next);
  const steps: StepResult[] = [];
  for (const rate of rates) {
    const step = await runStep(target, rate, seconds, next);
    steps.push(step);
    const p99 = percentile(step.latencies, 0.99);
    console.log(
      `${topology} · ${String(rate)}/s: p50 ${percentile(step.latencies, 0.5).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, ${String(step.errors)} errors, ${String(step.abandoned)} abandoned ${step.errorSamples.join(' | ')}`,
    );
    if (isOverloaded(step)) break;
  }
  target.agent.destroy();
  return {
    topology,
    steps,
    load: loadavg()
      .map((value) => value.toFixed(1))
      .join('/'),
  };
}

function homeBytes(baseUrl: string): Promise<{ body: Buffer; encoding: string }> {
  return new Promise((done, fail) => {
    request(`${baseUrl}/`, { headers: { 'accept-encoding': 'gzip, br' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done({ body: Buffer.concat(chunks), encoding: response.headers['content-encoding'] ?? '-' }));
    })
      .on('error', fail)
      .end();
  });
}

async function staticCurve(bytes: { body: Buffer; encoding: string }, next: () => MixOperation): Promise<Curve> {
  const folder = mkdtempSync(join(tmpdir(), 'mix-static-'));
  const file = join(folder, 'home');
  writeFileSync(file, bytes.body);
  const port = await freePort();
  const child = fork(resolve(import.meta.dirname, 'mix-static-server.ts'), [file, bytes.encoding, String(port)], { execArgv: ['--import', 'tsx'] });
  try {
    await new Promise<void>((ready) => child.once('message', () => ready()));
    return await runCurve('static baseline (node:http, the home page bytes)', `http://127.0.0.1:${String(port)}`, next);
  } finally {
    child.kill();
    rmSync(folder, { recursive: true, force: true });
  }
}

interface BenchState {
  db: Db | null;
  fixture: MixFixture | null;
  home: { body: Buffer; encoding: string } | null;
}

async function clusterCurve(processes: number, buildDir: string, databaseUrl: string, state: BenchState): Promise<Curve> {
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
  try {
    state.db ??= createDb(databaseUrl, { poolSize: 2 });
    state.fixture ??= await prepareMixFixture(state.db, cluster.url);
    state.home ??= await homeBytes(cluster.url);
    return await runCurve(processes === 1 ? '1 process behind nginx' : `${String(processes)} processes behind nginx`, cluster.url, mixPicker(state.fixture));
  } finally {
    await cluster.stop();
  }
}

const ms = (value: number) => (Number.isNaN(value) ? '—' : value.toFixed(value < 10 ? 1 : 0));

function kneeOf(curve: Curve): string {
  const healthy = curve.steps.filter(isHealthy);
  return healthy.length === 0 ? 'below the first step' : `${String(healthy.at(-1)?.offeredPerSecond)} operations/s`;
}

function curveTable(curve: Curve): string {
  const rows = curve.steps.map((step) => {
    const kinds = ['page', 'search', 'cart', 'order'].map((kind) => ms(percentile(step.byKind.get(kind) ?? [], 0.99))).join(' / ');
    return `| ${String(step.offeredPerSecond)} | ${(step.completed / step.seconds).toFixed(0)} | ${ms(percentile(step.latencies, 0.5))} | **${ms(percentile(step.latencies, 0.99))}** | ${kinds} | ${String(step.errors)}${step.errorSamples.length > 0 ? ` (${step.errorSamples[0] ?? ''})` : ''} | ${String(step.abandoned)} |`;
  });
  return `### ${curve.topology}: knee ${kneeOf(curve)} (load average after: ${curve.load})

| Offered ops/s | Answered ops/s | p50 ms | p99 ms | p99 page / search / cart / order ms | Errors | Abandoned |
|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
}

function report(curves: Curve[], buildDir: string): string {
  return `# Capacity: the mix at rising load

Measured by \`bench/mix.bench.ts\` on ${new Date().toISOString().slice(0, 10)}: the production build (\`${buildDir}\`), ${skus.toLocaleString('en')} SKUs on PostgreSQL,
rate-limit counters in Redis, nginx in front (deploy/nginx/store.conf.template). Operations leave on a fixed schedule (open loop), each
timed from when it was due; an operation is a page view (70 %: home, the largest category's parametric list, product pages; a quarter as
signed-in members), a search (20 %: the results page or the suggestion call), a cart call (8 %: add a part or list the cart, as members)
or an order (2 %: add a part, place the order). ${String(seconds)} s per step after a 3 s warm-up; a curve stops at the first step that
abandons operations (over 1,500 in flight), errs on over 5 % or has a p99 over 3 s. **Knee**: the highest step with p99 ≤ ${String(kneeP99Ms)} ms,
no error and nothing abandoned. The load generator runs in the bench's process on the same machine: it takes a share of the cores.

- Machine: ${String(cpus().length)} cores (${cpus()[0]?.model.trim() ?? 'unknown'}), ${(totalmem() / 1024 ** 3).toFixed(1)} GB RAM, Node ${process.version}

${curves.map(curveTable).join('\n')}
Command:

\`\`\`
npm run bench -- mix
BUILD_DIR=dist BENCH_MIX_RATES=${rates.join(',')} BENCH_SECONDS=${String(seconds)} BENCH_CLUSTER_SKUS=${String(skus)} node --import tsx bench/mix.bench.ts
\`\`\`
`;
}

async function main() {
  const { buildDir } = builtServerOf();
  const databaseUrl = new URL(postgresServer);
  databaseUrl.pathname = `/${databaseName}`;
  const state: BenchState = { db: null, fixture: null, home: null };
  const curves: Curve[] = [];
  try {
    curves.push(await clusterCurve(1, buildDir, databaseUrl.toString(), state));
    curves.push(await clusterCurve(3, buildDir, databaseUrl.toString(), state));
    if (!state.fixture || !state.home) throw new Error('no fixture');
    curves.push(await staticCurve(state.home, mixPicker(state.fixture)));
  } finally {
    await state.db?.destroy();
    await dropDatabase(postgresServer, databaseName).catch((error: unknown) => console.error(`could not drop ${databaseName}: ${String(error)}`));
  }
  const text = report(curves, buildDir.replace(`${resolve('.')}/`, ''));
  writeFileSync(resolve(import.meta.dirname, 'results/mix.md'), text);
  console.log(text);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
