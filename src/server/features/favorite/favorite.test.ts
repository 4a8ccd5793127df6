import { beforeEach, describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../../contract/catalog.ts';
import { favoriteCalls } from '../../../contract/favorite-calls.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { fixtureProductId, insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';

describe('favorites: favoriteCalls.add and .remove', () => {
  const t = useTestApp({ fixture: (app) => insertCatalogFixture(app.db) });
  let visitor: TestBrowser;
  beforeEach(() => {
    visitor = t.browser();
  });

  const storedFavorites = async (userId: number) =>
    (await t.db.kysely.selectFrom('favorites').select('productId').where('userId', '=', userId).orderBy('productId').execute()).map((row) => row.productId);
  const isFavoriteOnPage = async (browser: TestBrowser, productId: number) =>
    pageStateOf<ProductDetail>((await browser.get(`/product/detail/${productId}`)).body).data.isFavorite;

  it('answers 401 to visitors adding or removing a favorite', async () => {
    const productId = fixtureProductId(t.fixture, 'STM32F103C8T6');
    expect(await visitor.call(favoriteCalls.add, { productId })).toMatchObject({ code: 401, errorCode: 'request.loginRequired' });
    expect(await visitor.call(favoriteCalls.remove, { productId })).toMatchObject({ code: 401, errorCode: 'request.loginRequired' });
  });

  it('adds a favorite once however often it is added, shows it on the page, and removes it', async () => {
    const member = await t.member();
    const productId = fixtureProductId(t.fixture, 'STM32F103C8T6');
    expect(await member.browser.call(favoriteCalls.add, { productId })).toEqual({ code: 1, data: { isFavorite: true }, msg: '已加入收藏' });
    expect(await member.browser.call(favoriteCalls.add, { productId })).toMatchObject({ code: 1 });
    expect(await storedFavorites(member.userId)).toEqual([productId]);
    expect(await isFavoriteOnPage(member.browser, productId)).toBe(true);
    expect(await member.browser.call(favoriteCalls.remove, { productId })).toEqual({ code: 1, data: { isFavorite: false }, msg: '已取消收藏' });
    expect(await isFavoriteOnPage(member.browser, productId)).toBe(false);
  });

  it('refuses favorites of unknown or malformed products with a Chinese message', async () => {
    const member = await t.member();
    expect(await member.browser.call(favoriteCalls.add, { productId: 999_999 })).toMatchObject({ code: 404, errorCode: 'product.notFound', msg: '商品不存在' });
    expect(await member.browser.post(favoriteCalls.add.path, { productId: 'abc' })).toMatchObject({
      code: 400,
      errorCode: 'request.invalid',
      msg: '商品不存在',
    });
    expect(await member.browser.post(favoriteCalls.add.path, {})).toMatchObject({ code: 400, errorCode: 'request.invalid', msg: '商品不存在' });
    expect(await storedFavorites(member.userId)).toEqual([]);
  });

  // No check before the write: the primary key keeps one row and the foreign key refuses a missing part, in the same statement.
  it('keeps one row when a member adds the same part 10 times at once', async () => {
    const member = await t.member();
    const productId = fixtureProductId(t.fixture, 'RC0603FR-0710KL');
    const answers = await Promise.all(Array.from({ length: 10 }, () => member.browser.call(favoriteCalls.add, { productId })));
    expect(answers.map((answer) => answer.code)).toEqual(Array.from({ length: 10 }, () => 1));
    expect(await storedFavorites(member.userId)).toEqual([productId]);
  });

  it('refuses a part deleted while members add it, and stores no favorite of it', async () => {
    const members = await Promise.all([t.member(), t.member(), t.member()]);
    const productId = fixtureProductId(t.fixture, 'RC0805FR-07100KL');
    const adds = members.flatMap((member) => Array.from({ length: 4 }, () => member.browser.call(favoriteCalls.add, { productId })));
    const deletion = t.db.kysely.deleteFrom('products').where('id', '=', productId).execute();
    const [answers] = await Promise.all([Promise.all(adds), deletion]);
    for (const answer of answers) expect([1, 404]).toContain(answer.code);
    expect(answers.filter((answer) => answer.code === 404).every((answer) => answer.errorCode === 'product.notFound')).toBe(true);
    // Favorites written before the deletion went with the part (on delete cascade); none can be written after it.
    for (const member of members) expect(await storedFavorites(member.userId)).toEqual([]);
    expect(await members[0].browser.call(favoriteCalls.add, { productId })).toMatchObject({ code: 404, errorCode: 'product.notFound' });
  });
});
