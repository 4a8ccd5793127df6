import { companyRoleLabels } from '../../../contract/company-account.ts';
import type { CompanyState } from './use-company.ts';

/** 企业邀请: invitations to the member's phone, each accepted or declined here. */
export function CompanyInvitationBox({ state }: { state: CompanyState }) {
  const invitations = state.data.myInvitations;
  if (invitations.length === 0) return null;
  return (
    <section className="company-section company-invitation-box" aria-labelledby="company-invitation-box-title" data-testid="company-invitation-box">
      <h2 id="company-invitation-box-title" className="company-section__title">
        企业邀请（{invitations.length}）
      </h2>
      <ul className="company-invitation-box__list">
        {invitations.map((invitation) => (
          <li key={invitation.invitationId} className="company-invitation-box__item" data-testid="company-invitation">
            <div>
              <strong>{invitation.companyName}</strong> 邀请您以“{companyRoleLabels[invitation.role]}”身份加入
              <span className="company-muted">
                邀请人 {invitation.invitedByName} · {invitation.createdAtStr}
              </span>
            </div>
            <div className="company-invitation-box__actions">
              <button type="button" className="button button--primary" disabled={state.isBusy} onClick={() => void state.accept(invitation.invitationId)}>
                接受
              </button>
              <button type="button" className="button" disabled={state.isBusy} onClick={() => void state.decline(invitation.invitationId)}>
                拒绝
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
