import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDb } from './create-db.ts';
import type { Database } from './database.ts';
import { databaseFailureOf } from './database-errors.ts';
import { withTransaction } from './transaction.ts';

/** Raw SQL on a scratch table: the schema's types do not know it. */
const scratch = (db: Kysely<Database>) => db as unknown as Kysely<Record<string, never>>;

describe('withTransaction', () => {
  it('throws the disk-full error, not the failed rollback after it (SQLite has already rolled back)', async () => {
    const db = createDb(':memory:');
    try {
      await sql`create table filler (body blob)`.execute(db.kysely);
      await sql`pragma max_page_count = 40`.execute(db.kysely);
      const failure = await withTransaction(db.kysely, async (trx) => {
        for (let i = 0; i < 100; i++) await sql`insert into filler values (zeroblob(4000))`.execute(trx);
      }).catch((error: unknown) => error);
      expect(databaseFailureOf(failure)).toBe('storage');
      expect((failure as { code?: string }).code).toBe('SQLITE_FULL');
      // The connection was handed back: the database still answers.
      const { rows } = await sql<{ count: number }>`select count(*) as count from filler`.execute(scratch(db.kysely));
      expect(rows[0]?.count).toBe(0);
    } finally {
      await db.destroy();
    }
  });

  it('commits what the work wrote and rolls back when it throws', async () => {
    const db = createDb(':memory:');
    try {
      await sql`create table notes (body text)`.execute(db.kysely);
      await withTransaction(db.kysely, async (trx) => {
        await sql`insert into notes values ('kept')`.execute(trx);
      });
      await expect(
        withTransaction(db.kysely, async (trx) => {
          await sql`insert into notes values ('dropped')`.execute(trx);
          throw new Error('work failed');
        }),
      ).rejects.toThrow('work failed');
      const { rows } = await sql<{ body: string }>`select body from notes`.execute(scratch(db.kysely));
      expect(rows.map((row) => row.body)).toEqual(['kept']);
    } finally {
      await db.destroy();
    }
  });

  it('on SQLite, holds the write lock from the start: another connection cannot commit between its read and its write', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'immediate-'));
    const db = createDb(join(dir, 'store.sqlite'));
    // Another process's connection (a second store process, the backup, a test's own connection).
    const other = new SQLite(join(dir, 'store.sqlite'));
    try {
      await sql`create table stock (units integer)`.execute(db.kysely);
      await sql`insert into stock values (10)`.execute(db.kysely);
      other.pragma('busy_timeout = 0');
      const otherWrite: unknown[] = [];
      await withTransaction(db.kysely, async (trx) => {
        const { rows } = await sql<{ units: number }>`select units from stock`.execute(trx);
        // With a plain BEGIN this write would commit, and the update below would fail with
        // SQLITE_BUSY_SNAPSHOT ("database is locked") however long busy_timeout is.
        try {
          other.prepare('update stock set units = 0').run();
        } catch (error) {
          otherWrite.push((error as { code?: string }).code);
        }
        await sql`update stock set units = ${(rows[0]?.units ?? 0) - 3}`.execute(trx);
      });
      expect(otherWrite).toEqual(['SQLITE_BUSY']);
      expect(other.prepare('select units from stock').get()).toEqual({ units: 7 });
    } finally {
      other.close();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
