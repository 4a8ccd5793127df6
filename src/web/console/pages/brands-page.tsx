import { useMemo, useRef, useState } from 'react';
import { brandDeskPath, brandExportPath, type AdminBrandRow, type BrandDeskPageData } from '../../../contract/console/taxonomy.ts';
import { brandDeskCalls } from '../../../contract/console/brands-calls.ts';
import { AdminLayout } from '../../features/staff/admin-layout.tsx';
import { DataGrid } from '../../features/staff/data-grid/data-grid.tsx';
import type { GridControls } from '../../features/staff/data-grid/grid-types.ts';
import { StaffCan } from '../../features/staff/staff-can.tsx';
import { brandBulkActions } from '../../features/taxonomy-desk/brand-bulk-actions.ts';
import { BrandForm } from '../../features/taxonomy-desk/brand-form.tsx';
import { brandGridColumns, brandGridFilters } from '../../features/taxonomy-desk/brand-grid-columns.tsx';
import type { PageProps } from '../../pages/page-props.ts';

type Editing = { row: AdminBrandRow | null } | null;

/** /admin/brands: 品牌管理 — the brands as a data grid, and the brand form (new or edit). */
export function AdminBrandsPage({ data }: PageProps<BrandDeskPageData>) {
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState('');
  const grid = useRef<GridControls>(null);
  const columns = useMemo(() => brandGridColumns({ edit: (row) => setEditing({ row }), notify: setNotice }), []);

  function saved(row: AdminBrandRow, isNew: boolean) {
    setEditing(null);
    setNotice(isNew ? `已创建品牌 ${row.nameEn}` : `已保存品牌 ${row.nameEn}`);
    grid.current?.reload();
  }

  return (
    <AdminLayout staff={data.staff} menu={data.menu} current={brandDeskPath}>
      <section className="admin-card">
        <h1>品牌管理</h1>
        <p className="admin-notice" role="status">
          {notice}
        </p>
        {editing ? <BrandForm key={editing.row?.id ?? 'new'} editing={editing.row} onSaved={saved} onCancel={() => setEditing(null)} /> : null}
        <DataGrid
          label="品牌列表"
          call={brandDeskCalls.list}
          initial={data.initialPage}
          columns={columns}
          rowKey={(row) => row.id}
          filters={brandGridFilters}
          bulkActions={brandBulkActions}
          exportPath={brandExportPath}
          exportPermission={{ action: 'export', subject: 'Brand' }}
          storageKey="admin.brands.columns"
          controls={grid}
          toolbar={
            <StaffCan action="create" subject="Brand">
              <button type="button" className="admin-button" onClick={() => setEditing({ row: null })}>
                新建品牌
              </button>
            </StaffCan>
          }
        />
      </section>
    </AdminLayout>
  );
}
