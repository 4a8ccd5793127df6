import { companyPath, companyRoleLabels, type CompanyOrderRow, type CompanyOrdersData } from '../../contract/company-account.ts';
import { formatCents } from '../../contract/money.ts';
import { OrderStatus } from '../../contract/order.ts';
import type { CompanyOrderFilter } from '../../contract/order-approval.ts';
import { CompanyOrderRejectDialog } from '../features/company-account/company-order-reject-dialog.tsx';
import { useCompanyOrders, type CompanyOrdersState } from '../features/company-account/use-company-orders.ts';
import { MemberCentreLayout } from '../features/member/member-centre-layout.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import { Pagination } from '../ui/pagination.tsx';
import type { PageProps } from './page-props.ts';

function hrefOf(filter: CompanyOrderFilter, page = 1): string {
  const query = [filter === 'all' ? '' : `filter=${filter}`, page > 1 ? `page=${String(page)}` : ''].filter(Boolean).join('&');
  return `/user/company/orders${query ? `?${query}` : ''}`;
}

function FilterTabs({ data }: { data: CompanyOrdersData }) {
  const tabs: { filter: CompanyOrderFilter; label: string }[] = [
    { filter: 'all', label: '全部订单' },
    { filter: 'awaitingApproval', label: `待审批（${String(data.awaitingCount)}）` },
  ];
  return (
    <nav className="company-tabs" aria-label="订单筛选">
      {tabs.map((tab) => (
        <a key={tab.filter} className="company-tabs__tab" href={hrefOf(tab.filter)} aria-current={tab.filter === data.filter ? 'page' : undefined}>
          {tab.label}
        </a>
      ))}
    </nav>
  );
}

function DecisionButtons({ order, state }: { order: CompanyOrderRow; state: CompanyOrdersState }) {
  if (!state.data.canApprove || order.status !== OrderStatus.awaitingApproval) return null;
  const isBusy = state.busyNo !== null;
  return (
    <>
      <button type="button" className="button button--small button--primary" disabled={isBusy} onClick={() => void state.approve(order.orderNo)}>
        批准
      </button>{' '}
      <button type="button" className="button button--small" disabled={isBusy} onClick={() => state.openReject(order.orderNo)}>
        驳回
      </button>
    </>
  );
}

function CompanyOrdersTable({ state }: { state: CompanyOrdersState }) {
  const { data } = state;
  if (data.orders.length === 0)
    return (
      <p className="company-muted" data-testid="company-orders-empty">
        {data.filter === 'awaitingApproval' ? '没有等待审批的订单。' : '企业成员还没有订单。'}
      </p>
    );
  return (
    <table className="company-table" data-testid="company-orders">
      <thead>
        <tr>
          <th scope="col">订单号</th>
          <th scope="col">采购订单号</th>
          <th scope="col">下单人</th>
          <th scope="col">下单时间</th>
          <th scope="col">商品数</th>
          <th scope="col">应付金额</th>
          <th scope="col">状态</th>
          {data.canApprove ? <th scope="col">审批</th> : null}
        </tr>
      </thead>
      <tbody>
        {data.orders.map((order) => (
          <tr key={order.orderNo} data-testid="company-order">
            <td>{order.orderNo}</td>
            <td>{order.poNumber || '—'}</td>
            <td>
              {order.buyerName}
              <span className="company-muted">（{order.buyerRole === null ? '已离开' : companyRoleLabels[order.buyerRole]}）</span>
            </td>
            <td>{order.createdAtStr}</td>
            <td>{order.productCount}</td>
            <td>{formatCents(order.payableCents)}</td>
            <td data-testid="company-order-status">
              {order.statusLabel}
              {order.approvalDeadlineStr ? <span className="company-muted">（{order.approvalDeadlineStr}前）</span> : null}
            </td>
            {data.canApprove ? (
              <td className="company-table__actions">
                <DecisionButtons order={order} state={state} />
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /user/company/orders: 公司订单 for the roles that may see them (管理员, 审批, 财务); 待审批 with 批准/驳回 for 审批 and 管理员. */
export function CompanyOrdersPage({ shell, data }: PageProps<CompanyOrdersData>) {
  const state = useCompanyOrders(data);
  const current = state.data;
  return (
    <PageShell shell={shell}>
      <MemberCentreLayout current="/user/company">
        <section className="person-panel company-page" aria-labelledby="company-orders-title">
          <h1 id="company-orders-title" className="person-panel__title">
            公司订单{current.companyName ? ` · ${current.companyName}` : ''}
          </h1>
          <p className="company-links">
            <a href={companyPath}>返回企业账户</a>
            {current.approvalThresholdCents !== null ? (
              <span className="company-muted"> 审批金额 {formatCents(current.approvalThresholdCents)}：采购订单超过此金额须审批</span>
            ) : null}
          </p>
          {current.refusal ? (
            <p className="company-refusal" data-testid="company-orders-refusal">
              {current.refusal}
            </p>
          ) : (
            <>
              <FilterTabs data={current} />
              <CompanyOrdersTable state={state} />
              <Pagination
                page={current.page}
                total={current.total}
                pageSize={current.pageSize}
                unit="个订单"
                hrefFor={(page) => hrefOf(current.filter, page)}
              />
              <CompanyOrderRejectDialog key={state.rejectingNo ?? ''} state={state} />
            </>
          )}
        </section>
      </MemberCentreLayout>
    </PageShell>
  );
}
