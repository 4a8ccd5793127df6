import { loginPath } from '../../../contract/account.ts';
import { bomRequests } from '../../../contract/bom-requests.ts';
import { notFound } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { BomListPage, type BomListPageData } from '../../../web/pages/bom-list-page.tsx';
import { BomPage } from '../../../web/pages/bom-page.tsx';
import { listBoms, loadSavedBom } from './bom.service.ts';

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
        if (query.id === undefined) return { title, description, data: { savedBom: null, isLoggedIn: userId !== null } };
        if (userId === null) return { redirectTo: loginPath(request.url) };
        const bomId = bomRequests.detail.shape.bomId.safeParse(query.id);
        if (!bomId.success) throw notFound();
        // Another member's id is bom.notFound: the 404 page.
        const savedBom = await loadSavedBom(deps, userId, bomId.data);
        return { title: `${savedBom.name} - ${title}`, description, data: { savedBom, isLoggedIn: true } };
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
