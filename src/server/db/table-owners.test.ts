import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each table has one owner, and only the owner's repositories write it (decision 0020): a desk of
 * the console, or any other feature, changes a table through the owner's service. The owners are
 * read from the code: a table belongs to the feature folder whose *.tables.ts declares it (for the
 * infrastructure, http/ and cache/, the folder itself).
 */

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** A table written outside its owner's repositories on purpose, and why. Keep this list short. */
interface Exception {
  name: string;
  files: RegExp;
  tables: readonly string[] | 'any';
  why: string;
}

const tableOwnerExceptions: readonly Exception[] = [
  {
    name: 'stock writers',
    files: /^features\/(warehouse\/warehouse-stock|order\/order|order\/order-backorder)\.repository\.ts$/,
    tables: ['products'],
    why:
      'products.stock is the sum of the warehouse figures: the warehouse sets it with them, and an order takes units by a ' +
      'compare-and-set on it (decision 0007) before the warehouse allocates them, in the same transaction.',
  },
  {
    name: 'search change log',
    files: /^cache\/catalog-changes\.ts$/,
    tables: ['catalogChanges', 'catalogSync'],
    why: "Triggers fill the search index's change log; the cache clock that reads it also prunes it and records how far (search.tables.ts).",
  },
  {
    name: 'rate counters',
    files: /^http\/counter-store\.ts$/,
    tables: ['rateCounters'],
    why: 'The database fallback of the rate-limit counters (decision 0009) is one store of two, beside the Redis one, in http/.',
  },
  {
    name: 'engine tools',
    files: /^db\/(bulk-insert|member-default)\.ts$/,
    tables: ['?'],
    why: "They write the table their caller names: the seed's bulk load, and the address and invoice repositories' default row.",
  },
  {
    name: 'seeds',
    files: /^seed\/|\.seed\.ts$/,
    tables: 'any',
    why: 'The demo store is written once on first start (like a migration), in bulk and across features, never by a request.',
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [relative(serverDir, path)] : [];
  });
}

function isTestSource(file: string): boolean {
  return /\.(test|spec)\.tsx?$|\.test-helpers\.tsx?$|(^|\/)testing\//.test(file);
}

/** features/<name> for a feature's file, else the file's folder (http, cache). */
function ownerFolderOf(file: string): string {
  const feature = /^features\/[^/]+/.exec(file);
  return feature ? feature[0] : file.slice(0, file.lastIndexOf('/'));
}

/** Table → the owner folders declaring it, from `export interface XTables [extends …] { table: Row; }`. */
function declaredOwners(files: readonly string[], read: (file: string) => string): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  for (const file of files.filter((each) => each.endsWith('.tables.ts'))) {
    for (const [, body] of read(file).matchAll(/export interface \w+Tables\b[^{]*\{([^}]*)\}/g)) {
      for (const [, table] of (body ?? '').matchAll(/^\s*(\w+)\s*:/gm)) {
        if (table) owners.set(table, [...(owners.get(table) ?? []), ownerFolderOf(file)]);
      }
    }
  }
  return owners;
}

interface TableWrite {
  file: string;
  line: number;
  table: string;
}

const camelOf = (snake: string) => snake.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * The writes a file names: Kysely's insertInto / updateTable / deleteFrom / replaceInto / mergeInto
 * ('table' or 'table as alias'), and INSERT INTO / UPDATE … SET / DELETE FROM inside sql`…`. A write
 * whose table is not a literal is answered with table '?', so that no write escapes the check.
 */
function writesIn(file: string, source: string): TableWrite[] {
  const writes: TableWrite[] = [];
  const lineOf = (index: number) => source.slice(0, index).split('\n').length;
  for (const match of source.matchAll(/\.(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*(?:(['"])(\w+)(?:\s+as\s+\w+)?\1)?/g)) {
    writes.push({ file, line: lineOf(match.index), table: match[2] ?? '?' });
  }
  for (const template of source.matchAll(/\bsql(?:<[^`]*?>)?`([^`]*)`/g)) {
    for (const match of (template[1] ?? '').matchAll(
      /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_]+)"?\s+(?:\(|set\b|where\b|values\b|select\b|as\b|$)/gi,
    )) {
      writes.push({ file, line: lineOf(template.index + match.index), table: camelOf(match[1] ?? '?') });
    }
  }
  return writes;
}

function isOwnersRepository(file: string, owner: string): boolean {
  return file.startsWith(`${owner}/`) && file.endsWith('.repository.ts');
}

function exceptionFor(write: TableWrite): Exception | undefined {
  return tableOwnerExceptions.find((exception) => exception.files.test(write.file) && (exception.tables === 'any' || exception.tables.includes(write.table)));
}

/** Every write in src/server but the migrations (the schema's history: a data migration runs once, before any owner's code). */
function allWrites(): TableWrite[] {
  return sourceFiles(serverDir)
    .filter((file) => !isTestSource(file) && !file.startsWith('db/migrations/'))
    .flatMap((file) => writesIn(file, readFileSync(join(serverDir, file), 'utf8')));
}

describe('table owners', () => {
  const files = sourceFiles(serverDir);
  const owners = declaredOwners(files, (file) => readFileSync(join(serverDir, file), 'utf8'));
  const writes = allWrites();

  it('reads an owner for every table of the schema, and one only', () => {
    expect(owners.size).toBeGreaterThan(80);
    expect([...owners].filter(([, folders]) => folders.length !== 1)).toEqual([]);
  });

  it("writes each table only in its owner's repositories (or a named exception)", () => {
    const foreign = writes
      .filter((write) => {
        const owner = owners.get(write.table)?.[0];
        return !(owner && isOwnersRepository(write.file, owner)) && !exceptionFor(write);
      })
      .map((write) => `${write.table} (${owners.get(write.table)?.[0] ?? 'no owner'}) ← ${write.file}:${write.line}`);
    expect(foreign).toEqual([]);
  });

  it('uses every exception it names', () => {
    const unused = tableOwnerExceptions.filter((exception) => !writes.some((write) => exceptionFor(write) === exception)).map((exception) => exception.name);
    expect(unused).toEqual([]);
  });

  it('finds the writes it looks for', () => {
    const source = [
      "await trx.updateTable('products as p').set({ stock: 0 }).execute();",
      'await db\n  .insertInto("ads")\n  .values(row);',
      'await db.deleteFrom(table).execute();',
      'await sql`DELETE FROM hot_labels WHERE id = ${id}`.execute(db);',
      "await db.selectFrom('ads').selectAll().execute();",
    ].join('\n');
    expect(writesIn('features/x/x.service.ts', source).map((write) => `${write.table}:${write.line}`)).toEqual(['products:1', 'ads:3', '?:5', 'hotLabels:6']);
  });
});
