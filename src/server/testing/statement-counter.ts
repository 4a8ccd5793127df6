import SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/database.ts';

/**
 * Counts the statements the process sends to the database while `run` runs: every query a pg client
 * sends (each a round trip to PostgreSQL, BEGIN and COMMIT included) and every SQLite statement run.
 * Patches the drivers' prototypes for the duration, so it counts whatever else runs meanwhile too:
 * use it when nothing else is talking to the database.
 */
export async function countStatements(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const restore = [patchPg(seen), patchSqlite(seen)];
  try {
    await run();
  } finally {
    for (const undo of restore) undo();
  }
  return seen;
}

type Method = (this: unknown, ...args: unknown[]) => unknown;

function patch(target: Record<string, unknown>, name: string, record: (self: unknown, args: unknown[]) => void): () => void {
  const original = target[name] as Method;
  target[name] = function (this: unknown, ...args: unknown[]) {
    record(this, args);
    return original.apply(this, args);
  };
  return () => {
    target[name] = original;
  };
}

function patchPg(seen: string[]): () => void {
  return patch(pg.Client.prototype as unknown as Record<string, unknown>, 'query', (_self, [query]) => {
    seen.push(typeof query === 'string' ? query : String((query as { text?: string } | undefined)?.text ?? query));
  });
}

function patchSqlite(seen: string[]): () => void {
  const probe = new SQLite(':memory:');
  const statementPrototype = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, unknown>;
  probe.close();
  const undo = ['run', 'get', 'all', 'iterate'].map((name) =>
    patch(statementPrototype, name, (self) => {
      seen.push((self as { source: string }).source);
    }),
  );
  return () => {
    for (const restore of undo) restore();
  };
}

/**
 * A copy of `db` that counts the statements run through it alone (its plugin's transformResult runs once
 * per executed statement), for tests that count one loader's reads while other work uses the database.
 */
export function countingDb(db: Kysely<Database>): { db: Kysely<Database>; count: () => number } {
  let statements = 0;
  const counted = db.withPlugin({
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      statements++;
      return args.result;
    },
  });
  return { db: counted, count: () => statements };
}
