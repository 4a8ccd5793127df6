import { loginPath } from '../../../contract/account.ts';
import { notFound } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { BomListPage, type BomListPageData } from '../../../web/pages/bom-list-page.tsx';
import { BomPage } from '../../../web/pages/bom-page.tsx';
import { loadBomTool } from './bom-page.service.ts';
import { listBoms } from './bom.service.ts';

/** /bom (the tool; ?id=N reopens a member's saved BOM) and /user/bom (the member's saved BOMs). */
export function bomPages(deps: ServiceDeps): Page[] {
  const siteName = deps.config.siteName;
  return [
    definePage({
      path: '/bom',
      entry: 'bom',
      component: BomPage,
      async load({ userId, query, request }) {
        const title = `BOM配单 - ${siteName}`;
        const description = `${siteName}BOM配单：上传 BOM 表格或粘贴型号清单，自动匹配型号、比价、一键加入购物车`;
        const data = await loadBomTool(deps, userId, query.id);
        if (data === 'login') return { redirectTo: loginPath(request.url) };
        return { title: data.savedBom ? `${data.savedBom.name} - ${title}` : title, description, data };
      },
    }),
    definePage({
      path: '/user/bom',
      entry: 'bom-list',
      component: BomListPage,
      isMemberOnly: true,
      async load({ userId, query }) {
        if (userId === null) throw notFound();
        const page = Math.min(10_000, Math.max(1, Math.floor(Number(query.page)) || 1));
        const data: BomListPageData = { list: await listBoms(deps, userId, page) };
        return { title: `我的BOM - ${siteName}`, description: `${siteName}保存的BOM配单：重新打开、比价与一键加入购物车。`, data };
      },
    }),
  ];
}
