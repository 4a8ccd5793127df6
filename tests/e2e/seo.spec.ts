import type { Page } from '@playwright/test';
import type { Offer, Product, UnitPriceSpecification } from 'schema-dts';
import { sitemapEntries, sitemapSchemaProblems } from '../../src/server/features/seo/testing/sitemap-schema.ts';
import { expect, test } from './fixtures.ts';

/**
 * The shell's links on the home page: status bar, header (search hot words, top navigation), the
 * category menu (groups and first-level categories; not the second level inside the fly-outs),
 * sidebar, footer (guarantees, help columns, legal line, friendly links): every one on this site.
 */
async function shellLinks(page: Page): Promise<string[]> {
  await page.goto('/');
  const hrefs = await page.evaluate(() => {
    const areas = ['[data-testid="status-bar"]', 'header.site-header', '[data-testid="category-menu"]', '[data-testid="sidebar"]', '[data-testid="footer"]'];
    const anchors = areas.flatMap((area) => [...document.querySelectorAll<HTMLAnchorElement>(`${area} a[href]`)]);
    return anchors.filter((anchor) => !anchor.closest('.category-menu__columns')).map((anchor) => anchor.href);
  });
  const origin = new URL(page.url()).origin;
  const sameSite = hrefs.filter((href) => new URL(href).origin === origin).map((href) => href.replace(/#.*$/, ''));
  return [...new Set(sameSite)];
}

interface Visit {
  link: string;
  status: number;
  finalUrl: string;
  title: string | null;
  /** The page's own address: two links to the same page (a redirect, another query) share it. */
  canonical: string | null;
}

async function visitAll(page: Page, links: string[]): Promise<Visit[]> {
  const visits: Visit[] = [];
  for (const link of links) {
    const response = await page.request.get(link);
    const isHtml = (response.headers()['content-type'] ?? '').startsWith('text/html');
    const body = isHtml ? await response.text() : '';
    visits.push({
      link,
      status: response.status(),
      finalUrl: response.url(),
      title: isHtml ? (/<title>([^<]*)<\/title>/.exec(body)?.[1] ?? '') : null,
      canonical: isHtml ? (/<link rel="canonical" href="([^"]*)">/.exec(body)?.[1] ?? response.url()) : null,
    });
  }
  return visits;
}

function problemsOf(visits: Visit[]): string[] {
  const problems = visits.filter((visit) => visit.status !== 200).map((visit) => `${visit.link}: HTTP ${visit.status}`);
  const pageByTitle = new Map<string, string>();
  for (const visit of visits) {
    if (visit.status !== 200 || visit.title === null || visit.canonical === null) continue;
    if (visit.title === '') problems.push(`${visit.link}: no title`);
    const other = pageByTitle.get(visit.title);
    if (other !== undefined && other !== visit.canonical) problems.push(`${visit.link} (${visit.canonical}) has the title of ${other}: ${visit.title}`);
    pageByTitle.set(visit.title, visit.canonical);
  }
  return problems;
}

test.describe('the shell’s links', () => {
  test.setTimeout(120_000);

  test('a visitor: every same-site link of the shell answers 200 with a page of its own title', async ({ page }) => {
    const links = await shellLinks(page);
    expect(links.length).toBeGreaterThan(30);
    for (const path of ['/public/sitemap.xml', '/serve/clause', '/coupon', '/bom', '/catalogue', '/brand']) {
      expect(links.map((link) => new URL(link).pathname)).toContain(path);
    }
    expect(problemsOf(await visitAll(page, links))).toEqual([]);
  });

  test('a member: the same walk, member pages included', async ({ page, member }) => {
    expect(member.userId).toBeGreaterThan(0);
    const links = await shellLinks(page);
    const visits = await visitAll(page, links);
    expect(visits.find((visit) => new URL(visit.link).pathname === '/user/person')?.finalUrl).toMatch(/\/user\/person$/);
    expect(problemsOf(visits)).toEqual([]);
  });
});

test.describe('search engines', () => {
  test('a product page’s JSON-LD, parsed in the browser, gives its price tiers and availability without a CSP complaint', async ({ page, storeDb }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const product = await storeDb
      .selectFrom('products')
      .select(['id', 'code', 'stock'])
      .where('stock', '>', 0)
      .where('firstTierPriceE4', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const tiers = await storeDb.selectFrom('productPrices').select(['qtyStart', 'priceE4']).where('productId', '=', product.id).orderBy('qtyStart').execute();
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => console.warn(`Content Security Policy violation: ${event.violatedDirective}`));
    });
    const response = await page.goto(`/product/detail/${product.id}`);
    const scriptSources = /script-src ([^;]*)/.exec(response?.headers()['content-security-policy'] ?? '')?.[1];
    expect(scriptSources).toBe("'self'");
    await expect(page.locator('h1')).toContainText(product.code);
    const blocks = await page.evaluate(() =>
      [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent) as { '@type': string }),
    );
    const jsonLd = blocks.find((block) => block['@type'] === 'Product') as Product & { offers: Offer & { priceSpecification: UnitPriceSpecification[] } };
    expect(jsonLd).toMatchObject({ mpn: product.code, sku: String(product.id), brand: { '@type': 'Brand' } });
    expect(jsonLd.offers.availability).toBe('https://schema.org/InStock');
    expect(jsonLd.offers.priceCurrency).toBe('CNY');
    const asE4 = (price: unknown) => Math.round(Number(price) * 10_000);
    expect(asE4(jsonLd.offers.price)).toBe(tiers[0]?.priceE4);
    expect(jsonLd.offers.priceSpecification.map((tier) => [(tier.eligibleQuantity as { minValue: number }).minValue, asE4(tier.price)])).toEqual(
      tiers.map((tier) => [tier.qtyStart, tier.priceE4]),
    );
    expect(blocks.map((block) => block['@type'])).toContain('BreadcrumbList');
    expect(violations).toEqual([]);
  });

  test('the sitemap index and a product sitemap are valid and list the store’s parts with their dates', async ({ page, storeDb }) => {
    const index = await page.request.get('/public/sitemap.xml');
    expect(index.status()).toBe(200);
    const indexXml = await index.text();
    expect(sitemapSchemaProblems(indexXml, 'siteindex')).toEqual([]);
    const files = sitemapEntries(indexXml).map((entry) => new URL(entry.loc).pathname);
    for (const kind of ['products', 'categories', 'brands', 'news']) expect(files).toContain(`/public/sitemap-${kind}-1.xml`);

    // Journeys running alongside add parts and edit them: a write between the sitemap and the read of
    // the table makes them differ, and the pair is taken again.
    await expect(async () => {
      const products = await page.request.get('/public/sitemap-products-1.xml', { headers: { 'accept-encoding': 'br' } });
      expect(products.headers()['content-encoding']).toBe('br');
      const productXml = await products.text();
      expect(sitemapSchemaProblems(productXml, 'sitemap')).toEqual([]);
      const entries = sitemapEntries(productXml);
      const stored = await storeDb.selectFrom('products').select(['id', 'updatedAt']).where('id', '<=', 50_000).orderBy('id').execute();
      expect(entries.map((entry) => new URL(entry.loc).pathname)).toEqual(stored.map((row) => `/product/detail/${row.id}`));
      expect(entries.map((entry) => Date.parse(entry.lastmod ?? ''))).toEqual(stored.map((row) => row.updatedAt));
    }).toPass({ timeout: 15_000 });

    const robots = await page.request.get('/robots.txt');
    expect(await robots.text()).toContain(`Sitemap: ${new URL(index.url()).origin}/public/sitemap.xml`);
  });
});
