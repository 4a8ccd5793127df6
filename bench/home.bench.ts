/**
 * The home page over HTTP: requests per second and p99 latency, in one run, side by side:
 * a visitor served from the page cache beside a static server of the same bytes; a visitor's
 * page rendered per request (the cache bypassed by a query parameter it does not keep) beside a
 * plain template-string server returning the same HTML; a member. Also the page's JavaScript and
 * CSS weight, gzipped, from the build output.
 *
 *   npm run build && node --import tsx bench/home.bench.ts
 *
 * Environment: BUILD_DIR (dist), BENCH_HOME_SKUS (20000), BENCH_HOME_SECONDS (10 per target),
 * BENCH_HOME_CONNECTIONS (8), BENCH_HOME_ROUNDS (5). Writes bench/results/home.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '..');
const buildDir = process.env.BUILD_DIR ?? 'dist';
const skus = Number(process.env.BENCH_HOME_SKUS ?? 20_000);
const seconds = Number(process.env.BENCH_HOME_SECONDS ?? 10);
const connections = Number(process.env.BENCH_HOME_CONNECTIONS ?? 8);
const warmupSeconds = 2;
/** Each pair of targets is measured in this many alternating rounds (BENCH_HOME_ROUNDS), `seconds` in all per target. */
const rounds = Number(process.env.BENCH_HOME_ROUNDS ?? 5);

