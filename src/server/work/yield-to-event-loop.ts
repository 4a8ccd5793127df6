import { setImmediate } from 'node:timers/promises';

/**
 * Lets the event loop serve what waits (requests, timers) before a long task's next step. better-sqlite3 is
 * synchronous, so on SQLite a loop of awaited queries is one chain of microtasks that holds every request until it
 * ends: a 10,000-row price list applied in its batches held the whole store for 2.5 s on a quiet machine.
 */
export function yieldToEventLoop(): Promise<void> {
  return setImmediate();
}
