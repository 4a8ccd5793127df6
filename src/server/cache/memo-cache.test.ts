import { describe, expect, it } from 'vitest';
import { createMemoCache } from './memo-cache.ts';

describe('memo cache', () => {
  it('loads a key once for concurrent readers and serves it until the time is up', async () => {
    let time = 1_000_000;
    const cache = createMemoCache<string, { n: number }>({ ttlMs: 1000, maxEntries: 10, clock: { now: () => time } });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    const [first, second] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect(first).toEqual({ n: 1 });
    expect(second).toBe(first);
    expect(await cache.get('k', load)).toBe(first);
    time += 1001;
    expect(await cache.get('k', load)).toEqual({ n: 2 });
  });

  it('keeps no failed load: the next reader tries again', async () => {
    const cache = createMemoCache<string, { n: number }>({ ttlMs: 60_000, maxEntries: 10 });
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => ({ n: 7 }))).toEqual({ n: 7 });
  });

  it('forgets a key on demand and drops the least recently used beyond its size', async () => {
    const cache = createMemoCache<string, { n: number }>({ ttlMs: 60_000, maxEntries: 2 });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(await cache.get('a', load)).toEqual({ n: 4 });
    cache.forget('a');
    expect(await cache.get('a', load)).toEqual({ n: 5 });
  });

  it('loads again when its version moves, and not before', async () => {
    let version = 1;
    const cache = createMemoCache<string, { n: number }>({ ttlMs: 60_000, maxEntries: 10, version: async () => version });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.get('a', load)).toEqual({ n: 1 });
    expect(await cache.get('a', load)).toEqual({ n: 1 });
    version = 2;
    expect(await cache.get('a', load)).toEqual({ n: 2 });
    expect(await cache.get('a', load)).toEqual({ n: 2 });
  });

  it('answers the readers of a load that was dropped meanwhile, and does not keep it', async () => {
    const cache = createMemoCache<string, { n: number }>({ ttlMs: 60_000, maxEntries: 10 });
    let finish: (value: { n: number }) => void = () => undefined;
    const pending = cache.get('k', () => new Promise((resolve) => (finish = resolve)));
    await Promise.resolve();
    cache.clear();
    finish({ n: 1 });
    expect(await pending).toEqual({ n: 1 });
    expect(await cache.get('k', async () => ({ n: 2 }))).toEqual({ n: 2 });
  });
});
