import type { Kysely } from 'kysely';
import {
  listPageSize,
  type CountedCategory,
  type CountedValue,
  type FacetedProductPage,
  type ProductSort,
  type ProductSummary,
} from '../../../contract/catalog.ts';
import type { PriceTier } from '../../../contract/pricing.ts';
import type { CacheVersions } from '../../cache/cache-versions.ts';
import { createMemoCache, type MemoCache } from '../../cache/memo-cache.ts';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation, type UniqueIndex } from '../../db/database-errors.ts';
import { countByCategory, countByPackage, countProducts, findProductIdsPage, type ProductListWhere } from './product-list.repository.ts';
import { findKeyParams, findPriceTiers, findProductPackSize, findProductSummaries, type KeyParamRow } from './product.repository.ts';

export type { KeyParamRow, ProductListWhere };

/** products_code_norm_unique (migration 0045): one product per normalised part number and brand. */
const partNumberIndex: UniqueIndex = { name: 'products_code_norm_unique', table: 'products', columns: ['code_norm', 'brand_id', 'code_norm_dup'] };

/** A write refused because the brand already has a product of that normalised part number (the console's create or save, the price import's creates). */
export function isDuplicatePartNumber(error: unknown): boolean {
  return isUniqueViolation(error, partNumberIndex);
}

/** Price tiers of several parts, each list in ascending qtyStart (a part without tiers is absent). */
export function loadPriceTiers(db: Kysely<Database>, productIds: readonly number[]): Promise<Map<number, PriceTier[]>> {
  return findPriceTiers(db, productIds);
}

/** Parts as lists and the cart show them, in the order asked; unknown ids are left out. */
export function loadProductSummaries(db: Kysely<Database>, productIds: readonly number[]): Promise<ProductSummary[]> {
  return findProductSummaries(db, productIds);
}

/**
 * Parts' key parameters (their category's attributes, in its order, 封装 included), by part: what the BOM's judge and
 * the cross-reference page compare (contract/part-compare.ts).
 */
export function loadKeyParams(db: Kysely<Database>, productIds: readonly number[]): Promise<Map<number, KeyParamRow[]>> {
  return findKeyParams(db, productIds);
}

/** The pack size a quantity must be a multiple of; undefined for an unknown part. */
export function loadPackSize(db: Kysely<Database>, productId: number): Promise<number | undefined> {
  return findProductPackSize(db, productId);
}

export interface FacetCounts {
  categories: CountedCategory[];
  packages: CountedValue[];
}

/** Category and package counts of lists, by selection. */
export type FacetCountsCache = MemoCache<string, FacetCounts>;

/**
 * Counts read a whole brand or zone: each selection's are kept until the parts are edited, a minute
 * at most, as stock moves them without a version bump (the list and its total are always read fresh).
 */
export function createFacetCountsCache(versions: CacheVersions): FacetCountsCache {
  return createMemoCache({ ttlMs: 60_000, maxEntries: 500, version: versions.of('products') });
}

/** What a list chosen by plain columns reads: the database and this app's facet counts. */
export interface ProductListContext {
  db: Kysely<Database>;
  facetCounts: FacetCountsCache;
}

/** A page of a list chosen by plain columns, with its category and package counts (brands, zones). */
export async function loadFacetedProducts(lists: ProductListContext, where: ProductListWhere, sort: ProductSort, page: number): Promise<FacetedProductPage> {
  const { db } = lists;
  const [ids, total, { categories, packages }] = await Promise.all([
    findProductIdsPage(db, where, sort, page, listPageSize),
    countProducts(db, where),
    lists.facetCounts.get(JSON.stringify(where), async () => {
      const [counted, packaged] = await Promise.all([countByCategory(db, where), countByPackage(db, where)]);
      return { categories: counted, packages: packaged };
    }),
  ]);
  return { list: await findProductSummaries(db, ids), total, page, pageSize: listPageSize, categories, packages };
}
