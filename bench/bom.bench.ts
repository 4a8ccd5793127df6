/**
 * The BOM tool at LCSC scale: a 1,000-line BOM (part numbers, 5 % with a typo, values with
 * packages, Chinese names) matched against the 1M-SKU bench catalogue (bench-kit's shared SQLite
 * file): from upload to matched lines over HTTP (multipart upload, then bomCalls.match), the same
 * matching in-process (matchBomLines), the matching rate, and the time to read a 3,000-line .xlsx.
 * Writes bench/results/bom.md.
 *
 *   node --import tsx bench/bom.bench.ts      (BENCH_SQLITE, BENCH_SKUS to override)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { bomUploadPath, defaultBomQuantityOptions, type BomMatchResult, type BomSheet } from '../src/contract/bom.ts';
import { bomCalls } from '../src/contract/bom-calls.ts';
import type { Envelope } from '../src/contract/envelope.ts';
import { buildApp } from '../src/server/app.ts';
import { bomLinesOf } from '../src/server/features/bom/parse/bom-lines.ts';
import { readBomFile } from '../src/server/features/bom/parse/read-bom-file.ts';
import { matchBomLines } from '../src/server/features/bom/match/match-bom.ts';
import { SearchService } from '../src/server/features/search/search.service.ts';
import { benchAppDeps, benchDatabasePath, prepareBenchDatabase, timingOf, waitUntilIdle, type Timing } from './bench-kit.ts';
import { bomCsv, bomXlsx, buildBenchBom, type BenchBomLine, type BomLineKind } from './bom-workload.ts';
import { createBenchClient } from './http-client.ts';

const bomLineCount = 1000;
const parseLineCount = 3000;
const measuredBoms = 5;
const targetMs = 1000;

const ms = (value: number) => value.toFixed(0);
const percent = (part: number, whole: number) => (whole === 0 ? '–' : `${((part / whole) * 100).toFixed(1)} %`);

/** React's development build is many times slower: the numbers only mean something in production mode. */
function rerunInProductionMode(): boolean {
  if (process.env.NODE_ENV === 'production') return false;
  const child = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  process.exitCode = child.status ?? 1;
  return true;
}

interface KindStats {
  lines: number;
  /** 精确匹配 or 推荐: a part chosen for the buyer. */
  chosen: number;
  /** 多个候选 or 未匹配 with parts listed for the buyer to judge, none chosen. */
  listedOnly: number;
  expectedFirst: number;
  expectedAmong: number;
}

/** How each kind of line fared: a part chosen or only listed, and whether the part it was made from came first or among the candidates. */
function accuracyOf(bom: readonly BenchBomLine[], result: BomMatchResult): Map<BomLineKind, KindStats> {
  const stats = new Map<BomLineKind, KindStats>();
  for (const line of result.lines) {
    const source = bom[line.sourceRows[0] ?? -1];
    if (!source) continue;
    const kind = stats.get(source.kind) ?? { lines: 0, chosen: 0, listedOnly: 0, expectedFirst: 0, expectedAmong: 0 };
    kind.lines++;
    if (line.status === 'exact' || line.status === 'recommended') kind.chosen++;
    else if (line.candidates.length > 0) kind.listedOnly++;
    if (line.candidates[0]?.productId === source.productId) kind.expectedFirst++;
    if (line.candidates.some((candidate) => candidate.productId === source.productId)) kind.expectedAmong++;
    stats.set(source.kind, kind);
  }
  return stats;
}

interface HttpSession {
  post<T>(path: string, body: unknown): Promise<Envelope<T>>;
  upload(fileName: string, bytes: Buffer): Promise<Envelope<BomSheet>>;
  close(): void;
}

