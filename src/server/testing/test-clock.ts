import type { Clock } from '../ops/clock.ts';

/** A clock for tests: the real time, or a fixed one, moved forward by hand (`advance`) instead of waiting. */
export interface TestClock extends Clock {
  advance(ms: number): void;
}

/** From `start` when given (standing still until advanced), else from the real time (running, plus what was advanced). */
export function createTestClock(start?: number): TestClock {
  let offset = 0;
  return {
    now: () => (start ?? Date.now()) + offset,
    advance(ms) {
      offset += ms;
    },
  };
}
