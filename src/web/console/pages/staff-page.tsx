import { useMemo, useRef, useState } from 'react';
import { staffExportPath, type StaffDeskPageData, type StaffListRow, type StaffTotpSetup } from '../../../contract/staff.ts';
import { staffDeskCalls } from '../../../contract/staff-calls.ts';
import { ApiError } from '../../lib/api-client.ts';
import { AdminLayout } from '../../features/staff/admin-layout.tsx';
import { DataGrid } from '../../features/staff/data-grid/data-grid.tsx';
import type { GridBulkAction, GridControls } from '../../features/staff/data-grid/grid-types.ts';
import { callStaffApi } from '../../features/staff/staff-api.ts';
import { StaffCan } from '../../features/staff/staff-can.tsx';
import { StaffCreateForm, type NewStaffFields } from '../../features/staff/staff-create-form.tsx';
import { staffGridColumns, staffGridFilters } from '../../features/staff/staff-grid-columns.tsx';
import type { PageProps } from '../../pages/page-props.ts';

const updateStaff = { action: 'update', subject: 'Staff' } as const;

/** Disables or enables the chosen accounts one by one (each change audited), leaving out the signed-in one. */
function bulkSetDisabled(meId: number, isDisabled: boolean): GridBulkAction<StaffListRow> {
  return {
    label: isDisabled ? '批量停用' : '批量启用',
    permission: updateStaff,
    async run(rows) {
      const targets = rows.filter((row) => row.id !== meId && row.isDisabled !== isDisabled);
      for (const row of targets) await callStaffApi(staffDeskCalls.setDisabled, { staffId: row.id, isDisabled });
      return `已${isDisabled ? '停用' : '启用'} ${targets.length} 个账号`;
    },
  };
}

/** /admin/staff: 员工管理 — the staff grid (filter, sort, bulk disable/enable, export), a new account, role, unlock and TOTP reset. */
export function AdminStaffPage({ data }: PageProps<StaffDeskPageData>) {
  const [notice, setNotice] = useState('');
  const [setup, setSetup] = useState<{ login: string; totp: StaffTotpSetup } | null>(null);
  const grid = useRef<GridControls>(null);

  async function act(action: () => Promise<unknown>, done: string, reload: () => void) {
    setNotice('');
    try {
      await action();
      setNotice(done);
      reload();
    } catch (failure) {
      setNotice(failure instanceof ApiError && failure.msg ? failure.msg : '操作失败，请稍后重试');
    }
  }

  function create(fields: NewStaffFields) {
    void act(
      async () => {
        const created = await callStaffApi(staffDeskCalls.create, fields);
        setSetup({ login: created.staff.login, totp: created.totp });
      },
      '员工账号已创建',
      () => grid.current?.reload(),
    );
  }

  const me = data.staff;
  const columns = useMemo(
    () =>
      staffGridColumns({
        me,
        act: (action, done, reload) => void act(action, done, reload),
        showSetup: (login, totp) => setSetup({ login, totp }),
      }),
    [me],
  );
  const bulkActions = useMemo(() => [bulkSetDisabled(me.id, true), bulkSetDisabled(me.id, false)], [me.id]);

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
