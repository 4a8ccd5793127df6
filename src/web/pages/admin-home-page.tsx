import type { StaffHomePageData } from '../../contract/staff.ts';
import { AdminLayout } from '../features/staff/admin-layout.tsx';
import type { PageProps } from './page-props.ts';

/** /admin: the console's home. */
export function AdminHomePage({ data }: PageProps<StaffHomePageData>) {
  return (
    <AdminLayout staff={data.staff} menu={data.menu} current="/admin">
      <section className="admin-card">
        <h1>欢迎，{data.staff.displayName}</h1>
        <p>您的角色：{data.staff.roleLabel}。请从左侧菜单进入您有权限的功能。</p>
      </section>
    </AdminLayout>
  );
}
