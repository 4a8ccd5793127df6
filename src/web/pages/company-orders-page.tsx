import { companyPath, companyRoleLabels, type CompanyOrdersData } from '../../contract/company-account.ts';
import { formatCents } from '../../contract/money.ts';
import { MemberCentreLayout } from '../features/member/member-centre-layout.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import { Pagination } from '../ui/pagination.tsx';
import type { PageProps } from './page-props.ts';

function CompanyOrdersTable({ data }: { data: CompanyOrdersData }) {
  if (data.orders.length === 0)
    return (
      <p className="company-muted" data-testid="company-orders-empty">
        企业成员还没有订单。
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
            <td>{order.statusLabel}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /user/company/orders: 公司订单, read only, for the roles that may see them (管理员, 审批, 财务). */
export function CompanyOrdersPage({ shell, data }: PageProps<CompanyOrdersData>) {
  return (
    <PageShell shell={shell}>
      <MemberCentreLayout current="/user/company">
        <section className="person-panel company-page" aria-labelledby="company-orders-title">
          <h1 id="company-orders-title" className="person-panel__title">
            公司订单{data.companyName ? ` · ${data.companyName}` : ''}
          </h1>
          <p className="company-links">
            <a href={companyPath}>返回企业账户</a>
          </p>
          {data.refusal ? (
            <p className="company-refusal" data-testid="company-orders-refusal">
              {data.refusal}
            </p>
          ) : (
            <>
              <CompanyOrdersTable data={data} />
              <Pagination
                page={data.page}
                total={data.total}
                pageSize={data.pageSize}
                unit="个订单"
                hrefFor={(page) => `/user/company/orders?page=${String(page)}`}
              />
            </>
          )}
        </section>
      </MemberCentreLayout>
    </PageShell>
  );
}
