import { appRootElementId, initialStateElementId } from '../../contract/shell.ts';
import { utf8Of } from './utf8-pieces.ts';

const jsonEscapes: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** JSON that can sit inside <script type="application/json"> without ending it early. */
export function serializeState(state: unknown): string {
  return JSON.stringify(state).replace(/[<>&\u2028\u2029]/g, (char) => jsonEscapes[char] ?? char);
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char);
}

/** The head's tags for search engines and link previews, all addresses absolute. */
export interface DocumentSeo {
  canonicalUrl: string;
  siteName: string;
  ogType: string;
  imageUrl: string | null;
  isNoIndex: boolean;
  structuredData: readonly unknown[];
}

export function seoHeadTags(title: string, description: string, seo: DocumentSeo): string {
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}">`;
  return [
    seo.isNoIndex ? '<meta name="robots" content="noindex, follow">' : '',
    `<link rel="canonical" href="${escapeHtml(seo.canonicalUrl)}">`,
    meta('og:title', title),
    meta('og:description', description),
    meta('og:url', seo.canonicalUrl),
    meta('og:type', seo.ogType),
    meta('og:site_name', seo.siteName),
    meta('og:locale', 'zh_CN'),
    seo.imageUrl ? meta('og:image', seo.imageUrl) : '',
    // Not executed, so the CSP's script-src does not apply; escaped like the state so "</script>" cannot end it.
    ...seo.structuredData.map((block) => `<script type="application/ld+json">${serializeState(block)}</script>`),
  ].join('');
}

export interface DocumentParts {
  title: string;
  description: string;
  seo: DocumentSeo;
  headTags: string;
  bodyHtml: string;
  state: unknown;
  bodyTags: string;
}

/** The page as sent: UTF-8 bytes, encoded from its parts without joining them into one string. */
export function htmlDocument(parts: DocumentParts): Buffer {
  return utf8Of([
    `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(parts.title)}</title><meta name="description" content="${escapeHtml(parts.description)}">${seoHeadTags(parts.title, parts.description, parts.seo)}<link rel="icon" href="/favicon.svg" type="image/svg+xml">${parts.headTags}</head><body><div id="${appRootElementId}">`,
    parts.bodyHtml,
    `</div><script type="application/json" id="${initialStateElementId}">`,
    serializeState(parts.state),
    `</script>${parts.bodyTags}</body></html>`,
  ]);
}
