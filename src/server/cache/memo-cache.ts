import { LRUCache } from 'lru-cache';

export interface MemoCacheOptions {
  /** How long a value may be served after it was loaded. */
  ttlMs: number;
  /** How many keys are kept; the least recently used go first. */
  maxEntries: number;
  /** The clock the time is read from (tests move it by hand). */
  clock?: { now(): number };
  /**
   * The version of the data behind the cache (CacheVersions.of), asked before every read: when it
   * moved, everything cached is loaded again. Without it only the TTL ends an entry.
   */
  version?: () => Promise<number>;
}

/**
 * The store's one in-process cache: values that change rarely (the category tree, site
 * content, brand names, facet counts) kept for a short time. Concurrent readers of a missing
 * key share one load; a failed load is not kept. Built on lru-cache's fetchMethod. With a
 * version, a write by any process reaches every process's copy within the version check.
 */
export interface MemoCache<Key extends string, Value> {
  get(key: Key, load: () => Promise<Value>): Promise<Value>;
  forget(key: Key): void;
  clear(): void;
}

export function createMemoCache<Key extends string, Value extends object>(options: MemoCacheOptions): MemoCache<Key, Value> {
  const cache = new LRUCache<Key, Value, () => Promise<Value>>({
    max: options.maxEntries,
    ttl: options.ttlMs,
    fetchMethod: (_key, _stale, { context }) => context(),
    // A key dropped while it loads (a version change, forget) still answers the readers waiting for it, without keeping the value.
    ignoreFetchAbort: true,
    ...(options.clock ? { perf: options.clock, ttlResolution: 0 } : {}),
  });
  let seenVersion: number | undefined;
  return {
    async get(key, load) {
      if (options.version) {
        // Read before loading: a value loaded after this read is at least as new as this version.
        const version = await options.version();
        if (version !== seenVersion) {
          if (seenVersion !== undefined) cache.clear();
          seenVersion = version;
        }
      }
      const value = await cache.fetch(key, { context: load });
      if (value === undefined) throw new Error(`memo cache: no value for ${key}`);
      return value;
    },
    forget(key) {
      cache.delete(key);
    },
    clear() {
      cache.clear();
    },
  };
}
