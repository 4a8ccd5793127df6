import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle.ts';

describe('throttle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the first call at once and the latest of a burst once at the end of the window', () => {
    const seen: number[] = [];
    const throttled = throttle((value: number) => seen.push(value), 50);
    throttled(1);
    throttled(2);
    throttled(3);
    expect(seen).toEqual([1]);
    vi.advanceTimersByTime(49);
    expect(seen).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([1, 3]);
  });

  it('runs at most once per 50 ms during continuous calls', () => {
    let runs = 0;
    const throttled = throttle(() => runs++, 50);
    for (let ms = 0; ms < 500; ms += 5) {
      throttled();
      vi.advanceTimersByTime(5);
    }
    vi.advanceTimersByTime(100);
    expect(runs).toBeGreaterThanOrEqual(10);
    expect(runs).toBeLessThanOrEqual(11);
  });

  it('runs again at once after a quiet window, and cancel drops the pending call', () => {
    const seen: string[] = [];
    const throttled = throttle((value: string) => seen.push(value), 50);
    throttled('a');
    vi.advanceTimersByTime(60);
    throttled('b');
    expect(seen).toEqual(['a', 'b']);
    throttled('c');
    throttled.cancel();
    vi.advanceTimersByTime(100);
    expect(seen).toEqual(['a', 'b']);
  });
});
