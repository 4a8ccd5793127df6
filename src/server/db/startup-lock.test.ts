import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../seed/seed.ts';
import { testEngine } from '../testing/test-db.ts';
import { createDb, type Db } from './create-db.ts';
import { migrateToLatest } from './migrate.ts';
import { withStartupLock } from './startup-lock.ts';

/** An empty store (no migrations) and a way to remove it: two handles on it stand for two processes. */
async function createEmptyStore(): Promise<{ url: string; remove(): Promise<void> }> {
  if (testEngine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'startup-lock-'));
    return { url: join(dir, 'store.sqlite'), remove: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `store_startup_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`).finally(() => admin.end());
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async remove() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => cleanup.end());
    },
  };
}

function startUp(db: Db): Promise<boolean> {
  return withStartupLock(db, async () => {
    await migrateToLatest(db);
    return seedIfEmpty(db, { skus: 60 });
  });
}

describe('start-up lock', () => {
  const opened: Db[] = [];
  let store: Awaited<ReturnType<typeof createEmptyStore>> | undefined;
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.destroy();
    await store?.remove();
  });

  it('lets two processes starting together on an empty store migrate and seed it once', async () => {
    store = await createEmptyStore();
    const url = store.url;
    const [first, second] = [createDb(url), createDb(url)];
    opened.push(first, second);
    const seeded = await Promise.all([startUp(first), startUp(second)]);
    expect(seeded.sort()).toEqual([false, true]);
    const groups = await first.kysely
      .selectFrom('categoryGroups')
      .select(({ fn }) => fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const again = createDb(url);
    opened.push(again);
    await startUp(again);
    const afterRestart = await again.kysely
      .selectFrom('categoryGroups')
      .select(({ fn }) => fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(afterRestart.count).toBe(groups.count);
    expect(groups.count).toBeGreaterThan(0);
  });
});
