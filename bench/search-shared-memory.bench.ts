/**
 * Can several processes on one machine share one copy of the search index? Three processes load the 1M snapshot
 * each way and answer the same suggestions and searches in-process; the parent reads each one's RSS and PSS from
 * /proc/<pid>/smaps_rollup. "copy": readSearchSnapshot, as the app does today (the file read into each process's
 * memory, as before decision 0035). "map": the file mapped copy-on-write (MAP_PRIVATE, index/mapped-file.ts, the optional
 * addon @riaskov/mmap-io) and the index's typed arrays made views of the mapping, as the app now loads it: its pages are
 * the OS page cache's, shared by every process mapping the file; only the pages a process writes (stock and price
 * patched in place) become its own. Writes bench/results/search-shared-memory.md.
 *
 *   BENCH_SQLITE=/tmp/h8/catalog-1m.sqlite node --import tsx bench/search-shared-memory.bench.ts
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { createDb } from '../src/server/db/create-db.ts';
import { loadDictionary } from '../src/server/features/search/index/build-index.ts';
import { readSearchSnapshot } from '../src/server/features/search/index/search-snapshot.ts';
import type { SearchIndex } from '../src/server/features/search/index/search-index.ts';
import { benchDatabasePath, benchSkus, timingOf, writeBenchReport, type Timing } from './bench-kit.ts';

type Mode = 'copy' | 'map';
interface ChildReport {
  loadMs: number;
  suggest: Timing;
  search: Timing;
}

const snapshotPath = `${benchDatabasePath}.search-index`;
const processes = 3;

/** The same workload in every process: code prefixes and searches picked evenly over the catalogue. */
function runWorkload(index: SearchIndex): { suggest: Timing; search: Timing } {
  const size = index.base.size;
  const codes = Array.from({ length: 400 }, (_, n) => index.base.codeAt(Math.floor(((n + 0.5) * size) / 400)));
  const suggestMs: number[] = [];
  const searchMs: number[] = [];
  for (const [n, code] of codes.entries()) {
    let started = performance.now();
    index.suggestCodes(code.slice(0, 3 + (n % 5)), 10);
    suggestMs.push(performance.now() - started);
    index.forgetMatches();
    started = performance.now();
    const keyword = n % 4 === 0 ? code : n % 4 === 1 ? code.slice(0, 5) : n % 4 === 2 ? '10k 0603 1%' : '100nF 50V';
    index.search({ keyword, categoryId: null, brandId: null, packageName: null, isInStock: n % 5 === 0, sort: 0, offset: 0, limit: 20 });
    searchMs.push(performance.now() - started);
  }
  return { suggest: timingOf(suggestMs), search: timingOf(searchMs) };
}

async function child(mode: Mode): Promise<void> {
  const db = createDb(benchDatabasePath);
  const dictionary = await loadDictionary(db);
  await db.destroy();
  const started = performance.now();
  const loaded = await readSearchSnapshot(snapshotPath, dictionary, { isMapped: mode === 'map' });
  if (loaded.isMapped !== (mode === 'map')) throw new Error('@riaskov/mmap-io is not installed: npm install (an optionalDependency)');
  const index = loaded.index;
  const loadMs = performance.now() - started;
  const report: ChildReport = { loadMs, ...runWorkload(index) };
  process.send?.(report);
  // Held until the parent has read this process's memory.
  process.on('message', () => process.exit(0));
}

function memoryOf(pid: number): { rssMb: number; pssMb: number } {
  const rollup = readFileSync(`/proc/${String(pid)}/smaps_rollup`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0);
  return { rssMb: Math.round(kb('Rss') / 1024), pssMb: Math.round(kb('Pss') / 1024) };
}

async function measure(mode: Mode) {
  const children: ChildProcess[] = [];
  const reports = await Promise.all(
    Array.from({ length: processes }, () => {
      const started = fork(import.meta.filename, ['--child', mode], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
      children.push(started);
      return new Promise<ChildReport>((done, fail) => {
        started.once('message', (message) => done(message as ChildReport));
        started.once('exit', (code) => fail(new Error(`a ${mode} process ended (${String(code)}) before reporting`)));
      });
    }),
  );
  const memories = children.map((started) => memoryOf(started.pid ?? 0));
  for (const started of children) started.send('done');
  return { mode, reports, memories };
}

const ms = (n: number) => n.toFixed(2);

function section(run: Awaited<ReturnType<typeof measure>>): string {
  const rows = run.reports.map((report, n) => {
    const memory = run.memories[n] ?? { rssMb: 0, pssMb: 0 };
    return `| ${String(n + 1)} | ${String(memory.rssMb)} MB | ${String(memory.pssMb)} MB | ${ms(report.loadMs)} | ${ms(report.suggest.p99)} | ${ms(report.search.p95)} |`;
  });
  const rss = run.memories.reduce((sum, memory) => sum + memory.rssMb, 0);
  const pss = run.memories.reduce((sum, memory) => sum + memory.pssMb, 0);
  return `### ${run.mode === 'copy' ? 'copy: the snapshot read into each process (before decision 0035, and without the addon)' : 'map: the snapshot mapped copy-on-write (readSearchSnapshot as the app now loads it)'}

| Process | RSS | PSS | Load (ms) | Suggestions p99 (ms) | Searches p95 (ms) |
|---|---|---|---|---|---|
${rows.join('\n')}
| **together** | ${String(rss)} MB | **${String(pss)} MB** | | | |
`;
}

async function main(): Promise<void> {
  const load = loadavg().map((n) => n.toFixed(1));
  const copy = await measure('copy');
  const map = await measure('map');
  const report = `# Sharing the search index between processes

Measured by \`bench/search-shared-memory.bench.ts\` on ${new Date().toISOString().slice(0, 10)}: ${String(processes)} processes at once, each loading the
${benchSkus.toLocaleString('en-US')}-SKU snapshot \`${snapshotPath}\` (${String(Math.round(statSync(snapshotPath).size / 1048576))} MB) and answering 400 suggestions and
400 cold searches in-process (no HTTP, no app: the index alone, plus the runtime). Memory read from /proc/<pid>/smaps_rollup after the
workload; loading checks the whole file's checksum, so every page of it is resident in every process (the worst case). Load average at start ${load.join(', ')} (other helpers' work shares the machine); ${String(cpus().length)} cores,
${(totalmem() / 2 ** 30).toFixed(1)} GB RAM, Node ${process.version}.

${section(copy)}
${section(map)}
PSS counts a page shared by n processes as 1/n in each, so the "together" PSS is what the processes cost the machine.
`;
  writeBenchReport('search-shared-memory', report);
  console.log(report);
}

if (process.argv.includes('--child')) await child(process.argv.at(-1) === 'map' ? 'map' : 'copy');
else await main();
