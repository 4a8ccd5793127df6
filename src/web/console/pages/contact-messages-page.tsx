import { useMemo, useState } from 'react';
import { contactDeskCalls } from '../../../contract/console/contact-desk-calls.ts';
import type { ContactDeskPageData, ContactDeskRow } from '../../../contract/member-desk.ts';
import { abilityFor } from '../../../contract/staff-permissions.ts';
import { AdminLayout } from '../../features/staff/admin-layout.tsx';
import { useMarkHandled } from '../../features/member-desk/use-mark-handled.ts';
import { DataGrid } from '../../features/staff/data-grid/data-grid.tsx';
import type { GridColumn, GridControls, GridFilter } from '../../features/staff/data-grid/grid-types.ts';
import type { PageProps } from '../../pages/page-props.ts';

const contactFilters: readonly GridFilter[] = [
  {
    kind: 'select',
    name: 'status',
    label: '状态',
    options: [
      { value: 'new', label: '待处理' },
      { value: 'handled', label: '已处理' },
    ],
  },
  { kind: 'text', name: 'keyword', label: '姓名、电话、公司或内容', maxLength: 40 },
];

function HandleForm({ row, grid, onNotice }: { row: ContactDeskRow; grid: GridControls; onNotice: (notice: string) => void }) {
  const markHandled = useMarkHandled(row, grid, onNotice);
  return (
    <form className="admin-inline" onSubmit={(event) => void markHandled(event)}>
      <input name="note" placeholder="处理备注" maxLength={200} aria-label={`留言 ${String(row.id)} 处理备注`} />
      <button type="submit" className="admin-button admin-button--small">
        标记已处理
      </button>
    </form>
  );
}

/** /admin/contact-messages: 联系留言 — the contact form's messages, marked handled with a note. */
export function AdminContactMessagesPage({ data }: PageProps<ContactDeskPageData>) {
  const [notice, setNotice] = useState('');
  const canUpdate = abilityFor(data.staff.role).can('update', 'ContactMessage');
  const columns = useMemo<GridColumn<ContactDeskRow>[]>(
    () => [
      { id: 'created', header: '时间', isSortable: true, cell: (row) => row.createdAtStr },
      { id: 'name', header: '联系人', isAlwaysShown: true, cell: (row) => [row.name, row.phone, row.email, row.company].filter(Boolean).join(' · ') },
      { id: 'message', header: '留言', cell: (row) => <span className="admin-json">{row.message}</span> },
      { id: 'status', header: '状态', cell: (row) => row.statusLabel },
      {
        id: 'handling',
        header: '处理',
        cell: (row, grid) =>
          row.status === 'handled' ? (
            <>
              {row.handledBy} {row.handledAtStr}
              {row.handledNote ? <p>备注：{row.handledNote}</p> : null}
            </>
          ) : canUpdate ? (
            <HandleForm row={row} grid={grid} onNotice={setNotice} />
          ) : null,
      },
    ],
    [canUpdate],
  );
  return (
    <AdminLayout staff={data.staff} menu={data.menu} current="/admin/contact-messages">
      <section className="admin-card">
        <h1>联系留言</h1>
        <p className="admin-notice" role="alert">
          {notice}
        </p>
        <DataGrid
          label="留言列表"
          call={contactDeskCalls.list}
          initial={data.initial}
          columns={columns}
          rowKey={(row) => row.id}
          filters={contactFilters}
          initialFilters={{ status: 'new' }}
          initialSort={{ column: 'created', direction: 'desc' }}
          storageKey="admin.contactMessages.columns"
        />
      </section>
    </AdminLayout>
  );
}
