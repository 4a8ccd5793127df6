import type { SupplierApplicationSummary } from '../../../contract/supplier.ts';

/** One application as its applicant sees it: number, company, status and, once reviewed, the reason. */
export function SupplierStatusCard({ application }: { application: SupplierApplicationSummary }) {
  return (
    <div className="supplier-status" data-testid="supplier-status">
      <div className="supplier-status__head">
        <span className="supplier-status__company">{application.companyName}</span>
        <span className={`supplier-status__badge supplier-status__badge--${application.status}`} data-testid="supplier-status-label">
          {application.statusLabel}
        </span>
      </div>
      <p>
        <span className="supplier-status__field">申请编号：{application.applicationNo}</span>
        <span className="supplier-status__field">提交时间：{application.createdAtStr}</span>
      </p>
      {application.reviewedAtStr ? <p>审核时间：{application.reviewedAtStr}</p> : null}
      {application.reason ? <p className="supplier-status__reason">审核意见：{application.reason}</p> : null}
    </div>
  );
}
