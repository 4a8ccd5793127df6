import { mobileBuyPaths } from '../../../contract/mobile-buy.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { MobileBomPage } from '../../../web/pages/mobile-bom-page.tsx';
import { loadBomTool } from '../bom/bom-page.service.ts';
import { mobileLoginPath } from './mobile-buy.service.ts';

/**
 * /m/bom: the BOM tool on a phone, from the desktop's loader (?id=N reopens a member's saved BOM; a
 * visitor logs in on the mobile site and comes back; another member's BOM is the 404 page).
 */
export function mobileBomPages(deps: ServiceDeps, basePath: string): Page[] {
  const siteName = `${deps.config.siteName}手机版`;
  return [
    definePage({
      path: mobileBuyPaths(basePath).bom,
      entry: 'mobile-bom',
      component: MobileBomPage,
      async load({ userId, query, request }) {
        const title = `BOM配单 - ${siteName}`;
        const description = `${siteName}BOM配单：粘贴型号清单或上传 BOM 文件，自动匹配现货与价格，一键加入购物车。`;
        const data = await loadBomTool(deps, userId, query.id);
        if (data === 'login') return { redirectTo: mobileLoginPath(basePath, request.url) };
        return {
          title: data.savedBom ? `${data.savedBom.name} - ${title}` : title,
          description,
          // The phone pages are other views of the desktop pages: search engines index the desktop one.
          canonicalPath: '/bom',
          isNoIndex: data.savedBom !== null,
          data: { ...data, basePath },
        };
      },
    }),
  ];
}
