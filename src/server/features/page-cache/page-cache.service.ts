import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { CachedPage, PageCachePort, PageCacheTicket } from '../../ssr/page-cache-port.ts';
import type { PageChanges } from './page-cache-changes.ts';
import { isCacheableAddress, type CacheablePage } from './page-cache.rules.ts';

/**
 * The size bound: 2,000 documents and 64 MiB per process, counting the HTML and its brotli and
 * gzip copies (a home page is about 95 kB + 20 kB), least recently used out first. A minute is the longest a document is
 * kept even when nothing it shows was written: the home page's greeting and the banners and ads
 * with a schedule follow the clock, not a write.
 */
export const pageCacheLimits = { maxEntries: 2000, maxBytes: 64 * 1024 * 1024, ttlMs: 60_000 } as const;

interface Entry extends CachedPage {
  epoch: number;
  dependsOn: CacheablePage['dependsOn'];
  productId: number | null;
}

export interface PageCacheOptions {
  pages: ReadonlyMap<string, CacheablePage>;
  changes: PageChanges;
  /** What else a visitor's shell depends on (features/shell: the ads still open to them, the phone link). */
  visitorVariantOf: (request: FastifyRequest) => Promise<string>;
  /** The public origin the page's canonical and og: addresses are written with. */
  originOf: (request: FastifyRequest) => string;
  limits?: Partial<typeof pageCacheLimits>;
}

export interface PageCache extends PageCachePort {
  /** How many documents are kept (tests: random query strings do not add any). */
  readonly size: number;
  readonly stats: { hits: number; renders: number };
}

/** A weak ETag: @fastify/compress sends these bytes gzipped or not under the same tag, which only a weak one allows. */
function etagOf(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * The page compressed once per render instead of once per request (the hook's brotli 4 costs about
 * a millisecond on a home page); a notch denser than the hook's levels, since it is paid once.
 */
function encodingsOf(body: Buffer): CachedPage['encoded'] {
  return {
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzip: gzipSync(body, { level: 6 }),
  };
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const limits = { ...pageCacheLimits, ...options.limits };
  const entries = new LRUCache<string, Entry>({
    max: limits.maxEntries,
    maxSize: limits.maxBytes,
    sizeCalculation: (entry, key) => entry.body.length + entry.encoded.br.length + entry.encoded.gzip.length + key.length,
    ttl: limits.ttlMs,
  });
  const stats = { hits: 0, renders: 0 };

  async function ticketFor(request: FastifyRequest, routePath: string): Promise<PageCacheTicket | null> {
    const rule = options.pages.get(routePath);
    if (!rule || !isCacheableAddress(rule, request.url, request.params)) return null;
    const [epoch, variant] = await Promise.all([options.changes.sync(), options.visitorVariantOf(request)]);
    const key = `${options.originOf(request)}${request.url}#${variant}`;
    const productId = rule.dependsOn === 'product' ? productIdOf(request.params) : null;
    const kept = entries.get(key);
    if (kept && options.changes.isFresh(kept.epoch, kept.dependsOn, kept.productId)) {
      stats.hits++;
      return { cached: kept, store: () => kept };
    }
    if (kept) entries.delete(key);
    return {
      cached: null,
      store(html) {
        stats.renders++;
        const entry: Entry = { body: html, encoded: encodingsOf(html), etag: etagOf(html), epoch, dependsOn: rule.dependsOn, productId };
        entries.set(key, entry);
        return entry;
      },
    };
  }

  return {
    ticketFor,
    get size() {
      return entries.size;
    },
    stats,
  };
}

function productIdOf(params: unknown): number | null {
  const value = typeof params === 'object' && params !== null ? (params as Record<string, unknown>).productId : undefined;
  return typeof value === 'string' ? Number(value) : null;
}
