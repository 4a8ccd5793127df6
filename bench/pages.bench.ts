/**
 * `npm run bench -- pages`: the store's pages against a plain `node:http` server sending the same
 * bytes from memory, in one run, interleaved A, B, A, B (issue 29's table): a new visitor's home
 * rendered (the page cache bypassed by an address it does not keep), a member's home and product
 * page, visitors' kept pages (home, product, /choose) and a visitor's search results. Prints and
 * writes bench/results/pages.md with each ratio beside its goal and the machine's load average.
 *
 * BENCH_PAGES_PROFILE=1 instead runs the app under `node --cpu-prof` on the rendered targets only
 * and writes bench/results/pages-render.cpuprofile (open it in speedscope or Chrome DevTools as a
 * flame graph) with its summary bench/results/pages-profile.md (cpu-profile-summary.ts).
 *
 * Environment: BUILD_DIR (dist), BENCH_PAGES_SKUS (20000), BENCH_PAGES_SECONDS (6 per target),
 * BENCH_PAGES_CONNECTIONS (8), BENCH_PAGES_ROUNDS (3).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { summariseCpuProfile } from './cpu-profile-summary.ts';
import { freePort, measureSideBySide, type LoadOptions, type Measurement, type Target } from './page-load.ts';

const root = resolve(import.meta.dirname, '..');
const buildDir = process.env.BUILD_DIR ?? 'dist';
const skus = Number(process.env.BENCH_PAGES_SKUS ?? 20_000);
/** BENCH_PAGES_PROFILE=1 (or rendered) profiles the rendered targets, =kept the page cache's. */
const profileMode = process.env.BENCH_PAGES_PROFILE === 'kept' ? 'kept' : process.env.BENCH_PAGES_PROFILE ? 'rendered' : null;
const isProfile = profileMode !== null;
const load: LoadOptions = {
  connections: Number(process.env.BENCH_PAGES_CONNECTIONS ?? 8),
  seconds: Number(process.env.BENCH_PAGES_SECONDS ?? 6),
  rounds: Number(process.env.BENCH_PAGES_ROUNDS ?? 3),
  warmupSeconds: 2,
};

/** One row of issue 29's table: the store's target, the plain server's, and the ratio asked for. */
interface Comparison {
  label: string;
  store: Omit<Target, 'port'>;
  goal: number;
  /** The X-Page-Cache answer the store must give this target (checked before measuring). */
  source: 'hit' | null;
}

