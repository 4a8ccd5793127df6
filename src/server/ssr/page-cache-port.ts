import type { FastifyRequest } from 'fastify';

export type PageEncoding = 'br' | 'gzip';

/**
 * A page's HTML as sent to every visitor who asks for it: the bytes, compressed once in each
 * encoding the compression hook would otherwise apply per request, and their weak ETag.
 */
export interface CachedPage {
  body: Buffer;
  encoded: Readonly<Record<PageEncoding, Buffer>>;
  etag: string;
}

/** The encoding to send a kept page in: brotli, else gzip, else none (an Accept-Encoding token with q=0 is refused). */
export function preferredEncoding(acceptEncoding: string | undefined): PageEncoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((token) => token.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(param)))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** One visitor's request for a cacheable page: what the cache holds for it, or where to put the render. */
export interface PageCacheTicket {
  cached: CachedPage | null;
  /** Keeps the rendered document (only a 200 is ever given) and returns it as it is to be sent. */
  store(html: Buffer): CachedPage;
}

/**
 * The page cache as the renderer sees it (features/page-cache/ implements it): null for a request
 * that is not served from it (a member, a page or address it does not keep).
 */
export interface PageCachePort {
  ticketFor(request: FastifyRequest, routePath: string): Promise<PageCacheTicket | null>;
}

/** Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 §13.1.2). */
export function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}
