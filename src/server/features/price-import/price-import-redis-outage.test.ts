import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/use-test-app.ts';
import { createBullmqPriceImportQueue } from './price-import-queue.ts';

/**
 * Issue 29, the outside probe: with Redis away, BullMQ wrote every failed reconnect to console.error,
 * multi-line and unstructured beside pino's lines. Now each goes to the trouble reporter (a warning a
 * minute); the test setup fails any test during which console.error is called.
 */
describe('the price import queue while Redis is unreachable', () => {
  const t = useTestApp();

  it('logs one structured warning, writes nothing to the console, and closes', async () => {
    const lines: string[] = [];
    const logger = {
      error: (_payload: object, message: string) => lines.push(`error ${message}`),
      warn: (_payload: object, message: string) => lines.push(`warn ${message}`),
    };
    // Port 1: nothing listens there, so every connection attempt is refused at once.
    const queue = createBullmqPriceImportQueue(t.db.kysely, logger, { redisUrl: 'redis://127.0.0.1:1', prefix: 'outage-test', sweepMs: 60_000 });
    const starting = queue.start().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(lines).toEqual(['warn price import queue: Redis unreachable, retrying']);
    await queue.close();
    await starting;
  });
});
