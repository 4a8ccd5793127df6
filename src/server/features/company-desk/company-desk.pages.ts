import { companyDeskPath } from '../../../contract/company-credit.ts';
import type { CompanyDeskDetailPageData, CompanyDeskPageData } from '../../../contract/console/company-desk.ts';
import { companyDeskRequests } from '../../../contract/console/company-desk-requests.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import type { Page } from '../../ssr/page-registry.ts';
import { AdminCompaniesPage } from '../../../web/console/pages/companies-page.tsx';
import { AdminCompanyDetailPage } from '../../../web/console/pages/company-detail-page.tsx';
import { defineStaffPage } from '../staff/staff-page.ts';
import { listCompanyDesk, loadCompanyDesk } from './company-desk.service.ts';

const readCredit = { action: 'read', subject: 'CompanyCredit' } as const;

export function companyDeskPages({ db }: ServiceDeps): Page[] {
  return [
    defineStaffPage<CompanyDeskPageData>({
      path: companyDeskPath,
      entry: 'console/companies',
      component: AdminCompaniesPage,
      access: readCredit,
      async load({ query, access }) {
        const parsed = companyDeskRequests.list.safeParse({ keyword: typeof query.q === 'string' ? query.q : '', page: Number(query.page ?? 1) || 1 });
        const request = parsed.success ? parsed.data : { keyword: '', page: 1 };
        return { title: '企业月结 - 芯品商城管理后台', isNoIndex: true, data: { ...access, list: await listCompanyDesk(db, request) } };
      },
    }),
    defineStaffPage<CompanyDeskDetailPageData>({
      path: `${companyDeskPath}/:companyId`,
      entry: 'console/company-detail',
      component: AdminCompanyDetailPage,
      access: readCredit,
      async load({ params, access }) {
        const companyId = Number(params.companyId);
        let detail = null;
        if (Number.isSafeInteger(companyId) && companyId > 0) {
          try {
            detail = await loadCompanyDesk(db, companyId, access.staff);
          } catch (failure) {
            if (!(failure instanceof AppError)) throw failure;
          }
        }
        return { title: '企业月结 - 芯品商城管理后台', isNoIndex: true, data: { ...access, detail } };
      },
    }),
  ];
}
