import { purchaseListPath } from '../../../contract/purchase-list.ts';
import { parsePathId } from '../../http/path-params.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page, type PageContext, type PageRedirect } from '../../ssr/page-registry.ts';
import { MobilePurchaseListPage } from '../../../web/pages/mobile-purchase-list-page.tsx';
import { MobilePurchaseListsPage } from '../../../web/pages/mobile-purchase-lists-page.tsx';
import { mobileLoginPath } from '../mobile/mobile-buy.service.ts';
import { mobilePathPrefix } from '../mobile/mobile-link.service.ts';
import { listPurchaseLists, loadPurchaseList } from './purchase-list.service.ts';

/** The member's id, or the mobile login page that comes back here. */
function memberOrLogin(basePath: string, { userId, request }: PageContext): number | PageRedirect {
  return userId ?? { redirectTo: mobileLoginPath(basePath, request.url) };
}

/**
 * 常购清单 on a phone (/m/user/purchase-list and one list): the desktop pages' loaders, in the
 * mobile frame; a visitor logs in on the mobile site and comes back.
 */
export function mobilePurchaseListPages({ db, config }: ServiceDeps): Page[] {
  const basePath = mobilePathPrefix(config.mobileSite);
  const siteName = `${config.siteName}手机版`;
  return [
    definePage({
      path: `${basePath}${purchaseListPath}`,
      entry: 'mobile-purchase-lists',
      component: MobilePurchaseListsPage,
      async load(context) {
        const userId = memberOrLogin(basePath, context);
        if (typeof userId !== 'number') return userId;
        return {
          isNoIndex: true,
          title: `常购清单 - ${siteName}`,
          description: `${siteName}常购清单：保存常用物料，一键再次采购。`,
          data: { ...(await listPurchaseLists(db, userId)), basePath },
        };
      },
    }),
    definePage({
      path: `${basePath}${purchaseListPath}/:listId`,
      entry: 'mobile-purchase-list',
      component: MobilePurchaseListPage,
      async load(context) {
        const listId = parsePathId(context.params.listId);
        const userId = memberOrLogin(basePath, context);
        if (typeof userId !== 'number') return userId;
        const detail = await loadPurchaseList(db, userId, listId);
        return {
          isNoIndex: true,
          title: `${detail.list.name} - 常购清单 - ${siteName}`,
          description: `${siteName}常购清单：价格与库存变化，一键加入购物车。`,
          data: { ...detail, basePath },
        };
      },
    }),
  ];
}
