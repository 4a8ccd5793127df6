import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { databaseFailureOf, logBackgroundFailure } from './database-errors.ts';

function capturingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as { level: number; msg: string }) });
  return { logger, lines };
}

describe('database failures', () => {
  it('sorts lost connections, lock waits and full disks, looking through causes', () => {
    expect(databaseFailureOf(new Error('Connection terminated unexpectedly'))).toBe('unavailable');
    expect(databaseFailureOf(Object.assign(new Error('x'), { code: '57P01' }))).toBe('unavailable');
    expect(databaseFailureOf(Object.assign(new Error('busy'), { code: 'SQLITE_BUSY' }))).toBe('busy');
    expect(databaseFailureOf(Object.assign(new Error('full'), { code: 'SQLITE_FULL' }))).toBe('storage');
    expect(databaseFailureOf(new Error('wrapped', { cause: new Error('connection closed') }))).toBe('unavailable');
    expect(databaseFailureOf(new Error('no such column'))).toBeNull();
  });

  it('logs background work lost to an outage as a warning and anything else as an error', () => {
    const { logger, lines } = capturingLogger();
    logBackgroundFailure(logger, new Error('Connection terminated unexpectedly'), 'index build failed');
    logBackgroundFailure(logger, new TypeError('undefined is not a function'), 'index build failed');
    expect(lines.map((line) => line.level)).toEqual([40, 50]);
  });
});
