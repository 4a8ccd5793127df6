import type { FastifyReply, FastifyRequest } from 'fastify';
import { isNotModified, preferredEncoding, type CachedPage } from './page-cache-port.ts';

/**
 * Visitors revalidate every time (no-cache: the browser may keep the page but must ask, and a 304
 * costs no body), and only their own browser keeps it (private: the first answer sets their cookies).
 */
export const visitorPageCacheControl = 'private, no-cache';
export const pageCacheHeader = 'x-page-cache';

/**
 * A kept page as sent, by the renderer after a render and by the early answer before any routing
 * work (features/page-cache/page-cache-early-answer.ts): one function, so both send the same headers.
 */
export function sendKeptPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage, source: 'hit' | 'miss') {
  void reply.header('Cache-Control', visitorPageCacheControl).header('ETag', page.etag).header(pageCacheHeader, source);
  if (isNotModified(request.headers['if-none-match'], page.etag)) return reply.status(304).send();
  void reply.status(200).type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding');
  // Compressed when kept: the compression hook leaves a reply that carries a Content-Encoding alone.
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  return encoding ? reply.header('Content-Encoding', encoding).send(page.encoded[encoding]) : reply.send(page.body);
}
