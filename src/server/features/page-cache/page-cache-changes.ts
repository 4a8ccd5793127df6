import type { Logger } from 'pino';
import { cacheSources, type CacheCounters, type CacheVersions } from '../../cache/cache-versions.ts';
import type { Db } from '../../db/create-db.ts';
import { readChangesAfter, readSyncState } from '../../cache/catalog-changes.ts';
import { ChangeCursor } from '../../cache/change-cursor.ts';
import type { PageDependence } from './page-cache.rules.ts';

/**
 * What this process has learned from the database about changes, as epochs: a local counter
 * moved each time a read finds something new. A page rendered at epoch E is fresh while nothing it
 * depends on changed after E. Both signals live in the database, so every process agrees:
 * - site content, menus, brands, news (cache_versions, bumped by triggers; products and their prices
 *   are left to the next signal, which names the product);
 * - products, their prices, parameters and stock (catalog_changes, one row per product written;
 *   a NULL product for a brand, category or attribute change).
 *
 * Both are read in the cache tick the memo caches read (CacheVersions), the change log first: a change
 * that moves the epoch is in the counters the shell's memo caches see, so a page rendered under the new
 * epoch shows it and may be kept.
 */
export interface PageChanges {
  /** The cache tick (a read when the last one is older than the interval); the epoch a render starting now belongs to. */
  sync(): Promise<number>;
  isFresh(epoch: number, dependsOn: PageDependence, productId: number | null): boolean;
}

export interface PageChangesOptions {
  logger?: Pick<Logger, 'warn'>;
}

/** The site sources: every cache_versions counter but the two the change log names products for. */
const siteSources = cacheSources.filter((source) => source !== 'products' && source !== 'product_prices');
/** More changes than this in one read, or more products remembered than the next, count as "every product changed". */
const changesPerRead = 5000;
const rememberedProducts = 50_000;

export function createPageChanges(database: Db, cacheVersions: CacheVersions, options: PageChangesOptions = {}): PageChanges {
  const clock = cacheVersions.clock;
  let epoch = 0;
  let cursor: ChangeCursor | null = null;
  let lastSiteVersion: number | null = null;
  const changedAt = { site: 0, catalog: 0, allProducts: 0 };
  const productChangedAt = new Map<number, number>();
  // One new epoch per read, however many changes it finds.
  let found: number | null = null;
  const next = () => (found ??= epoch + 1);

  function everyProductChanged(at: number) {
    changedAt.catalog = at;
    changedAt.allProducts = at;
    productChangedAt.clear();
  }

  async function readCatalog() {
    const state = await readSyncState(database);
    if (!cursor) {
      cursor = new ChangeCursor(state.maxSeq);
      return;
    }
    if (state.prunedThrough > cursor.seenThrough) {
      everyProductChanged(next());
      cursor = new ChangeCursor(state.maxSeq);
      return;
    }
    if (state.maxSeq <= cursor.seenThrough && !cursor.hasGaps) return;
    const rows = await readChangesAfter(database, cursor.seenThrough, changesPerRead);
    if (rows.length === changesPerRead) {
      everyProductChanged(next());
      cursor = new ChangeCursor(state.maxSeq);
      return;
    }
    const fresh = cursor.take(rows);
    cursor.advance(clock.now());
    if (fresh.length === 0) return;
    const at = next();
    changedAt.catalog = at;
    for (const change of fresh) {
      if (change.productId === null) everyProductChanged(at);
      else productChangedAt.set(change.productId, at);
    }
    if (productChangedAt.size > rememberedProducts) everyProductChanged(at);
  }

  cacheVersions.follow({
    async beforeCounters() {
      found = null;
      try {
        await readCatalog();
      } catch (error) {
        // Cached pages keep being served while the database does not answer; renders fail by themselves.
        options.logger?.warn({ err: error }, 'page cache: change signals unreadable');
      }
    },
    afterCounters(counters: CacheCounters) {
      let version = 0;
      for (const source of siteSources) version += counters.get(source) ?? 0;
      if (lastSiteVersion !== null && version !== lastSiteVersion) changedAt.site = next();
      lastSiteVersion = version;
      if (found !== null) epoch = found;
    },
  });

  return {
    async sync() {
      await cacheVersions.sync();
      return epoch;
    },
    isFresh(renderedAt, dependsOn, productId) {
      if (renderedAt < changedAt.site) return false;
      if (dependsOn === 'catalog') return renderedAt >= changedAt.catalog;
      if (dependsOn === 'product') return renderedAt >= changedAt.allProducts && renderedAt >= (productChangedAt.get(productId ?? 0) ?? 0);
      return true;
    },
  };
}
