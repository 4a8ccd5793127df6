import { auditExportPath, type AuditDeskPageData, type AuditRow } from '../../../contract/staff.ts';
import { auditDeskCalls } from '../../../contract/staff-calls.ts';
import { AdminLayout } from '../../features/staff/admin-layout.tsx';
import { DataGrid } from '../../features/staff/data-grid/data-grid.tsx';
import type { GridColumn, GridFilter } from '../../features/staff/data-grid/grid-types.ts';
import type { PageProps } from '../../pages/page-props.ts';

const filters: readonly GridFilter[] = [
  { kind: 'text', name: 'staffName', label: '员工姓名', maxLength: 32 },
  { kind: 'text', name: 'subject', label: '对象（如 Staff）', maxLength: 32 },
  { kind: 'date', name: 'from', label: '开始日期' },
  { kind: 'date', name: 'to', label: '结束日期' },
];

const columns: readonly GridColumn<AuditRow>[] = [
  { id: 'at', header: '时间', isSortable: true, isAlwaysShown: true, cell: (row) => row.atStr },
  { id: 'staffName', header: '员工', isSortable: true, cell: (row) => row.staffName },
  { id: 'action', header: '操作', isSortable: true, cell: (row) => row.action },
  { id: 'subject', header: '对象', isSortable: true, cell: (row) => `${row.subject} #${row.subjectId}` },
  { id: 'before', header: '修改前', cell: (row) => <span className="admin-json">{row.beforeJson}</span> },
  { id: 'after', header: '修改后', cell: (row) => <span className="admin-json">{row.afterJson}</span> },
  { id: 'ip', header: 'IP', cell: (row) => row.ip },
];

/** /admin/audit: 操作日志 — filter by staff, subject and dates, sort, page through, export to Excel. */
export function AdminAuditPage({ data }: PageProps<AuditDeskPageData>) {
  return (
    <AdminLayout staff={data.staff} menu={data.menu} current="/admin/audit">
      <section className="admin-card">
        <h1>操作日志</h1>
        <DataGrid
          label="操作日志"
          call={auditDeskCalls.search}
          initial={data.grid}
          columns={columns}
          rowKey={(row) => row.id}
          filters={filters}
          exportPath={auditExportPath}
          exportPermission={{ action: 'export', subject: 'AuditLog' }}
          storageKey="admin.audit.columns"
        />
      </section>
    </AdminLayout>
  );
}
