import type { ProductSummary } from './catalog.ts';
import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import type { BannerItem, DisplayProduct, NewsItem } from './home.ts';
import { productMissingMessage } from './product-id.ts';

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

/**
 * Transitional: the mobile product page's unknown part, until the catalogue's error table
 * (`product.notFound` in catalog.ts) exists; then the page throws that entry and this goes.
 */
export const mobileErrors = defineErrors('mobile', {
  productNotFound: { code: ResultCode.notFound, msg: productMissingMessage },
});
