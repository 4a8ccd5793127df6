/**
 * The load of the page benches: a fixed number of keep-alive connections asking for one URL as fast
 * as they are answered, targets measured in alternating rounds (A, B, A, B…) so that a change in the
 * machine's load during the run weighs on each alike, and the plain server they are compared with.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';

export interface Target {
  name: string;
  port: number;
  path: string;
  /** Sent as it is; an empty string sends none (a new visitor on every request). */
  cookie: string;
  acceptEncoding?: string;
}

export interface Measurement {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  errors: number;
}

export interface LoadOptions {
  connections: number;
  /** Measured seconds per target, split over the rounds. */
  seconds: number;
  rounds: number;
  warmupSeconds: number;
}

interface Sample {
  latencies: number[];
  bytes: number;
  errors: number;
  elapsed: number;
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });
}

async function sample(target: Target, connections: number, recordSeconds: number, warmup: number): Promise<Sample> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const counts = { bytes: 0, errors: 0 };
  let isRecording = false;
  let isRunning = true;
  const headers = {
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) bench',
    ...(target.cookie ? { cookie: target.cookie } : {}),
    ...(target.acceptEncoding ? { 'accept-encoding': target.acceptEncoding } : {}),
  };
  const requestOnce = () =>
    new Promise<void>((done) => {
      const started = process.hrtime.bigint();
      const request = http.get({ host: '127.0.0.1', port: target.port, path: target.path, agent, headers }, (response) => {
        let size = 0;
        response.on('data', (chunk: Buffer) => (size += chunk.length));
        response.on('end', () => {
          if (isRecording && response.statusCode === 200) {
            latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
            counts.bytes += size;
          } else if (isRecording) counts.errors++;
          done();
        });
      });
      request.on('error', () => {
        if (isRecording) counts.errors++;
        done();
      });
    });
  const worker = async () => {
    while (isRunning) await requestOnce();
  };
  const workers = Array.from({ length: connections }, worker);
  await new Promise((done) => setTimeout(done, warmup * 1000));
  isRecording = true;
  const started = performance.now();
  await new Promise((done) => setTimeout(done, recordSeconds * 1000));
  isRecording = false;
  const elapsed = (performance.now() - started) / 1000;
  isRunning = false;
  await Promise.all(workers);
  agent.destroy();
  return { latencies, ...counts, elapsed };
}

function summarise(name: string, samples: Sample[]): Measurement {
  const latencies = samples.flatMap((one) => one.latencies).sort((a, b) => a - b);
  const elapsed = samples.reduce((sum, one) => sum + one.elapsed, 0);
  const bytes = samples.reduce((sum, one) => sum + one.bytes, 0);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return {
    name,
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    bytes: latencies.length ? bytes / latencies.length : 0,
    errors: samples.reduce((sum, one) => sum + one.errors, 0),
  };
}

/** The targets in alternating rounds: the ratios between them are what a page bench is for. */
export async function measureSideBySide(targets: readonly Target[], options: LoadOptions): Promise<Measurement[]> {
  const samples = targets.map((): Sample[] => []);
  for (let round = 0; round < options.rounds; round++) {
    for (const [at, target] of targets.entries()) {
      const warmup = round === 0 ? options.warmupSeconds : 0.5;
      samples[at]?.push(await sample(target, options.connections, options.seconds / options.rounds, warmup));
    }
  }
  return targets.map((target, at) => summarise(target.name, samples[at] ?? []));
}

/**
 * The plain server every page is held against (this module run with --plain-server): `node:http`
 * answering each captured path with the app's bytes from memory, and the headers a browser needs.
 */
export function runPlainServer(pagesFile: string, port: number): void {
  const pages = new Map(
    Object.entries(JSON.parse(readFileSync(pagesFile, 'utf8')) as Record<string, string>).map(([path, file]) => [path, readFileSync(file)]),
  );
  const server = http.createServer((request, response) => {
    const body = pages.get(request.url ?? '/');
    if (!body) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-cache', etag: 'W/"plain"' });
    response.end(body);
  });
  server.listen(port, '127.0.0.1', () => process.send?.('ready'));
}

const plainFlag = process.argv.indexOf('--plain-server');
if (plainFlag >= 0) runPlainServer(process.argv[plainFlag + 1] ?? '', Number(process.argv[plainFlag + 2]));
