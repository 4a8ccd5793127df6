/**
 * Does a heavy BOM upload stall the store? The built server (BUILD_DIR, dist by default) on a SQLite catalogue of
 * BENCH_BOM_UPLOAD_SKUS parts: searches (searchProductList, BENCH_BOM_UPLOAD_SEARCHES_PER_SECOND of them a second,
 * each timed from when it was due) for BENCH_BOM_UPLOAD_SECONDS alone, then for as long again while another client
 * (a child process) uploads the heavy workbook of issue 27 (src/server/features/bom/testing/heavy-workbook.ts:
 * 3,000 rows × 20 columns of long cells) BENCH_BOM_UPLOADS times, evenly spread. Writes bench/results/bom-upload.md.
 *
 *   BUILD_DIR=dist npm run bench -- bom-upload      (builds first)
 *   node --import tsx bench/bom-upload.bench.ts      (on an existing build)
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBrotliDecompress } from 'node:zlib';
import { bomUploadPath } from '../src/contract/bom.ts';
import { searchCalls } from '../src/contract/search-calls.ts';
import { heavyWorkbookBytes, heavyWorkbookShape } from '../src/server/features/bom/testing/heavy-workbook.ts';
import { timingOf, type Timing } from './bench-kit.ts';

const root = resolve(import.meta.dirname, '..');
const buildDir = process.env.BUILD_DIR ?? 'dist';
const skus = Number(process.env.BENCH_BOM_UPLOAD_SKUS ?? 20_000);
const seconds = Number(process.env.BENCH_BOM_UPLOAD_SECONDS ?? 20);
const uploads = Number(process.env.BENCH_BOM_UPLOADS ?? 16);
const searchesPerSecond = Number(process.env.BENCH_BOM_UPLOAD_SEARCHES_PER_SECOND ?? 100);
const warmupSeconds = 3;
const searchKeys = ['STM32', '10k 0603', 'LM358', '100nF', 'AMS1117', 'ESP32', 'CH340', '0805', 'TPS5430', '1N4148', 'W25Q', '74HC595'];

interface Session {
  base: string;
  headers: Record<string, string>;
}

/** What the uploading child reports: each upload's answer and time. */
interface UploadRun {
  ms: number;
  status: number;
  code: number | null;
  errorCode: string | null;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });
}

