import type { PriceImportDeskPageData } from '../../contract/price-import.ts';
import { AdminLayout } from '../features/staff/admin-layout.tsx';
import type { PageProps } from './page-props.ts';

export function AdminPriceImportPage({ data }: PageProps<PriceImportDeskPageData>) {
  return (
    <AdminLayout staff={data.staff} menu={data.menu} current="/admin/price-import">
      <h1>价格导入</h1>
    </AdminLayout>
  );
}
