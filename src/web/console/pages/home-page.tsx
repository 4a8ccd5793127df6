import type { AdminHomePageData } from '../../../contract/dashboard.ts';
import { AdminLayout } from '../../features/staff/admin-layout.tsx';
import { DashboardPanel } from '../../features/dashboard/dashboard-panel.tsx';
import type { PageProps } from '../../pages/page-props.ts';

/** /admin: the console's home — the dashboard for roles that may read it, otherwise the menu's welcome. */
export function AdminHomePage({ data }: PageProps<AdminHomePageData>) {
  return (
    <AdminLayout staff={data.staff} menu={data.menu} current="/admin">
      <section className="admin-card">
        <h1>欢迎，{data.staff.displayName}</h1>
        <p>您的角色：{data.staff.roleLabel}。请从左侧菜单进入您有权限的功能。</p>
      </section>
      {data.dashboard ? <DashboardPanel data={data.dashboard} /> : null}
    </AdminLayout>
  );
}
