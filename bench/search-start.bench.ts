/**
 * Process start → search index ready, on the production build over the 1M-SKU SQLite file: a first start with no
 * snapshot (the index built on its own thread while the event loop's thread answers, decision 0035) and a start from
 * the snapshot; /readyz's answers and one search during the build; then three processes started together from the
 * snapshot, with each one's RSS and PSS from /proc/<pid>/smaps_rollup (what several processes on one machine hold).
 * Writes bench/results/search-start.md.
 *
 *   BUILD_DIR=dist-h8 BENCH_SQLITE=/tmp/h8/catalog-1m.sqlite node --import tsx bench/search-start.bench.ts
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { builtServerOf, freePort, spawnStore, type StoreProcess } from '../battery/faults-store-process.ts';
import { benchDatabasePath, benchSkus, prepareBenchDatabase, writeBenchReport } from './bench-kit.ts';

interface Readyz {
  status: string;
  checks: { searchIndex?: { ok: boolean; detail?: string } };
}

interface StartRun {
  label: string;
  readyMs: number;
  /** sinceStartMs of the 'search index ready' log line (the process's own clock). */
  loggedReadyMs: number | null;
  readyzWhileBuilding: { count: number; allOk: boolean; maxMs: number; details: string[] };
  searchWhileBuildingMs: number | null;
  memory: Memory;
}

interface Memory {
  rssMb: number;
  pssMb: number;
}

const logDir = mkdtempSync(join(tmpdir(), 'search-start-'));
const { mainJs, buildDir } = builtServerOf();

function memoryOf(pid: number): Memory {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0);
  return { rssMb: Math.round(kb('Rss') / 1024), pssMb: Math.round(kb('Pss') / 1024) };
}

async function start(label: string, env: Record<string, string>): Promise<{ store: StoreProcess; startedAt: number }> {
  const port = await freePort();
  const startedAt = performance.now();
  const store = spawnStore({
    mainJs,
    buildDir,
    port,
    logFile: join(logDir, `${label}-${String(port)}.log`),
    env: { DATABASE_URL: benchDatabasePath, LOG_LEVEL: 'info', SESSION_SECRET: 'bench-secret-bench-secret-bench-secret', ...env },
  });
  return { store, startedAt };
}

async function readyz(store: StoreProcess): Promise<{ body: Readyz; ms: number } | null> {
  const sent = performance.now();
  try {
    const response = await fetch(`${store.baseUrl}/readyz`);
    return { body: (await response.json()) as Readyz, ms: performance.now() - sent };
  } catch {
    return null;
  }
}

function loggedReadyMs(store: StoreProcess): number | null {
  for (const line of readFileSync(store.logFile, 'utf8').split('\n')) {
    if (!line.includes('"search index ready"')) continue;
    return (JSON.parse(line) as { sinceStartMs?: number }).sinceStartMs ?? null;
  }
  return null;
}

/** Polls /readyz every 100 ms until the index is ready; one search is sent while it builds. */
async function untilIndexReady(store: StoreProcess, startedAt: number): Promise<Omit<StartRun, 'label' | 'memory' | 'loggedReadyMs'>> {
  const seen = { count: 0, allOk: true, maxMs: 0, details: [] as string[] };
  let searchWhileBuildingMs: number | null = null;
  for (;;) {
    if (store.exit()) throw new Error(`the store ended before its index was ready: ${store.logFile}`);
    const answer = await readyz(store);
    const detail = answer?.body.checks.searchIndex?.detail ?? '';
    if (answer && detail.startsWith('ready')) return { readyMs: performance.now() - startedAt, readyzWhileBuilding: seen, searchWhileBuildingMs };
    if (answer) {
      seen.count++;
      seen.allOk &&= answer.body.status === 'ready';
      seen.maxMs = Math.max(seen.maxMs, answer.ms);
      if (!seen.details.includes(detail.replace(/\d+ %/, 'N %'))) seen.details.push(detail.replace(/\d+ %/, 'N %'));
      if (searchWhileBuildingMs === null && detail.startsWith('building')) {
        const sent = performance.now();
        const response = await fetch(`${store.baseUrl}/search?key=RC0603`);
        await response.arrayBuffer();
        if (response.status === 200) searchWhileBuildingMs = performance.now() - sent;
      }
    }
    await new Promise((done) => setTimeout(done, 100));
  }
}

async function measureStart(label: string, env: Record<string, string>): Promise<StartRun> {
  const { store, startedAt } = await start(label, env);
  try {
    const run = await untilIndexReady(store, startedAt);
    await new Promise((done) => setTimeout(done, 3000));
    return { label, ...run, loggedReadyMs: loggedReadyMs(store), memory: memoryOf(store.pid) };
  } finally {
    await store.stop();
  }
}