async function openSession(base: string): Promise<HttpSession> {
  const client = createBenchClient(base);
  const home = await client.get('/');
  const setCookie = home.headers['set-cookie'] ?? [];
  const cookies = (Array.isArray(setCookie) ? setCookie : [setCookie]).map((line) => line.split(';')[0] ?? '');
  const token = cookies.find((cookie) => cookie.startsWith('csrfToken='))?.slice('csrfToken='.length) ?? '';
  const headers = { cookie: cookies.join('; '), 'x-csrf-token': token };
  return {
    async post<T>(path: string, body: unknown) {
      return JSON.parse((await client.post(path, body, headers)).body) as Envelope<T>;
    },
    async upload(fileName, bytes) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
      const response = await fetch(`${base}${bomUploadPath}`, { method: 'POST', body: form, headers });
      return (await response.json()) as Envelope<BomSheet>;
    },
    close: () => client.close(),
  };
}

interface HttpRun {
  uploadMs: number;
  matchMs: number;
  totalMs: number;
}

/** Upload the CSV, then match its sheet: the buyer's wait from dropping the file to seeing matched lines. */
async function matchOverHttp(session: HttpSession, csv: Buffer): Promise<HttpRun | string> {
  const started = performance.now();
  const uploaded = await session.upload('bench-bom.csv', csv);
  const uploadMs = performance.now() - started;
  if (uploaded.code !== 1 || !uploaded.data) return `upload answered ${uploaded.code} ${uploaded.msg}`;
  const matched = await session.post<BomMatchResult>(bomCalls.match.path, { sheet: uploaded.data, options: defaultBomQuantityOptions, rememberMapping: false });
  const totalMs = performance.now() - started;
  if (matched.code !== 1 || !matched.data) return `match answered ${matched.code} ${matched.msg}`;
  return { uploadMs, matchMs: totalMs - uploadMs, totalMs };
}

async function main() {
  if (rerunInProductionMode()) return;
  const { db, seededMs } = await prepareBenchDatabase();
  const deps = benchAppDeps(db, benchDatabasePath);
  const search = new SearchService(db, deps.logger);
  const app = await buildApp(deps, { search });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const buildStarted = performance.now();
  while (!search.keeper.isReady) await new Promise((resolve) => setTimeout(resolve, 100));
  const buildMs = performance.now() - buildStarted;
  const quietAfterMs = await waitUntilIdle();
  const index = await search.keeper.current();
  const productCount = index?.productCount ?? 0;

  const boms = await Promise.all(Array.from({ length: measuredBoms + 1 }, (_, i) => buildBenchBom(db, 20_261_126 + i, bomLineCount)));
  const csvs = boms.map(bomCsv);
  const context = { db: db.kysely, search };

  // In-process: the parser's lines, matched; every run cold (the index forgets recent keywords first).
  const inProcess: number[] = [];
  const results: { bom: BenchBomLine[]; result: BomMatchResult }[] = [];
  for (const [i, csv] of csvs.entries()) {
    const lines = bomLinesOf(readBomFile('bench-bom.csv', csv), defaultBomQuantityOptions);
    index?.forgetMatches();
    const started = performance.now();
    const result = await matchBomLines(context, lines);
    if (i > 0) {
      inProcess.push(performance.now() - started);
      results.push({ bom: boms[i] ?? [], result });
    }
  }

  // Over HTTP, when the BOM routes are wired to the matcher.
  const session = await openSession(base);
  const httpRuns: HttpRun[] = [];
  let httpProblem: string | null = null;
  for (const [i, csv] of csvs.entries()) {
    index?.forgetMatches();
    const run = await matchOverHttp(session, csv);
    if (typeof run === 'string') {
      httpProblem = run;
      break;
    }
    if (i > 0) httpRuns.push(run);
  }

  // Reading a 3,000-line .xlsx (and uploading it, when the route answers).
  const xlsx = bomXlsx(await buildBenchBom(db, 99, parseLineCount));
  const parseSamples: number[] = [];
  let parsedLines = 0;
  for (let i = 0; i < 6; i++) {
    const started = performance.now();
    parsedLines = bomLinesOf(readBomFile('bench-bom.xlsx', xlsx), defaultBomQuantityOptions).length;
    if (i > 0) parseSamples.push(performance.now() - started);
  }
  const uploadSamples: number[] = [];
  for (let i = 0; i < 6 && httpProblem === null; i++) {
    const started = performance.now();
    const uploaded = await session.upload('bench-bom.xlsx', xlsx);
    if (uploaded.code !== 1) break;
    if (i > 0) uploadSamples.push(performance.now() - started);
  }
  session.close();
  const rss = process.memoryUsage().rss;
  await app.close();
  await db.destroy();

  writeReport({
    productCount,
    seededMs,
    buildMs,
    quietAfterMs,
    inProcess,
    httpRuns,
    httpProblem,
    results,
    parseSamples,
    parsedLines,
    uploadSamples,
    xlsxBytes: xlsx.length,
    rss,
  });
}

