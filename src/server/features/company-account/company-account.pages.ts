import { companyOrdersPath, companyPath } from '../../../contract/company-account.ts';
import { notFound } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { CompanyOrdersPage } from '../../../web/pages/company-orders-page.tsx';
import { CompanyPage } from '../../../web/pages/company-page.tsx';
import { loadCompanyPage } from './company-account.service.ts';
import { loadCompanyOrders } from './company-orders.service.ts';

/** 企业账户 (members): the company, its members and invitations; and 公司订单 for the roles that may see them. */
export function companyAccountPages({ db, config }: ServiceDeps): Page[] {
  return [
    definePage({
      path: companyPath,
      entry: 'company',
      component: CompanyPage,
      isMemberOnly: true,
      async load({ userId }) {
        if (userId === null) throw notFound();
        return {
          title: `企业账户 - ${config.siteName}`,
          description: `${config.siteName}企业账户：企业信息、成员角色与邀请。`,
          data: await loadCompanyPage(db, userId),
        };
      },
    }),
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
          description: `${config.siteName}企业账户：企业成员的订单。`,
          data: await loadCompanyOrders(db, userId, Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1),
        };
      },
    }),
  ];
}
