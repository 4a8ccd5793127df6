import { formatCents } from '../../../contract/money.ts';
import type { OrderApprovalView } from '../../../contract/order-approval.ts';

/**
 * 企业审批 on an order's detail (decision 0029): while it waits, the company's threshold and who may
 * approve; once decided, who approved or rejected it, when, and why.
 */
export function OrderApprovalNote({ approval, className }: { approval: OrderApprovalView | null | undefined; className: string }) {
  if (!approval) return null;
  const threshold = `${approval.companyName}审批金额 ${formatCents(approval.thresholdCents)}`;
  return (
    <div className={className} data-testid="order-approval" aria-label="企业审批">
      <p>
        企业审批：<strong data-testid="order-approval-state">{approval.stateLabel}</strong>（{threshold}）
      </p>
      {approval.state === 'waiting' ? (
        <p data-testid="order-approval-approvers">
          待审批人：{approval.approverNames.length > 0 ? approval.approverNames.join('、') : '企业暂无审批人，请联系企业管理员'}
        </p>
      ) : null}
      {approval.decidedByName ? (
        <p data-testid="order-approval-decided">
          {approval.state === 'approved' ? '批准人' : '驳回人'}：{approval.decidedByName}（{approval.decidedAtStr}）
          {approval.reason ? `，理由：${approval.reason}` : ''}
        </p>
      ) : null}
    </div>
  );
}
