import Fastify, { type FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync } from 'node:zlib';
import { brandPath, choosePath, productDetailPath } from '../../../contract/catalog.ts';
import { newsListPath, newsPath } from '../../../contract/news.ts';
import { AppError } from '../../http/app-error.ts';
import { registerCompression } from '../../http/compression.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { registerSeoRoutes } from './seo.routes.ts';
import { sitemapEntries, sitemapSchemaProblems } from './testing/sitemap-schema.ts';

const origin = 'https://www.xinpin.example';
const base = Date.UTC(2026, 9, 1, 8, 30, 0, 0);
/** A different moment for every part, milliseconds included, so each lastmod can be told apart. */
const updatedAtOf = (productId: number) => base + productId * 3_600_123;

const news = [
  { kind: 'announcement', title: '春节发货安排', linkUrl: null, releaseDate: Date.UTC(2026, 0, 20, 2) },
  { kind: 'announcement', title: '外链公告', linkUrl: 'https://elsewhere.example/a', releaseDate: Date.UTC(2026, 5, 1) },
  { kind: 'information', title: '行业资讯一则', linkUrl: null, releaseDate: Date.UTC(2026, 2, 3, 4, 5, 6, 789) },
  { kind: 'article', title: '选型指南', linkUrl: null, releaseDate: Date.UTC(2025, 11, 31) },
] as const;