async function measureThree(): Promise<{ memories: Memory[]; readyMs: number[]; mapped: boolean[] }> {
  const started = await Promise.all([0, 1, 2].map((n) => start(`three-${String(n)}`, {})));
  try {
    const runs = await Promise.all(started.map(({ store, startedAt }) => untilIndexReady(store, startedAt)));
    // Let the other start-up work (the choose indexes) finish before reading memory.
    await new Promise((done) => setTimeout(done, 10_000));
    const mapped = started.map(({ store }) => readFileSync(store.logFile, 'utf8').includes('"isMapped":true'));
    return { memories: started.map(({ store }) => memoryOf(store.pid)), readyMs: runs.map((run) => run.readyMs), mapped };
  } finally {
    await Promise.all(started.map(({ store }) => store.stop()));
  }
}

const seconds = (ms: number | null) => (ms === null ? '–' : `${(ms / 1000).toFixed(1)} s`);

function startRow(run: StartRun): string {
  const during = run.readyzWhileBuilding;
  const readyz =
    during.count === 0 ? 'none (ready at once)' : `${String(during.count)}, ${during.allOk ? 'all 200' : 'some 503'}, max ${during.maxMs.toFixed(0)} ms`;
  const search = run.searchWhileBuildingMs === null ? '–' : `${run.searchWhileBuildingMs.toFixed(0)} ms`;
  return `| ${run.label} | **${seconds(run.readyMs)}** | ${seconds(run.loggedReadyMs)} | ${readyz} | ${search} | ${String(run.memory.rssMb)} / ${String(run.memory.pssMb)} MB |`;
}

async function main(): Promise<void> {
  const { db } = await prepareBenchDatabase();
  await db.destroy();
  const loadBefore = loadavg().map((n) => n.toFixed(1));
  const emptySnapshotDir = mkdtempSync(join(tmpdir(), 'search-start-snapshots-'));
  const noSnapshot = await measureStart('first start, no snapshot (built on its own thread)', { INDEX_SNAPSHOT_DIR: emptySnapshotDir });
  rmSync(emptySnapshotDir, { recursive: true, force: true });
  const withSnapshot = await measureStart('start from the snapshot', {});
  const three = await measureThree();
  const loadAfter = loadavg().map((n) => n.toFixed(1));
  const total = three.memories.reduce((sum, memory) => ({ rssMb: sum.rssMb + memory.rssMb, pssMb: sum.pssMb + memory.pssMb }), { rssMb: 0, pssMb: 0 });
  const snapshotMb = Math.round(statSync(`${benchDatabasePath}.search-index`).size / 1048576);
  const report = `# Search index at start

Measured by \`bench/search-start.bench.ts\` on ${new Date().toISOString().slice(0, 10)}: the production build (\`${buildDir}\`), each store a process of its own
(\`node server/main.js\`, NODE_ENV=production), over ${benchSkus.toLocaleString('en-US')} SKUs in \`${benchDatabasePath}\`. "Ready" is from spawning the
process to the first /readyz (polled every 100 ms) whose \`searchIndex\` detail says \`ready\`; the process's own \`search index ready\` log line
(its sinceStartMs) beside it. Load average before / after: ${loadBefore.join(', ')} / ${loadAfter.join(', ')}; ${String(cpus().length)} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GB RAM, Node ${process.version}.

| Start | Process start → index ready | Logged by the process | /readyz while building | A /search page while building (from SQL) | RSS / PSS once ready |
|---|---|---|---|---|---|
${startRow(noSnapshot)}
${startRow(withSnapshot)}

Goal ≤ 15 s either way. /readyz details seen while building: ${noSnapshot.readyzWhileBuilding.details.map((detail) => `\`${detail}\``).join(', ') || '–'}.
The first start also builds the choose indexes (on the event loop's thread, catalog feature) and writes both snapshots: the two builds share the machine's two cores.

## Three processes on one machine, from the snapshot (${String(snapshotMb)} MB)

| Process | RSS | PSS | Index ready after |
|---|---|---|---|
${three.memories.map((memory, n) => `| ${String(n + 1)} | ${String(memory.rssMb)} MB | ${String(memory.pssMb)} MB | ${seconds(three.readyMs[n] ?? null)} |`).join('\n')}
| **together** | ${String(total.rssMb)} MB | **${String(total.pssMb)} MB** | |

PSS counts a page shared by n processes as 1/n in each: what the three cost the machine together. The snapshot was ${three.mapped.every(Boolean) ? 'mapped copy-on-write by each process (one copy in the page cache, decision 0035)' : 'read into each process (the mapping addon is missing)'}.
`;
  writeBenchReport('search-start', report);
  console.log(report);
}

await main();
