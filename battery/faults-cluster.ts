import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startCluster, type Cluster } from '../deploy/cluster/cluster.ts';
import { createDb, type Db } from '../src/server/db/create-db.ts';
import { TcpProxy } from '../src/server/testing/tcp-proxy.ts';
import { builtServerOf, freePort } from './faults-store-process.ts';

/**
 * The battery's cluster: `npm run cluster`'s runner (deploy/cluster) with N processes of the
 * production build on a PostgreSQL database of its own (created, dropped at the end) and Redis,
 * behind nginx — each reached through a TCP proxy in this process, so that a script can cut
 * PostgreSQL or Redis away from the store (what a restart or an outage looks like to the app)
 * without stopping the shared servers.
 *
 * BATTERY_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server;
 * BATTERY_REDIS_URL (default redis://127.0.0.1:6379/13) the Redis database, whose keys the store
 * writes under rate:…; BATTERY_DB_PREFIX (default battery) starts the database's name.
 */
export interface BatteryCluster {
  cluster: Cluster;
  /** nginx. */
  url: string;
  /** Each process itself, bypassing nginx. */
  processUrls: string[];
  databaseName: string;
  /** The store's database, reached directly (not through the proxy), as `application_name=battery`. */
  db: Db;
  /** Redis, reached directly, for looking at the store's counters. */
  redis: Redis;
  postgresProxy: TcpProxy;
  redisProxy: TcpProxy;
  /** What each process wrote, by name (app1…). */
  output: Map<string, string[]>;
  /** nginx's error log so far. */
  nginxErrors(): string[];
  stop(): Promise<void>;
}

export interface BatteryClusterOptions {
  processes: number;
  seedSkus: number;
  buildDir?: string;
  log?: (line: string) => void;
}

export const batteryApplicationName = 'battery';

function serverUrls() {
  const postgres = new URL(process.env.BATTERY_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const redis = new URL(process.env.BATTERY_REDIS_URL ?? 'redis://127.0.0.1:6379/13');
  return { postgres, redis };
}

/** N consecutive free ports for the processes (the runner numbers them from a base). */
export async function freeBasePort(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + randomInt(20_000);
    const free = await Promise.all(Array.from({ length: count }, (_, i) => isFree(base + i)));
    if (free.every(Boolean)) return base;
  }
  throw new Error(`no ${count} consecutive free ports found`);
}

async function isFree(port: number): Promise<boolean> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function dropDatabase(adminUrl: URL, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export async function startBatteryCluster(options: BatteryClusterOptions): Promise<BatteryCluster> {
  const log = options.log ?? ((line: string) => console.log(line));
  const { buildDir } = builtServerOf(options.buildDir);
  const urls = serverUrls();
  const databaseName = `${process.env.BATTERY_DB_PREFIX ?? 'battery'}_faults_${process.pid}_${randomBytes(3).toString('hex')}`;
  const postgresProxy = new TcpProxy(urls.postgres.hostname, Number(urls.postgres.port || 5432));
  const redisProxy = new TcpProxy(urls.redis.hostname, Number(urls.redis.port || 6379));
  await postgresProxy.open();
  await redisProxy.open();
  const storeDatabaseUrl = new URL(postgresProxy.urlFor(urls.postgres.toString()));
  storeDatabaseUrl.pathname = `/${databaseName}`;
  const directDatabaseUrl = new URL(urls.postgres);
  directDatabaseUrl.pathname = `/${databaseName}`;
  directDatabaseUrl.searchParams.set('application_name', batteryApplicationName);

  const output = new Map<string, string[]>();
  const nginxPort = await freePort();
  log(
    `cluster: ${options.processes} processes of ${buildDir} on ${databaseName} (${options.seedSkus} SKUs) and ${urls.redis.toString()}, nginx on ${nginxPort}`,
  );
  const started = Date.now();
  let cluster: Cluster;
  try {
    cluster = await startCluster({
      processes: options.processes,
      databaseUrl: storeDatabaseUrl.toString(),
      redisUrl: redisProxy.urlFor(urls.redis.toString()),
      basePort: await freeBasePort(options.processes),
      nginxPort,
      buildDir,
      env: { SEED_SKUS: String(options.seedSkus), LOG_LEVEL: 'warn' },
      output: (name, line) => {
        const lines = output.get(name) ?? [];
        lines.push(line);
        output.set(name, lines);
      },
      restart: true,
    });
  } catch (error) {
    await postgresProxy.cut();
    await redisProxy.cut();
    await dropDatabase(urls.postgres, databaseName).catch(() => undefined);
    throw error;
  }
  log(`cluster: ready in ${((Date.now() - started) / 1000).toFixed(1)} s at ${cluster.url}`);
  const db = createDb(directDatabaseUrl.toString(), { poolSize: 4 });
  const redis = new Redis(urls.redis.toString(), { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  return {
    cluster,
    url: cluster.url,
    processUrls: cluster.processes.map((app) => app.url),
    databaseName,
    db,
    redis,
    postgresProxy,
    redisProxy,
    output,
    nginxErrors() {
      const file = cluster.nginx ? join(cluster.nginx.prefix, 'error.log') : '';
      return file && existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
    },
    async stop() {
      await cluster.stop();
      await db.destroy().catch(() => undefined);
      redis.disconnect();
      await postgresProxy.cut();
      await redisProxy.cut();
      await dropDatabase(urls.postgres, databaseName);
    },
  };
}

/** Where each process's output stands now, to look only at what comes after. */
export function outputMark(cluster: BatteryCluster): Map<string, number> {
  return new Map([...cluster.output].map(([name, lines]) => [name, lines.length]));
}

/** Lines a process wrote at error level or above (pino level ≥ 50), and the runner's restart notices, since the mark. */
export function troubleOf(cluster: BatteryCluster, mark: Map<string, number>): string[] {
  const trouble: string[] = [];
  for (const [name, lines] of cluster.output) {
    for (const line of lines.slice(mark.get(name) ?? 0)) {
      if (line.startsWith('[cluster]')) trouble.push(`${name}: ${line}`);
      else if (/^\{"level":(5|6)\d/.test(line)) trouble.push(`${name}: ${line.slice(0, 400)}`);
    }
  }
  return trouble;
}

/** Each process's /readyz, parsed (null when it did not answer). */
export async function readinessOf(
  processUrls: readonly string[],
): Promise<({ status: string; checks: Record<string, { ok: boolean; detail?: string }> } | null)[]> {
  return Promise.all(
    processUrls.map(async (url) => {
      try {
        const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5000) });
        return (await response.json()) as { status: string; checks: Record<string, { ok: boolean; detail?: string }> };
      } catch {
        return null;
      }
    }),
  );
}
