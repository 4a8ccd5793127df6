import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { catalogCalls } from '../../src/contract/catalog-calls.ts';
import { searchCalls } from '../../src/contract/search-calls.ts';
import { insertProduct } from '../../src/server/testing/factories.ts';
import { eventually, HttpBrowser, useCluster } from './cluster-kit.ts';

/**
 * Each process holds its own search and parametric indexes; a write by anyone (here straight
 * into the database, as the ops console or psql would) reaches every process through the
 * catalog_changes log and the categories' updated_at.
 */
describe('search and parametric indexes across processes', () => {
  const c = useCluster();
  const browser = new HttpBrowser();

  const found = async (origin: string, key: string) =>
    (await browser.call(origin, searchCalls.searchProductList, { key })).data?.list.map((product) => product.productId) ?? [];
  const foundEverywhere = (key: string, productId: number, isExpected: boolean) =>
    Promise.all(
      c.processUrls.map((origin) =>
        eventually(
          () => found(origin, key),
          (ids) => ids.includes(productId) === isExpected,
        ),
      ),
    );

  it('finds a part written to the database on every process, under its new code after an edit, and nowhere once deleted', async () => {
    const scope = await c.db.selectFrom('products').select(['brandId', 'categoryFirstId', 'categorySecondId']).orderBy('id').limit(1).executeTakeFirstOrThrow();
    const chooseTotal = async (origin: string) =>
      (
        await browser.call(origin, catalogCalls.queryAttrbuteProductList, {
          categoryFirstId: scope.categoryFirstId,
          categorySecondId: scope.categorySecondId,
          page: 1,
          sort: 0,
        })
      ).data?.total ?? -1;
    const totalsBefore = await Promise.all(c.processUrls.map(chooseTotal));

    const code = `CLU${randomBytes(4).toString('hex').toUpperCase()}`;
    const productId = await insertProduct(c.db, { ...scope, code });
    await foundEverywhere(code, productId, true);
    await Promise.all(
      c.processUrls.map((origin, index) =>
        eventually(
          () => chooseTotal(origin),
          (total) => total === (totalsBefore[index] ?? 0) + 1,
        ),
      ),
    );

    const renamed = `${code}R`;
    await c.db.updateTable('products').set({ code: renamed, codeNorm: renamed, updatedAt: Date.now() }).where('id', '=', productId).execute();
    await foundEverywhere(renamed, productId, true);

    await c.db.deleteFrom('products').where('id', '=', productId).execute();
    await foundEverywhere(renamed, productId, false);
    const totalsAfter = await Promise.all(
      c.processUrls.map((origin, index) =>
        eventually(
          () => chooseTotal(origin),
          (total) => total === totalsBefore[index],
        ),
      ),
    );
    expect(totalsAfter).toEqual(totalsBefore);
  });
});
