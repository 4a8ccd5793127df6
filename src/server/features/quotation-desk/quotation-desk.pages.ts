import { defaultOfferValidDays, quotationDeskPaths, type QuotationDeskPageData, type QuotationDetailPageData } from '../../../contract/console/quotation.ts';
import { formatBeijingDate } from '../../../contract/time.ts';
import { AdminQuotationDetailPage } from '../../../web/console/pages/quotation-detail-page.tsx';
import { AdminQuotationsPage } from '../../../web/console/pages/quotations-page.tsx';
import type { Page } from '../../ssr/page-registry.ts';
import type { FeatureDeps } from '../feature-registration.ts';
import { defineStaffPage } from '../staff/staff-page.ts';
import { listQuotationDesk, loadQuotationDeskDetail } from './quotation-desk.service.ts';
import { gridPageOfUrl } from '../staff/grid-url-query.ts';
import { quotationDeskListQuery } from '../../../contract/console/quotation-requests.ts';

/** 报价管理's list and detail: not signed in → the console's login (returning here); a role without it → /admin. */
export function quotationDeskPages(deps: FeatureDeps): Page[] {
  return [
    defineStaffPage<QuotationDeskPageData>({
      path: quotationDeskPaths.list,
      entry: 'console/quotations',
      component: AdminQuotationsPage,
      access: { action: 'read', subject: 'Quotation' },
      async load({ query, access }) {
        const initial = await gridPageOfUrl(quotationDeskListQuery, query, (grid) => listQuotationDesk(deps.db, grid));
        return { title: '报价管理 - 芯品商城管理后台', isNoIndex: true, data: { ...access, initial } };
      },
    }),
    defineStaffPage<QuotationDetailPageData>({
      path: '/admin/quotations/:quotationId',
      entry: 'console/quotation-detail',
      component: AdminQuotationDetailPage,
      access: { action: 'read', subject: 'Quotation' },
      async load({ params, access }) {
        const quotationId = Number(params.quotationId);
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
