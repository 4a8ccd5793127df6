import { z } from 'zod';
import type { PriceTier } from './pricing.ts';

/** /product/api/searchAssociateWord {key} → suggestions for the header search box. */
export const searchAssociateWordRequest = z.object({
  key: z.string().max(100, '搜索关键词过长'),
});
export type SearchAssociateWordRequest = z.infer<typeof searchAssociateWordRequest>;

export interface Suggestion {
  key: string;
  searchResultCount: number;
}
export type SearchAssociateWordResponse = Suggestion[];

export { searchUrl } from './search-url.ts';

/** Keywords longer than this are refused with a message, never searched. */
export const searchKeyMaxLength = 100;
/** Results are shown 20 to a page, up to this page: past it, buyers narrow with the filters. */
export const searchPageSize = 20;
export const maxSearchPage = 100;

/**
 * Everything a results page is made of, all of it in the URL so a result can be shared:
 * /search?key=10k&category=12&brand=3&package=0603&stock=1&sort=1&page=2
 */
export interface SearchParams {
  key: string;
  categoryId: number | null;
  brandId: number | null;
  package: string | null;
  isInStock: boolean;
  /** ProductSort of contract/catalog.ts: 0 relevance, 1 price ascending, 2 price descending, 3 stock. */
  sort: 0 | 1 | 2 | 3;
  page: number;
}

export const defaultSearchParams: Omit<SearchParams, 'key'> = { categoryId: null, brandId: null, package: null, isInStock: false, sort: 0, page: 1 };

/** The URL of a results page; default values are left out. */
export function searchParamsUrl(params: SearchParams): string {
  const query = new URLSearchParams({ key: params.key });
  if (params.categoryId !== null) query.set('category', String(params.categoryId));
  if (params.brandId !== null) query.set('brand', String(params.brandId));
  if (params.package !== null) query.set('package', params.package);
  if (params.isInStock) query.set('stock', '1');
  if (params.sort !== 0) query.set('sort', String(params.sort));
  if (params.page > 1) query.set('page', String(params.page));
  return `/search?${query.toString().replace(/\+/g, '%20')}`;
}

const positiveId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

/** The query of /search, read leniently: a value that makes no sense is dropped, not an error page. */
export function readSearchParams(query: Record<string, string | undefined>): SearchParams {
  const id = (text: string | undefined) => {
    const parsed = positiveId('').safeParse(text);
    return parsed.success ? parsed.data : null;
  };
  const sort = Number(query.sort);
  const page = Number(query.page);
  return {
    key: query.key ?? '',
    categoryId: id(query.category),
    brandId: id(query.brand),
    package: query.package?.trim() ? query.package.trim().slice(0, 50) : null,
    isInStock: query.stock === '1',
    sort: sort === 1 || sort === 2 || sort === 3 ? sort : 0,
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, maxSearchPage) : 1,
  };
}

/** /product/api/searchProductList: the results page as JSON (same parameters as the URL). */
export const searchProductListRequest = z.object({
  key: z.string({ error: '请输入搜索关键词' }).max(searchKeyMaxLength, '搜索关键词过长'),
  categoryId: positiveId('分类有误').nullish(),
  brandId: positiveId('品牌有误').nullish(),
  package: z.string({ error: '封装有误' }).max(50, '封装有误').nullish(),
  stock: z.union([z.literal(0), z.literal(1)], { error: '库存筛选有误' }).default(0),
  sort: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], { error: '排序方式有误' }).default(0),
  page: z.coerce.number({ error: '页码有误' }).int('页码有误').min(1, '页码有误').max(maxSearchPage, `最多显示前${maxSearchPage}页，请添加筛选条件`).default(1),
});
export type SearchProductListRequest = z.input<typeof searchProductListRequest>;

/** A part in the results: the list card of the catalogue plus its category's name. */
export interface SearchProduct {
  productId: number;
  code: string;
  brandId: number;
  brandName: string;
  categoryFirstId: number;
  categoryId: number;
  categoryName: string;
  package: string;
  description: string;
  stock: number;
  packSize: number;
  imagePath: string | null;
  isSpecialOffer: boolean;
  priceTiers: PriceTier[];
}

export interface SearchFacetValue {
  /** What the URL carries: an id, or a package name. */
  value: string;
  label: string;
  count: number;
}

export interface SearchFacets {
  categories: SearchFacetValue[];
  brands: SearchFacetValue[];
  packages: SearchFacetValue[];
  /** Parts in stock once the other filters apply. */
  inStockCount: number;
}

export interface SearchResult {
  params: SearchParams;
  total: number;
  pageSize: number;
  list: SearchProduct[];
  facets: SearchFacets;
  /** When nothing matched: nearby part numbers and the words that do match on their own. */
  nearMatches: Suggestion[];
  /** A reason the keyword was not searched (too long), shown instead of results. */
  notice: string;
}
export type SearchProductListResponse = SearchResult;

/** /product/api/searchFactoryCodeProduct {code}: the parts with exactly this manufacturer code. */
export const searchFactoryCodeProductRequest = z.object({
  code: z.string({ error: '请输入型号' }).trim().min(1, '请输入型号').max(searchKeyMaxLength, '型号过长'),
});
export type SearchFactoryCodeProductRequest = z.infer<typeof searchFactoryCodeProductRequest>;
export type SearchFactoryCodeProductResponse = SearchProduct[];
