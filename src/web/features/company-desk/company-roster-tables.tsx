import type { CompanyRoster } from '../../../contract/console/company-roster.ts';

/** 成员: who is in the company now, 管理员 first by the order they joined. */
function Members({ members }: { members: CompanyRoster['members'] }) {
  if (members.length === 0) return <p>企业暂无成员。</p>;
  return (
    <div className="admin-scroll">
      <table className="admin-table" data-testid="company-desk-members">
        <caption className="company-desk__caption">成员（{members.length}）</caption>
        <thead>
          <tr>
            <th scope="col">姓名</th>
            <th scope="col">手机</th>
            <th scope="col">角色</th>
            <th scope="col">加入时间</th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.userId} data-testid="desk-member">
              <td>{member.displayName}</td>
              <td>{member.maskedPhone}</td>
              <td>{member.roleLabel}</td>
              <td>{member.joinedAtStr}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 邀请: waiting, lapsed and accepted invitations, newest first. */
function Invitations({ invitations }: { invitations: CompanyRoster['invitations'] }) {
  if (invitations.length === 0) return <p>没有待接受、已过期或已接受的邀请。</p>;
  return (
    <div className="admin-scroll">
      <table className="admin-table" data-testid="company-desk-invitations">
        <caption className="company-desk__caption">邀请（{invitations.length}）</caption>
        <thead>
          <tr>
            <th scope="col">手机</th>
            <th scope="col">角色</th>
            <th scope="col">状态</th>
            <th scope="col">邀请时间</th>
            <th scope="col">过期时间</th>
          </tr>
        </thead>
        <tbody>
          {invitations.map((invitation) => (
            <tr key={invitation.invitationId} data-testid="desk-invitation">
              <td>{invitation.maskedPhone}</td>
              <td>{invitation.roleLabel}</td>
              <td>{invitation.stateLabel}</td>
              <td>{invitation.invitedAtStr}</td>
              <td>{invitation.state === 'accepted' ? '—' : invitation.expiresAtStr}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The company's members and invitations on its console page: read-only (the company's 管理员 manages them in the member centre). */
export function CompanyRosterTables({ roster }: { roster: CompanyRoster }) {
  return (
    <section className="admin-card company-desk__roster" aria-labelledby="company-desk-roster">
      <h2 id="company-desk-roster">成员与邀请</h2>
      <Members members={roster.members} />
      <Invitations invitations={roster.invitations} />
    </section>
  );
}
