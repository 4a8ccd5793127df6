/**
 * A short-lived in-process memo per database: every page reads the category tree, hot
 * keywords, footer and configuration, which change rarely. Keyed by the Db object so each
 * test app (its own database) gets its own entries. Concurrent readers share one load.
 */
export interface TtlCache<T> {
  get(owner: object, load: () => Promise<T>, now?: number): Promise<T>;
  clear(owner: object): void;
}

export function createTtlCache<T>(ttlMs: number): TtlCache<T> {
  const entries = new WeakMap<object, { value: Promise<T>; expiresAt: number }>();
  return {
    get(owner, load, now = Date.now()) {
      const entry = entries.get(owner);
      if (entry && entry.expiresAt > now) return entry.value;
      const value = load();
      entries.set(owner, { value, expiresAt: now + ttlMs });
      value.catch(() => {
        if (entries.get(owner)?.value === value) entries.delete(owner);
      });
      return value;
    },
    clear(owner) {
      entries.delete(owner);
    },
  };
}

/** How long shell data may be stale after an edit. */
export const shellCacheTtlMs = 60_000;
