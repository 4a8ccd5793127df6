import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../testing/test-db.ts';
import { insertProduct } from '../../testing/factories.ts';
import { migrateTo, migrationBefore } from './migrate-to.test-helpers.ts';

/** Migration 0058 over a store with parts: they keep everything and start as unknown; the columns refuse values no rule allows. */
describe('migration 0058: purchasing data on products', () => {
  let db: TestDb;
  let productId = 0;
  let place = { brandId: 0, categoryFirstId: 0, categorySecondId: 0 };

  beforeAll(async () => {
    db = await createTestDb({ isMigrated: false });
    await migrateTo(db, migrationBefore('0058-purchasing-data'));
    const brand = await db.kysely
      .insertInto('brands')
      .values({ nameEn: 'ACME', nameCn: null, initial: 'A', logoPath: null, intro: '', country: '美国', isPartner: 0, sort: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const group = await db.kysely.insertInto('categoryGroups').values({ name: '组', sort: 0 }).returning('id').executeTakeFirstOrThrow();
    const first = await db.kysely
      .insertInto('categories')
      .values({ groupId: group.id, parentId: null, level: 1, name: '一级', sort: 0, skuCount: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const second = await db.kysely
      .insertInto('categories')
      .values({ groupId: null, parentId: first.id, level: 2, name: '二级', sort: 0, skuCount: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const row = await db.kysely
      .insertInto('products')
      .values({
        code: 'OLD-PART',
        codeNorm: 'OLDPART',
        brandId: brand.id,
        categoryFirstId: first.id,
        categorySecondId: second.id,
        package: 'SOT-23',
        description: '迁移前的商品',
        lifecycle: 'active',
        isRohs: 1,
        datasheetUrl: null,
        stock: 5,
        packSize: 1,
        imagePath: null,
        label: null,
        isSpecialOffer: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    productId = row.id;
    place = { brandId: brand.id, categoryFirstId: first.id, categorySecondId: second.id };
    await migrateTo(db, '0058-purchasing-data');
  });
  afterAll(async () => {
    await db.drop();
  });

  it('leaves an existing part as it was, with REACH unknown and nothing else said', async () => {
    const row = await db.kysely
      .selectFrom('products')
      .select([
        'code',
        'stock',
        'reachStatus',
        'msl',
        'eccn',
        'originCountry',
        'packaging',
        'factoryLeadWeeks',
        'cadSymbolUrl',
        'cadFootprintUrl',
        'cadModelUrl',
      ])
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      code: 'OLD-PART',
      stock: 5,
      reachStatus: 'unknown',
      msl: null,
      eccn: null,
      originCountry: null,
      packaging: null,
      factoryLeadWeeks: null,
      cadSymbolUrl: null,
      cadFootprintUrl: null,
      cadModelUrl: null,
    });
  });

  it('stores a full record and refuses a packaging, level, REACH or lead time outside the rules', async () => {
    const id = await insertProduct(db.kysely, {
      ...place,
      code: 'NEW-PART',
      msl: '2a',
      reachStatus: 'compliant',
      eccn: '3A991.a.2',
      originCountry: 'MY',
      packaging: 'tape_reel',
      factoryLeadWeeks: 12,
      cadModelUrl: 'https://cad.example.com/new-part.step',
    });
    const row = await db.kysely
      .selectFrom('products')
      .select(['msl', 'packaging', 'factoryLeadWeeks', 'originCountry'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ msl: '2a', packaging: 'tape_reel', factoryLeadWeeks: 12, originCountry: 'MY' });
    const write = (set: Record<string, unknown>) => db.kysely.updateTable('products').set(set).where('id', '=', id).execute();
    await expect(write({ packaging: 'reel' })).rejects.toThrow();
    await expect(write({ msl: '7' })).rejects.toThrow();
    await expect(write({ reachStatus: 'yes' })).rejects.toThrow();
    await expect(write({ factoryLeadWeeks: 0 })).rejects.toThrow();
    await expect(write({ originCountry: 'CHN' })).rejects.toThrow();
  });
});
