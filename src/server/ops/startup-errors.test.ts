import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeStartupFailure, redactedUrl } from './startup-errors.ts';
import { testEngine } from '../testing/test-db.ts';

const root = resolve(import.meta.dirname, '../../..');

function startStore(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/server/main.ts'],
      { cwd: root, env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'silent', ...env }, timeout: 110_000 },
      (error, _stdout, stderr) => done({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr }),
    );
  });
}

describe('start-up with the database unreachable', () => {
  // A process of its own, the same for both engine projects: run once, in the SQLite one.
  it.runIf(testEngine === 'sqlite')('exits 1 naming the variable, the host and what to check, without a stack trace', { timeout: 120_000 }, async () => {
    const { code, stderr } = await startStore({ DATABASE_URL: 'postgres://shop:s3cret@127.0.0.1:1/store', SESSION_SECRET: 'x'.repeat(40) });
    expect(code).toBe(1);
    expect(stderr).toContain('PostgreSQL at 127.0.0.1:1');
    expect(stderr).toContain('DATABASE_URL = postgres://shop:***@127.0.0.1:1/store');
    expect(stderr).toContain('that PostgreSQL is running and listening on 127.0.0.1:1');
    expect(stderr).not.toContain('s3cret');
    expect(stderr).not.toMatch(/^\s+at /m);
  });

  it('tells a missing database and a wrong password apart', () => {
    const config = { databaseUrl: 'postgres://shop@db.internal:5433/store', databaseEngine: 'postgres' as const };
    const missing = Object.assign(new Error('database "store" does not exist'), { code: '3D000' });
    expect(describeStartupFailure(new Error('Migration failed', { cause: missing }), config)).toContain('the database "store" does not exist: create it first');
    const refused = Object.assign(new Error('password authentication failed'), { code: '28P01' });
    expect(describeStartupFailure(refused, config)).toContain('the user "shop" or its password is wrong');
    expect(describeStartupFailure(new TypeError('a bug'), config)).toBeNull();
    expect(redactedUrl('postgres://a:b@h/d')).toBe('postgres://a:***@h/d');
  });
});
