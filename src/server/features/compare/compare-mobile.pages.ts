import { comparePath } from '../../../contract/compare.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { MobileComparePage } from '../../../web/pages/mobile-compare-page.tsx';
import { mobilePathPrefix } from '../mobile/mobile-link.service.ts';
import { loadComparison } from './compare.service.ts';

/** /m/product/compare?ids=1,2,3: the desktop comparison's data on a phone. */
export function mobileComparePage({ db, config }: ServiceDeps): Page {
  const basePath = mobilePathPrefix(config.mobileSite);
  return definePage({
    path: `${basePath}${comparePath}`,
    entry: 'mobile-compare',
    component: MobileComparePage,
    async load({ query }) {
      const data = await loadComparison(db, query.ids);
      const codes = data.parts.map((part) => part.code).join(' / ');
      return {
        title: `${codes ? `${codes} ` : ''}参数对比 - ${config.siteName}手机版`,
        description: `${config.siteName}手机版商品参数对比：最多4个型号的品牌、封装、价格、库存与规格参数左右滑动比较。`,
        // A choice of parts is nobody's search result.
        isNoIndex: true,
        data: { ...data, basePath },
      };
    },
  });
}
