import { readSearchParams } from '../../../contract/search.ts';
import { canonicalPathOf } from '../../ssr/canonical-path.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { SearchPage } from '../../../web/pages/search-page.tsx';
import type { SearchService } from './search.service.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { isMissToCount, recordSearchMiss } from './search-misses.service.ts';

export function searchPage(search: SearchService, siteName: string, deps: Pick<ServiceDeps, 'db' | 'logger'>): Page {
  return definePage({
    path: '/search',
    entry: 'search',
    component: SearchPage,
    async load({ query }) {
      const result = await search.search(readSearchParams(query));
      const key = result.params.key;
      const isMiss = isMissToCount(result);
      if (isMiss) await recordSearchMiss(deps, key);
      return {
        title: key ? `${key} - 搜索结果 - ${siteName}` : `搜索 - ${siteName}`,
        description: key
          ? `${siteName}为您找到${result.total}个与“${key}”相关的电子元器件：型号、品牌、封装、参数、库存与阶梯价格。`
          : `${siteName}：按型号、品牌、分类或参数搜索电子元器件。`,
        // The keyword's first page is a landing page worth indexing; later pages and the empty search are not.
        canonicalPath: canonicalPathOf('/search', { key, page: result.params.page }),
        isNoIndex: !key || result.params.page > 1,
        data: result,
        // A search that found nothing is counted each time it is asked: the page cache never keeps it.
        isRenderedEachTime: isMiss,
      };
    },
  });
}
