import type { ProductSummary } from './catalog.ts';
import type { BannerItem, DisplayProduct, NewsItem } from './home.ts';

/** The mobile site's pages (spec §1): its home page and a part's page, under the mobile prefix. */
export interface MobileHomeData {
  bannerList: BannerItem[];
  productList: DisplayProduct[];
  newsList: NewsItem[];
  /** Where the mobile pages live, e.g. /m. */
  basePath: string;
}

export interface MobileProductData {
  product: ProductSummary;
  /** Where the mobile pages live, e.g. /m. */
  basePath: string;
}
