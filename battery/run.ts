/**
 * npm run battery [-- --short] [--stages sqlite,cluster] [--build-dir dist]
 *
 * The reliability battery of issue 9, on the embedded store (one process on SQLite) and on the
 * scaled-out one (3 processes on PostgreSQL + Redis behind nginx): XSS in Chromium, sqlmap, the
 * anti-forgery matrix and the fuzz against each; the libfiu faults on SQLite; the races and the
 * faults (kill -9, PostgreSQL and Redis cut) against 3 processes; without --short, the lifecycle
 * models' long runs on both engines. Each step is its own script
 * (battery/*.ts), run in turn; the summary's last line is `battery: N passed, N failed`.
 * `--short` is the form .ci/run uses (fewer payloads and vectors, quick sqlmap).
 *
 * The cluster stage needs PostgreSQL and Redis: BATTERY_POSTGRES_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres) and BATTERY_REDIS_URL (default redis://127.0.0.1:6379/13).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startCluster } from '../deploy/cluster/cluster.ts';
import { freePort, spawnStore, waitUntilReady } from './faults-store-process.ts';

const { values } = parseArgs({
  options: {
    short: { type: 'boolean', default: false },
    stages: { type: 'string', default: 'sqlite,cluster' },
    'build-dir': { type: 'string', default: process.env.BUILD_DIR ?? 'dist' },
  },
});
const isShort = values.short;
const buildDir = resolve(values['build-dir']);
const stages = new Set(values.stages.split(','));
const postgresUrl = process.env.BATTERY_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BATTERY_REDIS_URL ?? 'redis://127.0.0.1:6379/13';

interface StepResult {
  name: string;
  isPassed: boolean;
  seconds: number;
  /** The end of a failed step's output, printed again beside the summary (CI keeps only a log's tail). */
  tail: string[];
}
const results: StepResult[] = [];
const keptOutputChars = 16_000;

function runStep(name: string, script: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  const started = Date.now();
  console.log(`\n=== ${name}: battery/${script} ${args.join(' ')}`);
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `battery/${script}`, ...args], {
      stdio: ['inherit', 'pipe', 'pipe'],
      env: { ...process.env, BUILD_DIR: buildDir, ...env },
    });
    let output = '';
    const keep = (chunk: Buffer, to: NodeJS.WriteStream) => {
      to.write(chunk);
      output = (output + chunk.toString('utf8')).slice(-keptOutputChars);
    };
    child.stdout.on('data', (chunk: Buffer) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk: Buffer) => keep(chunk, process.stderr));
    child.on('close', (code) => {
      const tail = output
        .split('\n')
        .filter((line) => line.trim() !== '')
        .slice(-12)
        .map((line) => line.slice(0, 240));
      results.push({ name, isPassed: code === 0, seconds: (Date.now() - started) / 1000, tail });
      done();
    });
  });
}

/** XSS first: it registers a member by SMS, before the fuzz spends the address's SMS quota. */
async function attackRunningStore(stage: string, baseUrl: string, databaseUrl: string) {
  await runStep(`${stage} xss`, 'xss.ts', ['--base-url', baseUrl, ...(isShort ? ['--quick'] : [])]);
  await runStep(`${stage} sqlmap`, 'sqlmap.ts', ['--base-url', baseUrl, ...(isShort ? ['--quick'] : [])]);
  await runStep(`${stage} anti-forgery matrix`, 'csrf-matrix.ts', ['--base-url', baseUrl, '--database-url', databaseUrl]);
  await runStep(`${stage} fuzz`, 'fuzz.ts', ['--base-url', baseUrl, '--database-url', databaseUrl, '--payloads', isShort ? '3000' : '20000']);
}

async function sqliteStage() {
  const dir = mkdtempSync(join(tmpdir(), 'battery-sqlite-'));
  const databaseUrl = join(dir, 'store.sqlite');
  const port = await freePort();
  const store = spawnStore({
    mainJs: join(buildDir, 'server/main.js'),
    buildDir,
    port,
    logFile: join(dir, 'store.log'),
    env: { DATABASE_URL: databaseUrl, SEED_SKUS: isShort ? '300' : '2000', SMS_OUTBOX_ENABLED: 'true', LOG_LEVEL: 'warn' },
  });
  try {
    await waitUntilReady(store);
    await attackRunningStore('sqlite', store.baseUrl, databaseUrl);
  } finally {
    await store.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  await runStep('sqlite faults (libfiu: disk full, I/O errors)', 'faults.ts', ['sqlite-io', '--build-dir', buildDir, ...(isShort ? ['--short'] : [])]);
  // CI's Vitest run already drives the lifecycle models; the full battery drives them far longer.
  if (!isShort) await runStep('sqlite lifecycle models (long runs)', 'lifecycle-models.ts', ['--engine', 'sqlite']);
}

async function clusterStage() {
  const name = `battery_attack_${randomBytes(4).toString('hex')}`;
  const databaseUrl = new URL(postgresUrl);
  databaseUrl.pathname = `/${name}`;
  // Each process a port the system has just handed out (three in a row from one were never checked:
  // one was once held by another program's connection, and the process could not listen).
  const ports = new Set<number>();
  while (ports.size < 3) ports.add(await freePort());
  const appPorts = [...ports];
  const cluster = await startCluster({
    processes: 3,
    databaseUrl: databaseUrl.toString(),
    redisUrl,
    basePort: appPorts[0] ?? 0,
    appPorts,
    nginxPort: await freePort(),
    buildDir,
    env: { SEED_SKUS: isShort ? '300' : '2000', SMS_OUTBOX_ENABLED: 'true', LOG_LEVEL: 'warn' },
    output: () => undefined,
    restart: false,
  });
  try {
    await attackRunningStore('cluster', cluster.url, databaseUrl.toString());
  } finally {
    await cluster.stop();
    await dropDatabase(name);
  }
  await runStep('cluster races and faults (races, Redis cut, PostgreSQL cut and terminated, kill -9)', 'faults.ts', [
    'races',
    'redis',
    'postgres',
    'kill',
    '--processes',
    '3',
    '--build-dir',
    buildDir,
    ...(isShort ? ['--short'] : []),
  ]);
}

async function postgresModelStage() {
  if (isShort) return;
  const databaseUrl = new URL(postgresUrl);
  databaseUrl.pathname = '/postgres';
  await runStep('postgres lifecycle models (long runs)', 'lifecycle-models.ts', ['--engine', 'postgres', '--database-url', databaseUrl.toString()]);
}

async function dropDatabase(name: string) {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

if (!existsSync(join(buildDir, 'server/main.js'))) {
  console.error(`${buildDir}/server/main.js is missing: npm run build first (with the same BUILD_DIR)`);
  process.exit(2);
}
const started = Date.now();
if (stages.has('sqlite')) await sqliteStage();
if (stages.has('cluster')) await clusterStage();
if (stages.has('cluster')) await postgresModelStage();

for (const result of results.filter((step) => !step.isPassed)) {
  console.log(`\n=== ${result.name} failed; the end of its output:`);
  for (const line of result.tail) console.log(`  | ${line}`);
}
console.log('\n=== battery summary');
for (const result of results) console.log(`${result.isPassed ? 'passed' : 'FAILED'}  ${result.name}  (${result.seconds.toFixed(0)} s)`);
const failed = results.filter((result) => !result.isPassed).length;
console.log(`battery: ${String(results.length - failed)} passed, ${String(failed)} failed in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
process.exitCode = failed === 0 ? 0 : 1;
