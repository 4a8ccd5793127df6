import { describe, expect, it } from 'vitest';
import { createTroubleReporter } from './price-import-queue.ts';

function recordingLogger() {
  const lines: { level: 'error' | 'warn'; message: string }[] = [];
  return {
    lines,
    logger: {
      error: (_payload: object, message: string) => lines.push({ level: 'error', message }),
      warn: (_payload: object, message: string) => lines.push({ level: 'warn', message }),
    },
  };
}

describe('price import queue trouble', () => {
  it('a lost PostgreSQL connection in the sweep is a warning a minute, not an error', () => {
    const { lines, logger } = recordingLogger();
    let clock = 0;
    const report = createTroubleReporter(logger, () => clock);
    report(new Error('Connection terminated unexpectedly'), 'price import sweep');
    clock = 30_000;
    report(new Error('Connection terminated unexpectedly'), 'price import sweep');
    clock = 61_000;
    report(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }), 'price import sweep');
    expect(lines).toEqual([
      { level: 'warn', message: 'price import sweep: the database unreachable, retrying' },
      { level: 'warn', message: 'price import sweep: the database unreachable, retrying' },
    ]);
  });

  it('Redis and the database are warned of apart; anything else is an error every time', () => {
    const { lines, logger } = recordingLogger();
    const report = createTroubleReporter(logger, () => 0);
    report(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' }), 'price import worker');
    report(new Error('Connection terminated unexpectedly'), 'price import sweep');
    report(new Error('relation "price_import_jobs" does not exist'), 'price import sweep');
    report(new Error('relation "price_import_jobs" does not exist'), 'price import sweep');
    expect(lines.map((line) => `${line.level} ${line.message}`)).toEqual([
      'warn price import worker: Redis unreachable, retrying',
      'warn price import sweep: the database unreachable, retrying',
      'error price import sweep',
      'error price import sweep',
    ]);
  });
});
