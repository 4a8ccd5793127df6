import { companyInvoicesPath, readCompanyInvoiceQuery } from '../../../contract/company-invoices.ts';
import { notFound } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { CompanyInvoicesPage } from '../../../web/pages/company-invoices-page.tsx';
import { loadCompanyInvoicesPage } from './company-invoices.service.ts';

/** 公司发票 (/user/company/invoices?state=issued&from=2026-11-01&to=2026-11-30&page=2): for 管理员 and 财务; others read why not. */
export function companyInvoicePages({ db, config }: ServiceDeps): Page[] {
  return [
    definePage({
      path: companyInvoicesPath,
      entry: 'company-invoices',
      component: CompanyInvoicesPage,
      isMemberOnly: true,
      async load({ userId, query }) {
        if (userId === null) throw notFound();
        return {
          title: `公司发票 - ${config.siteName}`,
          description: `${config.siteName}企业账户：企业成员订单的发票申请、开具与红冲，按状态和日期查询并导出Excel。`,
          data: await loadCompanyInvoicesPage(db, userId, readCompanyInvoiceQuery(query)),
        };
      },
    }),
  ];
}
