/**
 * Lighthouse (mobile preset: a mid-range phone, simulated slow 4G and 4× CPU slowdown) on the
 * mobile home, search and product pages of the production build, on a fresh seeded store.
 * Writes bench/results/lighthouse.md; exits 1 when a median score is under 95.
 *
 * Environment: BUILD_DIR (dist), BENCH_LIGHTHOUSE_RUNS (3 per page, the median is reported),
 * BENCH_LIGHTHOUSE_SKUS (3000), CHROME_PATH (/usr/bin/chromium).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = resolve(import.meta.dirname, '..');
const buildDir = process.env.BUILD_DIR ?? 'dist';
const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const skus = Number(process.env.BENCH_LIGHTHOUSE_SKUS ?? 3000);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const threshold = 95;

interface Run {
  performance: number;
  accessibility: number;
  metrics: Record<string, number>;
  failedAudits: string[];
}

const metricIds = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
} as const;

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

async function waitForReady(port: number, child: ChildProcess, timeoutMs = 300_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      // Ready: the search index is built, so the search page answers from it as in production.
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error('server did not become ready');
}

async function audit(url: string, chromePort: number): Promise<Run> {
  const result = await lighthouse(url, { port: chromePort, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metrics: Record<string, number> = {};
  for (const id of Object.keys(metricIds)) metrics[id] = lhr.audits[id]?.numericValue ?? Number.NaN;
  const failedAudits = (lhr.categories.accessibility?.auditRefs ?? []).filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0).map((ref) => ref.id);
  return { performance: score('performance'), accessibility: score('accessibility'), metrics, failedAudits };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function machine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return `${cpus().length} × ${cpu}, ${(totalmem() / 1024 ** 3).toFixed(1)} GB RAM, Node ${process.version}, ${process.platform}, load average ${loadavg()[0]?.toFixed(1) ?? '?'} at the end`;
}

const formatMetric = (id: string, value: number) => (id === 'cumulative-layout-shift' ? value.toFixed(3) : `${Math.round(value)} ms`);

async function main() {
  const serverEntry = resolve(root, buildDir, 'server/main.js');
  if (!existsSync(serverEntry)) throw new Error(`No production build in ${buildDir}/: run \`BUILD_DIR=${buildDir} npm run build\` first.`);
  const dataDir = resolve(root, 'data', `bench-lighthouse-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const appPort = await freePort();
  const app = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATABASE_URL: resolve(dataDir, 'store.sqlite'),
      UPLOAD_DIR: resolve(dataDir, 'uploads'),
      BUILD_DIR: buildDir,
      SEED_SKUS: String(skus),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    await waitForReady(appPort, app);
    const base = `http://127.0.0.1:${appPort}`;
    const home = await (await fetch(`${base}/m`)).text();
    const productPath = /href="(\/m\/product\/detail\/\d+)"/.exec(home)?.[1];
    if (!productPath) throw new Error('the mobile home page lists no part');
    const pages = [
      { name: '手机首页', path: '/m' },
      { name: '搜索结果', path: '/m/search?key=STM32' },
      { name: '商品详情', path: productPath },
    ];
    chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
    const rows: { name: string; path: string; runs: Run[] }[] = [];
    for (const page of pages) {
      const pageRuns: Run[] = [];
      for (let i = 0; i < runs; i++) {
        const run = await audit(base + page.path, chrome.port);
        console.error(`lighthouse ${page.path} run ${i + 1}: performance ${run.performance}, accessibility ${run.accessibility}`);
        pageRuns.push(run);
      }
      rows.push({ ...page, runs: pageRuns });
    }

    const lines = [
      '# Lighthouse, mobile preset',
      '',
      `Median of ${runs} runs per page (Lighthouse's default mobile emulation: Moto G Power screen, simulated slow 4G, 4× CPU slowdown),`,
      `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, headless ${chromePath}, the production build (${buildDir}) on a fresh store of ${skus} seeded SKUs.`,
      '',
      '| page | path | performance | accessibility | FCP | LCP | TBT | CLS | SI | all runs (perf / a11y) |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
      ...rows.map((row) => {
        const metrics = Object.keys(metricIds).map((id) => formatMetric(id, median(row.runs.map((run) => run.metrics[id] ?? Number.NaN))));
        const all = row.runs.map((run) => `${run.performance}/${run.accessibility}`).join(', ');
        return `| ${row.name} | \`${row.path.replace(/\/\d+$/, '/{id}')}\` | ${median(row.runs.map((run) => run.performance))} | ${median(row.runs.map((run) => run.accessibility))} | ${metrics.join(' | ')} | ${all} |`;
      }),
      '',
    ];
    const failed = [...new Set(rows.flatMap((row) => row.runs.flatMap((run) => run.failedAudits)))];
    lines.push(failed.length > 0 ? `Failed accessibility audits: ${failed.join(', ')}.` : 'No accessibility audit failed.', '');
    lines.push(`Machine: ${machine()}.`, '');
    mkdirSync(resolve(root, 'bench/results'), { recursive: true });
    writeFileSync(resolve(root, 'bench/results/lighthouse.md'), lines.join('\n'));
    const below = rows.filter(
      (row) => median(row.runs.map((run) => run.performance)) < threshold || median(row.runs.map((run) => run.accessibility)) < threshold,
    );
    if (below.length > 0) {
      console.error(`below ${threshold}: ${below.map((row) => row.path).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    chrome?.kill();
    app.kill('SIGTERM');
    await new Promise((done) => app.once('exit', done));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
