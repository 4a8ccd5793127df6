import { useState, type SubmitEvent } from 'react';
import { staffRoleLabels, staffRoles, type StaffDeskPageData, type StaffListRow, type StaffRole, type StaffTotpSetup } from '../../contract/staff.ts';
import { staffDeskCalls } from '../../contract/staff-calls.ts';
import { ApiError } from '../lib/api-client.ts';
import { AdminLayout } from '../features/staff/admin-layout.tsx';
import { callStaffApi } from '../features/staff/staff-api.ts';
import type { PageProps } from './page-props.ts';

function roleOf(value: string): StaffRole {
  return staffRoles.find((role) => role === value) ?? 'service';
}

/** /admin/staff: 员工管理 — the staff list, a new account, role, disable, unlock and TOTP reset. */
export function AdminStaffPage({ data }: PageProps<StaffDeskPageData>) {
  const [rows, setRows] = useState(data.rows);
  const [notice, setNotice] = useState('');
  const [setup, setSetup] = useState<{ login: string; totp: StaffTotpSetup } | null>(null);

  async function act(action: () => Promise<StaffListRow | null>, done: string) {
    setNotice('');
    try {
      const row = await action();
      if (row) setRows((current) => current.map((each) => (each.id === row.id ? row : each)));
      setNotice(done);
    } catch (failure) {
      setNotice(failure instanceof ApiError && failure.msg ? failure.msg : '操作失败，请稍后重试');
    }
  }

  async function create(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    await act(async () => {
      const created = await callStaffApi(staffDeskCalls.create, {
        login: text('login'),
        displayName: text('displayName'),
        role: roleOf(text('role')),
        password: text('password'),
      });
      setRows((current) => [...current, created.staff]);
      setSetup({ login: created.staff.login, totp: created.totp });
      return null;
    }, '员工账号已创建');
  }

  return (
    <AdminLayout staff={data.staff} menu={data.menu} current="/admin/staff">
      <section className="admin-card">
        <h1>员工管理</h1>
        <p className="admin-notice" role="status">
          {notice}
        </p>
        {setup && (
          <div className="admin-totp" data-testid="admin-totp-setup">
            <p>请把以下认证器密钥交给 {setup.login} 本人，只显示这一次：</p>
            <code>{setup.totp.secret}</code>
            <code className="admin-totp__uri">{setup.totp.uri}</code>
          </div>
        )}
        <table className="admin-table">
          <thead>
            <tr>
              <th>登录名</th>
              <th>显示名</th>
              <th>角色</th>
              <th>状态</th>
              <th>创建时间</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{row.login}</td>
                <td>{row.displayName}</td>
                <td>
                  <select
                    aria-label={`${row.login}的角色`}
                    value={row.role}
                    disabled={row.id === data.staff.id}
                    onChange={(event) =>
                      void act(() => callStaffApi(staffDeskCalls.setRole, { staffId: row.id, role: roleOf(event.target.value) }), '角色已修改')
                    }
                  >
                    {staffRoles.map((role) => (
                      <option key={role} value={role}>
                        {staffRoleLabels[role]}
                      </option>
                    ))}
                  </select>
                </td>
                <td>{row.isDisabled ? '已停用' : row.isLocked ? `已锁定至 ${row.lockedUntilStr}` : '正常'}</td>
                <td>{row.createdAtStr}</td>
                <td className="admin-table__actions">
                  {row.id !== data.staff.id && (
                    <button
                      type="button"
                      onClick={() =>
                        void act(
                          () => callStaffApi(staffDeskCalls.setDisabled, { staffId: row.id, isDisabled: !row.isDisabled }),
                          row.isDisabled ? '账号已启用' : '账号已停用',
                        )
                      }
                    >
                      {row.isDisabled ? '启用' : '停用'}
                    </button>
                  )}
                  {row.isLocked && (
                    <button type="button" onClick={() => void act(() => callStaffApi(staffDeskCalls.unlock, { staffId: row.id }), '账号已解锁')}>
                      解锁
                    </button>
                  )}
                  <button
                    type="button"
                    onClick={() =>
                      void act(async () => {
                        setSetup({ login: row.login, totp: await callStaffApi(staffDeskCalls.resetTotp, { staffId: row.id }) });
                        return null;
                      }, '动态码已重置')
                    }
                  >
                    重置动态码
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <form className="admin-create" onSubmit={(event) => void create(event)}>
          <h2>新建员工</h2>
          <input name="login" placeholder="登录名" required maxLength={32} />
          <input name="displayName" placeholder="显示名" required maxLength={32} />
          <select name="role" defaultValue="service" aria-label="角色">
            {staffRoles.map((role) => (
              <option key={role} value={role}>
                {staffRoleLabels[role]}
              </option>
            ))}
          </select>
          <input name="password" type="password" placeholder="初始密码（至少10位，含字母和数字）" required autoComplete="new-password" />
          <button type="submit" className="admin-button">
            创建
          </button>
        </form>
      </section>
    </AdminLayout>
  );
}
