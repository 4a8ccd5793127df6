import {
  brandDisplayName,
  brandFilterKey,
  catalogErrors,
  isPurchasingFilterKey,
  purchasingFilters,
  listPageSize,
  parseChooseFilter,
  type AttributeFacet,
  type CategoryRef,
  type ChooseFilter,
  type ChooseProduct,
  type FacetValue,
  type QueryAttrbuteExcludeListResponse,
  type QueryAttrbuteProductListResponse,
} from '../../../../contract/catalog.ts';
import type { catalogCalls } from '../../../../contract/catalog-calls.ts';
import type { CallRequest } from '../../../../contract/call.ts';
import { AppError } from '../../../http/app-error.ts';
import type { CatalogContext } from '../catalog-context.ts';
import { findCategories, findCategoryIdsBySize, findSubcategories } from '../category.repository.ts';
import { findProductSummaries } from '../product.repository.ts';
import type { ChooseScope } from './choose-index.repository.ts';
import type { ScopeIndex } from './choose-index.ts';
import { evaluate, pageOf, paramsAt, type FacetCounts } from './choose-query.ts';
import { readChooseSnapshot, writeChooseSnapshot } from './choose-snapshot.ts';
import { readSyncState } from '../../../cache/catalog-changes.ts';

/** Other features (the mobile site) reach the app's one catalogue context through here. */
export { catalogContextOf, type CatalogContext } from '../catalog-context.ts';

export interface ResolvedScope {
  scope: ChooseScope;
  first: CategoryRef;
  second: CategoryRef | null;
}

/** /choose/{first} or /choose/{first}-{second}: both must exist and belong together (one statement). */
export async function resolveChooseScope(
  context: CatalogContext,
  categoryFirstId: number,
  categorySecondId: number | null | undefined,
): Promise<ResolvedScope> {
  const rows = await findCategories(context.db, categorySecondId ? [categoryFirstId, categorySecondId] : [categoryFirstId]);
  const first = rows.find((row) => row.id === categoryFirstId);
  if (first?.level !== 1) throw new AppError(catalogErrors.categoryMissing);
  const firstRef = { categoryId: first.id, categoryName: first.name };
  if (!categorySecondId) return { scope: { level: 1, categoryId: first.id }, first: firstRef, second: null };
  const second = rows.find((row) => row.id === categorySecondId);
  if (second?.level !== 2 || second.parentId !== first.id) throw new AppError(catalogErrors.categoryMissing);
  return { scope: { level: 2, categoryId: second.id }, first: firstRef, second: { categoryId: second.id, categoryName: second.name } };
}

/** The second-level categories under a first level, in display order, with their part counts. */
export async function loadSubcategories(context: CatalogContext, categoryFirstId: number): Promise<(CategoryRef & { skuCount: number })[]> {
  const rows = await findSubcategories(context.db, categoryFirstId);
  return rows.map((row) => ({ categoryId: row.id, categoryName: row.name, skuCount: row.skuCount }));
}

function filterOf(text: string): ChooseFilter {
  const filter = parseChooseFilter(text);
  if (filter === null) throw new AppError(catalogErrors.filterInvalid);
  return filter;
}

type ProductListInput = CallRequest<typeof catalogCalls.queryAttrbuteProductList>;
type ExcludeListInput = CallRequest<typeof catalogCalls.queryAttrbuteExcludeList>;

export async function queryAttributeProductList(context: CatalogContext, input: ProductListInput): Promise<QueryAttrbuteProductListResponse> {
  const filter = filterOf(input.filter);
  const { scope } = await resolveChooseScope(context, input.categoryFirstId, input.categorySecondId);
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
  const resolved = await resolveChooseScope(context, input.categoryFirstId, input.categorySecondId);
  const index = await context.chooseIndex.get(resolved.scope);
  const evaluation = evaluate(index, { isStockOnly: input.stock === 1, filter }, true);
  const counts: FacetCounts | null = evaluation.facets;
  if (!counts) throw new Error('evaluate was asked for the facet counts');
  const subcategories = resolved.second
    ? []
    : (await loadSubcategories(context, resolved.first.categoryId))
        .map((category) => ({
          categoryId: category.categoryId,
          categoryName: category.categoryName,
          count: counts.subcategories.get(category.categoryId) ?? 0,
        }))
        .filter((category) => category.count > 0);
  const brandNames = await context.brandNames();
  const selectedBrands = new Set(Array.isArray(filter[brandFilterKey]) ? filter[brandFilterKey] : []);
  const brandValues: FacetValue[] = [...new Set([...counts.brands.keys(), ...[...selectedBrands].map(Number)])]
    .filter((brandId) => brandNames.has(brandId))
    .map((brandId) => {
      const brand = brandNames.get(brandId);
      return {
        value: String(brandId),
        label: brand ? brandDisplayName(brand.nameEn, brand.nameCn) : String(brandId),
        count: counts.brands.get(brandId) ?? 0,
        valueNum: null,
      };
    })
    .filter((value) => value.count > 0 || selectedBrands.has(value.value))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, 'en'));
  const facets: AttributeFacet[] = [{ key: brandFilterKey, name: '品牌', unit: null, valueKind: 'text', values: brandValues }];
  for (const column of index.attributes) {
    const { key } = column;
    const selection = filter[key];
    const chosen = new Set(Array.isArray(selection) ? selection : []);
    const columnCounts = counts.attributes.get(column.attributeId);
    const purchasing = isPurchasingFilterKey(key) ? purchasingFilters[key] : null;
    const values = column.values
      .map((value, ordinal) => ({
        value: value.text,
        label: purchasing?.labels[value.text] ?? value.text,
        count: columnCounts?.[ordinal] ?? 0,
        valueNum: value.num,
      }))
      .filter((value) => value.count > 0 || chosen.has(value.value))
      .sort(purchasing ? inListOrder(purchasing.values) : column.valueKind === 'number' ? byNumber : byText);
    facets.push({ key, name: column.name, unit: column.unit, valueKind: column.valueKind, values });
  }
  return { subcategories, facets, total: evaluation.total };
}

