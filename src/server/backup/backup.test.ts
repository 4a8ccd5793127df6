import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb, type Db } from '../db/create-db.ts';
import type { Database } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createMember } from '../testing/factories.ts';
import { testEngine } from '../testing/test-db.ts';
import { backupStore } from './backup.ts';
import { assertSqliteIntact } from './sqlite-integrity.ts';

/** A database of this test file: a SQLite file in the work directory, or an empty PostgreSQL database (as `createdb` makes). */
interface Store {
  url: string;
  drop(): Promise<void>;
}

let workDir: string;
const stores: Store[] = [];

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'store-backup-'));
});

afterAll(async () => {
  for (const store of stores) await store.drop();
  rmSync(workDir, { recursive: true, force: true });
});

describe(`npm run backup and restore under write load (${testEngine})`, () => {
  it('restores every write acknowledged before the backup began, from a backup taken while writers kept writing', { timeout: 180_000 }, async () => {
    const source = await newStore('source');
    const db = createDb(source.url);
    await migrateToLatest(db);
    if (db.sqlite) {
      writeFileSync(`${source.url}.secret`, 'the-secret-of-this-store', { mode: 0o600 });
      // Every write stays in the -wal file, where a copy of the database file alone would miss it.
      db.sqlite.pragma('wal_autocheckpoint = 0');
    }
    const { userId } = await createMember(db.kysely);
    const load = startWriteLoad(db.kysely, userId, 6);
    await load.reach(200);

    const acknowledgedBefore = [...load.acknowledged];
    const backupDir = join(workDir, `backups-${testEngine}`);
    const backup = await runCli('backup.cli.ts', [backupDir], source.url);
    const acknowledgedDuring = load.acknowledged.length - acknowledgedBefore.length;
    const allAcknowledged = new Set(await load.stop());
    await db.destroy();

    expect(backup.exitCode, backup.output).toBe(0);
    expect(acknowledgedBefore.length).toBeGreaterThanOrEqual(200);
    expect(acknowledgedDuring).toBeGreaterThan(0);
    const [backupFile, ...others] = readdirSync(backupDir).filter((name) => /\.(sqlite|dump)$/.test(name));
    expect(others).toEqual([]);
    if (!backupFile) throw new Error(`no backup in ${backupDir}: ${backup.output}`);

    const target = await newStore('restored');
    const restore = await runCli('restore.cli.ts', [join(backupDir, backupFile)], target.url);
    expect(restore.exitCode, restore.output).toBe(0);

    const restored = createDb(target.url);
    try {
      const rows = await restored.kysely.selectFrom('messages').select('id').where('userId', '=', userId).execute();
      const restoredIds = new Set(rows.map((row) => row.id));
      expect(acknowledgedBefore.filter((id) => !restoredIds.has(id))).toEqual([]);
      expect([...restoredIds].filter((id) => !allAcknowledged.has(id))).toEqual([]);
      // The restored store is a working one: migrations are all applied and its id sequence goes on past the backup's rows.
      await migrateToLatest(restored);
      const next = await insertMessage(restored.kysely, userId);
      expect(next).toBeGreaterThan(Math.max(...restoredIds));
    } finally {
      await restored.destroy();
    }
    if (testEngine === 'sqlite') {
      assertSqliteIntact(target.url);
      expect(readFileSync(`${target.url}.secret`, 'utf8')).toBe('the-secret-of-this-store');
    }
  });
});

