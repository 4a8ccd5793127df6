import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { snapshotPathOf } from './snapshot-paths.ts';

const base = (env: NodeJS.ProcessEnv) => loadConfig({ SESSION_SECRET: 'x'.repeat(32), ...env }).indexSnapshotBase;

describe('where the index snapshots live', () => {
  it('sits beside the SQLite file, or in INDEX_SNAPSHOT_DIR, and is off for :memory:, off, and tests without a directory', () => {
    expect(snapshotPathOf(base({ DATABASE_URL: 'data/store.sqlite' }), 'search-index')).toBe('data/store.sqlite.search-index');
    expect(snapshotPathOf(base({ DATABASE_URL: 'data/store.sqlite', INDEX_SNAPSHOT_DIR: '/var/cache/xp' }), 'choose-index')).toBe(
      '/var/cache/xp/store.sqlite.choose-index',
    );
    expect(base({ DATABASE_URL: ':memory:' })).toBeNull();
    expect(base({ DATABASE_URL: 'data/store.sqlite', INDEX_SNAPSHOT_DIR: 'off' })).toBeNull();
    expect(base({ DATABASE_URL: 'data/store.sqlite', NODE_ENV: 'test' })).toBeNull();
  });

  it('is a local file per machine and database for PostgreSQL, without the credentials', () => {
    const path = base({ DATABASE_URL: 'postgres://shop:secret@db.internal:6432/store' });
    expect(path).toBe('data/index-snapshots/db.internal-6432-store');
    expect(snapshotPathOf(null, 'search-index')).toBeNull();
  });
});
