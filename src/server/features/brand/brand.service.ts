import type { Kysely } from 'kysely';
import {
  brandErrors,
  type BrandCard,
  type BrandInitialGroup,
  type BrandProfile,
  type FacetedProductPage,
  type ProductSort,
} from '../../../contract/catalog.ts';
import type { CacheVersions } from '../../cache/cache-versions.ts';
import { createMemoCache } from '../../cache/memo-cache.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { createFacetCountsCache, loadFacetedProducts, type ProductListContext } from '../catalog/product.service.ts';
import { countProductsByBrand, findAllBrands, findBrand, type BrandRow } from './brand.repository.ts';

/** What the brand pages read within one app: the database and its caches, built once when the feature registers. */
export interface BrandContext extends ProductListContext {
  /** Parts per brand: counting reads the whole brand index, so it is kept until the parts are edited (a minute at most). */
  productCounts(): Promise<Map<number, number>>;
}

const productCountsTtlMs = 60_000;

export function createBrandContext(db: Kysely<Database>, versions: CacheVersions): BrandContext {
  const counts = createMemoCache<'all', Map<number, number>>({ ttlMs: productCountsTtlMs, maxEntries: 1, version: versions.of('products') });
  return {
    db,
    facetCounts: createFacetCountsCache(versions),
    productCounts: () => counts.get('all', () => countProductsByBrand(db)),
  };
}

function initialOf(brand: BrandRow): string {
  const letter = (brand.initial || brand.nameEn).charAt(0).toUpperCase();
  return /^[A-Z]$/.test(letter) ? letter : '#';
}

/** Every brand under its A–Z letter (# last). */
export async function listBrandsByInitial(context: BrandContext): Promise<BrandInitialGroup[]> {
  const [brands, counts] = await Promise.all([findAllBrands(context.db), context.productCounts()]);
  const groups = new Map<string, BrandCard[]>();
  for (const brand of brands) {
    const initial = initialOf(brand);
    const list = groups.get(initial) ?? [];
    list.push({
      brandId: brand.id,
      nameEn: brand.nameEn,
      nameCn: brand.nameCn,
      logoPath: brand.logoPath,
      country: brand.country,
      productCount: counts.get(brand.id) ?? 0,
    });
    groups.set(initial, list);
  }
  return [...groups.entries()].sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b))).map(([initial, list]) => ({ initial, brands: list }));
}

export interface BrandProductsQuery {
  categorySecondId?: number;
  package?: string;
  isStockOnly: boolean;
  sort: ProductSort;
  page: number;
}

export interface BrandDetail {
  brand: BrandProfile;
  products: FacetedProductPage;
}

export async function loadBrandDetail(context: BrandContext, brandId: number, query: BrandProductsQuery): Promise<BrandDetail> {
  const brand = await findBrand(context.db, brandId);
  if (!brand) throw new AppError(brandErrors.notFound);
  const products = await loadFacetedProducts(
    context,
    { brandId, categorySecondId: query.categorySecondId, package: query.package, isStockOnly: query.isStockOnly },
    query.sort,
    query.page,
  );
  const profile: BrandProfile = {
    brandId: brand.id,
    nameEn: brand.nameEn,
    nameCn: brand.nameCn,
    logoPath: brand.logoPath,
    country: brand.country,
    intro: brand.intro,
    website: brand.website ?? '',
  };
  return { brand: profile, products };
}
