import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getStored, removeStored, secondsUntilMidnight, setStored } from './storage.ts';

/** A Map-backed stand-in for the browser's localStorage (the unit tests run in Node). */
class MemoryStorage {
  readonly items = new Map<string, string>();
  failsOnWrite = false;
  failsOnRead = false;
  getItem(key: string): string | null {
    if (this.failsOnRead) throw new Error('SecurityError');
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.failsOnWrite) throw new Error('QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

let storage: MemoryStorage;
const globals = globalThis as { localStorage?: unknown };

beforeEach(() => {
  storage = new MemoryStorage();
  globals.localStorage = storage;
});
afterEach(() => {
  delete globals.localStorage;
});

const now = 1_781_000_000_000;

describe('local storage with expiry', () => {
  it('keeps a value without expiry for good', () => {
    setStored('inviter', 'U2606110001', undefined, now);
    expect(getStored('inviter', now + 365 * 86_400_000)).toBe('U2606110001');
  });

  it('keeps objects, numbers and booleans as they were', () => {
    setStored('history', ['STM32', 'ESP32'], undefined, now);
    setStored('count', 0, undefined, now);
    setStored('hidden', false, undefined, now);
    expect(getStored('history', now)).toEqual(['STM32', 'ESP32']);
    expect(getStored('count', now)).toBe(0);
    expect(getStored('hidden', now)).toBe(false);
  });

  it('reads an entry until its expiry in seconds, then as absent', () => {
    setStored('quickRegisterHidden', true, 60, now);
    expect(getStored('quickRegisterHidden', now)).toBe(true);
    expect(getStored('quickRegisterHidden', now + 59_999)).toBe(true);
    expect(getStored('quickRegisterHidden', now + 60_000)).toBeNull();
  });

  it('removes an expired entry when it is read', () => {
    setStored('marker', 'x', 1, now);
    expect(storage.items.has('marker')).toBe(true);
    expect(getStored('marker', now + 5_000)).toBeNull();
    expect(storage.items.has('marker')).toBe(false);
  });

  it('stores the expiry as a moment, so a later write restarts it', () => {
    setStored('marker', 'a', 10, now);
    setStored('marker', 'b', 10, now + 8_000);
    expect(getStored('marker', now + 15_000)).toBe('b');
    expect(JSON.parse(storage.items.get('marker') ?? '{}')).toEqual({ value: 'b', expiresAt: now + 18_000 });
  });

  it('reads a missing key as null', () => {
    expect(getStored('nothing', now)).toBeNull();
  });

  it.each([
    ['not JSON', '{oops'],
    ['a bare string written by other code', '"plain"'],
    ['JSON null', 'null'],
    ['an object without a value', '{"expiresAt":null}'],
  ])('reads %s as absent', (_, raw) => {
    storage.items.set('key', raw);
    expect(getStored('key', now)).toBeNull();
  });

  it('works on without persistence when storage refuses writes or reads', () => {
    storage.failsOnWrite = true;
    expect(() => setStored('inviter', 'x', undefined, now)).not.toThrow();
    expect(getStored('inviter', now)).toBeNull();
    storage.failsOnRead = true;
    expect(getStored('inviter', now)).toBeNull();
  });

  it('removes an entry', () => {
    setStored('inviter', 'x', undefined, now);
    removeStored('inviter');
    expect(getStored('inviter', now)).toBeNull();
  });
});

describe('seconds until midnight', () => {
  it.each([
    [new Date(2026, 5, 11, 23, 59, 30), 30],
    [new Date(2026, 5, 11, 23, 0, 0), 3600],
    [new Date(2026, 5, 11, 12, 0, 0), 12 * 3600],
    [new Date(2026, 5, 11, 0, 0, 0), 24 * 3600],
    [new Date(2026, 5, 11, 23, 59, 59, 500), 1],
  ])('from %s is %i', (moment, seconds) => {
    expect(secondsUntilMidnight(moment)).toBe(seconds);
  });

  it('makes a marker set late in the day expire at the next midnight', () => {
    const lateEvening = new Date(2026, 5, 11, 22, 15, 0);
    setStored('quickRegisterHidden', true, secondsUntilMidnight(lateEvening), lateEvening.getTime());
    expect(getStored('quickRegisterHidden', new Date(2026, 5, 11, 23, 59, 59).getTime())).toBe(true);
    expect(getStored('quickRegisterHidden', new Date(2026, 5, 12, 0, 0, 0).getTime())).toBeNull();
  });
});
