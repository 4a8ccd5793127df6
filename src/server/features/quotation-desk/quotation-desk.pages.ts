import { defaultOfferValidDays, quotationDeskPaths, type QuotationDeskPageData, type QuotationDetailPageData } from '../../../contract/console/quotation.ts';
import { formatBeijingDate } from '../../../contract/time.ts';
import { AdminQuotationDetailPage } from '../../../web/console/pages/quotation-detail-page.tsx';
import { AdminQuotationsPage } from '../../../web/console/pages/quotations-page.tsx';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import type { FeatureDeps } from '../feature-registration.ts';
import { staffPageAccess } from '../staff/staff-session.ts';
import { listQuotationDesk, loadQuotationDeskDetail } from './quotation-desk.service.ts';
import { gridPageOfUrl } from '../staff/grid-url-query.ts';
import { quotationDeskListQuery } from '../../../contract/console/quotation-requests.ts';

/** 报价管理's list and detail: not signed in → the console's login (returning here); a role without it → /admin. */
export function quotationDeskPages(deps: FeatureDeps): Page[] {
  return [
    definePage<QuotationDeskPageData>({
      path: quotationDeskPaths.list,
      entry: 'console/quotations',
      component: AdminQuotationsPage,
      async load({ request, reply, query }) {
        const access = await staffPageAccess(request, reply, deps, { action: 'read', subject: 'Quotation' });
        if ('redirectTo' in access) return access;
        const initial = await gridPageOfUrl(quotationDeskListQuery, query, (grid) => listQuotationDesk(deps.db, grid));
        return { title: '报价管理 - 芯品商城管理后台', isNoIndex: true, data: { ...access, initial } };
      },
    }),
    definePage<QuotationDetailPageData>({
      path: '/admin/quotations/:quotationId',
      entry: 'console/quotation-detail',
      component: AdminQuotationDetailPage,
      async load({ request, reply, params }) {
        const quotationId = Number(params.quotationId);
        const access = await staffPageAccess(request, reply, deps, { action: 'read', subject: 'Quotation' });
        if ('redirectTo' in access) return access;
        if (!Number.isInteger(quotationId) || quotationId < 1 || quotationId > 2_147_483_647) return { redirectTo: quotationDeskPaths.list };
        const detail = await loadQuotationDeskDetail(deps, quotationId, access.staff);
        return {
          title: `询价单 ${detail.quotationNo} - 报价管理 - 芯品商城管理后台`,
          isNoIndex: true,
          data: { ...access, detail, defaultValidDate: formatBeijingDate(Date.now() + defaultOfferValidDays * 86_400_000) },
        };
      },
    }),
  ];
}
