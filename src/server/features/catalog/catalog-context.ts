import { createMemoCache } from '../../cache/memo-cache.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { createCategoryTreeCache, type CategoryTreeCache } from './category-tree.service.ts';
import { findAllBrandNames, type BrandNameRow } from './category.repository.ts';
import { createChooseIndexStore, type ChooseIndexStore, type ChooseIndexStoreOptions } from './choose/choose-index.store.ts';
import { createFacetCountsCache, type ProductListContext } from './product.service.ts';

/**
 * What the catalogue services share within one app, built once when the feature registers:
 * the database, the in-memory choose indexes and the caches of rarely changing data.
 */
export interface CatalogContext extends ProductListContext {
  chooseIndex: ChooseIndexStore;
  categoryTree: CategoryTreeCache;
  /** Brand names by id (a few hundred rows), read again after a write to the brands. */
  brandNames(): Promise<Map<number, BrandNameRow>>;
}

const brandNamesTtlMs = 60_000;

export function createCatalogContext(deps: Pick<ServiceDeps, 'db' | 'logger' | 'cacheVersions'>, options: ChooseIndexStoreOptions = {}): CatalogContext {
  const db = deps.db;
  const brandNames = createMemoCache<'all', Map<number, BrandNameRow>>({ ttlMs: brandNamesTtlMs, maxEntries: 1, version: deps.cacheVersions.of('brands') });
  return {
    db,
    chooseIndex: createChooseIndexStore(db, deps.logger, options),
    categoryTree: createCategoryTreeCache(db, deps.cacheVersions),
    facetCounts: createFacetCountsCache(deps.cacheVersions),
    brandNames: () => brandNames.get('all', async () => new Map((await findAllBrandNames(db)).map((row) => [row.id, row]))),
  };
}

const contexts = new WeakMap<object, CatalogContext>();

/** The app's one catalogue context (keyed by its database): the catalogue's pages and the mobile site's share its choose indexes. */
export function catalogContextOf(deps: Pick<ServiceDeps, 'db' | 'logger' | 'cacheVersions'>): CatalogContext {
  let context = contexts.get(deps.db);
  if (!context) {
    context = createCatalogContext(deps);
    contexts.set(deps.db, context);
  }
  return context;
}
