import { companyStatementsPath } from '../../../contract/company-credit.ts';
import { notFound } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { CompanyStatementsPage } from '../../../web/pages/company-statements-page.tsx';
import { loadStatementsPage } from './company-credit.service.ts';

/** /user/company/statements: the company's 月结 and 对账单 (管理员, 财务). */
export function companyCreditPages({ db, config }: ServiceDeps): Page[] {
  return [
    definePage({
      path: companyStatementsPath,
      entry: 'company-statements',
      component: CompanyStatementsPage,
      isMemberOnly: true,
      async load({ userId }) {
        if (userId === null) throw notFound();
        return {
          title: `对账单 - ${config.siteName}`,
          description: `${config.siteName}企业月结：额度、账期与每月对账单。`,
          data: await loadStatementsPage(db, userId, Date.now()),
        };
      },
    }),
  ];
}
