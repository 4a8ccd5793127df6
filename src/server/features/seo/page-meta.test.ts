import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { choosePath } from '../../../contract/catalog.ts';
import { wechatCallbackPath, wechatRegisterPath } from '../../../contract/wechat.ts';
import { createCacheVersions } from '../../cache/cache-versions.ts';
import { createDatabaseCounterStore } from '../../http/counter-store.ts';
import { createOps } from '../../ops/ops.ts';
import type { Page } from '../../ssr/page-registry.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { consoleFeatureRegistrations, featureRegistrations } from '../all-features.ts';
import { insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import type { FeatureDeps } from '../feature-registration.ts';
import { insertHomeFixture } from '../home/testing/home-fixture.ts';
import { SearchService } from '../search/search.service.ts';
import { systemClock } from '../../ops/clock.ts';
import { topUpDemoData } from '../../seed/seed.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { createWorkPool } from '../../work/work-pool.ts';

const origin = 'https://www.xinpin.example';

/** Every page the app registers, as app.ts collects them. */
async function registeredPages(t: TestApp): Promise<Page[]> {
  const { db, config, sms } = t.deps;
  const counters = createDatabaseCounterStore(db.kysely);
  const deps: FeatureDeps = {
    db: db.kysely,
    database: db,
    config,
    logger: pino({ level: 'silent' }),
    counters,
    sms,
    ops: createOps({ db, counters }, { withProcessMetrics: false }),
    cacheVersions: createCacheVersions(db.kysely),
    search: new SearchService(db, pino({ level: 'silent' })),
    workPool: createWorkPool({ threads: 1 }, pino({ level: 'silent' })),
    clock: systemClock,
  };
  const app = Fastify();
  const pages: Page[] = [];
  for (const register of [...featureRegistrations, ...consoleFeatureRegistrations]) register(app, deps, pages);
  await app.close();
  return pages;
}

interface PageHead {
  url: string;
  title: string;
  description: string;
  canonical: string;
  og: Record<string, string>;
  robots: string | null;
}

const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1] ?? '';
const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function headOf(url: string, html: string): PageHead {
  const head = html.slice(0, html.indexOf('</head>'));
  const og: Record<string, string> = {};
  for (const tag of head.match(/<meta property="og:[^>]*>/g) ?? []) og[attribute(tag, 'property')] = unescape(attribute(tag, 'content'));
  return {
    url,
    title: unescape(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ''),
    description: unescape(attribute(/<meta name="description"[^>]*>/.exec(head)?.[0] ?? '', 'content')),
    canonical: unescape(attribute(/<link rel="canonical"[^>]*>/.exec(head)?.[0] ?? '', 'href')),
    og,
    robots: /<meta name="robots" content="([^"]*)">/.exec(head)?.[1] ?? null,
  };
}

