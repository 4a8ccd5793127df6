import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../database-errors.ts';
import { createTestDb, type TestDb } from '../../testing/test-db.ts';
import { migrateTo } from './migrate-to.test-helpers.ts';

/** Migration 0045 over a store written before it: the IC zone backfilled, duplicate part numbers kept and numbered. */
describe('migration 0045: products.is_ic_zone and unique part numbers', () => {
  let db: TestDb;
  const ids: Record<string, number> = {};
  const version = async () => (await db.kysely.selectFrom('cacheVersions').select('version').where('name', '=', 'products').executeTakeFirstOrThrow()).version;
  const changesOf = async (key: string) =>
    Number((await sql<{ n: number }>`SELECT count(*) AS n FROM catalog_changes WHERE product_id = ${ids[key] ?? 0}`.execute(db.kysely)).rows[0]?.n);

  beforeAll(async () => {
    db = await createTestDb({ isMigrated: false });
    await migrateTo(db, '0043-member-desk');
    const k = db.kysely;
    const group = async (name: string) => (await k.insertInto('categoryGroups').values({ name, sort: 0 }).returning('id').executeTakeFirstOrThrow()).id;
    const first = async (name: string, groupId: number, isHidden = 0) =>
      (
        await k
          .insertInto('categories')
          .values({ name, level: 1, groupId, parentId: null, sort: 0, skuCount: 0, isHidden })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const second = async (name: string, parentId: number) =>
      (await k.insertInto('categories').values({ name, level: 2, groupId: null, parentId, sort: 0, skuCount: 0 }).returning('id').executeTakeFirstOrThrow()).id;
    const chips = await group('嵌入式处理器/存储');
    const passive = await group('被动元件');
    const mcu = await first('单片机(MCU)', chips);
    const wireless = await first('无线模块', chips);
    const hiddenMemory = await first('存储芯片', chips, 1);
    const resistor = await first('电阻', passive);
    const brand = (
      await k
        .insertInto('brands')
        .values({ nameEn: 'Littelfuse', initial: 'L', intro: '', country: '', isPartner: 0, sort: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const part = async (key: string, code: string, codeNorm: string, firstId: number, secondId: number) => {
      const { id } = await k
        .insertInto('products')
        .values({
          code,
          codeNorm,
          brandId: brand,
          categoryFirstId: firstId,
          categorySecondId: secondId,
          package: 'SMF',
          description: '',
          lifecycle: 'active',
          isRohs: 1,
          datasheetUrl: null,
          stock: 0,
          packSize: 1,
          imagePath: null,
          label: null,
          isSpecialOffer: 0,
          createdAt: 1,
          updatedAt: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[key] = id;
    };
    await part('mcu', 'STM32F103C8T6', 'STM32F103C8T6', mcu, await second('ARM单片机', mcu));
    await part('wifi', 'ESP-12F', 'ESP12F', wireless, await second('WiFi模块', wireless));
    await part('hidden', 'W25Q64', 'W25Q64', hiddenMemory, await second('NOR Flash', hiddenMemory));
    const chipResistor = await second('贴片电阻', resistor);
    await part('tvs1', 'SMF7.0A', 'SMF70A', resistor, chipResistor);
    await part('tvs2', 'SMF70A', 'SMF70A', resistor, chipResistor);
    await part('tvs3', 'smf-70a', 'SMF70A', resistor, chipResistor);
    await part('other', 'SMF8.0A', 'SMF80A', resistor, chipResistor);
    await migrateTo(db, '0045-ic-zone-unique-codes');
  });
  afterAll(async () => {
    await db.drop();
  });

  const rowOf = (key: string) =>
    db.kysely
      .selectFrom('products')
      .select(['isIcZone', 'codeNormDup'])
      .where('id', '=', ids[key] ?? 0)
      .executeTakeFirstOrThrow();

  it("backfills the zone from the rule the shop used: the chip groups' shown first levels, modules out", async () => {
    expect((await rowOf('mcu')).isIcZone).toBe(1);
    expect((await rowOf('wifi')).isIcZone).toBe(0);
    expect((await rowOf('hidden')).isIcZone).toBe(0);
    expect((await rowOf('tvs1')).isIcZone).toBe(0);
  });

  it('keeps existing duplicates, numbering all but the lowest id, and refuses a new one', async () => {
    expect([(await rowOf('tvs1')).codeNormDup, (await rowOf('tvs2')).codeNormDup, (await rowOf('tvs3')).codeNormDup]).toEqual([0, 1, 2]);
    expect((await rowOf('other')).codeNormDup).toBe(0);
    const copy = sql`INSERT INTO products (code, code_norm, brand_id, category_first_id, category_second_id, package, description, created_at, updated_at)
      SELECT 'SMF80A', code_norm, brand_id, category_first_id, category_second_id, package, description, 2, 2 FROM products WHERE id = ${ids.other ?? 0}`;
    const refused = await copy.execute(db.kysely).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isUniqueViolation(refused, { name: 'products_code_norm_unique', table: 'products', columns: ['code_norm', 'brand_id', 'code_norm_dup'] })).toBe(
      true,
    );
  });

  it('logs no per-row change for the backfill; a later zone change bumps the cache version and is logged', async () => {
    // Its insert only: the backfill wrote the row again without a log entry.
    expect(await changesOf('mcu')).toBe(1);
    const before = await version();
    await db.kysely
      .updateTable('products')
      .set({ isIcZone: 1 })
      .where('id', '=', ids.other ?? 0)
      .execute();
    expect(await version()).toBe(before + 1);
    expect(await changesOf('other')).toBe(2);
  });
});
