import { companyOrdersPath } from '../../../contract/company-account.ts';
import { companyOrderFilters, type CompanyOrderFilter } from '../../../contract/order-approval.ts';
import { notFound } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { CompanyOrdersPage } from '../../../web/pages/company-orders-page.tsx';
import { loadCompanyOrders } from './order-company.service.ts';

function filterOf(value: string | undefined): CompanyOrderFilter {
  return companyOrderFilters.find((filter) => filter === value) ?? 'all';
}

/** 公司订单 (/user/company/orders?filter=awaitingApproval&page=2): the company's orders for the roles that may see them, 待审批 with its buttons. */
export function companyOrderPages({ db, config }: ServiceDeps): Page[] {
  return [
    definePage({
      path: companyOrdersPath,
      entry: 'company-orders',
      component: CompanyOrdersPage,
      isMemberOnly: true,
      async load({ userId, query }) {
        if (userId === null) throw notFound();
        const page = Number(query.page);
        return {
          title: `公司订单 - ${config.siteName}`,
          description: `${config.siteName}企业账户：企业成员的订单与审批。`,
          data: await loadCompanyOrders(db, userId, {
            filter: filterOf(query.filter),
            page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
          }),
        };
      },
    }),
  ];
}
