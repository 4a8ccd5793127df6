/**
 * Requests timed from a separate process, as a load tool sends them. A client in the server's
 * own process allocates on the server's heap, so its garbage is collected in the server's
 * pauses: at 5M parts (a heap of some 600 MB) that added 2 ms to the suggestions' p99.
 *
 * The parent forks this file (`timeRequestsElsewhere`) and answers its `before` messages (to
 * forget the index's kept matches before a cold search); the child sends the requests one after
 * another over one keep-alive connection and returns the milliseconds of each.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createBenchClient } from './http-client.ts';

export interface TimedRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

export interface TimingJob {
  warmup: TimedRequest[];
  measured: TimedRequest[];
  /** Ask the parent to run its `before` hook ahead of each measured request. */
  isCold: boolean;
}

interface JobMessage {
  kind: 'job';
  baseUrl: string;
  headers: Record<string, string>;
  job: TimingJob;
}
type ParentMessage = JobMessage | { kind: 'ready' };
type ChildMessage = { kind: 'before' } | { kind: 'done'; samples: number[] } | { kind: 'failed'; error: string };

/** Runs one job in a child process; `before` runs in this process ahead of each cold request. */
export function timeRequestsElsewhere(
  baseUrl: string,
  headers: Record<string, string>,
  job: TimingJob,
  before: () => unknown = () => undefined,
): Promise<number[]> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], { execArgv: process.execArgv, stdio: 'inherit' });
  return new Promise<number[]>((resolve, reject) => {
    child.on('message', (message: ChildMessage) => {
      if (message.kind === 'before') {
        void Promise.resolve(before()).then(() => child.send({ kind: 'ready' } satisfies ParentMessage));
      } else if (message.kind === 'done') {
        resolve(message.samples);
        child.disconnect();
      } else {
        reject(new Error(message.error));
        child.kill();
      }
    });
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`timing client exited with ${String(code)}`));
    });
    child.send({ kind: 'job', baseUrl, headers, job } satisfies ParentMessage);
  });
}

function checked(status: number, body: string, request: TimedRequest): void {
  if (status !== 200) throw new Error(`${request.method} ${request.path}: HTTP ${status}`);
  if (request.method === 'POST') {
    const envelope = JSON.parse(body) as { code: number; msg: string };
    if (envelope.code !== 1) throw new Error(`${request.path}: ${envelope.code} ${envelope.msg}`);
  }
}

async function runJob({ baseUrl, headers, job }: JobMessage): Promise<number[]> {
  const client = createBenchClient(baseUrl);
  let waiting: (() => void) | null = null;
  process.on('message', (message: ParentMessage) => {
    if (message.kind === 'ready') waiting?.();
  });
  const send = async (request: TimedRequest) => {
    const response = request.method === 'GET' ? await client.get(request.path, headers) : await client.post(request.path, request.body, headers);
    checked(response.status, response.body, request);
  };
  for (const request of job.warmup) await send(request);
  const samples: number[] = [];
  for (const request of job.measured) {
    if (job.isCold) {
      const ready = new Promise<void>((resolve) => (waiting = resolve));
      process.send?.({ kind: 'before' } satisfies ChildMessage);
      await ready;
    }
    const started = performance.now();
    await send(request);
    samples.push(performance.now() - started);
  }
  client.close();
  if (client.resets > 0) console.warn(`timing client: ${String(client.resets)} request(s) sent again after a reset on a kept-alive connection`);
  return samples;
}

if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  process.once('message', (message: ParentMessage) => {
    if (message.kind !== 'job') return;
    runJob(message).then(
      (samples) => process.send?.({ kind: 'done', samples } satisfies ChildMessage),
      (error: unknown) => process.send?.({ kind: 'failed', error: String(error) } satisfies ChildMessage),
    );
  });
}