describe('every public page: its own title and description, a canonical URL, Open Graph tags', () => {
  const t = useTestApp({
    app: { env: { PUBLIC_BASE_URL: origin } },
    fixture: async (app) => {
      const catalog = await insertCatalogFixture(app.db);
      await insertHomeFixture(app.db);
      // What every store gets at start besides its catalogue (the help centre's articles).
      await topUpDemoData(app.db, {});
      const newsId = (await app.db.kysely.selectFrom('news').select('newsId').where('linkUrl', 'is', null).orderBy('newsId').executeTakeFirstOrThrow()).newsId;
      const [productId] = catalog.products.values();
      if (productId === undefined) throw new Error('no product');
      return { catalog, newsId, productId };
    },
  });

  /** Where a route with parameters is visited; a route without any is visited as written. */
  const sampleUrls = (): Record<string, string[]> => {
    const { catalog, newsId, productId } = t.fixture;
    const { resistor, chipResistor } = catalog.categories;
    return {
      '/choose/:categoryIds': [choosePath(resistor), choosePath(resistor, chipResistor)],
      '/product/detail/:productId': [`/product/detail/${productId}`],
      '/product/discount': ['/product/discount?subject=A01', '/product/discount?subject=A03'],
      '/brand/:brandId': [`/brand/${catalog.brands.yageo}`, `/brand/${catalog.brands.ti}`],
      '/news': ['/news', '/news?kind=information', '/news?kind=article'],
      '/news/:newsId': [`/news/${newsId}`],
      '/search': ['/search', '/search?key=RC0603'],
      '/m/search': ['/m/search', '/m/search?key=RC0603'],
      '/m/choose/:categoryIds': [`/m${choosePath(resistor, chipResistor)}`],
      '/m/product/detail/:productId': [`/m/product/detail/${productId}`],
      '/m/user/order/detail/:orderNo': ['/m/user/order/detail/202601010000000001'],
      '/m/offer/pay/:orderNo': ['/m/offer/pay/202601010000000001'],
      '/m/user/purchase-list/:listId': ['/m/user/purchase-list/1'],
      '/m/user/company/orders': ['/m/user/company/orders', '/m/user/company/orders?filter=awaitingApproval&page=2'],
      '/serve/:slug': ['/serve/order_step'],
      // The console's detail pages send a visitor to the console's login, like its lists.
      '/admin/orders/:orderNo': ['/admin/orders/202601010000000001'],
      '/admin/complaints/:id': ['/admin/complaints/1'],
      '/admin/quotations/:quotationId': ['/admin/quotations/1'],
      '/admin/coupons/:templateId': ['/admin/coupons/1'],
      '/admin/members/:userId': ['/admin/members/1'],
      '/admin/products/:productId': [`/admin/products/${productId}`],
      '/admin/companies/:companyId': ['/admin/companies/1'],
    };
  };

  it('renders each with a unique non-empty title and description, an absolute canonical URL and og: tags', async () => {
    // WeChat's callback and its register step exist only in the middle of a WeChat login.
    const midLogin = [wechatCallbackPath, wechatRegisterPath];
    const pages = (await registeredPages(t)).filter((page) => !page.isMemberOnly && !midLogin.includes(page.path));
    expect(pages.length).toBeGreaterThan(20);
    const samples = sampleUrls();
    const heads: PageHead[] = [];
    const problems: string[] = [];
    for (const page of pages) {
      const urls = samples[page.path] ?? (page.path.includes(':') ? [] : [page.path]);
      if (urls.length === 0) problems.push(`${page.path}: no sample URL for a route with parameters (add one above)`);
      for (const url of urls) {
        const response = await t.browser().get(url);
        // A page that sends a visitor to log in is a member page, whether or not it is marked as one (or a console page: /admin/login).
        if (response.statusCode === 302 && /^\/((m\/)?account\/login\?|admin\/login(\?|$))/.test(String(response.headers.location))) continue;
        if (response.statusCode !== 200) {
          problems.push(`${url}: HTTP ${response.statusCode} ${response.headers.location ?? ''}`);
          continue;
        }
        heads.push(headOf(url, response.body));
      }
    }
    for (const head of heads) {
      if (!head.title) problems.push(`${head.url}: no title`);
      if (!head.description) problems.push(`${head.url}: no description`);
      if (!head.canonical.startsWith(`${origin}/`)) problems.push(`${head.url}: canonical ${head.canonical}`);
      for (const property of ['og:title', 'og:description', 'og:url', 'og:type', 'og:site_name', 'og:locale']) {
        if (!head.og[property]) problems.push(`${head.url}: no ${property}`);
      }
      if (head.og['og:title'] !== head.title || head.og['og:url'] !== head.canonical || head.og['og:locale'] !== 'zh_CN') {
        problems.push(`${head.url}: og: tags disagree with the page ${JSON.stringify(head.og)}`);
      }
    }
    for (const field of ['title', 'description'] as const) {
      const seen = new Map<string, string>();
      for (const head of heads) {
        const other = seen.get(head[field]);
        if (other !== undefined) problems.push(`${head.url} has the ${field} of ${other}: ${head[field]}`);
        seen.set(head[field], head.url);
      }
    }
    expect(problems).toEqual([]);
  });

  it('names the page itself as canonical, with only the parameters that identify it', async () => {
    const { catalog, productId } = t.fixture;
    const { resistor, chipResistor } = catalog.categories;
    const canonicalOf = async (url: string) => headOf(url, (await t.browser().get(url)).body).canonical;
    expect(await canonicalOf('/search?key=YAGEO&sort=2&utm_source=x&page=2')).toBe(`${origin}/search?key=YAGEO&page=2`);
    expect(await canonicalOf(`/choose/${resistor}-${chipResistor}?stock=1&page=2&from=home`)).toBe(`${origin}/choose/${resistor}-${chipResistor}?page=2`);
    expect(await canonicalOf('/news?kind=article&page=1&utm_campaign=y')).toBe(`${origin}/news?kind=article`);
    expect(await canonicalOf(`/product/detail/${productId}?spm=abc`)).toBe(`${origin}/product/detail/${productId}`);
    expect(await canonicalOf(`/m/product/detail/${productId}`)).toBe(`${origin}/product/detail/${productId}`);
    expect(await canonicalOf('/?from=baidu')).toBe(`${origin}/`);
  });

  it('asks search engines not to index member pages, error pages and later search result pages', async () => {
    const member = await t.member();
    const robotsOf = async (browser: ReturnType<typeof t.browser>, url: string) => headOf(url, (await browser.get(url)).body).robots;
    expect(await robotsOf(member.browser, '/user/person')).toBe('noindex, follow');
    expect(await robotsOf(t.browser(), '/no/such/page')).toBe('noindex, follow');
    expect(await robotsOf(t.browser(), '/search?key=YAGEO&page=2')).toBe('noindex, follow');
    expect(await robotsOf(t.browser(), '/search?key=RC0603')).toBeNull();
    expect(await robotsOf(t.browser(), '/')).toBeNull();
  });
});
