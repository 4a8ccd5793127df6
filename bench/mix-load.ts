import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/**
 * An open-loop load: requests leave on a fixed schedule whatever the server's pace, and each one's
 * latency is counted from the moment it was due, not from when a free connection let it go. A
 * closed loop (autocannon's connections) slows down with the server and hides its queue; this is
 * the load a shop's visitors make, who do not wait for each other.
 */

export interface MixRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** One step of the mix: its requests one after another (an order is "add to cart, then place"). */
export interface MixOperation {
  kind: string;
  requests: () => MixRequest[];
  /** Called when the operation is over (a member's order flow frees the member). */
  done?: () => void;
}

export interface StepResult {
  offeredPerSecond: number;
  seconds: number;
  sent: number;
  completed: number;
  errors: number;
  errorSamples: string[];
  /** Operations still unanswered when the step's grace ran out, or never sent (too many in flight). */
  abandoned: number;
  latencies: number[];
  byKind: Map<string, number[]>;
}

export interface LoadTarget {
  hostname: string;
  port: number;
  agent: Agent;
}

/** Operations waiting or running at once before the generator counts new ones as abandoned. */
const maxInFlight = 1500;
const answerTimeoutMs = 10_000;

export function loadTargetOf(baseUrl: string): LoadTarget {
  const { hostname, port } = new URL(baseUrl);
  return { hostname, port: Number(port), agent: new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 256 }) };
}

function send(target: LoadTarget, mixRequest: MixRequest): Promise<{ status: number; body: string }> {
  const payload = mixRequest.body === undefined ? undefined : JSON.stringify(mixRequest.body);
  const headers = {
    'accept-encoding': 'gzip, br',
    ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
    ...mixRequest.headers,
  };
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: target.hostname, port: target.port, path: mixRequest.path, method: mixRequest.method, agent: target.agent, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const bytes = Buffer.concat(chunks);
          // A call's envelope is read, so its compressed answer is unpacked; a page's bytes only counted.
          const encoding = mixRequest.method === 'POST' ? response.headers['content-encoding'] : undefined;
          const body = encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes;
          resolve({ status: response.statusCode ?? 0, body: body.toString('utf8') });
        });
        response.on('error', reject);
      },
    );
    outgoing.setTimeout(answerTimeoutMs, () => outgoing.destroy(new Error('no answer within 10 s')));
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** A page must answer 200 (or 304); a call must answer 200 with envelope code 1. */
function problemOf(mixRequest: MixRequest, status: number, body: string): string | null {
  if (status !== 200 && status !== 304) return `${mixRequest.method} ${mixRequest.path.slice(0, 40)}: HTTP ${status}`;
  if (mixRequest.method === 'POST' && !body.startsWith('{"code":1')) return `${mixRequest.path}: ${body.slice(0, 120)}`;
  return null;
}

async function runOperation(target: LoadTarget, operation: MixOperation): Promise<string | null> {
  try {
    for (const mixRequest of operation.requests()) {
      const { status, body } = await send(target, mixRequest);
      const problem = problemOf(mixRequest, status, body);
      if (problem) return problem;
    }
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    operation.done?.();
  }
}

/** `seconds` of operations at `perSecond`, each chosen by `next` when it is due; waits for stragglers (up to the answer timeout). */
export async function runStep(target: LoadTarget, perSecond: number, seconds: number, next: () => MixOperation): Promise<StepResult> {
  const result: StepResult = {
    offeredPerSecond: perSecond,
    seconds,
    sent: 0,
    completed: 0,
    errors: 0,
    errorSamples: [],
    abandoned: 0,
    latencies: [],
    byKind: new Map(),
  };
  const total = Math.round(perSecond * seconds);
  const interval = 1000 / perSecond;
  const started = performance.now();
  const running = new Set<Promise<void>>();
  for (let index = 0; index < total; index++) {
    const due = started + index * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (running.size >= maxInFlight) {
      result.abandoned++;
      continue;
    }
    const operation = next();
    result.sent++;
    const flight = runOperation(target, operation).then((problem) => {
      running.delete(flight);
      const latency = performance.now() - due;
      if (problem) {
        result.errors++;
        if (result.errorSamples.length < 3) result.errorSamples.push(problem);
        return;
      }
      result.completed++;
      result.latencies.push(latency);
      const kindLatencies = result.byKind.get(operation.kind) ?? [];
      kindLatencies.push(latency);
      result.byKind.set(operation.kind, kindLatencies);
    });
    running.add(flight);
  }
  await Promise.all(running);
  return result;
}

export function percentile(samples: readonly number[], fraction: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}
