import type { Kysely } from 'kysely';
import type { BrandCard, BrandInitialGroup, BrandProfile, FacetedProductPage, ProductSort } from '../../../contract/catalog.ts';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import { loadFacetedProducts } from '../catalog/product.service.ts';
import { countProductsByBrand, findAllBrands, findBrand, type BrandRow } from './brand.repository.ts';

export function findBrandById(db: Kysely<Database>, brandId: number): Promise<BrandRow | undefined> {
  return findBrand(db, brandId);
}

function initialOf(brand: BrandRow): string {
  const letter = (brand.initial || brand.nameEn).charAt(0).toUpperCase();
  return /^[A-Z]$/.test(letter) ? letter : '#';
}

let countsCache: { at: number; db: Kysely<Database>; counts: Promise<Map<number, number>> } | null = null;
const countsTtlMs = 60_000;

/** Counting parts of every brand reads the whole brand index: once a minute is enough. */
function productCounts(db: Kysely<Database>): Promise<Map<number, number>> {
  const now = Date.now();
  if (!countsCache || countsCache.db !== db || now - countsCache.at > countsTtlMs) {
    const counts = countProductsByBrand(db);
    counts.catch(() => {
      countsCache = null;
    });
    countsCache = { at: now, db, counts };
  }
  return countsCache.counts;
}

/** Every brand under its A–Z letter (# last). */
export async function listBrandsByInitial(db: Kysely<Database>): Promise<BrandInitialGroup[]> {
  const [brands, counts] = await Promise.all([findAllBrands(db), productCounts(db)]);
  const groups = new Map<string, BrandCard[]>();
  for (const brand of brands) {
    const initial = initialOf(brand);
    const list = groups.get(initial) ?? [];
    list.push({ brandId: brand.id, nameEn: brand.nameEn, nameCn: brand.nameCn, logoPath: brand.logoPath, country: brand.country, productCount: counts.get(brand.id) ?? 0 });
    groups.set(initial, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)))
    .map(([initial, list]) => ({ initial, brands: list }));
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

export async function loadBrandDetail(db: Kysely<Database>, brandId: number, query: BrandProductsQuery): Promise<BrandDetail> {
  const brand = await findBrand(db, brandId);
  if (!brand) throw notFound('品牌不存在');
  const products = await loadFacetedProducts(
    db,
    { brandId, categorySecondId: query.categorySecondId, package: query.package, isStockOnly: query.isStockOnly },
    query.sort,
    query.page,
  );
  const profile: BrandProfile = { brandId: brand.id, nameEn: brand.nameEn, nameCn: brand.nameCn, logoPath: brand.logoPath, country: brand.country, intro: brand.intro };
  return { brand: profile, products };
}
