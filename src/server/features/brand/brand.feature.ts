import { queryReader, readColumnListState } from '../../../contract/list-state.ts';
import { parsePathId } from '../../http/path-params.ts';
import { brandPath } from '../../../contract/catalog.ts';
import { imageUrl } from '../../../contract/content.ts';
import { canonicalPathOf } from '../../ssr/canonical-path.ts';
import { definePage } from '../../ssr/page-registry.ts';
import { BrandDetailPage } from '../../../web/pages/brand-detail-page.tsx';
import { BrandListPage } from '../../../web/pages/brand-list-page.tsx';
import type { FeatureRegistration } from '../feature-registration.ts';
import { createBrandContext, listBrandsByInitial, loadBrandDetail } from './brand.service.ts';

/** /brand and /brand/{brandId}. */
export const registerBrandFeature: FeatureRegistration = (_app, deps, pages) => {
  const siteName = deps.config.siteName;
  // One per app: its caches belong to this app's database.
  const context = createBrandContext(deps.db, deps.cacheVersions);
  pages.push(
    definePage({
      path: '/brand',
      entry: 'brand-list',
      component: BrandListPage,
      async load() {
        const groups = await listBrandsByInitial(context);
        const brandCount = groups.reduce((sum, group) => sum + group.brands.length, 0);
        return {
          title: `品牌专区 - 电子元器件原厂品牌大全 - ${siteName}`,
          description: `${siteName}品牌专区：${groups
            .flatMap((group) => group.brands)
            .slice(0, 12)
            .map((brand) => brand.nameCn ?? brand.nameEn)
            .join('、')}等${brandCount}家原厂品牌，按字母查找。`,
          data: { groups, brandCount },
        };
      },
    }),
    definePage({
      path: '/brand/:brandId',
      entry: 'brand-detail',
      component: BrandDetailPage,
      async load({ params, query }) {
        const brandId = parsePathId(params.brandId);
        const state = readColumnListState(queryReader(query));
        const { brand, products } = await loadBrandDetail(context, brandId, {
          categorySecondId: state.category,
          package: state.package,
          isStockOnly: state.stock === 1,
          sort: state.sort,
          page: state.page,
        });
        const name = brand.nameCn ? `${brand.nameEn}(${brand.nameCn})` : brand.nameEn;
        return {
          title: `${name}品牌元器件${state.page > 1 ? `（第${state.page}页）` : ''} - ${siteName}`,
          description: `${name}：${brand.intro.slice(0, 80)} ${siteName}供应${brand.nameEn}现货，共${products.total}个型号。`,
          canonicalPath: canonicalPathOf(brandPath(brand.brandId), { page: state.page }),
          image: brand.logoPath ? imageUrl(deps.config.imageBaseUrl, brand.logoPath) : null,
          data: { brand, products, state },
        };
      },
    }),
  );
};
