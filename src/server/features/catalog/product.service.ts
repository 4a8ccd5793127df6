import type { Kysely } from 'kysely';
import { listPageSize, type CountedCategory, type CountedValue, type FacetedProductPage, type ProductSort, type ProductSummary } from '../../../contract/catalog.ts';
import type { Database } from '../../db/database.ts';
import { countByCategory, countByPackage, countProducts, findProductIdsPage, type ProductListWhere } from './product-list.repository.ts';
import { findProductPackSize, findProductSummaries } from './product.repository.ts';

export type { ProductListWhere };

/** Parts as lists and the cart show them, in the order asked; unknown ids are left out. */
export function loadProductSummaries(db: Kysely<Database>, productIds: readonly number[]): Promise<ProductSummary[]> {
  return findProductSummaries(db, productIds);
}

/** The pack size a quantity must be a multiple of; undefined for an unknown part. */
export function loadPackSize(db: Kysely<Database>, productId: number): Promise<number | undefined> {
  return findProductPackSize(db, productId);
}

interface FacetCounts {
  categories: CountedCategory[];
  packages: CountedValue[];
}

const facetTtlMs = 60_000;
const facetCacheSize = 500;
const facetCache = new WeakMap<Kysely<Database>, Map<string, { at: number; counts: Promise<FacetCounts> }>>();

/**
 * Category and package counts read a whole brand or zone; they are kept for a minute per
 * selection (the list and its total are always read fresh).
 */
function facetCounts(db: Kysely<Database>, where: ProductListWhere): Promise<FacetCounts> {
  let cache = facetCache.get(db);
  if (!cache) {
    cache = new Map();
    facetCache.set(db, cache);
  }
  const key = JSON.stringify(where);
  const now = Date.now();
  const cached = cache.get(key);
  if (cached && now - cached.at < facetTtlMs) return cached.counts;
  const counts = Promise.all([countByCategory(db, where), countByPackage(db, where)]).then(([categories, packages]) => ({ categories, packages }));
  const held = cache;
  counts.catch(() => held.delete(key));
  cache.delete(key);
  cache.set(key, { at: now, counts });
  if (cache.size > facetCacheSize) cache.delete(cache.keys().next().value ?? '');
  return counts;
}

/** A page of a list chosen by plain columns, with its category and package counts (brands, zones). */
export async function loadFacetedProducts(db: Kysely<Database>, where: ProductListWhere, sort: ProductSort, page: number): Promise<FacetedProductPage> {
  const [ids, total, { categories, packages }] = await Promise.all([
    findProductIdsPage(db, where, sort, page, listPageSize),
    countProducts(db, where),
    facetCounts(db, where),
  ]);
  return { list: await findProductSummaries(db, ids), total, page, pageSize: listPageSize, categories, packages };
}
