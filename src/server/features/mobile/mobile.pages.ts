import { productDetailPath } from '../../../contract/catalog.ts';
import { parsePathId } from '../../http/path-params.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { MobileHomePage } from '../../../web/pages/mobile-home-page.tsx';
import { MobileProductPage } from '../../../web/pages/mobile-product-page.tsx';
import type { FeatureDeps } from '../feature-registration.ts';
import { catalogContextOf } from '../catalog/choose/choose.service.ts';
import { createHomeContentCache } from '../home/home.service.ts';
import { siteFactsOf } from '../site-facts/site-facts.service.ts';
import { loadMobileHome, loadMobileProduct } from './mobile.service.ts';

export function mobilePages(deps: FeatureDeps, prefix: string): Page[] {
  // The mobile site keeps its own minute-long copy of the home content (one more read a minute).
  const siteFacts = siteFactsOf(deps);
  const homeContent = createHomeContentCache(deps.db, deps.cacheVersions, () => siteFacts.load());
  const catalog = catalogContextOf(deps);
  return [
    definePage({
      path: prefix,
      entry: 'mobile-home',
      component: MobileHomePage,
      async load({ userId }) {
        return {
          title: `${deps.config.siteName}手机版-电子元器件采购网上商城`,
          description: `${deps.config.siteName}手机版：电子元器件现货采购，原厂正品，2小时发货。`,
          // The phone pages are other views of the desktop pages: search engines index the desktop one.
          canonicalPath: '/',
          data: await loadMobileHome(deps.db, homeContent, userId, prefix),
        };
      },
    }),
    definePage({
      path: `${prefix}/product/detail/:productId`,
      entry: 'mobile-product',
      component: MobileProductPage,
      async load({ params, userId }) {
        const data = await loadMobileProduct(catalog, parsePathId(params.productId), userId, prefix);
        const { product } = data;
        return {
          title: `${product.code}_${product.brandName}_${product.package} - ${deps.config.siteName}手机版`,
          description: `${product.code}（${product.brandName}，${product.package}）：${product.description}`,
          canonicalPath: productDetailPath(product.productId),
          data,
        };
      },
    }),
  ];
}
