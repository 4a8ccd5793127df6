import type { Kysely } from 'kysely';
import type { MobileHomeData, MobileProductData } from '../../../contract/mobile.ts';
import type { Database } from '../../db/database.ts';
import { loadProductSummaries } from '../catalog/product.service.ts';
import { loadHomeBanners, type HomeContentCache } from '../home/home.service.ts';

const mobileNewsSize = 3;

/**
 * The mobile home page shows the same banners, display stand and bulletin as the desktop one; like
 * the desktop, a member who has the new-member pack is not offered it again.
 */
export async function loadMobileHome(db: Kysely<Database>, homeContent: HomeContentCache, userId: number | null, basePath: string): Promise<MobileHomeData> {
  const [content, bannerList] = await Promise.all([homeContent.load(), loadHomeBanners(db, homeContent, userId)]);
  return {
    bannerList,
    productList: content.productList.flat(),
    newsList: content.newsList.slice(0, mobileNewsSize),
    basePath,
  };
}

/** null for an unknown part. */
export async function loadMobileProduct(db: Kysely<Database>, productId: number, basePath: string): Promise<MobileProductData | null> {
  const [product] = await loadProductSummaries(db, [productId]);
  return product ? { product, basePath } : null;
}
