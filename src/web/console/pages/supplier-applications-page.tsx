import { useMemo } from 'react';
import { supplierDeskCalls } from '../../../contract/console/supplier-desk-calls.ts';
import { supplierExportPath, type SupplierDeskDetail, type SupplierDeskPageData, type SupplierDeskRow } from '../../../contract/member-desk.ts';
import { abilityFor } from '../../../contract/staff-permissions.ts';
import { AdminLayout } from '../../features/staff/admin-layout.tsx';
import { useSupplierDesk, useSupplierReview } from '../../features/member-desk/use-supplier-desk.ts';
import { DataGrid } from '../../features/staff/data-grid/data-grid.tsx';
import type { GridColumn, GridFilter } from '../../features/staff/data-grid/grid-types.ts';
import type { PageProps } from '../../pages/page-props.ts';

function ApplicationDetail({ detail, canReview, onReviewed }: { detail: SupplierDeskDetail; canReview: boolean; onReviewed: (notice: string) => void }) {
  const { error, isBusy, review } = useSupplierReview(detail, onReviewed);

  return (
    <section className="admin-card admin-card--spaced" data-testid="supplier-detail">
      <h2>
        {detail.companyName}（{detail.applicationNo}）
      </h2>
      <dl className="admin-facts">
        <dt>状态</dt>
        <dd data-testid="supplier-status">{detail.statusLabel}</dd>
        <dt>统一社会信用代码</dt>
        <dd>{detail.creditCode}</dd>
        <dt>联系人</dt>
        <dd>
          {detail.contactName} {detail.phone}
        </dd>
        <dt>经营品类</dt>
        <dd>{detail.categories.map((category) => category.categoryName).join('、')}</dd>
        <dt>代理品牌</dt>
        <dd>{detail.brands}</dd>
        <dt>年销售额</dt>
        <dd>{detail.annualVolumeLabel}</dd>
        <dt>申请时间</dt>
        <dd>{detail.createdAtStr}</dd>
        {detail.reviewer ? (
          <>
            <dt>审核</dt>
            <dd>
              {detail.reviewer} {detail.reviewedAtStr} {detail.reason}
            </dd>
          </>
        ) : null}
      </dl>
      <h3>营业执照与资质证书</h3>
      {detail.documents.length === 0 ? <p>未上传文件</p> : null}
      <ul className="admin-documents">
        {detail.documents.map((document, index) => (
          <li key={document.url}>
            <a href={document.url} target="_blank" rel="noopener noreferrer">
              {document.kind === 'licence' ? '营业执照' : `资质证书 ${String(index)}`}
            </a>
          </li>
        ))}
      </ul>
      {canReview && detail.status === 'pending' ? (
        <form className="admin-create" onSubmit={(event) => void review(event)} aria-label="审核申请">
          <input name="reason" placeholder="审核意见（驳回必填）" maxLength={200} />
          <button type="submit" name="decision" value="approve" className="admin-button" disabled={isBusy}>
            通过
          </button>
          <button type="submit" name="decision" value="reject" className="admin-button admin-button--danger" disabled={isBusy}>
            驳回
          </button>
        </form>
      ) : null}
      <p className="admin-notice" role="alert">
        {error}
      </p>
    </section>
  );
}

const filters: readonly GridFilter[] = [
  {
    kind: 'select',
    name: 'status',
    label: '状态',
    options: [
      { value: 'pending', label: '待审核' },
      { value: 'approved', label: '已通过' },
      { value: 'rejected', label: '已驳回' },
    ],
  },
  { kind: 'text', name: 'keyword', label: '公司、申请编号、联系人或电话', maxLength: 40 },
  { kind: 'date', name: 'createdFrom', label: '申请开始日期' },
  { kind: 'date', name: 'createdTo', label: '申请结束日期' },
];

function columnsOf(open: (id: number) => void): GridColumn<SupplierDeskRow>[] {
  return [
    { id: 'applicationNo', header: '申请编号', isAlwaysShown: true, cell: (row) => row.applicationNo },
    { id: 'companyName', header: '公司', cell: (row) => row.companyName },
    { id: 'contact', header: '联系人', cell: (row) => `${row.contactName} ${row.phone}` },
    { id: 'status', header: '状态', cell: (row) => row.statusLabel },
    { id: 'created', header: '申请时间', isSortable: true, cell: (row) => row.createdAtStr },
    { id: 'reviewer', header: '审核人', cell: (row) => row.reviewer },
    {
      id: 'actions',
      header: '操作',
      isAlwaysShown: true,
      cell: (row) => (
        <button type="button" className="admin-button admin-button--small" onClick={() => open(row.id)}>
          查看
        </button>
      ),
    },
  ];
}

/** /admin/supplier-applications: 供应商审核 — the applications as a grid (filters, paging, export), one opened with its documents, approved or rejected with a reason. */
export function AdminSupplierApplicationsPage({ data }: PageProps<SupplierDeskPageData>) {
  const { grid, detail, notice, open, reviewed } = useSupplierDesk(data.detail);
  const canReview = abilityFor(data.staff.role).can('update', 'SupplierApplication');
  const columns = useMemo(() => columnsOf((id) => void open(id)), [open]);

  return (
    <AdminLayout staff={data.staff} menu={data.menu} current="/admin/supplier-applications">
      <section className="admin-card admin-card--spaced">
        <h1>供应商审核</h1>
        <p className="admin-notice" role="alert">
          {notice}
        </p>
        <DataGrid
          label="供应商申请"
          call={supplierDeskCalls.list}
          initial={data.initial}
          columns={columns}
          rowKey={(row) => row.id}
          filters={filters}
          initialSort={{ column: 'created', direction: 'desc' }}
          exportPath={supplierExportPath}
          exportPermission={{ action: 'export', subject: 'SupplierApplication' }}
          storageKey="admin.supplier-applications.columns"
          controls={grid}
        />
      </section>
      {detail ? (
        <ApplicationDetail
          key={`${String(detail.id)}-${detail.status}`}
          detail={detail}
          canReview={canReview}
          onReviewed={(message) => void reviewed(message)}
        />
      ) : null}
    </AdminLayout>
  );
}