describe('npm run restore on SQLite', () => {
  it('refuses while a store has the database open, then replaces it once stopped and keeps the old file aside', { timeout: 120_000 }, async () => {
    const path = join(workDir, 'running', 'store.sqlite');
    const running = createDb(path);
    await migrateToLatest(running);
    const { userId } = await createMember(running.kysely);
    const before = await insertMessage(running.kysely, userId);
    const backupDir = join(workDir, 'running-backups');
    const { file } = await backupStore({ databaseUrl: path, directory: backupDir });
    const after = await insertMessage(running.kysely, userId);

    const refused = await runCli('restore.cli.ts', [file], path);
    expect(refused.exitCode).toBe(1);
    expect(refused.output).toContain('请先停止所有商城进程');
    expect(await messageIds(running, userId)).toEqual([before, after]);
    expect(readdirSync(join(workDir, 'running')).filter((name) => name.includes('before-restore'))).toEqual([]);
    await running.destroy();

    const restore = await runCli('restore.cli.ts', [file], path);
    expect(restore.exitCode, restore.output).toBe(0);
    const previous = readdirSync(join(workDir, 'running')).find((name) => /^store\.sqlite\.before-restore-[\dTZ-]+$/.test(name));
    if (!previous) throw new Error(`the replaced database was not kept: ${restore.output}`);
    expect(existsSync(`${path}-wal`) || existsSync(`${path}-shm`)).toBe(false);
    const restored = createDb(path);
    const kept = createDb(join(workDir, 'running', previous));
    try {
      expect(await messageIds(restored, userId)).toEqual([before]);
      expect(await messageIds(kept, userId)).toEqual([before, after]);
    } finally {
      await restored.destroy();
      await kept.destroy();
    }
  });

  it('refuses a file that is not a sound SQLite backup and changes nothing', { timeout: 120_000 }, async () => {
    const path = join(workDir, 'untouched', 'store.sqlite');
    const store = createDb(path);
    await migrateToLatest(store);
    await store.destroy();
    const { file } = await backupStore({ databaseUrl: path, directory: join(workDir, 'untouched-backups') });
    const damaged = join(workDir, 'damaged.sqlite');
    const bytes = readFileSync(file);
    bytes.fill(0xff, 4096, 8192);
    writeFileSync(damaged, bytes);

    const refused = await runCli('restore.cli.ts', [damaged], path);
    expect(refused.exitCode).toBe(1);
    expect(refused.output).toMatch(/未通过完整性检查|malformed/);
    expect(readdirSync(join(workDir, 'untouched')).sort()).toEqual(['store.sqlite']);
  });
});

async function newStore(name: string): Promise<Store> {
  if (testEngine === 'sqlite') {
    const store = { url: join(workDir, name, 'store.sqlite'), drop: () => Promise.resolve() };
    stores.push(store);
    return store;
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const database = `store_backup_${name}_${process.env.VITEST_POOL_ID ?? '0'}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, (admin) => admin.query(`CREATE DATABASE ${database}`));
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const store = { url: url.toString(), drop: () => onServer(serverUrl, (admin) => dropDatabase(admin, database)) };
  stores.push(store);
  return store;
}

async function onServer(serverUrl: string, work: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}

async function dropDatabase(admin: pg.Client, database: string): Promise<void> {
  // pg's pool.end() resolves before its sockets close; FORCE would kill them mid-close (an uncaught error).
  // Closed sockets are waited for up to two seconds; FORCE ends whatever is left after that.
  await vi
    .waitFor(
      async () => {
        const open = await admin.query<{ count: number }>('SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = $1', [database]);
        expect(open.rows[0]?.count ?? 0).toBe(0);
      },
      { timeout: 2000, interval: 20 },
    )
    .catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
}

/** Writers inserting members' messages until stopped; `acknowledged` holds the id of every committed insert. */
function startWriteLoad(db: Kysely<Database>, userId: number, writers: number) {
  const acknowledged: number[] = [];
  let running = true;
  const writer = async () => {
    while (running) {
      acknowledged.push(await insertMessage(db, userId));
      // better-sqlite3 answers synchronously: without a turn of the event loop the child process's exit is never seen.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const done = Promise.all(Array.from({ length: writers }, writer));
  return {
    acknowledged,
    async reach(count: number) {
      await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThanOrEqual(count), { timeout: 60_000, interval: 10 });
    },
    async stop() {
      running = false;
      await done;
      return acknowledged;
    },
  };
}

async function insertMessage(db: Kysely<Database>, userId: number): Promise<number> {
  const { id } = await db
    .insertInto('messages')
    .values({ userId, messageType: 3, msgContent: '订单已发货', sendDate: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function messageIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.kysely.selectFrom('messages').select('id').where('userId', '=', userId).orderBy('id').execute();
  return rows.map((row) => row.id);
}

/** Runs a CLI of this folder in its own process, as `npm run backup` / `npm run restore` do. */
function runCli(cli: string, args: string[], databaseUrl: string): Promise<{ exitCode: number | null; output: string }> {
  const path = fileURLToPath(new URL(cli, import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path, ...args], { env: { ...process.env, DATABASE_URL: databaseUrl } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (exitCode) => resolve({ exitCode, output }));
  });
}
