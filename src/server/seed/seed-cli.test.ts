import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrate.ts';
import { createTestDb, type TestDb } from '../testing/test-db.ts';
import { seedCatalog } from './catalog-seed.ts';
import { parseSeedArguments } from './seed.cli.ts';
import { countSeededRows, dropAllTables, isStoreEmpty } from './seed-reset.ts';

describe('parseSeedArguments', () => {
  it.each([
    [[], { skus: 20_000, reset: false }],
    [['--skus', '1000'], { skus: 1000, reset: false }],
    [['--skus=500', '--reset'], { skus: 500, reset: true }],
    [['--reset', '--skus', '0'], { skus: 0, reset: true }],
  ])('%j', (args, expected) => {
    expect(parseSeedArguments(args, 20_000)).toEqual(expected);
  });

  it.each([[['--skus']], [['--skus', 'abc']], [['--skus', '-5']], [['--skus', '6000000']], [['--force']]])('rejects %j with a Chinese message', (args) => {
    expect(() => parseSeedArguments(args, 20_000)).toThrow(/--skus|无法识别的参数/);
  });
});

describe('reset and refusal', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('sees a fresh store as empty and a seeded one as not', async () => {
    expect(await isStoreEmpty(db)).toBe(true);
    await seedCatalog(db, { skus: 60 });
    expect(await isStoreEmpty(db)).toBe(false);
    expect(await countSeededRows(db)).toMatchObject({ products: 60, categoryGroups: 9 });
  });

  it('drops every table so migrations rebuild an empty store', async () => {
    await dropAllTables(db);
    await migrateToLatest(db);
    expect(await isStoreEmpty(db)).toBe(true);
    await seedCatalog(db, { skus: 40 });
    expect((await countSeededRows(db)).products).toBe(40);
  });
});
