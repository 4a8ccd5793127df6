import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.ts';

let database: SQLite.Database;

beforeEach(() => {
  database = new SQLite(':memory:');
  database.exec('CREATE TABLE t (id integer PRIMARY KEY, name text)');
  database.exec("INSERT INTO t (name) VALUES ('a'), ('b'), ('c')");
});
afterEach(() => {
  if (database.open) database.close();
});

describe('withStatementCache', () => {
  it('hands back the same statement for the same SQL, a different one for other SQL', () => {
    const cached = withStatementCache(database);
    const first = cached.prepare('SELECT name FROM t WHERE id = ?');
    expect(cached.prepare('SELECT name FROM t WHERE id = ?')).toBe(first);
    expect(cached.prepare('SELECT id FROM t WHERE name = ?')).not.toBe(first);
    expect(first.all([2])).toEqual([{ name: 'b' }]);
  });

  it('gives a fresh statement while the cached one is still iterating', () => {
    const cached = withStatementCache(database);
    const sqlText = 'SELECT id FROM t ORDER BY id';
    const streaming = cached.prepare(sqlText);
    const rows = streaming.iterate([]);
    expect(rows.next().value).toEqual({ id: 1 });
    const second = cached.prepare(sqlText);
    expect(second).not.toBe(streaming);
    expect(second.all([])).toHaveLength(3);
    expect([...rows]).toEqual([{ id: 2 }, { id: 3 }]);
    expect(cached.prepare(sqlText)).toBe(streaming);
  });

  it('keeps at most its capacity, dropping the least recently used', () => {
    const cached = withStatementCache(database, 2);
    const a = cached.prepare('SELECT 1');
    const b = cached.prepare('SELECT 2');
    expect(cached.prepare('SELECT 1')).toBe(a);
    cached.prepare('SELECT 3');
    expect(cached.prepare('SELECT 1')).toBe(a);
    expect(cached.prepare('SELECT 2')).not.toBe(b);
  });

  it('sees a statement through a schema change', () => {
    const cached = withStatementCache(database);
    expect(cached.prepare('SELECT * FROM t WHERE id = ?').all([1])).toEqual([{ id: 1, name: 'a' }]);
    database.exec('ALTER TABLE t ADD COLUMN note text');
    expect(cached.prepare('SELECT * FROM t WHERE id = ?').all([1])).toEqual([{ id: 1, name: 'a', note: null }]);
  });
});
