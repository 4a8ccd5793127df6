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
  /** The kept page for this visitor's request, or null (not kept, gone stale, or an address never kept): nothing is stored. */
  keptFor(request: FastifyRequest, routePath: string): Promise<CachedPage | null>;
  /** Whether any address of this route may be kept (the early answer asks before it looks at the visitor). */
  keeps(routePath: string): boolean;
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

  /** Where a visitor's request for this page is kept, if its address is one that is; the epoch it is checked against. */
  async function placeOf(request: FastifyRequest, routePath: string) {
    const rule = options.pages.get(routePath);
    if (!rule || !isCacheableAddress(rule, request.url, request.params)) return null;
    const [epoch, variant] = await Promise.all([options.changes.sync(), options.visitorVariantOf(request)]);
    const key = `${options.originOf(request)}${request.url}#${variant}`;
    const productId = rule.dependsOn === 'product' ? productIdOf(request.params) : null;
    const kept = entries.get(key);
    if (kept && !options.changes.isFresh(kept.epoch, kept.dependsOn, kept.productId)) {
      entries.delete(key);
      return { rule, epoch, key, productId, kept: null };
    }
    return { rule, epoch, key, productId, kept: kept ?? null };
  }

  async function ticketFor(request: FastifyRequest, routePath: string): Promise<PageCacheTicket | null> {
    const place = await placeOf(request, routePath);
    if (!place) return null;
    const { kept, rule, epoch, key, productId } = place;
    if (kept) {
      stats.hits++;
      return { cached: kept, store: () => kept };
    }
    return {
      cached: null,
      store(html) {
        stats.renders++;
        const entry: Entry = { body: html, encoded: encodingsOf(html), etag: etagOf(html), epoch, dependsOn: rule.dependsOn, productId };
        entries.set(key, entry, rule.maxAgeMs === undefined ? undefined : { ttl: Math.min(rule.maxAgeMs, limits.ttlMs) });
        return entry;
      },
    };
  }

  async function keptFor(request: FastifyRequest, routePath: string): Promise<CachedPage | null> {
    const kept = (await placeOf(request, routePath))?.kept ?? null;
    if (kept) stats.hits++;
    return kept;
  }

  return {
    ticketFor,
    keptFor,
    keeps: (routePath) => options.pages.has(routePath),
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
