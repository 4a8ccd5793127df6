import { companyPath } from '../../../contract/company-account.ts';
import { notFound } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { CompanyPage } from '../../../web/pages/company-page.tsx';
import { loadCompanyPage } from './company-account.service.ts';

/** 企业账户 (members): the company, its members and invitations (公司订单 is the order feature's: order-company.pages.ts). */
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
  ];
}
