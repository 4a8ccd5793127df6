import { useState, type SubmitEvent } from 'react';
import { supplierDeskCalls } from '../../contract/admin-supplier-desk-calls.ts';
import type { SupplierDeskDetail, SupplierDeskPageData, SupplierDeskRow } from '../../contract/member-desk.ts';
import { abilityFor } from '../../contract/staff-permissions.ts';
import { ApiError } from '../lib/api-client.ts';
import { AdminLayout } from '../features/staff/admin-layout.tsx';
import { callStaffApi } from '../features/staff/staff-api.ts';
import { fieldOf, GridPager } from '../features/member-desk/grid-pager.tsx';
import { useGridList } from '../features/member-desk/use-grid-list.ts';
import type { PageProps } from './page-props.ts';

function messageOf(failure: unknown): string {
  return failure instanceof ApiError && failure.msg ? failure.msg : '操作失败，请稍后重试';
}

function ApplicationDetail({ detail, canReview, onReviewed }: { detail: SupplierDeskDetail; canReview: boolean; onReviewed: (notice: string) => void }) {
  const [error, setError] = useState('');
  const [isBusy, setBusy] = useState(false);

  async function review(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as unknown as { submitter?: HTMLButtonElement | null }).submitter;
    const decision = submitter?.value === 'reject' ? 'reject' : 'approve';
    setError('');
    setBusy(true);
    try {
      const row = await callStaffApi(supplierDeskCalls.review, { id: detail.id, decision, reason: fieldOf(new FormData(event.currentTarget), 'reason') });
      onReviewed(`申请 ${row.applicationNo} ${row.statusLabel}`);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

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

/** /admin/supplier-applications: 供应商审核 — the applications, one opened with its documents, approved or rejected with a reason. */
export function AdminSupplierApplicationsPage({ data }: PageProps<SupplierDeskPageData>) {
  const list = useGridList<SupplierDeskRow>(supplierDeskCalls.list, data.initial, {});
  const [detail, setDetail] = useState<SupplierDeskDetail | null>(data.detail);
  const [notice, setNotice] = useState('');
  const canReview = abilityFor(data.staff.role).can('update', 'SupplierApplication');

  function search(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void list.load({ filters: { status: fieldOf(form, 'status'), keyword: fieldOf(form, 'keyword') } });
  }

  async function open(id: number) {
    setNotice('');
    try {
      setDetail(await callStaffApi(supplierDeskCalls.detail, { id }));
    } catch (failure) {
      setNotice(messageOf(failure));
    }
  }

  async function reviewed(message: string) {
    setNotice(message);
    if (detail) await open(detail.id);
    await list.reload();
  }

  return (
    <AdminLayout staff={data.staff} menu={data.menu} current="/admin/supplier-applications">
      <section className="admin-card admin-card--spaced">
        <h1>供应商审核</h1>
        <form className="admin-create" onSubmit={search} aria-label="筛选申请">
          <select name="status" aria-label="状态" defaultValue="">
            <option value="">全部</option>
            <option value="pending">待审核</option>
            <option value="approved">已通过</option>
            <option value="rejected">已驳回</option>
          </select>
          <input name="keyword" placeholder="公司、申请编号、联系人或电话" maxLength={40} />
          <button type="submit" className="admin-button">
            查询
          </button>
        </form>
        <p className="admin-notice" role="alert">
          {notice || list.error}
        </p>
        <table className="admin-table" data-testid="supplier-grid">
          <thead>
            <tr>
              <th>申请编号</th>
              <th>公司</th>
              <th>联系人</th>
              <th>状态</th>
              <th>申请时间</th>
              <th>审核人</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {list.page.rows.map((row) => (
              <tr key={row.id}>
                <td>{row.applicationNo}</td>
                <td>{row.companyName}</td>
                <td>
                  {row.contactName} {row.phone}
                </td>
                <td>{row.statusLabel}</td>
                <td>{row.createdAtStr}</td>
                <td>{row.reviewer}</td>
                <td>
                  <button type="button" className="admin-button admin-button--small" onClick={() => void open(row.id)}>
                    查看
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.page.rows.length === 0 ? <p>暂无数据</p> : null}
        <GridPager total={list.page.total} page={list.page.page} pageCount={list.pageCount} onPage={(page) => void list.load({ page })} />
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