async function startApp(port: number, dataDir: string, isProfiled = false): Promise<ChildProcess> {
  const serverEntry = resolve(root, buildDir, 'server/main.js');
  const profileArgs = isProfiled ? ['--cpu-prof', `--cpu-prof-dir=${resolve(dataDir, 'profile')}`] : [];
  const app = spawn(process.execPath, [...profileArgs, serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: resolve(dataDir, 'store.sqlite'),
      BUILD_DIR: buildDir,
      SEED_SKUS: String(skus),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = Date.now();
  while (Date.now() - started < 300_000) {
    if (app.exitCode !== null) throw new Error(`server exited with ${app.exitCode}`);
    const isUp = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) return app;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error('server did not start');
}

function jarOf(setCookies: string[], previous = ''): string {
  const jar = new Map(previous ? previous.split('; ').map((pair) => pair.split('=', 2) as [string, string]) : []);
  for (const line of setCookies) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** A visitor's jar (from their first page) and the demo member's (13800138000, seeded by the production start). */
async function browsersOf(base: string): Promise<{ visitor: string; member: string; homeHtml: string }> {
  const first = await fetch(`${base}/`);
  const visitor = jarOf(first.headers.getSetCookie());
  const homeHtml = await first.text();
  const token = /csrfToken=([^;]+)/.exec(visitor)?.[1] ?? '';
  const login = await fetch(`${base}/account/api/doLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: visitor, 'x-csrf-token': token },
    body: JSON.stringify({ loginType: 'password', userAccount: '13800138000', password: 'demo1234' }),
  });
  const member = jarOf(login.headers.getSetCookie(), visitor);
  if (((await login.json()) as { code: number }).code !== 1) throw new Error('demo member login failed');
  return { visitor, member, homeHtml };
}

function comparisonsOf(html: string, visitor: string, member: string): Comparison[] {
  const product = /href="(\/product\/detail\/\d+)"/.exec(html)?.[1];
  const choose = /href="(\/choose\/\d+(?:-\d+)?)"/.exec(html)?.[1];
  if (!product || !choose) throw new Error('the home page links no product or category');
  const rendered = { goal: 0.35, source: null } as const;
  return [
    { label: 'home, new visitor, rendered (page cache bypassed)', store: { name: 'home-new', path: '/?bench=uncached', cookie: '' }, ...rendered },
    { label: 'home, signed-in member', store: { name: 'home-member', path: '/', cookie: member }, goal: 0.3, source: null },
    { label: 'product page, signed-in member', store: { name: 'product-member', path: product, cookie: member }, goal: 0.3, source: null },
    { label: 'home, visitor, page cache', store: { name: 'home-kept', path: '/', cookie: visitor }, goal: 0.7, source: 'hit' },
    { label: 'product page, visitor, page cache', store: { name: 'product-kept', path: product, cookie: visitor }, goal: 0.7, source: 'hit' },
    { label: '/choose, visitor, page cache', store: { name: 'choose-kept', path: choose, cookie: visitor }, goal: 0.7, source: 'hit' },
    { label: '/search?key=…, visitor', store: { name: 'search', path: '/search?key=STM32', cookie: visitor }, goal: 0.3, source: 'hit' },
  ];
}

/** Each target's bytes as the store sends them (a second ask of a kept page is the kept copy), for the plain server. */
async function captureBytes(base: string, comparisons: readonly Comparison[], dataDir: string): Promise<string> {
  const files: Record<string, string> = {};
  for (const { store, source } of comparisons) {
    const ask = () => fetch(`${base}${store.path}`, { headers: store.cookie ? { cookie: store.cookie } : {} });
    await ask();
    const response = await ask();
    if (response.status !== 200 || response.headers.get('x-page-cache') !== source) {
      throw new Error(`${store.path}: ${response.status}, X-Page-Cache ${response.headers.get('x-page-cache') ?? 'none'}, expected ${source ?? 'none'}`);
    }
    const file = resolve(dataDir, `${store.name}.html`);
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    files[`/${store.name}`] = file;
  }
  const pagesFile = resolve(dataDir, 'pages.json');
  writeFileSync(pagesFile, JSON.stringify(files));
  return pagesFile;
}

async function startPlainServer(pagesFile: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'page-load.ts'), '--plain-server', pagesFile, String(port)], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((done, fail) => {
    child.once('message', () => done());
    child.once('exit', (code) => fail(new Error(`the plain server exited with ${code ?? 'a signal'}`)));
  });
  return { child, port };
}

function machine(): string {
  return `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 1024 ** 3).toFixed(1)} GB RAM, Node ${process.version}`;
}

const loadText = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');

function reportOf(rows: { comparison: Comparison; store: Measurement; plain: Measurement }[], loadBefore: string): string {
  const lines = rows.map(({ comparison, store, plain }) => {
    const ratio = store.rps / plain.rps;
    const verdict = ratio >= comparison.goal ? 'met' : 'not met';
    const kb = (store.bytes / 1024).toFixed(1);
    return `| ${comparison.label} | ${store.rps.toFixed(0)} | ${store.p99.toFixed(1)} | ${plain.rps.toFixed(0)} | ${kb} kB | **${ratio.toFixed(2)}×** | ≥ ${comparison.goal}× ${verdict} | ${store.errors + plain.errors} |`;
  });
  return [
    '# Pages against a plain server of the same bytes',
    '',
    `Run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${machine()} · load average (1/5/15 min) ${loadBefore} before, ${loadText()} after`,
    `Setup: production build, SQLite with ${skus.toLocaleString('en-US')} seeded SKUs, ${load.connections} keep-alive connections, each store target and its plain server measured in ${load.rounds} alternating rounds of ${(load.seconds / load.rounds).toFixed(1)} s (A, B, A, B…), no Accept-Encoding (both send the HTML uncompressed); the load generator shares the machine.`,
    '',
    '| Page | store req/s | store p99 ms | plain req/s | HTML | ratio | goal | errors |',
    '|---|---:|---:|---:|---:|---:|---|---:|',
    ...lines,
    '',
    "- **plain**: `node:http` answering that page's bytes, captured from the store just before, from memory (bench/page-load.ts): the floor of a page.",
    '- **new visitor, rendered**: no cookie, so every request is a first visit (a new session cookie), at `/?bench=uncached`, an address the page cache does not keep.',
    '- **page cache**: a returning visitor (their session cookie from the first visit), answered by the early answer before the session, routing and page handler work (decision 0034).',
    "- **/search**: a visitor asking the site's own results address for STM32: kept until the catalogue changes (10 s at most).",
    '- The machine is shared: read ratios, not absolute figures, and the load average beside them.',
    '',
  ].join('\n');
}

/** The rendered targets under `--cpu-prof`: the profile is written when the app exits. */
async function profileRenders(app: ChildProcess, port: number, comparisons: readonly Comparison[], dataDir: string): Promise<void> {
  const rendered = comparisons.filter((comparison) => (comparison.source === null) === (profileMode === 'rendered'));
  await measureSideBySide(
    rendered.map(({ store }) => ({ ...store, port })),
    load,
  );
  app.kill('SIGTERM');
  await new Promise((done) => app.once('exit', done));
  const profileDir = resolve(dataDir, 'profile');
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error('the app wrote no CPU profile');
  const target = resolve(root, `bench/results/pages-${profileMode === 'kept' ? 'kept' : 'render'}.cpuprofile`);
  copyFileSync(resolve(profileDir, file), target);
  const summary = summariseCpuProfile(
    target,
    rendered.map((comparison) => comparison.label),
    loadText(),
  );
  writeFileSync(resolve(root, `bench/results/pages-profile-${profileMode === 'kept' ? 'kept' : 'render'}.md`), summary);
  console.log(summary);
}

async function main() {
  if (!existsSync(resolve(root, buildDir, 'server/main.js')))
    throw new Error(`No production build in ${buildDir}/: run \`BUILD_DIR=${buildDir} npm run build\` first.`);
  const dataDir = resolve(root, 'data', `bench-pages-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const loadBefore = loadText();
  const port = await freePort();
  if (isProfile) {
    // Seeded and indexed by a first start, so that the profile holds the pages only.
    const seeding = await startApp(port, dataDir);
    seeding.kill('SIGTERM');
    await new Promise((done) => seeding.once('exit', done));
  }
  const app = await startApp(port, dataDir, isProfile);
  let plain: ChildProcess | null = null;
  try {
    const base = `http://127.0.0.1:${port}`;
    const { visitor, member, homeHtml } = await browsersOf(base);
    const comparisons = comparisonsOf(homeHtml, visitor, member);
    if (isProfile) {
      await profileRenders(app, port, comparisons, dataDir);
      return;
    }
    const server = await startPlainServer(await captureBytes(base, comparisons, dataDir));
    plain = server.child;
    const rows = [];
    for (const comparison of comparisons) {
      const [store, floor] = await measureSideBySide(
        [
          { ...comparison.store, port },
          { ...comparison.store, port: server.port, path: `/${comparison.store.name}`, cookie: '' },
        ],
        load,
      );
      if (!store || !floor) throw new Error('a target was not measured');
      rows.push({ comparison, store, plain: floor });
      console.error(`${comparison.label}: ${(store.rps / floor.rps).toFixed(2)}× (${store.rps.toFixed(0)} against ${floor.rps.toFixed(0)} req/s)`);
    }
    const report = reportOf(rows, loadBefore);
    writeFileSync(resolve(root, 'bench/results/pages.md'), report);
    console.log(report);
  } finally {
    app.kill('SIGTERM');
    plain?.kill('SIGTERM');
    await new Promise((done) => setTimeout(done, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
