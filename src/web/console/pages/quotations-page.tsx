import { quotationDeskPaths, type QuotationDeskPageData, type QuotationDeskRow } from '../../../contract/console/quotation.ts';
import { quotationDeskCalls } from '../../../contract/console/quotation-calls.ts';
import { formatCents } from '../../../contract/pricing.ts';
import { quotationStatuses, quotationStatusLabels } from '../../../contract/quotation.ts';
import { AdminLayout } from '../../features/staff/admin-layout.tsx';
import { DataGrid } from '../../features/staff/data-grid/data-grid.tsx';
import type { GridColumn, GridFilter } from '../../features/staff/data-grid/grid-types.ts';
import { StaffCan } from '../../features/staff/staff-can.tsx';
import { useQuotationBulk } from '../../features/quotation-desk/use-quotation-bulk.ts';
import type { PageProps } from '../../pages/page-props.ts';

const columns: readonly GridColumn<QuotationDeskRow>[] = [
  {
    id: 'quotationNo',
    header: '询价单号',
    isAlwaysShown: true,
    cell: (row) => <a href={quotationDeskPaths.detail(row.id)}>{row.quotationNo}</a>,
  },
  { id: 'status', header: '状态', cell: (row) => <span className={`admin-status admin-status--${row.status}`}>{row.statusLabel}</span> },
  { id: 'memberPhone', header: '会员手机', cell: (row) => row.memberPhone },
  { id: 'lineCount', header: '物料数', isSortable: true, cell: (row) => `${String(row.lineCount)} 项（已选型 ${String(row.chosenCount)}）` },
  { id: 'totalCents', header: '报价金额', cell: (row) => (row.totalCents === null ? '—' : formatCents(row.totalCents)) },
  { id: 'createdAt', header: '提交时间', isSortable: true, cell: (row) => row.createdAtStr },
  { id: 'validUntil', header: '报价有效期至', cell: (row) => row.validUntilStr || '—' },
  {
    id: 'actions',
    header: '操作',
    isAlwaysShown: true,
    cell: (row) => <a href={quotationDeskPaths.detail(row.id)}>{row.status === 'pending' ? '报价' : '查看'}</a>,
  },
];

const filters: readonly GridFilter[] = [
  { kind: 'select', name: 'status', label: '状态', options: quotationStatuses.map((status) => ({ value: status, label: quotationStatusLabels[status] })) },
  { kind: 'text', name: 'phone', label: '会员手机', maxLength: 11 },
  { kind: 'text', name: 'quotationNo', label: '询价单号', maxLength: 32 },
  { kind: 'date', name: 'from', label: '提交日期从' },
  { kind: 'date', name: 'to', label: '至' },
];

/** /admin/quotations: 报价管理 — BOM quotation requests, filtered and sorted on the server. */
export function AdminQuotationsPage({ data }: PageProps<QuotationDeskPageData>) {
  const { reason, setReason, bulkActions } = useQuotationBulk();
  return (
    <AdminLayout staff={data.staff} menu={data.menu} current={quotationDeskPaths.list}>
      <section className="admin-card">
        <h1>报价管理</h1>
        <DataGrid
          label="询价单列表"
          call={quotationDeskCalls.list}
          initial={data.initial}
          columns={columns}
          filters={filters}
          rowKey={(row) => row.id}
          initialSort={{ column: 'createdAt', direction: 'desc' }}
          storageKey="admin.quotations.columns"
          bulkActions={bulkActions}
          exportPath={quotationDeskPaths.export}
          exportPermission={{ action: 'export', subject: 'Quotation' }}
          toolbar={
            <StaffCan action="update" subject="Quotation">
              <label>
                关闭原因 <input aria-label="关闭原因" value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} />
              </label>
            </StaffCan>
          }
        />
      </section>
    </AdminLayout>
  );
}
