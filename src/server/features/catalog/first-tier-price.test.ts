import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../testing/test-db.ts';
import { fixtureProductId, insertCatalogFixture, type CatalogFixture } from './testing/catalog-fixture.ts';

/** products.first_tier_price_e4 follows product_prices through triggers, on both engines. */
let db: TestDb;
let fixture: CatalogFixture;

beforeEach(async () => {
  db = await createTestDb();
  fixture = await insertCatalogFixture(db);
});
afterEach(async () => {
  await db.drop();
});

async function firstTierPrice(productId: number): Promise<number | null> {
  const row = await db.kysely.selectFrom('products').select('firstTierPriceE4').where('id', '=', productId).executeTakeFirstOrThrow();
  return row.firstTierPriceE4;
}

async function lowestTierPrice(productId: number): Promise<number | null> {
  const row = await db.kysely.selectFrom('productPrices').select('priceE4').where('productId', '=', productId).orderBy('qtyStart').limit(1).executeTakeFirst();
  return row ? row.priceE4 : null;
}

describe('first-tier price copy', () => {
  it('holds the first tier of every fixture part once its prices are in', async () => {
    const products = await db.kysely.selectFrom('products').select('id').execute();
    expect(products.length).toBeGreaterThan(10);
    for (const { id } of products) expect(await firstTierPrice(id)).toBe(await lowestTierPrice(id));
  });

  it('follows an update of the first tier, a new lower tier, and deletes down to no price', async () => {
    const productId = fixtureProductId(fixture, 'RC0603FR-0710KL');
    const tiers = await db.kysely.selectFrom('productPrices').selectAll().where('productId', '=', productId).orderBy('qtyStart').execute();
    const [first] = tiers;
    if (!first) throw new Error('the fixture part has no tiers');

    await db.kysely.updateTable('productPrices').set({ priceE4: 123_456 }).where('productId', '=', productId).where('qtyStart', '=', first.qtyStart).execute();
    expect(await firstTierPrice(productId)).toBe(123_456);

    await db.kysely.deleteFrom('productPrices').where('productId', '=', productId).where('qtyStart', '=', first.qtyStart).execute();
    expect(await firstTierPrice(productId)).toBe(await lowestTierPrice(productId));
    expect(await firstTierPrice(productId)).not.toBe(123_456);

    await db.kysely.insertInto('productPrices').values({ productId, qtyStart: 0, qtyEnd: null, priceE4: 7, originalPriceE4: null }).execute();
    expect(await firstTierPrice(productId)).toBe(7);

    await db.kysely.deleteFrom('productPrices').where('productId', '=', productId).execute();
    expect(await firstTierPrice(productId)).toBeNull();
  });

  it('refreshes both parts when a tier moves from one part to another', async () => {
    const [a, b] = [...fixture.products.values()] as [number, number];
    await db.kysely.deleteFrom('productPrices').where('productId', '=', b).execute();
    await db.kysely.updateTable('productPrices').set({ productId: b }).where('productId', '=', a).execute();
    expect(await firstTierPrice(a)).toBeNull();
    expect(await firstTierPrice(b)).toBe(await lowestTierPrice(b));
    expect(await firstTierPrice(b)).not.toBeNull();
  });
});
