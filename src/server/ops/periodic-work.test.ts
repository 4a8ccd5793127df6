import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../testing/test-clock.ts';
import { PeriodicWork } from './periodic-work.ts';

const logger = pino({ level: 'silent' });

describe('PeriodicWork', () => {
  it('gives a pass the time of its clock and records it as the last run', async () => {
    const clock = createTestClock(5_000);
    const seen: number[] = [];
    const work = new PeriodicWork({ name: 'test', intervalMs: 60_000, logger, idle: 0, clock, pass: async (now) => seen.push(now) });
    await work.run();
    clock.advance(1_500);
    await work.run();
    expect(seen).toEqual([5_000, 6_500]);
    expect(work.lastRunAt).toBe(6_500);
    await work.close();
  });

  it('shares the pass under way, and close waits for it; afterwards passes answer idle', async () => {
    let finish: (value: number) => void = () => undefined;
    let passes = 0;
    const work = new PeriodicWork({
      name: 'test',
      intervalMs: 60_000,
      logger,
      idle: -1,
      pass: () => {
        passes++;
        return new Promise<number>((resolve) => (finish = resolve));
      },
    });
    const first = work.run();
    const second = work.run();
    expect(passes).toBe(1);
    let isClosed = false;
    const closing = work.close().then(() => (isClosed = true));
    await Promise.resolve();
    expect(isClosed).toBe(false);
    finish(7);
    expect(await first).toBe(7);
    expect(await second).toBe(7);
    await closing;
    expect(isClosed).toBe(true);
    expect(await work.run()).toBe(-1);
    expect(passes).toBe(1);
  });

  it("hands a failed pass to the work's own reporter when it has one, and answers idle", async () => {
    const reported: unknown[] = [];
    const failure = new Error('queue away');
    const work = new PeriodicWork({
      name: 'test',
      intervalMs: 60_000,
      idle: 'idle',
      onFailure: (error) => reported.push(error),
      pass: () => Promise.reject(failure),
    });
    expect(await work.run()).toBe('idle');
    expect(reported).toEqual([failure]);
    expect(work.lastRunAt).toBeNull();
    await work.close();
  });
});
