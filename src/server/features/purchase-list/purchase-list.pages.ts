import { purchaseListPath } from '../../../contract/purchase-list.ts';
import { notFound } from '../../http/app-error.ts';
import { parsePathId } from '../../http/path-params.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { PurchaseListPage } from '../../../web/pages/purchase-list-page.tsx';
import { PurchaseListsPage } from '../../../web/pages/purchase-lists-page.tsx';
import { listPurchaseLists, loadPurchaseList } from './purchase-list.service.ts';

/** 常购清单 (members): the lists, and one list with what changed since it was saved. */
export function purchaseListPages({ db, config }: ServiceDeps): Page[] {
  return [
    definePage({
      path: purchaseListPath,
      entry: 'purchase-lists',
      component: PurchaseListsPage,
      isMemberOnly: true,
      async load({ userId }) {
        if (userId === null) throw notFound();
        return {
          title: `常购清单 - ${config.siteName}`,
          description: `${config.siteName}常购清单：保存常用物料，一键再次采购。`,
          data: await listPurchaseLists(db, userId),
        };
      },
    }),
    definePage({
      path: `${purchaseListPath}/:listId`,
      entry: 'purchase-list',
      component: PurchaseListPage,
      isMemberOnly: true,
      async load({ userId, params }) {
        const listId = parsePathId(params.listId);
        if (userId === null) throw notFound();
        const data = await loadPurchaseList(db, userId, listId);
        return {
          title: `${data.list.name} - 常购清单 - ${config.siteName}`,
          description: `${config.siteName}常购清单：价格与库存变化，一键加入购物车。`,
          data,
        };
      },
    }),
  ];
}
