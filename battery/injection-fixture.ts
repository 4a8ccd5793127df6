import type { QueryAttrbuteExcludeListResponse, QueryAttrbuteProductListResponse } from '../src/contract/catalog.ts';
import { catalogCalls } from '../src/contract/catalog-calls.ts';
import type { CategoryGroup } from '../src/contract/shell.ts';
import { pageStateOf } from '../src/server/testing/page-state.ts';
import type { BatteryClient } from './lib/client.ts';

/** Real ids and values of the store under test, so that injected parameters sit beside valid ones. */
export interface InjectionFixture {
  categoryFirstId: number;
  categorySecondId: number;
  brandId: string;
  /** A text attribute of the category and one of its values (the parametric filter's `{key: [value]}`). */
  textFacet: { key: string; value: string };
  productId: number;
  /** A prefix of a part code, which the search finds. */
  searchKey: string;
  packageName: string;
}

function largestSecondLevel(groups: CategoryGroup[]): { categoryFirstId: number; categorySecondId: number } {
  const seconds = groups.flatMap((group) =>
    group.categoryList.flatMap((first) =>
      first.categorySecondList.map((second) => ({ first: first.categoryId, second: second.categoryId, count: second.skuCount })),
    ),
  );
  const largest = seconds.sort((a, b) => b.count - a.count)[0];
  if (!largest || largest.count === 0) throw new Error('the store has no category with parts: seed it (SEED_SKUS) before the battery');
  return { categoryFirstId: largest.first, categorySecondId: largest.second };
}

async function callData<T>(client: BatteryClient, path: string, body: unknown): Promise<T> {
  const answer = await client.postJson(path, body);
  if (answer.code !== 1) throw new Error(`${path} answered ${answer.code} ${answer.msg}`);
  return answer.data as T;
}

/** Reads the catalogue page and the parametric calls of the largest second-level category. */
export async function discoverFixture(client: BatteryClient): Promise<InjectionFixture> {
  const catalogue = await client.get('/catalogue');
  if (catalogue.status !== 200) throw new Error(`GET /catalogue answered HTTP ${catalogue.status}`);
  const scope = largestSecondLevel(pageStateOf<{ groups: CategoryGroup[] }>(catalogue.body).data.groups);
  const facets = await callData<QueryAttrbuteExcludeListResponse>(client, catalogCalls.queryAttrbuteExcludeList.path, scope);
  const brand = facets.facets.find((facet) => facet.key === 'brand')?.values[0];
  const text = facets.facets.find((facet) => facet.key !== 'brand' && facet.valueKind === 'text' && facet.values.length > 0);
  const textValue = text?.values[0];
  if (!brand || !text || !textValue) throw new Error(`category ${scope.categorySecondId} has no brand or text attribute to filter by`);
  const products = await callData<QueryAttrbuteProductListResponse>(client, catalogCalls.queryAttrbuteProductList.path, { ...scope, page: 1 });
  const product = products.list[0];
  if (!product) throw new Error(`category ${scope.categorySecondId} lists no part`);
  return {
    ...scope,
    brandId: brand.value,
    textFacet: { key: text.key, value: textValue.value },
    productId: product.productId,
    searchKey: product.code.slice(0, 4),
    packageName: product.package,
  };
}
