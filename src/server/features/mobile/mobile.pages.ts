import type { ServiceDeps } from '../../service-deps.ts';
import { notFound } from '../../http/app-error.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { MobileHomePage, type MobileHomeData } from '../../../web/pages/mobile-home-page.tsx';
import { MobileProductPage, type MobileProductData } from '../../../web/pages/mobile-product-page.tsx';
import { loadMobileHome, loadMobileProduct } from './mobile.service.ts';

export function mobilePages(deps: ServiceDeps, prefix: string): Page[] {
  return [
    definePage<MobileHomeData>({
      path: prefix,
      entry: 'mobile-home',
      component: MobileHomePage,
      async load() {
        return {
          title: `${deps.config.siteName}手机版-电子元器件采购网上商城`,
          description: `${deps.config.siteName}手机版：电子元器件现货采购，原厂正品，2小时发货。`,
          data: await loadMobileHome(deps.db, prefix),
        };
      },
    }),
    definePage<MobileProductData>({
      path: `${prefix}/product/detail/:productId`,
      entry: 'mobile-product',
      component: MobileProductPage,
      async load({ params }) {
        const id = params.productId ?? '';
        if (!/^\d{1,9}$/.test(id)) throw notFound('商品不存在');
        const data = await loadMobileProduct(deps.db, Number(id), prefix);
        if (!data) throw notFound('商品不存在');
        const { product } = data;
        return {
          title: `${product.code}_${product.brandName}_${product.package} - ${deps.config.siteName}手机版`,
          description: `${product.code}（${product.brandName}，${product.package}）：${product.description}`,
          data,
        };
      },
    }),
  ];
}
