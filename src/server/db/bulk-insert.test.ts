import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing/test-db.ts';
import { bulkTable, resetIdentity, withBulkWriter } from './bulk-insert.ts';

let db: TestDb;

const groups = bulkTable('categoryGroups', [
  ['id', 'int'],
  ['name', 'text'],
  ['sort', 'int'],
]);
const brands = bulkTable('brands', [
  ['id', 'int'],
  ['nameEn', 'text'],
  ['nameCn', 'text'],
  ['initial', 'text'],
]);

/** A scratch log filled by a row trigger on category_groups, like a change log would be. */
async function addLoggingTrigger() {
  await sql`CREATE TABLE bulk_log (group_id integer)`.execute(db.kysely);
  if (db.engine === 'sqlite') {
    await sql`CREATE TRIGGER bulk_log_groups AFTER INSERT ON category_groups BEGIN INSERT INTO bulk_log (group_id) VALUES (NEW.id); END`.execute(db.kysely);
    return;
  }
  await sql`CREATE FUNCTION bulk_log_row() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO bulk_log (group_id) VALUES (NEW.id); RETURN NULL; END $$`.execute(
    db.kysely,
  );
  await sql`CREATE TRIGGER bulk_log_groups AFTER INSERT ON category_groups FOR EACH ROW EXECUTE FUNCTION bulk_log_row()`.execute(db.kysely);
}

async function logged(): Promise<number> {
  const { rows } = await sql<{ count: number }>`SELECT COUNT(*) AS count FROM bulk_log`.execute(db.kysely);
  return rows[0]?.count ?? 0;
}

beforeEach(async () => {
  db = await createTestDb();
});
afterEach(async () => {
  await db.drop();
});

describe('withBulkWriter', () => {
  it('writes rows of several tables in one transaction, values with quotes, commas and nulls intact', async () => {
    await withBulkWriter(db, [groups, brands], async (writer) => {
      for (let id = 1; id <= 12_000; id++) {
        writer.add(groups, [id, `组 "${id}", {a}\\b`, id % 7]);
        if (writer.isFull) await writer.flush();
      }
      writer.add(brands, [1, 'O\'Neil, "Inc"', null, 'O']);
    });
    const count = await db.kysely
      .selectFrom('categoryGroups')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(count.count).toBe(12_000);
    expect((await db.kysely.selectFrom('categoryGroups').select('name').where('id', '=', 11_999).executeTakeFirstOrThrow()).name).toBe('组 "11999", {a}\\b');
    expect(await db.kysely.selectFrom('brands').select(['nameEn', 'nameCn']).executeTakeFirstOrThrow()).toEqual({ nameEn: 'O\'Neil, "Inc"', nameCn: null });
  });

  it('continues identity ids after the largest explicit id', async () => {
    await withBulkWriter(db, [groups], async (writer) => {
      writer.add(groups, [41, 'a', 0]);
    });
    await resetIdentity(db, 'categoryGroups');
    const inserted = await db.kysely.insertInto('categoryGroups').values({ name: 'b', sort: 0 }).returning('id').executeTakeFirstOrThrow();
    expect(inserted.id).toBe(42);
  });

  it('keeps quiet tables out of row triggers during the load and restores the triggers afterwards', async () => {
    await addLoggingTrigger();
    await withBulkWriter(
      db,
      [groups],
      async (writer) => {
        for (let id = 1; id <= 50; id++) writer.add(groups, [id, `g${id}`, 0]);
      },
      { quietTables: [groups] },
    );
    expect(await logged()).toBe(0);
    await db.kysely.insertInto('categoryGroups').values({ id: 51, name: 'after', sort: 0 }).execute();
    expect(await logged()).toBe(1);
  });

  it('builds deferred indexes again after the load, with the same definition', async () => {
    await sql`CREATE INDEX category_groups_name_sort ON category_groups (name, sort)`.execute(db.kysely);
    const definitions = async () =>
      db.engine === 'sqlite'
        ? (await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'category_groups_name_sort'`.execute(db.kysely)).rows.map(
            (row) => row.sql,
          )
        : (await sql<{ sql: string }>`SELECT indexdef AS sql FROM pg_indexes WHERE indexname = 'category_groups_name_sort'`.execute(db.kysely)).rows.map(
            (row) => row.sql,
          );
    const before = await definitions();
    let during: string[] = [];
    await withBulkWriter(
      db,
      [groups],
      async (writer) => {
        writer.add(groups, [1, 'g', 0]);
        await writer.flush();
        // SQLite answers on the loading connection itself; PostgreSQL's other connections would wait for the load.
        if (db.engine === 'sqlite') during = await definitions();
      },
      { deferIndexesOf: [groups] },
    );
    expect(before).toHaveLength(1);
    expect(during).toEqual([]);
    expect(await definitions()).toEqual(before);
    const rows = await db.kysely.selectFrom('categoryGroups').select('name').where('name', '=', 'g').execute();
    expect(rows).toEqual([{ name: 'g' }]);
  });

  it('rolls everything back, triggers included, when the load fails', async () => {
    await addLoggingTrigger();
    await expect(
      withBulkWriter(
        db,
        [groups],
        async (writer) => {
          writer.add(groups, [1, 'kept?', 0]);
          await writer.flush();
          throw new Error('generator failed');
        },
        { quietTables: [groups] },
      ),
    ).rejects.toThrow('generator failed');
    expect(await db.kysely.selectFrom('categoryGroups').select('id').execute()).toEqual([]);
    await db.kysely.insertInto('categoryGroups').values({ id: 2, name: 'after', sort: 0 }).execute();
    expect(await logged()).toBe(1);
  });
});