interface ReportInput {
  productCount: number;
  seededMs: number | null;
  buildMs: number;
  quietAfterMs: number;
  inProcess: number[];
  httpRuns: HttpRun[];
  httpProblem: string | null;
  results: { bom: BenchBomLine[]; result: BomMatchResult }[];
  parseSamples: number[];
  parsedLines: number;
  uploadSamples: number[];
  xlsxBytes: number;
  rss: number;
}

const kindNames: Record<BomLineKind, string> = {
  code: 'part numbers (as typed, lower case, with /TR, or in the value column)',
  typo: 'part numbers with one typo (a character replaced, dropped or swapped)',
  value: 'values with packages (`10k 1%` + `R_0603_Metric`, `100nF 16V X7R` + `0402`)',
  chinese: 'Chinese names (`贴片电阻 10k 0603`, `贴片电容 0402`)',
};

function writeReport(input: ReportInput): void {
  const row = (name: string, t: Timing) => `| ${name} | ${ms(t.p50)} | ${ms(t.max)} | ${ms(t.mean)} |`;
  const total = input.results.reduce(
    (sum, { result }) => ({
      fitted: sum.fitted + result.summary.lineCount - result.summary.notFittedCount,
      matched: sum.matched + result.summary.matchedCount,
      exact: sum.exact + result.summary.countsByStatus.exact,
      recommended: sum.recommended + result.summary.countsByStatus.recommended,
      multiple: sum.multiple + result.summary.countsByStatus.multiple,
      none: sum.none + result.summary.countsByStatus.none,
    }),
    { fitted: 0, matched: 0, exact: 0, recommended: 0, multiple: 0, none: 0 },
  );
  const kinds = new Map<BomLineKind, KindStats>();
  for (const { bom, result } of input.results) {
    for (const [kind, stats] of accuracyOf(bom, result)) {
      const sum = kinds.get(kind) ?? { lines: 0, chosen: 0, listedOnly: 0, expectedFirst: 0, expectedAmong: 0 };
      kinds.set(kind, {
        lines: sum.lines + stats.lines,
        chosen: sum.chosen + stats.chosen,
        listedOnly: sum.listedOnly + stats.listedOnly,
        expectedFirst: sum.expectedFirst + stats.expectedFirst,
        expectedAmong: sum.expectedAmong + stats.expectedAmong,
      });
    }
  }
  const http = input.httpRuns.length > 0 ? timingOf(input.httpRuns.map((run) => run.totalMs)) : null;
  const verdict = http
    ? http.max <= targetMs
      ? `**met** (slowest of ${input.httpRuns.length}: ${ms(http.max)} ms)`
      : `**NOT met** (slowest: ${ms(http.max)} ms)`
    : 'not measured over HTTP (see below)';
  const report = `# BOM benchmark

Measured by \`bench/bom.bench.ts\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: the production app (\`buildApp\`, NODE_ENV=production) listening on
127.0.0.1, one client in the same process. Load average at the end: ${loadavg()
    .map((value) => value.toFixed(1))
    .join(', ')} — other sessions' tests and builds share this machine, so the figures are upper bounds.

- Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 1024 ** 3).toFixed(1)} GB RAM, Node ${process.version}; RSS at the end ${(input.rss / 1024 ** 2).toFixed(0)} MB
- Data: ${input.productCount.toLocaleString('en')} SKUs in \`${benchDatabasePath}\`${input.seededMs === null ? ' (reused)' : `, seeded in ${(input.seededMs / 1000).toFixed(0)} s by this run`}; search index built in ${(input.buildMs / 1000).toFixed(1)} s after listening; measuring began ${(input.quietAfterMs / 1000).toFixed(0)} s later, once the process was idle.
- Workload: ${measuredBoms} different BOMs of ${bomLineCount} lines (after one unmeasured warm-up BOM), each a UTF-8 CSV with a title row above the header \`序号, 型号, 名称, 封装, 数量, 位号\`: 45 % part numbers, 5 % part numbers with a typo, 33 % values with packages, 17 % Chinese names, drawn from the catalogue with a fixed seed. Every run is cold: the index forgets recent keywords first.

## From upload to matched lines (ms, ${bomLineCount} lines)

| Path | p50 | max | mean |
|---|---|---|---|
${http ? row('Over HTTP: multipart upload of the CSV + POST /bom/api/match', http) : '| Over HTTP | not measured | | |'}
${input.httpRuns.length > 0 ? row('— of which the upload (read, header, mapping)', timingOf(input.httpRuns.map((run) => run.uploadMs))) : ''}
${input.httpRuns.length > 0 ? row('— of which the match call (lines, matching, candidates, substitutes, JSON)', timingOf(input.httpRuns.map((run) => run.matchMs))) : ''}
${row('In-process: matchBomLines on the parsed lines', timingOf(input.inProcess))}

Target ≤ ${targetMs} ms from upload to matched lines over HTTP: ${verdict}.${input.httpProblem ? `\n\nHTTP was not measured: ${input.httpProblem} (the BOM routes were not yet wired to the parser and matcher in this tree); the in-process row times matchBomLines alone.` : ''}

## Matching rate

Over the ${measuredBoms} measured BOMs: ${percent(total.matched, total.fitted)} of fitted lines matched (exact ${total.exact}, recommended ${total.recommended}, several candidates ${total.multiple}, unmatched ${total.none} of ${total.fitted}).

| Lines | Count | A part chosen (精确匹配/推荐) | Parts only listed (多个候选/未匹配) | Source part first | Source part among the candidates |
|---|---|---|---|---|---|
${[...kinds]
  .map(
    ([kind, stats]) =>
      `| ${kindNames[kind]} | ${stats.lines} | ${percent(stats.chosen, stats.lines)} | ${percent(stats.listedOnly, stats.lines)} | ${percent(stats.expectedFirst, stats.lines)} | ${percent(stats.expectedAmong, stats.lines)} |`,
  )
  .join('\n')}

Values and Chinese names fit many parts equally (every 10 kΩ 1 % 0603 resistor): for those the first candidate is the one in stock at the lowest price for the line's quantity, so "source part first" is not expected there.

## Reading a ${parseLineCount}-line .xlsx (${(input.xlsxBytes / 1024).toFixed(0)} KB)

| Step | p50 | max | mean |
|---|---|---|---|
${row(`readBomFile + bomLinesOf in-process (${input.parsedLines} lines)`, timingOf(input.parseSamples))}
${input.uploadSamples.length > 0 ? row('Multipart upload over HTTP (returns the sheet)', timingOf(input.uploadSamples)) : '| Upload over HTTP | not measured | | |'}

## How

Every lookup is answered by the search feature's in-memory index (\`search/index/part-lookup.ts\`): exact codes and packaging
variants by binary search in the sorted codes, prefixes by range, typos by trigram posting lists narrowed to the codes that share
all but 3·d trigrams then a bounded edit distance, values as posting-list intersections of quantity terms in base units
(\`Q:Ω|10000\`), the package's spellings and dielectric words, keywords through search's own matching. The parts found are then
read for the whole BOM in a few statements (summaries with tiers, key parameters, domestic brands; again for substitutes),
never one query per line.
`;
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/bom.md', report);
  console.log(report);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
