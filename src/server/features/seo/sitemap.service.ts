import type { Kysely } from 'kysely';
import { brandPath, choosePath, productDetailPath } from '../../../contract/catalog.ts';
import { newsKinds, newsListPath, newsPath } from '../../../contract/news.ts';
import { sitemapFilePath, type SitemapKind } from '../../../contract/seo.ts';
import type { Database } from '../../db/database.ts';
import { escapeHtml } from '../../ssr/html-document.ts';
import { listBrandStamps, listCategoryStamps, listNewsStamps, listProductBuckets, readProductStamps } from './sitemap.repository.ts';

export interface SitemapOptions {
  /** The protocol's limit is 50,000 URLs (and 50 MB) per file; tests lower it to see files split. */
  urlsPerFile: number;
  /** Product rows read per query while a product sitemap is written. */
  chunkSize: number;
}

export const defaultSitemapOptions: SitemapOptions = { urlsPerFile: 50_000, chunkSize: 5_000 };

const xmlDeclaration = '<?xml version="1.0" encoding="UTF-8"?>\n';
const sitemapNamespace = 'http://www.sitemaps.org/schemas/sitemap/0.9';

interface SitemapUrl {
  path: string;
  lastmod: number | null;
}

/** W3C datetime in UTC, milliseconds kept: the value is the data's, to the millisecond. */
function lastmodElement(lastmod: number | null): string {
  return lastmod === null ? '' : `<lastmod>${new Date(lastmod).toISOString()}</lastmod>`;
}

function urlElement(origin: string, url: SitemapUrl): string {
  return `<url><loc>${escapeHtml(origin + url.path)}</loc>${lastmodElement(url.lastmod)}</url>\n`;
}

function latestOf(urls: readonly SitemapUrl[]): number | null {
  let latest: number | null = null;
  for (const url of urls) if (url.lastmod !== null && (latest === null || url.lastmod > latest)) latest = url.lastmod;
  return latest;
}

/** /catalogue, then each first-level category, then each second-level one. */
async function categoryUrls(db: Kysely<Database>): Promise<SitemapUrl[]> {
  const categories = await listCategoryStamps(db);
  const urls = categories.map((category) => ({
    path: category.level === 1 || category.parentId === null ? choosePath(category.id) : choosePath(category.parentId, category.id),
    lastmod: category.lastmod,
  }));
  return [{ path: '/catalogue', lastmod: latestOf(urls) }, ...urls];
}

async function brandUrls(db: Kysely<Database>): Promise<SitemapUrl[]> {
  const urls = (await listBrandStamps(db)).map((brand) => ({ path: brandPath(brand.id), lastmod: brand.lastmod }));
  return [{ path: '/brand', lastmod: latestOf(urls) }, ...urls];
}

/** The first page of each column (its latest release), then every item with a page of its own. */
async function newsUrls(db: Kysely<Database>): Promise<SitemapUrl[]> {
  const items = await listNewsStamps(db);
  const columns = newsKinds.map((kind) => ({ path: newsListPath(kind), lastmod: items.find((item) => item.kind === kind)?.releaseDate ?? null }));
  return [...columns, ...items.map((item) => ({ path: newsPath(item.newsId), lastmod: item.releaseDate }))];
}

type SmallKind = Exclude<SitemapKind, 'products'>;

const smallKindUrls: Record<SmallKind, (db: Kysely<Database>) => Promise<SitemapUrl[]>> = {
  categories: categoryUrls,
  brands: brandUrls,
  news: newsUrls,
};

const smallKinds: readonly SmallKind[] = ['categories', 'brands', 'news'];

/**
 * The sitemap index: one product sitemap per id range of urlsPerFile (a part keeps its file as the
 * catalogue grows; a range without parts has none), then the categories, brands and news, split at
 * the same limit. Each entry's lastmod is the latest of its URLs'.
 */
export async function* sitemapIndexXml(db: Kysely<Database>, origin: string, options: SitemapOptions): AsyncGenerator<string> {
  yield `${xmlDeclaration}<sitemapindex xmlns="${sitemapNamespace}">\n`;
  const entry = (kind: SitemapKind, page: number, lastmod: number | null) =>
    `<sitemap><loc>${escapeHtml(origin + sitemapFilePath(kind, page))}</loc>${lastmodElement(lastmod)}</sitemap>\n`;
  for (const { bucket, lastmod } of await listProductBuckets(db, options.urlsPerFile)) yield entry('products', bucket + 1, lastmod);
  for (const kind of smallKinds) {
    const urls = await smallKindUrls[kind](db);
    for (let start = 0, page = 1; start < urls.length; start += options.urlsPerFile, page++) {
      yield entry(kind, page, latestOf(urls.slice(start, start + options.urlsPerFile)));
    }
  }
  yield '</sitemapindex>\n';
}

/**
 * One sitemap file as a stream of chunks, or null when there is no such file (a page past the end,
 * a product id range without parts): products are read chunkSize rows at a time by keyset, so a
 * file of 50,000 parts never sits in memory whole.
 */
export async function sitemapFileXml(
  db: Kysely<Database>,
  origin: string,
  kind: SitemapKind,
  page: number,
  options: SitemapOptions,
): Promise<AsyncGenerator<string> | null> {
  const open = `${xmlDeclaration}<urlset xmlns="${sitemapNamespace}">\n`;
  const close = '</urlset>\n';
  if (kind === 'products') {
    const firstId = (page - 1) * options.urlsPerFile;
    const lastId = page * options.urlsPerFile;
    const first = await readProductStamps(db, firstId, lastId, options.chunkSize);
    if (first.length === 0) return null;
    return (async function* () {
      yield open;
      let chunk = first;
      while (chunk.length > 0) {
        yield chunk.map((product) => urlElement(origin, { path: productDetailPath(product.id), lastmod: product.updatedAt })).join('');
        const last = chunk.at(-1);
        if (!last || chunk.length < options.chunkSize) break;
        chunk = await readProductStamps(db, last.id, lastId, options.chunkSize);
      }
      yield close;
    })();
  }
  const urls = (await smallKindUrls[kind](db)).slice((page - 1) * options.urlsPerFile, page * options.urlsPerFile);
  if (urls.length === 0) return null;
  return (async function* () {
    yield open;
    yield urls.map((url) => urlElement(origin, url)).join('');
    yield close;
  })();
}
