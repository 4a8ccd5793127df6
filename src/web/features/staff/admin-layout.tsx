import { useState, type ReactNode } from 'react';
import { staffLoginPath, type StaffIdentity } from '../../../contract/staff.ts';
import { staffAuthCalls } from '../../../contract/staff-calls.ts';
import { callStaffApi } from './staff-api.ts';
import { StaffContext } from './staff-can.tsx';

export interface AdminMenuItem {
  label: string;
  href: string;
}

/** The console's frame: its own header (not the shop's shell), the desks' menu on the left, the staff member and logout. */
export function AdminLayout({
  staff,
  menu,
  current,
  children,
}: {
  staff: StaffIdentity;
  menu: readonly AdminMenuItem[];
  current: string;
  children: ReactNode;
}) {
  const [isLeaving, setLeaving] = useState(false);
  async function logout() {
    setLeaving(true);
    try {
      await callStaffApi(staffAuthCalls.logout, {});
    } finally {
      window.location.href = staffLoginPath;
    }
  }
  return (
    <StaffContext value={staff}>
      <div className="admin">
        <header className="admin-header">
          <a className="admin-header__brand" href="/admin">
            芯品商城 · 管理后台
          </a>
          <div className="admin-header__user">
            <span data-testid="admin-staff-name">{staff.displayName}</span>
            <span className="admin-header__role">{staff.roleLabel}</span>
            <button type="button" className="admin-button admin-button--plain" onClick={() => void logout()} disabled={isLeaving}>
              退出登录
            </button>
          </div>
        </header>
        <div className="admin-body">
          <nav className="admin-menu" aria-label="功能菜单">
            <a className={current === '/admin' ? 'admin-menu__item is-current' : 'admin-menu__item'} href="/admin">
              首页
            </a>
            {menu.map((item) => (
              <a key={item.href} className={current === item.href ? 'admin-menu__item is-current' : 'admin-menu__item'} href={item.href}>
                {item.label}
              </a>
            ))}
          </nav>
          <main className="admin-main">{children}</main>
        </div>
      </div>
    </StaffContext>
  );
}
