import { describe, expect, it } from 'vitest';
import type { TestApp } from './test-app.ts';
import { insertProduct } from './factories.ts';
import { pageStateOf } from './page-state.ts';
import { useTestApp } from './use-test-app.ts';

/** One brand, one category pair and one attribute: what a part needs to exist. */
async function insertPartOwners(t: TestApp) {
  const k = t.db.kysely;
  const brandId = (
    await k
      .insertInto('brands')
      .values({ nameEn: 'KIT', nameCn: null, initial: 'K', logoPath: null, intro: '', country: '', isPartner: 0, sort: 0 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const { id: groupId } = await k.insertInto('categoryGroups').values({ name: '分组', sort: 1 }).returning('id').executeTakeFirstOrThrow();
  const first = await k
    .insertInto('categories')
    .values({ groupId, parentId: null, level: 1, name: '电阻', sort: 1, skuCount: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const second = await k
    .insertInto('categories')
    .values({ groupId: null, parentId: first.id, level: 2, name: '贴片电阻', sort: 1, skuCount: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const attributeId = (await k.insertInto('attributes').values({ name: '阻值', unit: 'Ω', valueKind: 'number' }).returning('id').executeTakeFirstOrThrow()).id;
  return { brandId, categoryFirstId: first.id, categorySecondId: second.id, attributeId };
}

describe('test kit', () => {
  const t = useTestApp({ fixture: insertPartOwners });

  it('writes a part with its tiers (open-ended last), parameters, normalised code and the first-tier price the triggers keep', async () => {
    const { attributeId, ...owners } = t.fixture;
    const id = await insertProduct(t.db.kysely, {
      ...owners,
      code: 'rc0603fr-07 10kl',
      prices: [
        { qtyStart: 100, priceE4: 50 },
        { qtyStart: 1000, priceE4: 32, originalPriceE4: 40 },
        { qtyStart: 5000, priceE4: 25 },
      ],
      params: [{ attributeId, valueText: '10kΩ', valueNum: 10_000 }],
    });
    const product = await t.db.kysely.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(product).toMatchObject({ code: 'rc0603fr-07 10kl', codeNorm: 'RC0603FR0710KL', firstTierPriceE4: 50, stock: 100, packSize: 1, lifecycle: 'active' });
    const tiers = await t.db.kysely
      .selectFrom('productPrices')
      .select(['qtyStart', 'qtyEnd', 'priceE4', 'originalPriceE4'])
      .where('productId', '=', id)
      .orderBy('qtyStart')
      .execute();
    expect(tiers).toEqual([
      { qtyStart: 100, qtyEnd: 999, priceE4: 50, originalPriceE4: null },
      { qtyStart: 1000, qtyEnd: 4999, priceE4: 32, originalPriceE4: 40 },
      { qtyStart: 5000, qtyEnd: null, priceE4: 25, originalPriceE4: null },
    ]);
    const params = await t.db.kysely.selectFrom('productParams').select(['attributeId', 'valueText', 'valueNum']).where('productId', '=', id).execute();
    expect(params).toEqual([{ attributeId, valueText: '10kΩ', valueNum: 10_000 }]);
  });

  it('writes a part without prices when asked, its first-tier price null', async () => {
    const { attributeId: _attributeId, ...owners } = t.fixture;
    const id = await insertProduct(t.db.kysely, { ...owners, prices: [] });
    const product = await t.db.kysely.selectFrom('products').select(['code', 'firstTierPriceE4']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(product.code).toMatch(/^TEST-PART-\d+$/);
    expect(product.firstTierPriceE4).toBeNull();
  });

  it('makes distinct members, and signs one in as a login would', async () => {
    const first = await t.member({ nickName: '套件会员' });
    const second = await t.member();
    expect(first.phone).not.toBe(second.phone);
    expect(first.userNumber).not.toBe(second.userNumber);
    expect(pageStateOf((await first.browser.get('/no/such/page')).body).shell.user).toEqual({
      isLogin: true,
      nickName: '套件会员',
      userNumber: first.userNumber,
    });
    expect(pageStateOf((await t.browser().get('/no/such/page')).body).shell.user.isLogin).toBe(false);
  });
});
