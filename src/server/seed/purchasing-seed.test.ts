import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchasingProblem } from '../../contract/purchasing.ts';
import { createTestDb, type TestDb } from '../testing/test-db.ts';
import { seedCatalog } from './catalog-seed.ts';

let db: TestDb;

beforeAll(async () => {
  db = await createTestDb();
  await seedCatalog(db, { skus: 1500 });
});
afterAll(async () => {
  await db.drop();
});

async function partsOf(categoryName: string) {
  return db.kysely
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.categorySecondId')
    .innerJoin('brands as b', 'b.id', 'p.brandId')
    .select([
      'p.code',
      'p.package',
      'b.country',
      'p.reachStatus',
      'p.msl',
      'p.eccn',
      'p.originCountry',
      'p.packaging',
      'p.factoryLeadWeeks',
      'p.cadSymbolUrl',
      'p.cadFootprintUrl',
      'p.cadModelUrl',
    ])
    .where('c.name', '=', categoryName)
    .execute();
}

/** The demo catalogue's 采购与合规 (issue 28): plausible by kind of part, valid by the store's own rules. */
describe('seeded purchasing data', () => {
  it('gives every part a record the product form would accept, lead times of 4–20 weeks', async () => {
    const rows = await db.kysely
      .selectFrom('products')
      .select(['reachStatus', 'msl', 'eccn', 'originCountry', 'packaging', 'factoryLeadWeeks', 'cadSymbolUrl', 'cadFootprintUrl', 'cadModelUrl'])
      .execute();
    for (const row of rows) expect(purchasingProblem(row)).toBe('');
    const weeks = rows.map((row) => row.factoryLeadWeeks ?? 0);
    expect(Math.min(...weeks)).toBeGreaterThanOrEqual(4);
    expect(Math.max(...weeks)).toBeLessThanOrEqual(20);
    expect(new Set(rows.map((row) => row.reachStatus))).toEqual(new Set(['compliant', 'unknown', 'non_compliant']));
  });

  it('reels SMD passives, trays quad-package MCUs with an MSL and ECCN 5A992.c, and gives through-hole connectors no MSL', async () => {
    const resistors = await partsOf('贴片电阻');
    expect(resistors.length).toBeGreaterThan(0);
    expect(resistors.every((part) => part.packaging === 'tape_reel' || part.packaging === 'cut_tape')).toBe(true);
    const mcus = (await partsOf('ARM Cortex-M单片机')).filter((part) => part.package.includes('QFP'));
    expect(mcus.length).toBeGreaterThan(0);
    expect(mcus.every((part) => part.packaging === 'tray' && ['2a', '3'].includes(part.msl ?? '') && part.eccn !== 'EAR99')).toBe(true);
    const headers = (await partsOf('排针')).filter((part) => part.package.startsWith('插件'));
    expect(headers.length).toBeGreaterThan(0);
    expect(headers.every((part) => part.msl === 'na' && part.packaging !== 'tape_reel')).toBe(true);
  });

  it('places origins where the brand country assembles, and links ICs to CAD models over https', async () => {
    const mcus = await partsOf('ARM Cortex-M单片机');
    const chinese = mcus.filter((part) => part.country === '中国');
    expect(chinese.every((part) => part.originCountry === 'CN')).toBe(true);
    const withCad = mcus.filter((part) => part.cadModelUrl !== null);
    expect(withCad.length).toBeGreaterThan(0);
    expect(withCad.every((part) => part.cadSymbolUrl?.startsWith('https://') && part.cadModelUrl?.endsWith('.step'))).toBe(true);
  });
});
