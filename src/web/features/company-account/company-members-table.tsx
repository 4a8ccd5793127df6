import { useState } from 'react';
import { companyRoleLabels, companyRoles, isCompanyRole, type CompanyMemberView } from '../../../contract/company-account.ts';
import { usePageId } from '../../lib/page-ids.tsx';
import { ModalDialog } from '../../ui/modal-dialog.tsx';
import type { CompanyState } from './use-company.ts';

function RoleCell({ member, state }: { member: CompanyMemberView; state: CompanyState }) {
  if (!state.data.can.canManage) return <span className={`company-role company-role--${member.role}`}>{companyRoleLabels[member.role]}</span>;
  return (
    <select
      className="company-role-select"
      aria-label={`${member.displayName}的角色`}
      value={member.role}
      disabled={state.isBusy}
      onChange={(event) => {
        if (isCompanyRole(event.target.value)) void state.changeRole(member.userId, event.target.value);
      }}
    >
      {companyRoles.map((role) => (
        <option key={role} value={role}>
          {companyRoleLabels[role]}
        </option>
      ))}
    </select>
  );
}

function RemoveDialog({ member, state, onClose }: { member: CompanyMemberView | undefined; state: CompanyState; onClose: () => void }) {
  const titleId = usePageId();
  return (
    <ModalDialog isOpen={member !== undefined} onClose={onClose} className="company-dialog" labelledBy={titleId}>
      <h2 id={titleId} className="company-dialog__title">
        移除成员
      </h2>
      <p>确定将“{member?.displayName ?? ''}”移出企业吗？其此前下的订单仍属于企业，此后恢复为个人账户。</p>
      <div className="company-dialog__actions">
        <button type="button" className="button" onClick={onClose} disabled={state.isBusy}>
          取消
        </button>
        <button
          type="button"
          className="button button--accent"
          disabled={state.isBusy}
          onClick={() => {
            if (member) void state.removeMember(member.userId).then(onClose);
          }}
        >
          移除
        </button>
      </div>
    </ModalDialog>
  );
}

/** 企业成员: roles shown to all, changed and removed by the 管理员. */
export function CompanyMembersTable({ state }: { state: CompanyState }) {
  const [removingId, setRemovingId] = useState<number | null>(null);
  const { members, can } = state.data;
  return (
    <section className="company-section" aria-labelledby="company-members-title">
      <h2 id="company-members-title" className="company-section__title">
        企业成员（{members.length}）
      </h2>
      <table className="company-table" data-testid="company-members">
        <thead>
          <tr>
            <th scope="col">成员</th>
            <th scope="col">手机号</th>
            <th scope="col">角色</th>
            <th scope="col">加入时间</th>
            {can.canManage && <th scope="col">操作</th>}
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.userId} data-testid="company-member">
              <td>
                {member.displayName}
                {member.isMe && <span className="company-muted">（我）</span>}
              </td>
              <td>{member.maskedPhone}</td>
              <td>
                <RoleCell member={member} state={state} />
              </td>
              <td>{member.joinedAtStr}</td>
              {can.canManage && (
                <td>
                  <button type="button" className="link-button" disabled={state.isBusy} onClick={() => setRemovingId(member.userId)}>
                    移除
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <RemoveDialog member={members.find((member) => member.userId === removingId)} state={state} onClose={() => setRemovingId(null)} />
    </section>
  );
}