interface Measurement {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  errors: number;
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

async function waitForHealth(port: number, child: ChildProcess, timeoutMs = 300_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error('server did not start');
}

function cookieHeaderOf(setCookies: string[], previous = new Map<string, string>()): Map<string, string> {
  const jar = new Map(previous);
  for (const line of setCookies) {
    const [pair] = line.split(';');
    const at = pair?.indexOf('=') ?? -1;
    if (pair && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return jar;
}

const jarText = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

/** A fixed number of keep-alive connections asking for one URL as fast as they are answered. */
interface Sample {
  latencies: number[];
  bytes: number;
  errors: number;
  elapsed: number;
}

interface Target {
  name: string;
  port: number;
  path: string;
  cookie: string;
  acceptEncoding?: string;
}

/** A fixed number of keep-alive connections asking for one URL as fast as they are answered, for one round. */
async function sample({ port, path, cookie, acceptEncoding }: Target, recordSeconds: number, warmup: number): Promise<Sample> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let bytes = 0;
  let errors = 0;
  let isRecording = false;
  let isRunning = true;
  const requestOnce = () =>
    new Promise<void>((done) => {
      const started = process.hrtime.bigint();
      const request = http.get(
        {
          host: '127.0.0.1',
          port,
          path,
          agent,
          headers: { cookie, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) bench', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
        },
        (response) => {
          let size = 0;
          response.on('data', (chunk: Buffer) => (size += chunk.length));
          response.on('end', () => {
            if (isRecording) {
              if (response.statusCode === 200) {
                latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
                bytes += size;
              } else errors++;
            }
            done();
          });
        },
      );
      request.on('error', () => {
        if (isRecording) errors++;
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
  return { latencies, bytes, errors, elapsed };
}

/**
 * Targets measured in alternating rounds (a, b, a, b, …) so that a change in the machine's load
 * during the run weighs on each alike: the ratios between them are what this bench is for.
 */
async function measureSideBySide(targets: Target[]): Promise<Measurement[]> {
  const samples = targets.map((): Sample[] => []);
  for (let round = 0; round < rounds; round++) {
    for (const [at, target] of targets.entries()) samples[at]?.push(await sample(target, seconds / rounds, round === 0 ? warmupSeconds : 1));
  }
  return targets.map((target, at) => summarise(target.name, samples[at] ?? []));
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

interface PageParts {
  head: string;
  body: string;
  state: unknown;
  tail: string;
}

const jsonEscapes: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * The plain server (this file run with --template-server): per request, the captured page
 * parts joined by a template string, with the state serialised as the app does it.
 */
function runTemplateServer(partsFile: string, port: number) {
  const parts = JSON.parse(readFileSync(partsFile, 'utf8')) as PageParts;
  const serialize = (state: unknown) => JSON.stringify(state).replace(/[<>&\u2028\u2029]/g, (char) => jsonEscapes[char] ?? char);
  const server = http.createServer((_request, response) => {
    const html = `${parts.head}<body><div id="app">${parts.body}</div><script type="application/json" id="initial-state">${serialize(parts.state)}</script>${parts.tail}`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(html);
  });
  server.listen(port, '127.0.0.1', () => process.send?.('ready'));
}

/** The static server (this file run with --static-server): the same bytes from memory, headers and all, per request. */
function runStaticServer(htmlFile: string, port: number) {
  const body = readFileSync(htmlFile);
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-cache', etag: 'W/"static"' });
    response.end(body);
  });
  server.listen(port, '127.0.0.1', () => process.send?.('ready'));
}

/** Another process running this file as one of its plain servers, once it listens. */
async function startHelperServer(flag: string, file: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, flag, file, String(port)], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((done, fail) => {
    child.once('message', () => done());
    child.once('exit', (code) => fail(new Error(`${flag} exited with ${code ?? 'a signal'}`)));
  });
  return { child, port };
}

function splitPage(html: string): PageParts {
  const bodyStart = html.indexOf('<body><div id="app">');
  const stateStart = html.indexOf('</div><script type="application/json" id="initial-state">');
  const stateEnd = html.indexOf('</script>', stateStart + 10);
  const stateOpen = '</div><script type="application/json" id="initial-state">';
  return {
    head: html.slice(0, bodyStart),
    body: html.slice(bodyStart + '<body><div id="app">'.length, stateStart),
    state: JSON.parse(html.slice(stateStart + stateOpen.length, stateEnd)) as unknown,
    tail: html.slice(stateEnd + '</script>'.length),
  };
}

interface RenderCost {
  homeMs: number;
  homeUnkeptMs: number;
  shellOnlyMs: number;
}

/**
 * React's share, in this process: renderToString of the captured home state, and of the shell alone
 * (the 404 page), with the server's kept markup (page-registry.ts) and with every part rendered afresh.
 */
async function measureRender(parts: PageParts): Promise<RenderCost> {
  process.env.NODE_ENV = 'production';
  const [{ createElement }, { renderToString }, { HomePage }, { ErrorPage }, { renderToStringWithKeptMarkup: withKeptMarkup }] = await Promise.all([
    import('react'),
    import('react-dom/server'),
    import('../src/web/pages/home-page.tsx'),
    import('../src/web/pages/error-page.tsx'),
    import('../src/server/ssr/server-markup-cache.ts'),
  ]);
  const state = parts.state as Parameters<typeof HomePage>[0];
  const time = (render: () => string) => {
    for (let i = 0; i < 200; i++) render();
    const rounds = 1000;
    const started = performance.now();
    for (let i = 0; i < rounds; i++) render();
    return (performance.now() - started) / rounds;
  };
  return {
    homeMs: time(() => withKeptMarkup(createElement(HomePage, state))),
    homeUnkeptMs: time(() => renderToString(createElement(HomePage, state))),
    shellOnlyMs: time(() => withKeptMarkup(createElement(ErrorPage, { shell: state.shell, data: { status: 404 } }))),
  };
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** Every script and stylesheet the home page loads (entry, shared chunks, CSS), raw and gzipped. */
function homeAssetWeight(clientDir: string) {
  const manifest = JSON.parse(readFileSync(resolve(clientDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('src/web/entries/home.tsx');
  const weigh = (files: Set<string>) => {
    let raw = 0;
    let gzip = 0;
    for (const file of files) {
      const content = readFileSync(resolve(clientDir, file));
      raw += content.length;
      gzip += gzipSync(content, { level: 9 }).length;
    }
    return { files: files.size, raw, gzip };
  };
  return { js: weigh(js), css: weigh(css) };
}

function machine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  // The load average tells whether other work shared the CPUs during the run.
  return `${cpus().length} × ${cpu}, ${(totalmem() / 1024 ** 3).toFixed(1)} GB RAM, Node ${process.version}, ${process.platform}, load average ${loadavg()[0]?.toFixed(1) ?? '?'} at the end`;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

async function main() {
  const serverEntry = resolve(root, buildDir, 'server/main.js');
  const clientDir = resolve(root, buildDir, 'client');
  if (!existsSync(serverEntry) || !existsSync(resolve(clientDir, '.vite/manifest.json'))) {
    throw new Error(`No production build in ${buildDir}/: run \`BUILD_DIR=${buildDir} npm run build\` first.`);
  }
  const dataDir = resolve(root, 'data', `bench-home-${process.pid}`);
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
      BUILD_DIR: buildDir,
      SEED_SKUS: String(skus),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let template: ChildProcess | null = null;
  let staticServer: ChildProcess | null = null;
  try {
    const startedAt = Date.now();
    await waitForHealth(appPort, app);
    console.error(`home bench: app up with ${skus} SKUs in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);

    // A visitor keeps the anonymous session cookie of their first visit.
    const first = await fetch(`http://127.0.0.1:${appPort}/`);
    const visitorJar = cookieHeaderOf(first.headers.getSetCookie());
    const visitorHtml = await first.text();
    if (!visitorHtml.includes('data-section="products"')) throw new Error('the home page did not render');

    const login = await fetch(`http://127.0.0.1:${appPort}/account/api/doLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: jarText(visitorJar), 'x-csrf-token': visitorJar.get('csrfToken') ?? '' },
      body: JSON.stringify({ loginType: 'password', userAccount: '13800138000', password: 'demo1234' }),
    });
    const memberJar = cookieHeaderOf(login.headers.getSetCookie(), visitorJar);
    const loginAnswer = (await login.json()) as { code: number; msg: string };
    if (loginAnswer.code !== 1) throw new Error(`demo member login failed: ${loginAnswer.msg}`);
    const memberHtml = await (await fetch(`http://127.0.0.1:${appPort}/`, { headers: { cookie: jarText(memberJar) } })).text();
    if (!memberHtml.includes('data-testid="user-order-count"')) throw new Error('the member home page did not render');

    // The page cache keeps only the addresses it knows: an unknown parameter makes the app render as it did before the cache.
    const uncachedPath = '/?bench=uncached';
    const probe = async (path: string, cookie: string) =>
      (await fetch(`http://127.0.0.1:${appPort}${path}`, { headers: { cookie } })).headers.get('x-page-cache');
    if ((await probe('/', jarText(visitorJar))) !== 'hit') throw new Error('the visitor home page is not served from the page cache');
    if ((await probe(uncachedPath, jarText(visitorJar))) !== null) throw new Error('the bypass address is served from the page cache');
    const cachedBytes = Buffer.from(await (await fetch(`http://127.0.0.1:${appPort}/`, { headers: { cookie: jarText(visitorJar) } })).arrayBuffer());

    const parts = splitPage(await (await fetch(`http://127.0.0.1:${appPort}${uncachedPath}`, { headers: { cookie: jarText(visitorJar) } })).text());
    const partsFile = resolve(dataDir, 'home-parts.json');
    writeFileSync(partsFile, JSON.stringify(parts));
    const htmlFile = resolve(dataDir, 'home.html');
    writeFileSync(htmlFile, cachedBytes);
    const plain = await startHelperServer('--template-server', partsFile);
    template = plain.child;
    const still = await startHelperServer('--static-server', htmlFile);
    staticServer = still.child;

    const visitor = jarText(visitorJar);
    const results = [
      ...(await measureSideBySide([
        { name: 'home page, visitor, from the page cache', port: appPort, path: '/', cookie: visitor },
        { name: 'static server, same bytes', port: still.port, path: '/', cookie: '' },
      ])),
      ...(await measureSideBySide([
        { name: 'home page, visitor, rendered (page cache bypassed)', port: appPort, path: uncachedPath, cookie: visitor },
        { name: 'plain template-string server, same HTML', port: plain.port, path: '/', cookie: '' },
      ])),
      ...(await measureSideBySide([{ name: 'home page, member (rendered, no-store)', port: appPort, path: '/', cookie: jarText(memberJar) }])),
      // What a browser asks for: the kept page's brotli copy against the hook compressing each render.
      ...(await measureSideBySide([
        { name: 'home page, visitor, from the page cache, brotli', port: appPort, path: '/', cookie: visitor, acceptEncoding: 'gzip, deflate, br' },
        { name: 'home page, visitor, rendered, brotli', port: appPort, path: uncachedPath, cookie: visitor, acceptEncoding: 'gzip, deflate, br' },
      ])),
    ];
    const render = await measureRender(parts);
    const weight = homeAssetWeight(clientDir);
    const report = renderReport(results, render, weight);
    writeFileSync(resolve(root, 'bench/results/home.md'), report);
    console.log(report);
  } finally {
    app.kill('SIGTERM');
    template?.kill('SIGTERM');
    staticServer?.kill('SIGTERM');
    await new Promise((done) => setTimeout(done, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function renderReport(results: Measurement[], render: RenderCost, weight: ReturnType<typeof homeAssetWeight>): string {
  const [cached, still, uncached, plain, , cachedBrotli, renderedBrotli] = results;
  // Each app figure beside the plain server it is held against: the cached page against static bytes, a render against the template string.
  const floorOf = (r: Measurement) => (r === cached ? still : r === uncached || r.name.includes('member') ? plain : undefined);
  const ratio = (r: Measurement) => {
    const floor = floorOf(r);
    return floor ? `${(r.rps / floor.rps).toFixed(2)}× ${floor === still ? 'static' : 'template'}` : '—';
  };
  const rows = results.map(
    (r) => `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${kb(r.bytes)} | ${r.requests} | ${r.errors} | ${ratio(r)} |`,
  );
  const verdict = (r: Measurement | undefined, floor: Measurement | undefined, target: number) =>
    r && floor ? `${(r.rps / floor.rps).toFixed(2)}× (target ≥ ${target}×: ${r.rps / floor.rps >= target ? 'met' : 'not met'})` : '?';
  return [
    '# Home page benchmark',
    '',
    `Run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${machine()}`,
    `Setup: production build (\`NODE_ENV=production\`), SQLite with ${skus.toLocaleString('en-US')} seeded SKUs, ${connections} keep-alive connections, ${warmupSeconds} s warm-up then ${seconds} s measured per target, in ${rounds} alternating rounds with the target it is compared with (a 1 s warm-up before each later round); the load generator runs on the same machine as the servers. No \`Accept-Encoding\` but in the last two rows: the other targets send the HTML uncompressed.`,
    '',
    '| Target | req/s | p50 ms | p99 ms | HTML | requests | errors | vs its floor |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    `- Page cache against static bytes: ${verdict(cached, still, 0.5)}. Rendered page against the template string: ${verdict(uncached, plain, 0.35)}.`,
    "- **visitor, from the page cache**: a returning anonymous browser (its session cookie from the first visit) asking for `/`: the session lookup, the change-signal check (once a second), the visitor's ad-close lookup (their variant of the page), then the kept bytes (`X-Page-Cache: hit`).",
    '- **static server, same bytes**: `node:http` answering every request with those bytes from memory: the floor of a cached page.',
    "- **visitor, rendered**: `/?bench=uncached`, an address the page cache does not keep, so the page is loaded and rendered per request as before the cache (shell and home content from the in-process caches, React `renderToString`). The server's kept markup is used as on every render: the parts made from one cached object alone (the category menu's flyouts, the footer, the product and brand slides, the order rows; `ServerMarkup` with a `cacheKey`) are rendered once per object and their HTML reused.",
    '- **plain template-string server**: `node:http` joining the captured page parts with a template string and serialising the same state per request — no data loading, no React: the floor a render is compared against.',
    `- **brotli**: the same visitor with \`Accept-Encoding: gzip, deflate, br\`: the kept page's brotli copy, made once per render, against the compression hook's brotli (quality 4) on every render${cachedBrotli && renderedBrotli ? ` (${(cachedBrotli.rps / renderedBrotli.rps).toFixed(1)}× the requests per second)` : ''}.`,
    '- **member**: the demo member 13800138000, rendered per request with `no-store`; adds the member shell (user, cart count, messages, sales rep) and the user card (order and favorite counts).',
    '',
    `React's share, measured in-process on the same state (\`renderToString\`, 1,000 rounds): the whole home page ${render.homeMs.toFixed(2)} ms with the kept markup (${render.homeUnkeptMs.toFixed(2)} ms with every part rendered afresh), of which the shell alone (status bar, header with the mega-menu, sidebar, footer) ${render.shellOnlyMs.toFixed(2)} ms.`,
    '',
    '## Home page assets (production build)',
    '',
    '| Kind | files | raw | gzip (level 9) |',
    '|---|---:|---:|---:|',
    `| JavaScript (entry and shared chunks) | ${weight.js.files} | ${kb(weight.js.raw)} | ${kb(weight.js.gzip)} |`,
    `| CSS | ${weight.css.files} | ${kb(weight.css.raw)} | ${kb(weight.css.gzip)} |`,
    '',
  ].join('\n');
}

const templateFlag = process.argv.indexOf('--template-server');
const staticFlag = process.argv.indexOf('--static-server');
if (templateFlag >= 0) runTemplateServer(process.argv[templateFlag + 1] ?? '', Number(process.argv[templateFlag + 2]));
else if (staticFlag >= 0) runStaticServer(process.argv[staticFlag + 1] ?? '', Number(process.argv[staticFlag + 2]));
else await main();
