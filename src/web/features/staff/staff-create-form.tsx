import type { SubmitEvent } from 'react';
import { staffRoleLabels, staffRoles, type StaffRole } from '../../../contract/staff.ts';

export function roleOf(value: string): StaffRole {
  return staffRoles.find((role) => role === value) ?? 'service';
}

export interface NewStaffFields {
  login: string;
  displayName: string;
  role: StaffRole;
  password: string;
}

/** 新建员工: login, name, role and a first password. */
export function StaffCreateForm({ onCreate }: { onCreate: (fields: NewStaffFields) => void }) {
  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    onCreate({ login: text('login'), displayName: text('displayName'), role: roleOf(text('role')), password: text('password') });
  }
  return (
    <form className="admin-create" onSubmit={submit}>
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
  );
}
