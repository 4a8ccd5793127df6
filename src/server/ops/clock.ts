/**
 * The time background work and the caches read: PeriodicWork's passes, the cache tick (cache/cache-versions.ts)
 * that the memo caches and the page cache share, the search index's checks, the rate-limit windows. One value of
 * AppDeps, so a test moves them all by moving it instead of sleeping.
 */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
