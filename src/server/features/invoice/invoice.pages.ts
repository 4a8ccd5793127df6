import { notFound } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { InvoicePage } from '../../../web/pages/invoice-page.tsx';
import { listInvoiceProfiles } from './invoice.service.ts';

/** /user/invoice: the member's invoice profiles. */
export function invoicePages(deps: ServiceDeps): Page[] {
  return [
    definePage({
      path: '/user/invoice',
      entry: 'invoice',
      component: InvoicePage,
      isMemberOnly: true,
      async load({ userId }) {
        if (userId === null) throw notFound();
        const profiles = await listInvoiceProfiles(deps.db, userId);
        return {
          title: `发票信息 - ${deps.config.siteName}`,
          description: `管理在${deps.config.siteName}开具增值税普通发票与专用发票的抬头和税号。`,
          data: { profiles },
        };
      },
    }),
  ];
}
