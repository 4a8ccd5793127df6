import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { startAppProcess, type AppProcess } from './app-process.ts';
import { ensurePostgresDatabase } from './database.ts';
import { startNginx, type RunningNginx } from './nginx.ts';

export interface ClusterOptions {
  processes: number;
  /** The first app process's port; the others follow (3101, 3102…). */
  basePort: number;
  /** Each process's port instead (tests pick free ones); as many as `processes`. */
  appPorts?: readonly number[];
  /** postgres://…: several processes share one store only on PostgreSQL. */
  databaseUrl: string;
  /** Shared rate-limit counters; without it they count in PostgreSQL (still shared). */
  redisUrl?: string;
  /** Generated for this run when absent (anti-forgery tokens then end with the run). */
  sessionSecret?: string;
  /** nginx's port on 127.0.0.1; without one the processes run alone (tests that need no proxy). */
  nginxPort?: number;
  /** The production build (npm run build), `dist` unless BUILD_DIR says otherwise. */
  buildDir: string;
  /** More environment for the app processes (SEED_SKUS, LOG_LEVEL…), over the runner's own. */
  env?: NodeJS.ProcessEnv;
  output: (name: string, line: string) => void;
  restart: boolean;
  /** Abandons the start (SIGINT while the processes seed or build their indexes): everything started is stopped. */
  signal?: AbortSignal;
}

export interface Cluster {
  /** nginx's address, or the first process's when there is no nginx. */
  url: string;
  processes: readonly AppProcess[];
  nginx: RunningNginx | null;
  stop(): Promise<void>;
}

/**
 * N production app processes on one PostgreSQL (and Redis) behind nginx. They start together:
 * the start-up lock (src/server/db/startup-lock.ts) lets one migrate and seed while the others wait.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const entry = resolve(options.buildDir, 'server/main.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: build first (npm run build, with the same BUILD_DIR)`);
  if (!/^postgres(ql)?:\/\//.test(options.databaseUrl))
    throw new Error('DATABASE_URL must be a postgres:// URL: several processes share one store on PostgreSQL only');
  await ensurePostgresDatabase(options.databaseUrl);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: options.databaseUrl,
    SESSION_SECRET: options.sessionSecret ?? randomBytes(32).toString('hex'),
    // Forwarded headers are believed from nginx (on this machine) only.
    TRUST_PROXY: '127.0.0.1',
    BUILD_DIR: options.buildDir,
    ...options.env,
  };
  if (options.redisUrl) env.REDIS_URL = options.redisUrl;
  else delete env.REDIS_URL;

  const ports = options.appPorts ?? Array.from({ length: options.processes }, (_, index) => options.basePort + index);
  if (ports.length !== options.processes) throw new Error(`appPorts: ${ports.length} ports for ${options.processes} processes`);
  const processes = ports.map((port, index) =>
    startAppProcess({ name: `app${index + 1}`, entry, port, env, output: options.output, restart: options.restart, signal: options.signal }),
  );
  let nginx: RunningNginx | null = null;
  const stop = async () => {
    // nginx first: no new requests reach a process that is draining.
    await nginx?.stop();
    await Promise.all(processes.map((app) => app.stop()));
  };
  try {
    await Promise.all(processes.map((app) => app.waitUntilReady()));
    if (options.nginxPort !== undefined) {
      nginx = await startNginx({ listen: `127.0.0.1:${options.nginxPort}`, upstreams: processes.map((app) => `127.0.0.1:${app.port}`) });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const url = options.nginxPort !== undefined ? `http://127.0.0.1:${options.nginxPort}` : (processes[0]?.url ?? '');
  return { url, processes, nginx, stop };
}
