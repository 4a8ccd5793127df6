import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The production build to run: BUILD_DIR (as vite.config.ts and start:built read it) or dist. */
export function builtServerOf(buildDir = process.env.BUILD_DIR ?? 'dist'): { buildDir: string; mainJs: string } {
  const absolute = resolve(repoRoot, buildDir);
  const mainJs = resolve(absolute, 'server/main.js');
  if (!existsSync(mainJs)) throw new Error(`no production build at ${mainJs}: run BUILD_DIR=${buildDir} npm run build first`);
  return { buildDir: absolute, mainJs };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

export interface StoreProcess {
  pid: number;
  baseUrl: string;
  logFile: string;
  /** null while it runs; then how it ended. */
  exit(): { code: number | null; signal: string | null } | null;
  /** SIGTERM (the store drains and closes), SIGKILL after the timeout. */
  stop(timeoutMs?: number): Promise<{ code: number | null; signal: string | null }>;
}

export interface StoreProcessOptions {
  mainJs: string;
  buildDir: string;
  port: number;
  env: Record<string, string>;
  logFile: string;
  /** A program that runs node for the store, such as `fiu-run -x -f <prefix>` (it execs, so the pid is node's). */
  wrapper?: { program: string; args: string[] };
}

/** One store process of the production build, its output appended to logFile (pino's JSON lines). */
export function spawnStore(options: StoreProcessOptions): StoreProcess {
  const out = openSync(options.logFile, 'a');
  const program = options.wrapper?.program ?? process.execPath;
  const programArgs = options.wrapper ? [...options.wrapper.args, process.execPath, options.mainJs] : [options.mainJs];
  const child: ChildProcess = spawn(program, programArgs, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(options.port), BUILD_DIR: options.buildDir, ...options.env },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  let ended: { code: number | null; signal: string | null } | null = null;
  const exited = new Promise<{ code: number | null; signal: string | null }>((done) =>
    child.on('exit', (code, signal) => {
      ended = { code, signal };
      done(ended);
    }),
  );
  if (child.pid === undefined) throw new Error(`could not start ${program}`);
  return {
    pid: child.pid,
    baseUrl: `http://127.0.0.1:${options.port}`,
    logFile: options.logFile,
    exit: () => ended,
    async stop(timeoutMs = 30_000) {
      if (ended) return ended;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

/** Waits for /readyz to say ready (database, migrations, search index built); throws with the log's tail when the process ends first. */
export async function waitUntilReady(store: StoreProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (store.exit()) throw new Error(`the store ended (${JSON.stringify(store.exit())}) before it was ready:\n${tailOf(store.logFile)}`);
    try {
      const response = await fetch(`${store.baseUrl}/readyz`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`the store at ${store.baseUrl} was not ready within ${timeoutMs / 1000} s:\n${tailOf(store.logFile)}`);
}

export function tailOf(file: string, lines = 15): string {
  if (!existsSync(file)) return '(no log)';
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

/** The store's pino lines at or above a level (40 = warn), parsed. */
export function logRecordsOf(file: string, minLevel = 40): Record<string, unknown>[] {
  if (!existsSync(file)) return [];
  const records: Record<string, unknown>[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const record = JSON.parse(line) as Record<string, unknown>;
      if (typeof record.level === 'number' && record.level >= minLevel) records.push(record);
    } catch {
      // a line cut by a crash
    }
  }
  return records;
}