describe('sitemaps and robots.txt', () => {
  const t = useTestApp({
    app: { env: { PUBLIC_BASE_URL: origin } },
    fixture: async (app) => {
      const catalog = await insertCatalogFixture(app.db);
      for (const id of catalog.products.values())
        await app.db.kysely
          .updateTable('products')
          .set({ updatedAt: updatedAtOf(id) })
          .where('id', '=', id)
          .execute();
      const newsIds = [];
      for (const item of news) newsIds.push((await app.db.kysely.insertInto('news').values(item).returning('newsId').executeTakeFirstOrThrow()).newsId);
      return { catalog, newsIds };
    },
  });

  const fetchXml = async (url: string) => {
    const response = await t.browser().get(url);
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    // Cacheable by a shared cache: nothing of a visitor's session in it.
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    return response.body;
  };
  const lastmodOf = (entries: { loc: string; lastmod: string | null }[], path: string) => {
    const entry = entries.find((candidate) => candidate.loc === origin + path);
    if (!entry) throw new Error(`${path} is not in the sitemap`);
    return entry.lastmod === null ? null : Date.parse(entry.lastmod);
  };

  it('the index lists the product, category, brand and news sitemaps, valid against siteindex.xsd', async () => {
    const xml = await fetchXml('/public/sitemap.xml');
    expect(sitemapSchemaProblems(xml, 'siteindex')).toEqual([]);
    const entries = sitemapEntries(xml);
    expect(entries.map((entry) => entry.loc)).toEqual(['products', 'categories', 'brands', 'news'].map((kind) => `${origin}/public/sitemap-${kind}-1.xml`));
    const productIds = [...t.fixture.catalog.products.values()];
    expect(lastmodOf(entries, '/public/sitemap-products-1.xml')).toBe(Math.max(...productIds.map(updatedAtOf)));
    expect(lastmodOf(entries, '/public/sitemap-news-1.xml')).toBe(Date.UTC(2026, 2, 3, 4, 5, 6, 789));
  });

  it('the product sitemap lists every part once, its lastmod the part’s updated_at, valid against sitemap.xsd', async () => {
    const xml = await fetchXml('/public/sitemap-products-1.xml');
    expect(sitemapSchemaProblems(xml, 'sitemap')).toEqual([]);
    const entries = sitemapEntries(xml);
    const productIds = [...t.fixture.catalog.products.values()].sort((a, b) => a - b);
    expect(entries.map((entry) => entry.loc)).toEqual(productIds.map((id) => origin + productDetailPath(id)));
    for (const id of productIds) expect(lastmodOf(entries, productDetailPath(id))).toBe(updatedAtOf(id));
  });

  it('a category’s and a brand’s lastmod is the latest change of their parts', async () => {
    const { catalog } = t.fixture;
    const rows = await t.db.kysely.selectFrom('products').select(['id', 'brandId', 'categoryFirstId', 'categorySecondId']).execute();
    const latest = (ids: number[]) => (ids.length > 0 ? Math.max(...ids.map(updatedAtOf)) : null);

    const categories = sitemapEntries(await fetchXml('/public/sitemap-categories-1.xml'));
    const { resistor, chipResistor, mcu, armMcu, power, ldo } = catalog.categories;
    expect(lastmodOf(categories, choosePath(resistor))).toBe(latest(rows.filter((row) => row.categoryFirstId === resistor).map((row) => row.id)));
    expect(lastmodOf(categories, choosePath(resistor, chipResistor))).toBe(
      latest(rows.filter((row) => row.categorySecondId === chipResistor).map((row) => row.id)),
    );
    expect(lastmodOf(categories, choosePath(mcu, armMcu))).toBe(latest(rows.filter((row) => row.categorySecondId === armMcu).map((row) => row.id)));
    expect(lastmodOf(categories, '/catalogue')).toBe(latest(rows.map((row) => row.id)));
    expect(lastmodOf(categories, choosePath(power, ldo))).toBe(latest(rows.filter((row) => row.categorySecondId === ldo).map((row) => row.id)));

    const brands = sitemapEntries(await fetchXml('/public/sitemap-brands-1.xml'));
    for (const brandId of Object.values(catalog.brands)) {
      expect(lastmodOf(brands, brandPath(brandId))).toBe(latest(rows.filter((row) => row.brandId === brandId).map((row) => row.id)));
    }
    expect(brands[0]?.loc).toBe(`${origin}/brand`);
  });

  it('the news sitemap lists each column and every item with a page of its own, dated by its release', async () => {
    const xml = await fetchXml('/public/sitemap-news-1.xml');
    expect(sitemapSchemaProblems(xml, 'sitemap')).toEqual([]);
    const entries = sitemapEntries(xml);
    const [spring, external, information, article] = t.fixture.newsIds;
    if (spring === undefined || external === undefined || information === undefined || article === undefined) throw new Error('news not written');
    expect(lastmodOf(entries, newsPath(spring))).toBe(Date.UTC(2026, 0, 20, 2));
    expect(lastmodOf(entries, newsPath(information))).toBe(Date.UTC(2026, 2, 3, 4, 5, 6, 789));
    expect(lastmodOf(entries, newsPath(article))).toBe(Date.UTC(2025, 11, 31));
    expect(entries.some((entry) => entry.loc.endsWith(newsPath(external)))).toBe(false);
    expect(lastmodOf(entries, newsListPath('announcement'))).toBe(Date.UTC(2026, 0, 20, 2));
    expect(lastmodOf(entries, newsListPath('article'))).toBe(Date.UTC(2025, 11, 31));
  });

  it('answers 404 for a sitemap that does not exist', async () => {
    for (const url of [
      '/public/sitemap-products-2.xml',
      '/public/sitemap-news-2.xml',
      '/public/sitemap-orders-1.xml',
      '/public/sitemap-products-0.xml',
      '/public/x.xml',
    ]) {
      expect((await t.browser().get(url)).statusCode, url).toBe(404);
    }
  });

  it('compresses a sitemap with brotli when the crawler accepts it', async () => {
    const plain = await fetchXml('/public/sitemap-products-1.xml');
    const response = await t.app.inject({ method: 'GET', url: '/public/sitemap-products-1.xml', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(plain);
  });

  it('robots.txt keeps crawlers out of member, account, cart and API pages and points at the sitemap', async () => {
    const response = await t.browser().get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['set-cookie']).toBeUndefined();
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/user/', '/account/', '/cart', '/offer/', '/*/api/', '/open/', '/admin']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${origin}/public/sitemap.xml`);
    expect(lines).not.toContain('Disallow: /api/');
  });
});

describe('sitemaps split at the per-file limit', () => {
  const t = useTestApp({ fixture: (app) => insertCatalogFixture(app.db) });
  const urlsPerFile = 7;
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    // The app's error handler renders the 404 page; here the code of the AppError is enough.
    app.setErrorHandler((error, _request, reply) => reply.status(error instanceof AppError ? error.code : 500).send());
    await registerCompression(app);
    // Chunks of 3 rows: each file is read in several keyset steps, one ending exactly on a file's edge.
    registerSeoRoutes(app, { db: t.db.kysely, config: t.deps.config }, { urlsPerFile, chunkSize: 3 });
    await app.ready();
    return () => app.close();
  });

  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: { host: 'shop.example' } });
    return { status: response.statusCode, body: response.body };
  };

  it('puts at most urlsPerFile parts in a file, every part in exactly one, each file valid', async () => {
    const productIds = [...t.fixture.products.values()].sort((a, b) => a - b);
    expect(productIds.length).toBeGreaterThan(urlsPerFile * 3);
    const index = sitemapEntries((await get('/public/sitemap.xml')).body);
    const productFiles = index.filter((entry) => entry.loc.includes('sitemap-products-'));
    const maxId = productIds.at(-1) ?? 0;
    expect(productFiles.map((entry) => entry.loc)).toEqual(
      Array.from({ length: Math.ceil(maxId / urlsPerFile) }, (_, i) => `http://shop.example/public/sitemap-products-${i + 1}.xml`),
    );
    const listed: string[] = [];
    for (const file of productFiles) {
      const { status, body } = await get(new URL(file.loc).pathname);
      expect(status).toBe(200);
      expect(sitemapSchemaProblems(body, 'sitemap')).toEqual([]);
      const urls = sitemapEntries(body);
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(urlsPerFile);
      listed.push(...urls.map((url) => url.loc));
    }
    expect(listed).toEqual(productIds.map((id) => `http://shop.example${productDetailPath(id)}`));
    expect((await get(`/public/sitemap-products-${productFiles.length + 1}.xml`)).status).toBe(404);
  });

  it('splits the category sitemap at the same limit', async () => {
    const index = sitemapEntries((await get('/public/sitemap.xml')).body);
    const categoryFiles = index.filter((entry) => entry.loc.includes('sitemap-categories-'));
    const categoryCount = await t.db.kysely
      .selectFrom('categories')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(categoryFiles).toHaveLength(Math.ceil((categoryCount.n + 1) / urlsPerFile));
    const last = await get(new URL(categoryFiles.at(-1)?.loc ?? '').pathname);
    expect(sitemapSchemaProblems(last.body, 'sitemap')).toEqual([]);
  });
});
