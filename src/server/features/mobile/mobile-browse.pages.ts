import { queryReader, readListState } from '../../../contract/list-state.ts';
import { readSearchParams } from '../../../contract/search.ts';
import { choosePath } from '../../../contract/catalog.ts';
import { notFound } from '../../http/app-error.ts';
import { canonicalPathOf } from '../../ssr/canonical-path.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { MobileCataloguePage } from '../../../web/pages/mobile-catalogue-page.tsx';
import { MobileChoosePage } from '../../../web/pages/mobile-choose-page.tsx';
import { MobileSearchPage } from '../../../web/pages/mobile-search-page.tsx';
import type { FeatureDeps } from '../feature-registration.ts';
import { catalogContextOf } from '../catalog/choose/choose.service.ts';
import { loadMobileCatalogue, loadMobileChoose, loadMobileSearch } from './mobile.service.ts';

const chooseIdsPattern = /^(\d{1,9})(?:-(\d{1,9}))?$/;

/** The browsing half of the mobile site: search, the category list and the parametric lists. */
export function mobileBrowsePages(deps: FeatureDeps, prefix: string): Page[] {
  const siteName = `${deps.config.siteName}手机版`;
  const catalog = catalogContextOf(deps);
  return [
    definePage({
      path: `${prefix}/search`,
      entry: 'mobile-search',
      component: MobileSearchPage,
      async load({ query }) {
        const data = await loadMobileSearch(deps.search, readSearchParams(query), prefix);
        const key = data.result.params.key;
        return {
          title: key ? `${key} - 搜索结果 - ${siteName}` : `搜索 - ${siteName}`,
          description: key ? `${siteName}为您找到${data.result.total}个与“${key}”相关的电子元器件。` : `${siteName}：按型号、品牌、分类或参数搜索电子元器件。`,
          // The phone pages are other views of the desktop pages: search engines index the desktop one.
          canonicalPath: canonicalPathOf('/search', { key }),
          isNoIndex: !key,
          data,
        };
      },
    }),
    definePage({
      path: `${prefix}/catalogue`,
      entry: 'mobile-catalogue',
      component: MobileCataloguePage,
      async load() {
        const data = await loadMobileCatalogue(catalog, prefix);
        return {
          title: `元器件分类 - ${siteName}`,
          description: `${siteName}电子元器件分类：${data.groups.map((group) => group.categoryGroupName).join('、')}。`,
          canonicalPath: '/catalogue',
          data,
        };
      },
    }),
    definePage({
      path: `${prefix}/choose/:categoryIds`,
      entry: 'mobile-choose',
      component: MobileChoosePage,
      async load({ params, query }) {
        const match = chooseIdsPattern.exec(params.categoryIds ?? '');
        if (!match) throw notFound();
        const state = readListState(queryReader(query));
        const data = await loadMobileChoose(catalog, Number(match[1]), match[2] ? Number(match[2]) : null, state, prefix);
        const name = data.categorySecond?.categoryName ?? data.categoryFirst.categoryName;
        return {
          title: `${name} - 参数选型 - ${siteName}`,
          description: `${siteName}${name}，共${data.products.total}个型号，按参数筛选，现货2小时发货。`,
          canonicalPath: choosePath(data.categoryFirst.categoryId, data.categorySecond?.categoryId),
          data,
        };
      },
    }),
  ];
}
