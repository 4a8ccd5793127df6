import { companyRoleLabels, type CompanyOrderRow } from '../../../contract/company-account.ts';
import { formatCents } from '../../../contract/money.ts';
import { OrderStatus } from '../../../contract/order.ts';
import type { CompanyOrdersState } from './use-company-orders.ts';

/** One order of 公司订单 on a phone: number, buyer, amount, state, time; 批准 and 驳回 for an approver while it waits. */
export function MobileCompanyOrderCard({ order, state }: { order: CompanyOrderRow; state: CompanyOrdersState }) {
  const isWaiting = order.status === OrderStatus.awaitingApproval;
  const isBusy = state.busyNo !== null;
  return (
    <article className="mb-card m-company-order" aria-label={`订单 ${order.orderNo}`} data-testid="m-company-order">
      <header className="mb-card__head">
        <span className="mb-muted" data-testid="m-company-order-no">
          {order.orderNo}
        </span>
        <span className={`mb-status mb-status--${order.status}`} data-testid="m-company-order-status">
          {order.statusLabel}
        </span>
      </header>
      <dl className="m-company-order__facts">
        <dt>下单人</dt>
        <dd data-testid="m-company-order-buyer">
          {order.buyerName}
          <span className="mb-muted">（{order.buyerRole === null ? '已离开' : companyRoleLabels[order.buyerRole]}）</span>
        </dd>
        <dt>应付金额</dt>
        <dd>
          <strong className="mb-price" data-testid="m-company-order-amount">
            {formatCents(order.payableCents)}
          </strong>
          <span className="mb-muted"> · 共 {order.productCount} 件</span>
        </dd>
        {order.poNumber ? (
          <>
            <dt>采购订单号</dt>
            <dd>{order.poNumber}</dd>
          </>
        ) : null}
        <dt>下单时间</dt>
        <dd>{order.createdAtStr}</dd>
        {order.approvalDeadlineStr ? (
          <>
            <dt>审批期限</dt>
            <dd className="m-company-order__deadline">{order.approvalDeadlineStr}前，逾期订单自动取消</dd>
          </>
        ) : null}
      </dl>
      {state.data.canApprove && isWaiting ? (
        <div className="mb-actions">
          <button type="button" className="mb-button mb-button--small" disabled={isBusy} onClick={() => state.openReject(order.orderNo)}>
            驳回
          </button>
          <button type="button" className="mb-button mb-button--small mb-button--primary" disabled={isBusy} onClick={() => void state.approve(order.orderNo)}>
            {state.busyNo === order.orderNo ? '处理中…' : '批准'}
          </button>
        </div>
      ) : null}
    </article>
  );
}
