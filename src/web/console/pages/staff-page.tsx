import { useMemo } from 'react';
import { staffExportPath, type StaffDeskPageData } from '../../../contract/staff.ts';
import { staffDeskCalls } from '../../../contract/staff-calls.ts';
import { AdminLayout } from '../../features/staff/admin-layout.tsx';
import { DataGrid } from '../../features/staff/data-grid/data-grid.tsx';
import { StaffCan } from '../../features/staff/staff-can.tsx';
import { StaffCreateForm } from '../../features/staff/staff-create-form.tsx';
import { useStaffDesk } from '../../features/staff/use-staff-desk.ts';
import { staffGridColumns, staffGridFilters } from '../../features/staff/staff-grid-columns.tsx';
import type { PageProps } from '../../pages/page-props.ts';

/** /admin/staff: 员工管理 — the staff grid (filter, sort, bulk disable/enable, export), a new account, role, unlock and TOTP reset. */
export function AdminStaffPage({ data }: PageProps<StaffDeskPageData>) {
  const me = data.staff;
  const { notice, setup, grid, act, create, showSetup, bulkActions } = useStaffDesk(me);
  const columns = useMemo(
    () =>
      staffGridColumns({
        me,
        act: (action, done, reload) => void act(action, done, reload),
        showSetup,
      }),
    [me, act, showSetup],
  );

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
        <DataGrid
          label="员工列表"
          call={staffDeskCalls.list}
          initial={data.grid}
          columns={columns}
          rowKey={(row) => row.id}
          filters={staffGridFilters}
          bulkActions={bulkActions}
          exportPath={staffExportPath}
          exportPermission={{ action: 'export', subject: 'Staff' }}
          storageKey="admin.staff.columns"
          controls={grid}
        />
        <StaffCan action="create" subject="Staff">
          <StaffCreateForm onCreate={create} />
        </StaffCan>
      </section>
    </AdminLayout>
  );
}
