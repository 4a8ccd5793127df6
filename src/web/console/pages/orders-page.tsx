import { adminOrderDetailPath, adminOrdersExportPath, type AdminOrderRow, type AdminOrdersPageData } from '../../../contract/console/orders.ts';
import { adminOrderCalls } from '../../../contract/console/orders-calls.ts';
import { orderStatuses, orderStatusLabels, paymentMethodLabels, PaymentMethod } from '../../../contract/order.ts';
import { formatCents } from '../../../contract/pricing.ts';
import { AdminLayout } from '../../features/staff/admin-layout.tsx';
import { DataGrid } from '../../features/staff/data-grid/data-grid.tsx';
import type { GridColumn, GridFilter } from '../../features/staff/data-grid/grid-types.ts';
import type { PageProps } from '../../pages/page-props.ts';

const filters: readonly GridFilter[] = [
  { kind: 'text', name: 'orderNo', label: '订单号', maxLength: 32 },
  { kind: 'text', name: 'memberPhone', label: '会员手机', maxLength: 20 },
  { kind: 'select', name: 'status', label: '订单状态', options: orderStatuses.map((status) => ({ value: status, label: orderStatusLabels[status] })) },
  {
    kind: 'select',
    name: 'paymentMethod',
    label: '支付方式',
    options: Object.values(PaymentMethod).map((method) => ({ value: method, label: paymentMethodLabels[method] })),
  },
  { kind: 'date', name: 'dateFrom', label: '下单开始日期' },
  { kind: 'date', name: 'dateTo', label: '下单结束日期' },
];

const columns: readonly GridColumn<AdminOrderRow>[] = [
  {
    id: 'orderNo',
    header: '订单号',
    isAlwaysShown: true,
    cell: (row) => <a href={adminOrderDetailPath(row.orderNo)}>{row.orderNo}</a>,
  },
  { id: 'poNumber', header: '采购订单号', isHiddenAtFirst: true, cell: (row) => row.poNumber },
  { id: 'createdAt', header: '下单时间', isSortable: true, cell: (row) => row.createdAtStr },
  { id: 'memberPhone', header: '会员手机', cell: (row) => row.memberPhone },
  { id: 'status', header: '状态', cell: (row) => row.statusLabel },
  { id: 'payableCents', header: '应付金额', isSortable: true, cell: (row) => <span className="desk-money">{formatCents(row.payableCents)}</span> },
  { id: 'refundedCents', header: '已退款', isHiddenAtFirst: true, cell: (row) => (row.refundedCents > 0 ? formatCents(row.refundedCents) : '') },
  { id: 'paymentMethod', header: '支付方式', cell: (row) => row.paymentMethodLabel },
  { id: 'productCount', header: '件数', isHiddenAtFirst: true, cell: (row) => row.productCount },
  { id: 'carrier', header: '配送', cell: (row) => row.carrierName },
  { id: 'invoice', header: '发票', cell: (row) => (row.hasInvoiceRequest ? '需开票' : '') },
];

/** /admin/orders: 订单管理 — the orders as a grid; a row opens its detail, the filter exports to Excel. */
export function AdminOrdersPage({ data }: PageProps<AdminOrdersPageData>) {
  return (
    <AdminLayout staff={data.staff} menu={data.menu} current="/admin/orders">
      <section className="admin-card">
        <h1>订单管理</h1>
        <DataGrid
          label="订单列表"
          call={adminOrderCalls.list}
          initial={data.initial}
          columns={columns}
          rowKey={(row) => row.orderNo}
          filters={filters}
          initialSort={{ column: 'createdAt', direction: 'desc' }}
          exportPath={adminOrdersExportPath}
          exportPermission={{ action: 'export', subject: 'Order' }}
          storageKey="admin.orders.columns"
        />
      </section>
    </AdminLayout>
  );
}
