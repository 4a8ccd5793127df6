/** The sitemap index, linked from the footer (网站地图) and from robots.txt. */
export const sitemapIndexPath = '/public/sitemap.xml';

export const sitemapKinds = ['products', 'categories', 'brands', 'news'] as const;
export type SitemapKind = (typeof sitemapKinds)[number];

/** /public/sitemap-products-1.xml: the page-th file of a kind, counted from 1. */
export function sitemapFilePath(kind: SitemapKind, page: number): string {
  return `/public/sitemap-${kind}-${page}.xml`;
}

const sitemapFileName = /^sitemap-(products|categories|brands|news)-([1-9]\d{0,5})\.xml$/;

/** The kind and page of a sitemap file's name, or null for any other name. */
export function parseSitemapFileName(fileName: string): { kind: SitemapKind; page: number } | null {
  const match = sitemapFileName.exec(fileName);
  if (!match?.[1] || !match[2]) return null;
  const kind = sitemapKinds.find((candidate) => candidate === match[1]);
  return kind ? { kind, page: Number(match[2]) } : null;
}
