import { companyPath } from '../../contract/company-account.ts';
import { companyInvoicesUrl, type CompanyInvoicesData } from '../../contract/company-invoices.ts';
import { CompanyInvoicesFilter } from '../features/company-account/company-invoices-filter.tsx';
import { CompanyInvoicesTable } from '../features/company-account/company-invoices-table.tsx';
import { useCompanyInvoices } from '../features/company-account/use-company-invoices.ts';
import { MemberCentreLayout } from '../features/member/member-centre-layout.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import { Pagination } from '../ui/pagination.tsx';
import type { PageProps } from './page-props.ts';

/** /user/company/invoices: 公司发票 for 管理员 and 财务, filtered by state and date, paged, exported as Excel. */
export function CompanyInvoicesPage({ shell, data }: PageProps<CompanyInvoicesData>) {
  const state = useCompanyInvoices(data);
  const current = state.data;
  const { query } = current;
  return (
    <PageShell shell={shell}>
      <MemberCentreLayout current="/user/company">
        <section className="person-panel company-page" aria-labelledby="company-invoices-title">
          <h1 id="company-invoices-title" className="person-panel__title">
            公司发票{current.companyName ? ` · ${current.companyName}` : ''}
          </h1>
          <p className="company-links">
            <a href={companyPath}>返回企业账户</a>
          </p>
          {current.refusal ? (
            <p className="company-refusal" data-testid="company-invoices-refusal">
              {current.refusal}
            </p>
          ) : (
            <>
              <CompanyInvoicesFilter key={`${query.state}|${query.from}|${query.to}`} state={state} />
              <div aria-busy={state.isLoading}>
                <CompanyInvoicesTable data={current} />
              </div>
              <Pagination
                page={query.page}
                total={current.total}
                pageSize={current.pageSize}
                unit="张发票"
                hrefFor={(page) => companyInvoicesUrl({ ...query, page })}
                onNavigate={state.goToPage}
              />
            </>
          )}
        </section>
      </MemberCentreLayout>
    </PageShell>
  );
}
