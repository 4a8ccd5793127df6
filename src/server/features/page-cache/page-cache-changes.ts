import type { Logger } from 'pino';
import { cacheSources, type CacheVersions } from '../../cache/cache-versions.ts';
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
 */
export interface PageChanges {
  /** Reads the signals when the last read is older than the interval; the epoch a render starting now belongs to. */
  sync(): Promise<number>;
  isFresh(epoch: number, dependsOn: PageDependence, productId: number | null): boolean;
  /**
   * Whether the last change seen is at least one check interval old. The shell's memo caches read
   * cache_versions on their own clock (up to an interval behind): a page rendered sooner may show
   * their old data under the new epoch, so it is served but not kept.
   */
  isSettled(): boolean;
}

export interface PageChangesOptions {
  checkIntervalMs?: number;
  clock?: { now(): number };
  logger?: Pick<Logger, 'warn'>;
}

/** The site sources: every cache_versions counter but the two the change log names products for. */
const siteSources = cacheSources.filter((source) => source !== 'products' && source !== 'product_prices');
/** More changes than this in one read, or more products remembered than the next, count as "every product changed". */
const changesPerRead = 5000;
const rememberedProducts = 50_000;

export function createPageChanges(database: Db, cacheVersions: CacheVersions, options: PageChangesOptions = {}): PageChanges {
  const interval = options.checkIntervalMs ?? 1000;
  const clock = options.clock ?? Date;
  const siteVersion = cacheVersions.of(...siteSources);
  let epoch = 0;
  let epochMovedAt = Number.NEGATIVE_INFINITY;
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<number> | null = null;
  let cursor: ChangeCursor | null = null;
  let lastSiteVersion: number | null = null;
  const changedAt = { site: 0, catalog: 0, allProducts: 0 };
  const productChangedAt = new Map<number, number>();

  function everyProductChanged(at: number) {
    changedAt.catalog = at;
    changedAt.allProducts = at;
    productChangedAt.clear();
  }

  async function readCatalog(next: () => number) {
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

  async function read(): Promise<number> {
    // One new epoch per read, however many changes it finds.
    const found = { epoch: null as number | null };
    const next = () => (found.epoch ??= epoch + 1);
    try {
      const version = await siteVersion();
      if (lastSiteVersion !== null && version !== lastSiteVersion) changedAt.site = next();
      lastSiteVersion = version;
      await readCatalog(next);
    } catch (error) {
      // Cached pages keep being served while the database does not answer; renders fail by themselves.
      options.logger?.warn({ err: error }, 'page cache: change signals unreadable');
    }
    if (found.epoch !== null) {
      epoch = found.epoch;
      epochMovedAt = clock.now();
    }
    return epoch;
  }

  return {
    sync() {
      if (reading) return reading;
      if (clock.now() - readAt < interval) return Promise.resolve(epoch);
      readAt = clock.now();
      reading = read().finally(() => {
        reading = null;
      });
      return reading;
    },
    isSettled() {
      return clock.now() - epochMovedAt >= interval;
    },
    isFresh(renderedAt, dependsOn, productId) {
      if (renderedAt < changedAt.site) return false;
      if (dependsOn === 'catalog') return renderedAt >= changedAt.catalog;
      if (dependsOn === 'product') return renderedAt >= changedAt.allProducts && renderedAt >= (productChangedAt.get(productId ?? 0) ?? 0);
      return true;
    },
  };
}
