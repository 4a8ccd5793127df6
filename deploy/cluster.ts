/**
 * npm run cluster -- --processes 3 [--port 8080] [--base-port 3101] [--no-restart]
 *
 * Runs the production build as N processes on one PostgreSQL (DATABASE_URL, created when
 * missing) and Redis (REDIS_URL) behind nginx, prints nginx's address, and stops everything on
 * SIGINT/SIGTERM (nginx first, then each process drains its requests). A process that exits by
 * itself is started again after 1 s, 2 s, 4 s… (at most 30 s). README: "多进程部署".
 */
import { parseArgs } from 'node:util';
import { startCluster } from './cluster/cluster.ts';

const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '3' },
    port: { type: 'string', default: process.env.CLUSTER_PORT ?? '8080' },
    'base-port': { type: 'string', default: '3101' },
    'no-restart': { type: 'boolean', default: false },
  },
});

function positiveInteger(name: string, value: string, max: number): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max) {
    console.error(`--${name}: expected a whole number from 1 to ${max}, got "${value}"`);
    process.exit(2);
  }
  return number;
}

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.error('DATABASE_URL must name a PostgreSQL database, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/store_cluster');
  process.exit(2);
}
if (!process.env.REDIS_URL) console.warn('REDIS_URL is not set: rate limits count in PostgreSQL (still shared by every process).');
if (!process.env.SESSION_SECRET) console.warn('SESSION_SECRET is not set: one is generated for this run, so anti-forgery tokens end with it.');

// Handlers first: a Ctrl-C while the processes seed or build their indexes stops them too.
const starting = new AbortController();
let stopCluster: (() => Promise<void>) | null = null;
let isStopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (isStopping) return;
    isStopping = true;
    console.log(`${signal}: stopping nginx, then the app processes`);
    starting.abort();
    if (stopCluster) void stopCluster().then(() => process.exit(0));
  });
}

try {
  const cluster = await startCluster({
    processes: positiveInteger('processes', values.processes, 64),
    basePort: positiveInteger('base-port', values['base-port'], 65_000),
    databaseUrl,
    redisUrl: process.env.REDIS_URL,
    sessionSecret: process.env.SESSION_SECRET,
    nginxPort: positiveInteger('port', values.port, 65_535),
    buildDir: process.env.BUILD_DIR ?? 'dist',
    output: (name, line) => process.stdout.write(`[${name}] ${line}\n`),
    restart: !values['no-restart'],
    signal: starting.signal,
  });
  stopCluster = () => cluster.stop();
  const direct = cluster.processes.map((app) => `${app.name} ${app.url}`).join(', ');
  console.log(`\n芯品商城: ${cluster.url}  (${direct}; nginx logs in ${cluster.nginx?.prefix ?? '-'})\n`);
} catch (error) {
  console.error(starting.signal.aborted ? 'stopped while starting' : error instanceof Error ? error.message : error);
  process.exit(starting.signal.aborted ? 0 : 1);
}