/** Purchasing values in their own order (MSL 1 before 2a before 3; 卷带 before 剪切带), not the alphabet's. */
function inListOrder(order: readonly string[]): (a: FacetValue, b: FacetValue) => number {
  return (a, b) => order.indexOf(a.value) - order.indexOf(b.value);
}

function byNumber(a: FacetValue, b: FacetValue): number {
  return (a.valueNum ?? Number.POSITIVE_INFINITY) - (b.valueNum ?? Number.POSITIVE_INFINITY) || byText(a, b);
}

function byText(a: FacetValue, b: FacetValue): number {
  return a.value.localeCompare(b.value, 'zh-CN', { numeric: true });
}

export interface ChooseWarmOutcome {
  /** Indexes taken from the snapshot, and indexes built from the database. */
  restored: number;
  built: number;
  /** Why the snapshot was not used, when it was not. */
  snapshotProblem: string | null;
  /** Bytes of the snapshot written afterwards (0: none written). */
  snapshotBytes: number;
  /** No part changed or went since the snapshot (the change log says so): its counts stand, none is counted again. */
  isSnapshotCurrent: boolean;
}

/**
 * Every category's index: taken from the snapshot when there is a usable one (each checked
 * against the database's version of its category, patched or rebuilt), the others built from
 * the database, second levels first (the filterable lists), largest first; then the first
 * levels. A new snapshot is written when any index had to be built.
 */
export async function warmChooseIndexes(
  context: Pick<CatalogContext, 'db' | 'chooseIndex'>,
  isStopped: () => boolean,
  snapshotPath: string | null = null,
): Promise<ChooseWarmOutcome> {
  const outcome: ChooseWarmOutcome = { restored: 0, built: 0, snapshotProblem: null, snapshotBytes: 0, isSnapshotCurrent: false };
  // Read before any index is: every change up to it is in what this warm-up holds and writes.
  const { maxSeq } = await readSyncState({ kysely: context.db });
  const restored = new Set<ScopeIndex>();
  if (snapshotPath) {
    try {
      const snapshot = await readChooseSnapshot(snapshotPath);
      // Only a delete escapes the version check, and a delete is logged: with nothing logged since,
      // the counts stand, which spares a count over every category (a minute at 5M parts).
      outcome.isSnapshotCurrent = snapshot.changeSeq === maxSeq;
      const checkedAt = Date.now();
      for (const index of snapshot.indexes) {
        if (outcome.isSnapshotCurrent) index.countCheckedAt = checkedAt;
        restored.add(index);
      }
      context.chooseIndex.restore(snapshot.indexes);
    } catch (error) {
      outcome.snapshotProblem = error instanceof Error ? error.message : String(error);
    }
  }
  const seconds = await findCategoryIdsBySize(context.db, 2);
  await context.chooseIndex.warm(
    seconds.map((categoryId) => ({ level: 2, categoryId })),
    isStopped,
  );
  const firsts = await findCategoryIdsBySize(context.db, 1);
  await context.chooseIndex.warm(
    firsts.map((categoryId) => ({ level: 1, categoryId })),
    isStopped,
  );
  const held = context.chooseIndex.held();
  outcome.restored = held.filter((index) => restored.has(index)).length;
  outcome.built = held.length - outcome.restored;
  if (snapshotPath && outcome.built > 0 && !isStopped()) outcome.snapshotBytes = (await writeChooseSnapshot(snapshotPath, held, maxSeq)).bytes;
  return outcome;
}
