import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchParams } from '../../../contract/search.ts';
import { seedCatalog } from '../../seed/catalog-seed.ts';
import { createTestDb, type TestDb } from '../../testing/test-db.ts';
import { defaultKeeperOptions } from './search-index.keeper.ts';
import { SearchService } from './search.service.ts';

/** Search over the demo catalogue (500 parts of the real generator), as the store ships. */
let db: TestDb;
let service: SearchService;

beforeAll(async () => {
  db = await createTestDb();
  await seedCatalog(db, { skus: 500 });
  service = new SearchService(db, pino({ level: 'silent' }), defaultKeeperOptions);
});
afterAll(async () => {
  await service.keeper.close();
  await db.drop();
});

const params = (key: string): SearchParams => ({ key, categoryId: null, brandId: null, package: null, isInStock: false, sort: 0, page: 1 });

describe('search over the demo catalogue', () => {
  it('finds every part first by its own code, typed in lower case without separators', async () => {
    const products = await db.kysely.selectFrom('products').select(['id', 'code']).orderBy('id').execute();
    expect(products.length).toBe(500);
    for (const product of products.filter((_, i) => i % 5 === 0)) {
      const typed = product.code.toLowerCase().replace(/[-/.,\s]/g, '');
      const result = await service.search(params(typed));
      expect({ typed, first: result.list[0]?.code }).toEqual({ typed, first: product.code });
    }
  });

  it('finds the famous demo parts with their maker', async () => {
    const famous = await db.kysely
      .selectFrom('products as p')
      .innerJoin('brands as b', 'b.id', 'p.brandId')
      .select(['p.code', 'b.nameEn', 'b.nameCn'])
      .where('p.id', '<=', 4)
      .execute();
    for (const part of famous) {
      const brandName = part.nameCn ?? part.nameEn;
      const result = await service.search(params(part.code));
      expect(result.list[0]?.code).toBe(part.code);
      expect(result.list[0]?.brandName).toContain(brandName);
    }
  });

  it('finds 10k 0603 1% resistors by their parameters', async () => {
    const result = await service.search(params('10k 0603 1%'));
    expect(result.total).toBeGreaterThan(0);
    for (const product of result.list) {
      expect(product.package).toBe('0603');
      expect(product.description).toMatch(/10kΩ|10 kΩ/);
    }
  });

  it('finds a brand by its Chinese name as by its English one', async () => {
    const brand = await db.kysely.selectFrom('brands').select(['id', 'nameEn', 'nameCn']).where('nameCn', '=', '国巨').executeTakeFirstOrThrow();
    const [chinese, english] = await Promise.all([service.search(params('国巨')), service.search(params(brand.nameEn))]);
    expect(chinese.total).toBeGreaterThan(0);
    expect(chinese.facets.brands.map((facet) => facet.value)).toContain(String(brand.id));
    expect(english.facets.brands.map((facet) => facet.value)).toContain(String(brand.id));
  });
});
