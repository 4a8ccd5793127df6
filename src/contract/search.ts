import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import type { ProductSummary } from './catalog.ts';

/** A suggestion of the header search box (searchAssociateWord). */
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

export const searchMessages = {
  keyTooLong: '搜索关键词过长',
  /** Shown on the results page instead of results. */
  keyTooLongNotice: `搜索关键词过长，请精简到${searchKeyMaxLength}个字符以内`,
  codeMissing: '请输入型号',
  codeTooLong: '型号过长',
  brandInvalid: '品牌有误',
  packageInvalid: '封装有误',
  pageBeyondLast: `最多显示前${maxSearchPage}页，请添加筛选条件`,
} as const;

export const searchErrors = defineErrors('search', {
  keyMissing: { code: ResultCode.badRequest, msg: '请输入搜索关键词' },
});

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

/** A positive database id, read as Number() reads it (' 12 ', '1e3'), or null. */
function idOf(text: string | undefined): number | null {
  const id = Number(text);
  return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** The query of /search, read leniently: a value that makes no sense is dropped, not an error page. */
export function readSearchParams(query: Record<string, string | undefined>): SearchParams {
  const sort = Number(query.sort);
  const page = Number(query.page);
  return {
    key: query.key ?? '',
    categoryId: idOf(query.category),
    brandId: idOf(query.brand),
    package: query.package?.trim() ? query.package.trim().slice(0, 50) : null,
    isInStock: query.stock === '1',
    sort: sort === 1 || sort === 2 || sort === 3 ? sort : 0,
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, maxSearchPage) : 1,
  };
}

/** A part in the results: the catalogue's list card, with its second-level category's id and name. */
export type SearchProduct = Omit<ProductSummary, 'lifecycle' | 'categorySecondId'> & {
  categoryId: number;
  categoryName: string;
};

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

/** searchFactoryCodeProduct: the parts with exactly this manufacturer code. */
export type SearchFactoryCodeProductResponse = SearchProduct[];
