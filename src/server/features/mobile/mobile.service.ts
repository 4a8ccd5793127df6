import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { loadProductSummaries } from '../catalog/product.service.ts';
import { loadHomeContent } from '../home/home.service.ts';
import type { MobileHomeData } from '../../../web/pages/mobile-home-page.tsx';
import type { MobileProductData } from '../../../web/pages/mobile-product-page.tsx';

const mobileNewsSize = 3;

/** The mobile home page shows the same banners, display stand and bulletin as the desktop one. */
export async function loadMobileHome(db: Kysely<Database>, basePath: string): Promise<MobileHomeData> {
  const content = await loadHomeContent(db);
  return {
    bannerList: content.bannerList,
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
