import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { waitForExit } from './child-process.ts';

export interface AppProcessOptions {
  /** app1, app2…: how its lines and restarts are labelled. */
  name: string;
  /** The production build's server entry. */
  entry: string;
  port: number;
  env: NodeJS.ProcessEnv;
  /** Each line the process writes (pino JSON). */
  output: (name: string, line: string) => void;
  /** Start it again, with growing pauses, when it exits without being asked to after it was once ready. */
  restart: boolean;
  /** Gives up waiting for readiness (the runner got SIGINT while starting). */
  signal?: AbortSignal;
}

export interface AppProcess {
  readonly name: string;
  readonly port: number;
  /** http://127.0.0.1:<port>: the process itself, bypassing nginx. */
  readonly url: string;
  readonly pid: number | undefined;
  /** How many times it was started again after exiting by itself. */
  readonly restarts: number;
  /** Resolves when /readyz answers 200 (or /healthz, for a build without /readyz); rejects if it exits first. */
  waitUntilReady(timeoutMs?: number): Promise<void>;
  /** Sends a signal to the running process (a fault test kills it; the supervisor may restart it). */
  signal(signal: NodeJS.Signals): void;
  /** SIGTERM (the app drains its requests), SIGKILL after `graceMs`; never restarted afterwards. */
  stop(graceMs?: number): Promise<void>;
}

/** Restart pauses: 1 s, 2 s, 4 s… up to 30 s; a run of a minute or more starts the count again. */
export function restartDelayMs(quickFailures: number): number {
  return Math.min(30_000, 1000 * 2 ** quickFailures);
}
const stableRunMs = 60_000;
const keptLines = 40;

export function startAppProcess(options: AppProcessOptions): AppProcess {
  let isStopping = false;
  // A process that cannot start (bad configuration, database unreachable) is reported, not restarted in a loop.
  let hasBeenReady = false;
  let restarts = 0;
  let quickFailures = 0;
  let restartTimer: NodeJS.Timeout | null = null;
  const lastLines: string[] = [];

  function launch(): ChildProcess {
    const startedAt = Date.now();
    const running = spawn(process.execPath, [options.entry], {
      env: { ...options.env, PORT: String(options.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: a Ctrl-C reaches the runner, which stops nginx first, then the apps.
      detached: true,
    });
    for (const stream of [running.stdout, running.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        lastLines.push(line);
        if (lastLines.length > keptLines) lastLines.shift();
        options.output(options.name, line);
      });
    }
    running.once('exit', (code, signal) => {
      if (isStopping || !options.restart || !hasBeenReady) return;
      if (Date.now() - startedAt >= stableRunMs) quickFailures = 0;
      const delay = restartDelayMs(quickFailures);
      quickFailures += 1;
      options.output(options.name, `[cluster] ${options.name} exited (${signal ?? String(code)}); starting it again in ${delay / 1000} s`);
      restartTimer = setTimeout(() => {
        restartTimer = null;
        if (isStopping) return;
        restarts += 1;
        child = launch();
      }, delay);
    });
    return running;
  }

  let child = launch();
  const url = `http://127.0.0.1:${options.port}`;
  const describe = () => `${options.name} (port ${options.port}), last lines:\n${lastLines.join('\n')}`;

  return {
    name: options.name,
    port: options.port,
    url,
    get pid() {
      return child.pid;
    },
    get restarts() {
      return restarts;
    },
    // A large first seed (SEED_SKUS) runs in one process while the others wait for the start-up lock.
    async waitUntilReady(timeoutMs = 900_000) {
      const deadline = Date.now() + timeoutMs;
      let path = '/readyz';
      while (Date.now() < deadline) {
        if (options.signal?.aborted) throw new Error(`${options.name}: stopped while starting`);
        if (child.exitCode !== null && !hasBeenReady) throw new Error(`${describe()}\nexited with ${child.exitCode} before it was ready`);
        const status = await fetch(url + path).then(
          (response) => response.status,
          () => 0,
        );
        if (status === 200) {
          hasBeenReady = true;
          return;
        }
        if (status === 404 && path === '/readyz') path = '/healthz';
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`${describe()}\nnot ready after ${timeoutMs / 1000} s`);
    },
    signal(signal) {
      child.kill(signal);
    },
    async stop(graceMs = 20_000) {
      isStopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await waitForExit(child, graceMs);
    },
  };
}
