import type { Page } from '@playwright/test';
import { get } from 'node:http';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from './fixtures.ts';

/** The build the e2e server serves (playwright.config.ts). */
const assetsDir = resolve(process.env.BUILD_DIR ?? 'dist', 'client/assets');

/** What the build precompresses (vite.config.ts): scripts, styles, SVG and JSON of at least 1 kB. */
const compressible = /\.(js|css|svg|json)$/;
const precompressThreshold = 1024;

/** Every built file, the console's under assets/console/ included (named console/…). */
function builtAssets(): string[] {
  return readdirSync(assetsDir, { recursive: true, encoding: 'utf8' }).filter((name) => compressible.test(name));
}

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

type Asked = 'br' | 'gzip' | 'identity';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The bytes as they travel (Playwright's and Node's fetch would decode them before we could look), after up to 3 redirects. */
async function rawGet(url: string, headers: Record<string, string>, redirectsLeft = 3): Promise<RawAnswer> {
  const answer = await rawGetOnce(url, headers);
  const location = answer.headers.location;
  if (answer.status >= 300 && answer.status < 400 && typeof location === 'string' && redirectsLeft > 0) {
    return rawGet(new URL(location, url).href, headers, redirectsLeft - 1);
  }
  return answer;
}

function rawGetOnce(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolveAnswer, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolveAnswer({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** The page's origin and cookies, for raw requests as that browser. */
async function browserOf(page: Page): Promise<{ origin: string; cookie: string }> {
  const origin = new URL(page.url()).origin;
  const cookies = await page.context().cookies(origin);
  return { origin, cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') };
}

/** Where a body differs from what was asked: compressed when asked (above the threshold), plain when not, the same bytes either way. */
async function encodingProblems(page: Page, path: string, original: Buffer | null, threshold: number): Promise<string[]> {
  const problems: string[] = [];
  const { origin, cookie } = await browserOf(page);
  let plain: Buffer | null = original;
  for (const asked of ['identity', 'br', 'gzip'] as Asked[]) {
    const response = await rawGet(origin + path, { 'accept-encoding': asked, cookie });
    if (response.status !== 200) {
      problems.push(`${path} (${asked}): HTTP ${response.status}`);
      continue;
    }
    const encoding = response.headers['content-encoding'] as string | undefined;
    const vary = String(response.headers.vary ?? '');
    const body = decoded(response.body, encoding);
    plain ??= body;
    // Below the threshold compressing is optional (it may not pay); an encoding not asked for never is.
    const allowed: (Asked | undefined)[] = asked === 'identity' ? [undefined] : plain.length >= threshold ? [asked] : [asked, undefined];
    if (!allowed.includes(encoding as Asked | undefined)) {
      problems.push(`${path} (${asked}): Content-Encoding ${encoding ?? 'none'}, expected ${allowed.map((one) => one ?? 'none').join(' or ')}`);
    }
    if (!/accept-encoding/i.test(vary)) problems.push(`${path} (${asked}): no Vary: Accept-Encoding`);
    if (original !== null && !body.equals(original)) problems.push(`${path} (${asked}): body differs from the built file`);
  }
  return problems;
}

/** Same-site pages the shell links to, read in the browser (a member sees their own). */
async function shellPages(page: Page): Promise<string[]> {
  await page.goto('/');
  const hrefs = await page.evaluate(() => [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].map((anchor) => anchor.href));
  const origin = new URL(page.url()).origin;
  const paths = hrefs.filter((href) => new URL(href).origin === origin).map((href) => new URL(href).pathname + new URL(href).search);
  return [...new Set(paths)].filter((path) => !path.endsWith('.xml') && !path.startsWith('/public/'));
}

test.describe('compression', () => {
  test.setTimeout(180_000);

  test('every built script, style and image answers brotli or gzip when asked and plain when not, with immutable caching', async ({ page }) => {
    await page.goto('/');
    const assets = builtAssets();
    expect(assets.length).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const name of assets) {
      const file = resolve(assetsDir, name);
      const original = readFileSync(file);
      problems.push(...(await encodingProblems(page, `/assets/${name}`, original, precompressThreshold)));
      if (statSync(file).size >= precompressThreshold) {
        const cache = (await page.request.get(`/assets/${name}`, { headers: { 'accept-encoding': 'br' } })).headers()['cache-control'] ?? '';
        if (!cache.includes('immutable') || !cache.includes('max-age=31536000')) problems.push(`/assets/${name}: Cache-Control ${cache}`);
      }
    }
    expect(problems).toEqual([]);
  });

  test('every page the shell links to answers compressed when asked and plain when not, for a visitor', async ({ page }) => {
    const paths = await shellPages(page);
    expect(paths.length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const path of paths) problems.push(...(await encodingProblems(page, path, null, precompressThreshold)));
    expect(problems).toEqual([]);
  });

  test('a member’s own pages go out compressed all the same', async ({ page, member }) => {
    expect(member.userId).toBeGreaterThan(0);
    const paths = ['/user/person', '/cart', '/user/favorite', '/user/order/list', ...(await shellPages(page))];
    const problems: string[] = [];
    for (const path of new Set(paths)) problems.push(...(await encodingProblems(page, path, null, precompressThreshold)));
    expect(problems).toEqual([]);
  });
});
