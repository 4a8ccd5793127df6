import {
  adminComplaintDetailPath,
  adminComplaintsExportPath,
  adminComplaintsPath,
  type AdminComplaintRow,
  type AdminComplaintsPageData,
} from '../../../contract/console/orders.ts';
import { adminComplaintCalls } from '../../../contract/console/orders-calls.ts';
import { complaintStatuses, complaintStatusLabels, complaintTypeLabels, complaintTypes } from '../../../contract/complaint.ts';
import { ComplaintDesk } from '../../features/order-desk/complaint-desk.tsx';
import { AdminLayout } from '../../features/staff/admin-layout.tsx';
import { DataGrid } from '../../features/staff/data-grid/data-grid.tsx';
import type { GridColumn, GridFilter } from '../../features/staff/data-grid/grid-types.ts';
import type { PageProps } from '../../pages/page-props.ts';

const filters: readonly GridFilter[] = [
  { kind: 'text', name: 'complaintNo', label: '投诉编号', maxLength: 32 },
  { kind: 'text', name: 'orderNo', label: '订单号', maxLength: 32 },
  { kind: 'text', name: 'memberPhone', label: '会员手机', maxLength: 20 },
  { kind: 'select', name: 'status', label: '状态', options: complaintStatuses.map((status) => ({ value: status, label: complaintStatusLabels[status] })) },
  { kind: 'select', name: 'type', label: '问题类型', options: complaintTypes.map((type) => ({ value: type, label: complaintTypeLabels[type] })) },
];

const columns: readonly GridColumn<AdminComplaintRow>[] = [
  { id: 'complaintNo', header: '投诉编号', isAlwaysShown: true, cell: (row) => <a href={adminComplaintDetailPath(row.id)}>{row.complaintNo}</a> },
  { id: 'createdAt', header: '提交时间', isSortable: true, cell: (row) => row.createdAtStr },
  { id: 'updatedAt', header: '更新时间', isSortable: true, isHiddenAtFirst: true, cell: (row) => row.updatedAtStr },
  { id: 'orderNo', header: '订单号', cell: (row) => row.orderNo },
  { id: 'memberPhone', header: '会员手机', cell: (row) => row.memberPhone },
  { id: 'productCode', header: '型号', cell: (row) => row.productCode },
  { id: 'type', header: '问题类型', cell: (row) => row.typeLabel },
  { id: 'status', header: '状态', cell: (row) => row.statusLabel },
];

/** /admin/complaints (and /admin/complaints/{id} with that complaint open): 售后服务. */
export function AdminComplaintsPage({ data }: PageProps<AdminComplaintsPageData>) {
  return (
    <AdminLayout staff={data.staff} menu={data.menu} current={adminComplaintsPath}>
      {data.detail && <ComplaintDesk initial={data.detail} carriers={data.carriers} staff={data.staff} />}
      <section className="admin-card">
        <h1>售后服务</h1>
        <DataGrid
          label="售后投诉"
          call={adminComplaintCalls.list}
          initial={data.initial}
          columns={columns}
          rowKey={(row) => row.id}
          filters={filters}
          initialSort={{ column: 'createdAt', direction: 'desc' }}
          exportPath={adminComplaintsExportPath}
          exportPermission={{ action: 'export', subject: 'Complaint' }}
          storageKey="admin.complaints.columns"
        />
      </section>
    </AdminLayout>
  );
}
