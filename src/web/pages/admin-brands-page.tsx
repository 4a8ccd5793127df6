import type { BrandDeskPageData } from '../../contract/admin-taxonomy.ts';
import { AdminLayout } from '../features/staff/admin-layout.tsx';
import type { PageProps } from './page-props.ts';

export function AdminBrandsPage({ data }: PageProps<BrandDeskPageData>) {
  return (
    <AdminLayout staff={data.staff} menu={data.menu} current="/admin/brands">
      <section className="admin-card">
        <h1>品牌管理</h1>
      </section>
    </AdminLayout>
  );
}
