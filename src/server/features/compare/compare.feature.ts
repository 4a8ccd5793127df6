import { comparePath } from '../../../contract/compare.ts';
import { definePage } from '../../ssr/page-registry.ts';
import { ComparePage } from '../../../web/pages/compare-page.tsx';
import type { FeatureRegistration } from '../feature-registration.ts';
import { mobileComparePage } from './compare-mobile.pages.ts';
import { loadComparison } from './compare.service.ts';

/** 商品对比 (/product/compare?ids=1,2,3, and its phone page): anyone may compare; the choice is kept in the browser. */
export const registerCompareFeature: FeatureRegistration = (_app, deps, pages) => {
  const { db, config } = deps;
  pages.push(
    definePage({
      path: comparePath,
      entry: 'compare',
      component: ComparePage,
      async load({ query }) {
        const data = await loadComparison(db, query.ids);
        const codes = data.parts.map((part) => part.code).join(' / ');
        return {
          title: `${codes ? `${codes} ` : ''}参数对比 - ${config.siteName}`,
          description: `${config.siteName}商品参数对比：品牌、封装、价格、库存与规格参数并排比较。`,
          // A choice of parts is nobody's search result.
          isNoIndex: true,
          data,
        };
      },
    }),
    mobileComparePage(deps),
  );
};
