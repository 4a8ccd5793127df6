import type { PurchasingView } from './purchasing.ts';
import type { CategoryRef, ProductDetail, ProductSummary, QueryAttrbuteExcludeListResponse, QueryAttrbuteProductListResponse } from './catalog.ts';
import type { BannerItem, DisplayProduct, NewsItem } from './home.ts';
import type { ListState } from './list-state.ts';
import type { SearchResult } from './search.ts';
import type { CategoryGroup } from './shell.ts';

/** The mobile site's pages (spec §1), under the mobile prefix: each carries basePath (e.g. /m) for its links. */
export interface MobileHomeData {
  bannerList: BannerItem[];
  productList: DisplayProduct[];
  newsList: NewsItem[];
  /** Where the mobile pages live, e.g. /m. */
  basePath: string;
}

/** The part's page: the desktop detail without the similar parts. */
export interface MobileProductData {
  product: ProductSummary;
  params: ProductDetail['params'];
  datasheetUrl: string | null;
  isRohs: boolean;
  /** 采购与合规 (issue 28), as the desktop page shows it. */
  purchasing: PurchasingView;
  isFavorite: boolean;
  categoryFirst: CategoryRef;
  categorySecond: CategoryRef;
  basePath: string;
}

/** What a row of the mobile lists (search, parametric) shows. */
export type MobileListPart = Pick<ProductSummary, 'productId' | 'code' | 'brandName' | 'package' | 'stock' | 'packSize' | 'imagePath' | 'priceTiers'>;

/** /m/search?key=…: the search feature's result (facets left out: the phone filters by stock and sorts only). */
export interface MobileSearchData {
  result: Omit<SearchResult, 'facets'>;
  basePath: string;
}

export interface MobileCatalogueData {
  groups: CategoryGroup[];
  basePath: string;
}

/** /m/choose/{first}-{second}: the desktop's parametric list, its state in the URL. */
export interface MobileChooseData {
  categoryFirst: CategoryRef;
  categorySecond: CategoryRef | null;
  siblings: (CategoryRef & { skuCount: number })[];
  state: ListState;
  facets: QueryAttrbuteExcludeListResponse;
  products: QueryAttrbuteProductListResponse;
  basePath: string;
}

/** The mobile path of a part (under the prefix). */
export function mobileProductPath(basePath: string, productId: number): string {
  return `${basePath}/product/detail/${productId}`;
}

/** The mobile parametric list of a category. */
export function mobileChoosePath(basePath: string, categoryFirstId: number, categorySecondId?: number | null): string {
  return categorySecondId ? `${basePath}/choose/${categoryFirstId}-${categorySecondId}` : `${basePath}/choose/${categoryFirstId}`;
}

/** The mobile results of a keyword. */
export function mobileSearchPath(basePath: string, keyword: string): string {
  return `${basePath}/search?key=${encodeURIComponent(keyword)}`;
}
