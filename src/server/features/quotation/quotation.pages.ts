import { isQuotationStatus, quotationProblemText } from '../../../contract/quotation.ts';
import { notFound } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { QuotationPage, type QuotationPageData } from '../../../web/pages/quotation-page.tsx';
import { listQuotations } from './quotation.service.ts';

/** /user/quotation: the member's quotation requests and offers, by status. */
export function quotationPages(deps: ServiceDeps): Page[] {
  const siteName = deps.config.siteName;
  return [
    definePage({
      path: '/user/quotation',
      entry: 'quotation',
      component: QuotationPage,
      isMemberOnly: true,
      async load({ userId, query }) {
        if (userId === null) throw notFound();
        const status = query.status !== undefined && isQuotationStatus(query.status) ? query.status : null;
        const page = Math.min(10_000, Math.max(1, Math.floor(Number(query.page)) || 1));
        const list = await listQuotations(deps.db, userId, { status, page });
        const data: QuotationPageData = { list, notice: quotationProblemText(query.problem) };
        return { title: `我的询价 - ${siteName}`, description: `${siteName}询价单：报价进度、有效期与按报价下单。`, data };
      },
    }),
  ];
}
