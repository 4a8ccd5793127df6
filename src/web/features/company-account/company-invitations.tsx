import { useState } from 'react';
import { companyRoleHints, companyRoleLabels, companyRoles, isCompanyRole, type CompanyRole } from '../../../contract/company-account.ts';
import { companyInvitationValidityDays } from '../../../contract/company-invitation-lifecycle.ts';
import { phoneRule, problemOf } from '../../../contract/rules.ts';
import { showToast } from '../../ui/toast.ts';
import type { CompanyState } from './use-company.ts';

function InviteForm({ state }: { state: CompanyState }) {
  const [phone, setPhone] = useState('');
  const [role, setRole] = useState<CompanyRole>('buyer');
  return (
    <form
      className="company-invite"
      onSubmit={(event) => {
        event.preventDefault();
        const problem = problemOf(phoneRule, phone);
        if (problem) {
          showToast(problem);
          return;
        }
        void state.invite(phone.trim(), role).then((isSent) => {
          if (isSent) setPhone('');
        });
      }}
    >
      <input
        className="member-input"
        value={phone}
        inputMode="numeric"
        maxLength={11}
        placeholder="同事的手机号"
        aria-label="被邀请人手机号"
        onChange={(event) => setPhone(event.target.value)}
      />
      <select
        className="company-role-select"
        aria-label="邀请角色"
        value={role}
        onChange={(event) => {
          if (isCompanyRole(event.target.value)) setRole(event.target.value);
        }}
      >
        {companyRoles.map((option) => (
          <option key={option} value={option}>
            {companyRoleLabels[option]}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--primary" disabled={state.isBusy}>
        发送邀请
      </button>
      <p className="company-muted company-invite__hint">
        {companyRoleHints[role]}。对方登录（或用该手机号注册）后，在“会员中心 · 企业账户”接受邀请，邀请 {companyInvitationValidityDays} 天内有效。
      </p>
    </form>
  );
}

/** 邀请成员 (管理员 only): the form and the pending invitations, each withdrawn here. */
export function CompanyInvitations({ state }: { state: CompanyState }) {
  const { invitations } = state.data;
  return (
    <section className="company-section" aria-labelledby="company-invitations-title">
      <h2 id="company-invitations-title" className="company-section__title">
        邀请成员
      </h2>
      <InviteForm state={state} />
      {invitations.length > 0 && (
        <table className="company-table" data-testid="company-invitations">
          <thead>
            <tr>
              <th scope="col">手机号</th>
              <th scope="col">角色</th>
              <th scope="col">邀请人</th>
              <th scope="col">邀请时间</th>
              <th scope="col">状态</th>
              <th scope="col">操作</th>
            </tr>
          </thead>
          <tbody>
            {invitations.map((invitation) => (
              <tr key={invitation.invitationId} data-testid="company-pending-invitation">
                <td>{invitation.maskedPhone}</td>
                <td>{companyRoleLabels[invitation.role]}</td>
                <td>{invitation.invitedByName}</td>
                <td>{invitation.createdAtStr}</td>
                <td data-testid="company-invitation-state">
                  {invitation.isExpired ? <strong>已过期</strong> : <span className="company-muted">{invitation.expiresAtStr} 前有效</span>}
                </td>
                <td>
                  <button type="button" className="link-button" disabled={state.isBusy} onClick={() => void state.cancelInvitation(invitation.invitationId)}>
                    撤回
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {invitations.some((invitation) => invitation.isExpired) && <p className="company-muted">已过期的邀请对方不再看到；可撤回，或在上方再次邀请该手机号。</p>}
    </section>
  );
}
