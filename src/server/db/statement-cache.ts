import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * Kysely's SQLite driver prepares a statement for every query; preparing was 5 % of the home
 * page's CPU. The same SQL text reuses its statement (SQLite recompiles it by itself after a
 * schema change). A statement still iterating (a streamed query) is busy: a second caller
 * then gets a fresh one.
 */
export function withStatementCache(database: SQLite.Database, capacity = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sqlText: string) {
      const cached = cache.get(sqlText);
      if (cached && !cached.busy) {
        // Most recently used last, so the oldest is first in line to go.
        cache.delete(sqlText);
        cache.set(sqlText, cached);
        return cached;
      }
      const statement = database.prepare(sqlText);
      if (!cached) {
        cache.set(sqlText, statement);
        if (cache.size > capacity) cache.delete(cache.keys().next().value ?? '');
      }
      return statement;
    },
  };
}