async function waitForReady(base: string, server: ChildProcess, timeoutMs = 600_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const ready = await fetch(`${base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error('server not ready');
}

/** A visitor's session: the cookies of a first visit and the anti-forgery token every POST carries. */
async function openSession(base: string): Promise<Session> {
  const home = await fetch(`${base}/`);
  const cookies = home.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  const token = cookies.find((cookie) => cookie.startsWith('csrfToken='))?.slice('csrfToken='.length) ?? '';
  return { base, headers: { cookie: cookies.join('; '), 'x-csrf-token': token } };
}

/**
 * Searches sent at a steady rate until `until` resolves (or for `ms`), as many visitors send them: each one's time
 * counts from when it was due, so a stalled server shows in every search that waited (a client sending one after
 * another would send nothing while the server stood still, and count the stall once).
 */
async function searchWhile(session: Session, until: Promise<unknown> | number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const progress = { isDone: false };
  const stop = typeof until === 'number' ? new Promise((done) => setTimeout(done, until)) : until;
  const end = () => {
    progress.isDone = true;
  };
  stop.then(end, end);
  const started = performance.now();
  const answers: Promise<number>[] = [];
  for (let index = 0; !progress.isDone; index += 1) {
    const due = started + (index * 1000) / searchesPerSecond;
    await new Promise((done) => setTimeout(done, Math.max(0, due - performance.now())));
    const key = searchKeys[index % searchKeys.length] ?? '';
    answers.push(searchOnce(session, agent, key).then(() => performance.now() - due));
  }
  try {
    return await Promise.all(answers);
  } finally {
    agent.destroy();
  }
}

function searchOnce(session: Session, agent: Agent, key: string): Promise<void> {
  const { hostname, port } = new URL(session.base);
  const body = JSON.stringify({ key, page: 1 });
  const headers = { ...session.headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
  return new Promise((done, fail) => {
    const outgoing = request({ host: hostname, port: Number(port), path: searchCalls.searchProductList.path, method: 'POST', agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (response.statusCode !== 200 || !text.startsWith('{"code":1')) fail(new Error(`search answered ${response.statusCode ?? 0} ${text.slice(0, 200)}`));
        else done();
      });
      response.on('error', fail);
    });
    outgoing.on('error', fail);
    outgoing.end(body);
  });
}

/** Uploads in a child process, so the answers it reads never share the search client's event loop. */
function uploadElsewhere(session: Session, count: number, spreadMs: number): Promise<UploadRun[]> {
  const child = fork(fileURLToPath(import.meta.url), ['--uploader'], { execArgv: process.execArgv, stdio: 'inherit' });
  return new Promise((done, fail) => {
    child.on('message', (runs: UploadRun[]) => {
      done(runs);
      child.disconnect();
    });
    child.on('exit', (code) => {
      if (code !== 0) fail(new Error(`uploader exited with ${String(code)}`));
    });
    child.send({ session, count, spreadMs });
  });
}

/** The child: `count` uploads started `spreadMs / count` apart (or as soon as the last answered). */
async function runUploader({ session, count, spreadMs }: { session: Session; count: number; spreadMs: number }): Promise<void> {
  const bytes = heavyWorkbookBytes();
  const runs: UploadRun[] = [];
  const started = performance.now();
  for (let index = 0; index < count; index += 1) {
    const due = started + (index * spreadMs) / count;
    await new Promise((done) => setTimeout(done, Math.max(0, due - performance.now())));
    runs.push(await uploadOnce(session, bytes));
  }
  process.send?.(runs);
}

/**
 * One multipart upload as a browser sends it (accept-encoding br). Only the start of the answer is decoded: on a
 * machine of two cores, a client decoding and parsing megabytes of JSON would take the CPU the server is measured on.
 */
function uploadOnce(session: Session, bytes: Buffer): Promise<UploadRun> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="heavy.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const { hostname, port } = new URL(session.base);
  const headers = {
    ...session.headers,
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'content-length': String(body.length),
    'accept-encoding': 'br',
  };
  return new Promise((done, fail) => {
    const sent = performance.now();
    const outgoing = request({ host: hostname, port: Number(port), path: bomUploadPath, method: 'POST', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const ms = performance.now() - sent;
        void startOf(Buffer.concat(chunks), response.headers['content-encoding']).then((head) => {
          const code = /"code":(\d+)/.exec(head)?.[1];
          done({
            ms,
            status: response.statusCode ?? 0,
            code: code === undefined ? null : Number(code),
            errorCode: /"errorCode":"([^"]+)"/.exec(head)?.[1] ?? null,
          });
        });
      });
      response.on('error', fail);
    });
    outgoing.on('error', fail);
    outgoing.end(body);
  });
}

/** The first few hundred characters of an answer, decoded. */
function startOf(raw: Buffer, encoding: string | undefined): Promise<string> {
  if (encoding !== 'br') return Promise.resolve(raw.subarray(0, 400).toString('utf8'));
  return new Promise((done) => {
    const decoder = createBrotliDecompress();
    decoder.once('data', (chunk: Buffer) => {
      done(chunk.subarray(0, 400).toString('utf8'));
      decoder.destroy();
    });
    decoder.on('error', () => done(''));
    decoder.end(raw);
  });
}

const ms = (value: number) => value.toFixed(1);
const row = (name: string, samples: number[], timing: Timing) =>
  `| ${name} | ${samples.length} | ${ms(timing.p50)} | ${ms(timing.p95)} | ${ms(timing.p99)} | ${ms(timing.max)} |`;

async function main() {
  const serverEntry = resolve(root, buildDir, 'server/main.js');
  if (!existsSync(serverEntry)) throw new Error(`No production build in ${buildDir}/: run \`BUILD_DIR=${buildDir} npm run build\` first.`);
  const workerEntry = resolve(root, buildDir, 'server/bom-work.worker.js');
  if (!existsSync(workerEntry)) throw new Error(`${workerEntry} is missing: the build emits it (vite.config.ts).`);
  const dataDir = resolve(root, 'data', `bench-bom-upload-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: resolve(dataDir, 'store.sqlite'),
      SEED_SKUS: String(skus),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForReady(base, server);
    const session = await openSession(base);
    const workbook = heavyWorkbookBytes();

    await searchWhile(session, warmupSeconds * 1000);
    const oneUpload = await uploadElsewhere(session, 1, 0);
    const alone = await searchWhile(session, seconds * 1000);
    const uploadsStarted = performance.now();
    const uploading = uploadElsewhere(session, uploads, seconds * 1000);
    const during = await searchWhile(session, uploading);
    const runs = await uploading;
    const uploadSeconds = (performance.now() - uploadsStarted) / 1000;

    const aloneTiming = timingOf(alone);
    const duringTiming = timingOf(during);
    const uploadTiming = timingOf(runs.map((run) => run.ms));
    const answers = new Map<string, number>();
    for (const run of runs) {
      const key = run.code === 1 ? 'read' : `${run.status} ${run.errorCode ?? String(run.code)}`;
      answers.set(key, (answers.get(key) ?? 0) + 1);
    }
    const report = `# A heavy BOM upload beside search

Issue 27: a valid but heavy workbook read on the event loop stalled everyone else's requests. Files are now read in
the app's worker threads (Piscina; \`WORKER_THREADS\`, by default one fewer than the cores) within a CPU budget per file and per address.

- Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'} (\`nproc\` ${cpus().length}), Node ${process.version}, load average ${loadavg()[0]?.toFixed(1) ?? '?'} at the end.
- Server: the production build (\`${buildDir}/server/main.js\`), SQLite, ${skus.toLocaleString('en-US')} parts, default settings (WORKER_THREADS ${Math.max(1, cpus().length - 1)}).
- Workbook: ${heavyWorkbookShape.rows.toLocaleString('en-US')} rows × ${heavyWorkbookShape.columns} columns, 15 of them long text (~280 characters), ${(workbook.length / 1024).toFixed(0)} KB .xlsx; one upload alone answered in ${ms(oneUpload[0]?.ms ?? 0)} ms.
- Search: \`${searchCalls.searchProductList.path}\`, ${searchKeys.length} keywords in turn, ${searchesPerSecond} a second on keep-alive connections, each timed from when it was due.
- Uploads: ${uploads} in ${seconds} s from another process (accept-encoding br, as a browser sends it; only the start of each answer decoded), each after the previous answer.

| Search (ms) | requests | p50 | p95 | p99 | max |
| --- | ---: | ---: | ---: | ---: | ---: |
${row('alone', alone, aloneTiming)}
${row(`while ${uploads} heavy workbooks are uploaded`, during, duringTiming)}

Uploads: ${[...answers].map(([answer, count]) => `${count} × ${answer}`).join(', ')} in ${uploadSeconds.toFixed(1)} s; time to answer p50 ${ms(uploadTiming.p50)} ms, max ${ms(uploadTiming.max)} ms.
`;
    writeFileSync(resolve(root, 'bench/results/bom-upload.md'), report);
    console.log(report);
  } finally {
    server.kill('SIGTERM');
    await new Promise((done) => setTimeout(done, 1000));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--uploader')) {
  process.once('message', (job: Parameters<typeof runUploader>[0]) => {
    runUploader(job).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  });
} else {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
