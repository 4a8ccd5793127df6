import { XmlDocument, XsdValidator } from 'libxml2-wasm';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const fixturesDir = resolve(import.meta.dirname, '../fixtures');
export const sitemapNamespaces = { s: 'http://www.sitemaps.org/schemas/sitemap/0.9' };

/** The file's problems against sitemaps.org's own schema (fixtures/, vendored), as libxml2 words them; [] when valid. */
export function sitemapSchemaProblems(xml: string, schema: 'sitemap' | 'siteindex'): string[] {
  const schemaDoc = XmlDocument.fromString(readFileSync(resolve(fixturesDir, `${schema}.xsd`), 'utf8'));
  const validator = XsdValidator.fromDoc(schemaDoc);
  const doc = XmlDocument.fromString(xml);
  try {
    validator.validate(doc);
    return [];
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  } finally {
    doc.dispose();
    validator.dispose();
    schemaDoc.dispose();
  }
}

export interface SitemapEntry {
  loc: string;
  lastmod: string | null;
}

/** The <loc> and <lastmod> of each <url> (or <sitemap>) of a well-formed file (a malformed one throws). */
export function sitemapEntries(xml: string): SitemapEntry[] {
  const doc = XmlDocument.fromString(xml);
  try {
    return doc.find('/s:urlset/s:url | /s:sitemapindex/s:sitemap', sitemapNamespaces).map((node) => ({
      loc: node.get('s:loc', sitemapNamespaces)?.content ?? '',
      lastmod: node.get('s:lastmod', sitemapNamespaces)?.content ?? null,
    }));
  } finally {
    doc.dispose();
  }
}
