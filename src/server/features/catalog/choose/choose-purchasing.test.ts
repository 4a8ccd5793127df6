import { beforeEach, describe, expect, it } from 'vitest';
import { packagingLabels } from '../../../../contract/purchasing.ts';
import { catalogCalls } from '../../../../contract/catalog-calls.ts';
import type { CallBody } from '../../../../contract/call.ts';
import type { QueryAttrbuteExcludeListResponse } from '../../../../contract/catalog.ts';
import { insertProduct } from '../../../testing/factories.ts';
import type { TestBrowser } from '../../../testing/test-app.ts';
import { useTestApp } from '../../../testing/use-test-app.ts';
import { insertCatalogFixture, type CatalogFixture } from '../testing/catalog-fixture.ts';

/** 包装方式, 湿敏等级 and REACH as choices of the parametric filter (issue 28), in second- and first-level lists alike. */
describe('parametric selection by purchasing data', () => {
  const t = useTestApp({ fixture: (app) => insertCatalogFixture(app.db) });
  let f: CatalogFixture;
  let browser: TestBrowser;
  let scope: { categoryFirstId: number; categorySecondId: number };
  let reelIds: number[] = [];
  let trayId = 0;

  beforeEach(async () => {
    f = t.fixture;
    browser = t.browser();
    scope = { categoryFirstId: f.categories.mcu, categorySecondId: f.categories.armMcu };
    if (trayId !== 0) return;
    const place = { brandId: f.brands.st, ...scope };
    reelIds = [
      await insertProduct(t.db.kysely, { ...place, code: 'PF-REEL-1', packaging: 'tape_reel', msl: '3', reachStatus: 'compliant' }),
      await insertProduct(t.db.kysely, { ...place, code: 'PF-REEL-2', packaging: 'tape_reel', msl: '1', reachStatus: 'compliant' }),
    ];
    trayId = await insertProduct(t.db.kysely, { ...place, code: 'PF-TRAY-1', packaging: 'tray', msl: '3', reachStatus: 'non_compliant' });
  });

  const list = (body: Partial<CallBody<typeof catalogCalls.queryAttrbuteProductList>>) =>
    browser.callOk(catalogCalls.queryAttrbuteProductList, { ...scope, ...body });
  const facets = (body: Partial<CallBody<typeof catalogCalls.queryAttrbuteExcludeList>>) =>
    browser.callOk(catalogCalls.queryAttrbuteExcludeList, { ...scope, ...body });
  const facetOf = (result: QueryAttrbuteExcludeListResponse, key: string) => result.facets.find((facet) => facet.key === key);
  const countsOf = (result: QueryAttrbuteExcludeListResponse, key: string) =>
    Object.fromEntries((facetOf(result, key)?.values ?? []).map((value) => [value.value, value.count]));

  it('offers 包装方式, 湿敏等级 and REACH with Chinese labels in their own order, counted with the other filters applied', async () => {
    const none = await facets({});
    expect(facetOf(none, 'packaging')).toMatchObject({
      name: '包装方式',
      values: [
        { value: 'tape_reel', label: packagingLabels.tape_reel, count: 2 },
        { value: 'tray', label: packagingLabels.tray, count: 1 },
      ],
    });
    expect(facetOf(none, 'msl')?.values.map((value) => value.label)).toEqual(['MSL 1（无限期）', 'MSL 3（168小时）']);
    expect(countsOf(none, 'reach')).toMatchObject({ compliant: 2, non_compliant: 1 });

    const reels = await facets({ filter: JSON.stringify({ packaging: ['tape_reel'] }) });
    expect(reels.total).toBe(2);
    expect(countsOf(reels, 'packaging')).toEqual({ tape_reel: 2, tray: 1 });
    expect(countsOf(reels, 'msl')).toEqual({ '1': 1, '3': 1 });
  });

  it('lists only the parts chosen, combining purchasing choices, in second- and first-level lists', async () => {
    const trays = await list({ filter: JSON.stringify({ packaging: ['tray'] }) });
    expect(trays.list.map((part) => part.productId)).toEqual([trayId]);
    expect(trays.list[0]?.params).not.toHaveProperty('packaging');
    const msl3Compliant = await list({ filter: JSON.stringify({ msl: ['3'], reach: ['compliant'] }) });
    expect(msl3Compliant.list.map((part) => part.productId)).toEqual([reelIds[0]]);
    const firstLevel = await list({ categorySecondId: null, filter: JSON.stringify({ packaging: ['tape_reel'] }) });
    expect(firstLevel.list.map((part) => part.productId).sort((a, b) => a - b)).toEqual(reelIds);
  });

  it('refuses a purchasing key it does not know as a malformed filter', async () => {
    const answer = await browser.call(catalogCalls.queryAttrbuteProductList, { ...scope, filter: JSON.stringify({ origin: ['CN'] }) });
    expect(answer).toMatchObject({ code: 400, msg: '筛选条件格式有误' });
  });
  it('sees a part repacked at the next request', async () => {
    expect((await list({ filter: JSON.stringify({ packaging: ['tray'] }) })).total).toBe(1);
    await t.db.kysely
      .updateTable('products')
      .set({ packaging: 'tray', updatedAt: Date.now() + 1000 })
      .where('id', '=', reelIds[0] ?? 0)
      .execute();
    expect((await list({ filter: JSON.stringify({ packaging: ['tray'] }) })).total).toBe(2);
  });
});
