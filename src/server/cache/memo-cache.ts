import { LRUCache } from 'lru-cache';

export interface MemoCacheOptions {
  /** How long a value may be served after it was loaded. */
  ttlMs: number;
  /** How many keys are kept; the least recently used go first. */
  maxEntries: number;
  /** The clock the time is read from (tests move it by hand). */
  clock?: { now(): number };
}

/**
 * The store's one in-process cache: values that change rarely (the category tree, site
 * content, brand names, facet counts) kept for a short time. Concurrent readers of a missing
 * key share one load; a failed load is not kept. Built on lru-cache's fetchMethod.
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
    ...(options.clock ? { perf: options.clock, ttlResolution: 0 } : {}),
  });
  return {
    async get(key, load) {
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
