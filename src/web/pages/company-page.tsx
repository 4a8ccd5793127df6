import type { CompanyPageData } from '../../contract/company-account.ts';
import { CompanyApprovalThreshold } from '../features/company-account/company-approval-threshold.tsx';
import { CompanyCreditBox } from '../features/company-credit/company-credit-box.tsx';
import { CompanyCreateForm } from '../features/company-account/company-create-form.tsx';
import { CompanyInvitationBox } from '../features/company-account/company-invitation-box.tsx';
import { CompanyInvitations } from '../features/company-account/company-invitations.tsx';
import { CompanyLeaveButton } from '../features/company-account/company-leave-button.tsx';
import { CompanyMembersTable } from '../features/company-account/company-members-table.tsx';
import { CompanySummary } from '../features/company-account/company-summary.tsx';
import { useCompany } from '../features/company-account/use-company.ts';
import { MemberCentreLayout } from '../features/member/member-centre-layout.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

/** /user/company: the member's company (info, members, invitations), or the invitations to them and a form to create one. */
export function CompanyPage({ shell, data }: PageProps<CompanyPageData>) {
  const state = useCompany(data);
  const { company, can } = state.data;
  return (
    <PageShell shell={shell}>
      <MemberCentreLayout current="/user/company">
        <section className="person-panel company-page" aria-labelledby="company-title">
          <h1 id="company-title" className="person-panel__title">
            企业账户
          </h1>
          {company === null ? (
            <>
              <CompanyInvitationBox state={state} />
              <CompanyCreateForm state={state} />
            </>
          ) : (
            <>
              <CompanySummary state={state} />
              <CompanyCreditBox />
              <CompanyApprovalThreshold state={state} />
              <CompanyMembersTable state={state} />
              {can.canManage && <CompanyInvitations state={state} />}
              <CompanyLeaveButton state={state} />
            </>
          )}
        </section>
      </MemberCentreLayout>
    </PageShell>
  );
}
