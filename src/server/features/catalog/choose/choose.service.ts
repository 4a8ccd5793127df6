import type { z } from 'zod';
import {
  brandDisplayName,
  brandFilterKey,
  filterFormatMessage,
  listPageSize,
  parseChooseFilter,
  type AttributeFacet,
  type ChooseFilter,
  type ChooseProduct,
  type FacetValue,
  type QueryAttrbuteExcludeListResponse,
  type QueryAttrbuteProductListResponse,
  type queryAttrbuteExcludeListRequest,
  type queryAttrbuteProductListRequest,
} from '../../../contract/catalog.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import type { CatalogContext } from './catalog-context.ts';
import { findCategory, findSubcategories, type CategoryRow } from './category.repository.ts';
import type { ChooseScope } from './choose-index.repository.ts';
import { evaluate, pageOf, paramsAt, type FacetCounts } from './choose-query.ts';
import type { ScopeIndex } from './choose-index.ts';
import { findProductSummaries } from './product.repository.ts';

export interface ResolvedScope {
  scope: ChooseScope;
  first: CategoryRow;
  second: CategoryRow | null;
}

const categoryMissing = '该分类不存在';

/** /choose/{first} or /choose/{first}-{second}: both must exist and belong together. */
export async function resolveChooseScope(context: CatalogContext, categoryFirstId: number, categorySecondId: number | null | undefined): Promise<ResolvedScope> {
  const first = await findCategory(context.db, categoryFirstId);
  if (!first || first.level !== 1) throw notFound(categoryMissing);
  if (!categorySecondId) return { scope: { level: 1, categoryId: first.id }, first, second: null };
  const second = await findCategory(context.db, categorySecondId);
  if (!second || second.level !== 2 || second.parentId !== first.id) throw notFound(categoryMissing);
  return { scope: { level: 2, categoryId: second.id }, first, second };
}

function filterOf(text: string): ChooseFilter {
  const filter = parseChooseFilter(text);
  if (filter === null) throw badRequest(filterFormatMessage);
  return filter;
}

type ProductListInput = z.output<typeof queryAttrbuteProductListRequest>;
type ExcludeListInput = z.output<typeof queryAttrbuteExcludeListRequest>;

export async function queryAttributeProductList(context: CatalogContext, input: ProductListInput): Promise<QueryAttrbuteProductListResponse> {
  const filter = filterOf(input.filter);
  const { scope } = await resolveChooseScope(context, input.categoryFirstId, input.categorySecondId || null);
  const index = await context.chooseIndex.get(scope);
  const evaluation = evaluate(index, { isStockOnly: input.stock === 1, filter }, false);
  const positions = pageOf(index, evaluation, input.sort, input.page, listPageSize);
  const list = await chooseProductsAt(context, index, positions);
  return { list, total: evaluation.total, page: input.page, pageSize: listPageSize };
}

/** Product rows are read fresh; a part that left the scope meanwhile is dropped and the index rebuilt. */
async function chooseProductsAt(context: CatalogContext, index: ScopeIndex, positions: number[]): Promise<ChooseProduct[]> {
  const ids = positions.map((position) => index.ids[position] ?? 0);
  const summaries = await findProductSummaries(context.db, ids);
  const belongs = (categoryFirstId: number, categorySecondId: number) =>
    index.scope.level === 1 ? categoryFirstId === index.scope.categoryId : categorySecondId === index.scope.categoryId;
  const list: ChooseProduct[] = [];
  const positionById = new Map(positions.map((position) => [index.ids[position] ?? 0, position]));
  for (const summary of summaries) {
    const position = positionById.get(summary.productId);
    if (position === undefined || !belongs(summary.categoryFirstId, summary.categorySecondId)) continue;
    list.push({ ...summary, params: paramsAt(index, position) });
  }
  if (list.length !== ids.length) context.chooseIndex.markStale(index.scope);
  return list;
}

export async function queryAttributeExcludeList(context: CatalogContext, input: ExcludeListInput): Promise<QueryAttrbuteExcludeListResponse> {
  const filter = filterOf(input.filter);
  const resolved = await resolveChooseScope(context, input.categoryFirstId, input.categorySecondId || null);
  const index = await context.chooseIndex.get(resolved.scope);
  const evaluation = evaluate(index, { isStockOnly: input.stock === 1, filter }, true);
  const counts = evaluation.facets as FacetCounts;
  const subcategories = resolved.second
    ? []
    : (await findSubcategories(context.db, resolved.first.id))
        .map((category) => ({ categoryId: category.id, categoryName: category.name, count: counts.subcategories.get(category.id) ?? 0 }))
        .filter((category) => category.count > 0);
  const brandNames = await context.brandNames();
  const selectedBrands = new Set(Array.isArray(filter[brandFilterKey]) ? filter[brandFilterKey] : []);
  const brandValues: FacetValue[] = [...new Set([...counts.brands.keys(), ...[...selectedBrands].map(Number)])]
    .filter((brandId) => brandNames.has(brandId))
    .map((brandId) => {
      const brand = brandNames.get(brandId);
      return { value: String(brandId), label: brand ? brandDisplayName(brand.nameEn, brand.nameCn) : String(brandId), count: counts.brands.get(brandId) ?? 0, valueNum: null };
    })
    .filter((value) => value.count > 0 || selectedBrands.has(value.value))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, 'en'));
  const facets: AttributeFacet[] = [{ key: brandFilterKey, name: '品牌', unit: null, valueKind: 'text', values: brandValues }];
  for (const column of index.attributes) {
    const key = String(column.attributeId);
    const selection = filter[key];
    const chosen = new Set(Array.isArray(selection) ? selection : []);
    const columnCounts = counts.attributes.get(column.attributeId);
    const values = column.values
      .map((value, ordinal) => ({ value: value.text, label: value.text, count: columnCounts?.[ordinal] ?? 0, valueNum: value.num }))
      .filter((value) => value.count > 0 || chosen.has(value.value))
      .sort(column.valueKind === 'number' ? byNumber : byText);
    facets.push({ key, name: column.name, unit: column.unit, valueKind: column.valueKind, values });
  }
  return { subcategories, facets, total: evaluation.total };
}

function byNumber(a: FacetValue, b: FacetValue): number {
  return (a.valueNum ?? Number.POSITIVE_INFINITY) - (b.valueNum ?? Number.POSITIVE_INFINITY) || byText(a, b);
}

function byText(a: FacetValue, b: FacetValue): number {
  return a.value.localeCompare(b.value, 'zh-CN', { numeric: true });
}
