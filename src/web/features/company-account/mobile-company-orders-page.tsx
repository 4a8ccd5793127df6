import { companyPath, type CompanyOrdersData } from '../../../contract/company-account.ts';
import { mobileBuyPaths } from '../../../contract/mobile-buy.ts';
import { mobileCompanyOrdersHref, type MobileCompanyOrdersData } from '../../../contract/mobile-company.ts';
import { formatCents } from '../../../contract/money.ts';
import type { CompanyOrderFilter } from '../../../contract/order-approval.ts';
import type { PageProps } from '../../pages/page-props.ts';
import { MobileFrame } from '../mobile/mobile-frame.tsx';
import { MobileCompanyOrderCard } from './mobile-company-order-card.tsx';
import { MobileCompanyRejectSheet } from './mobile-company-reject-sheet.tsx';
import { useCompanyOrders } from './use-company-orders.ts';

function FilterTabs({ data, basePath }: { data: CompanyOrdersData; basePath: string }) {
  const tabs: { filter: CompanyOrderFilter; label: string }[] = [
    { filter: 'all', label: '全部' },
    { filter: 'awaitingApproval', label: `待审批（${String(data.awaitingCount)}）` },
  ];
  return (
    <nav className="mb-order-tabs" aria-label="订单筛选">
      {tabs.map((tab) => (
        <a
          key={tab.filter}
          href={mobileCompanyOrdersHref(basePath, tab.filter)}
          className={tab.filter === data.filter ? 'mb-order-tabs__tab mb-order-tabs__tab--active' : 'mb-order-tabs__tab'}
          aria-current={tab.filter === data.filter ? 'page' : undefined}
          data-testid={`m-company-tab-${tab.filter}`}
        >
          {tab.label}
        </a>
      ))}
    </nav>
  );
}

/** 上一页 / 下一页 as links (the page is the server's, as on the desktop). */
function Pager({ data, basePath }: { data: CompanyOrdersData; basePath: string }) {
  const pageCount = Math.ceil(data.total / data.pageSize);
  if (pageCount <= 1) return null;
  return (
    <nav className="m-company-pager" aria-label="分页">
      {data.page > 1 ? (
        <a className="mb-button mb-button--small" href={mobileCompanyOrdersHref(basePath, data.filter, data.page - 1)}>
          上一页
        </a>
      ) : (
        <span />
      )}
      <span className="mb-muted">
        第 {data.page} / {pageCount} 页，共 {data.total} 个订单
      </span>
      {data.page < pageCount ? (
        <a className="mb-button mb-button--small" href={mobileCompanyOrdersHref(basePath, data.filter, data.page + 1)}>
          下一页
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

/**
 * /m/user/company/orders: 公司订单 for the roles that may see them (管理员, 审批, 财务), as cards; 全部 and
 * 待审批（n）; 批准 and 驳回 (with its reason, in a sheet) for 审批 and 管理员, by the desktop's calls.
 */
export function MobileCompanyOrdersPage({ shell, data }: PageProps<MobileCompanyOrdersData>) {
  const { basePath } = data;
  const state = useCompanyOrders(data);
  const current = state.data;
  return (
    <MobileFrame shell={shell} basePath={basePath} title="公司订单" backHref={mobileBuyPaths(basePath).person}>
      {current.refusal ? (
        <section className="mb-empty" data-testid="m-company-refusal">
          <p>{current.refusal}</p>
          <a className="mb-button mb-button--primary" href={companyPath}>
            前往企业账户
          </a>
        </section>
      ) : (
        <>
          <section className="m-company-head" aria-label="企业">
            <h2 className="m-company-head__name">{current.companyName}</h2>
            <p className="mb-muted" data-testid="m-company-threshold">
              {current.approvalThresholdCents === null
                ? '未设置审批金额：采购的订单无需审批'
                : `审批金额 ${formatCents(current.approvalThresholdCents)}：采购订单超过此金额须审批`}
            </p>
          </section>
          <FilterTabs data={current} basePath={basePath} />
          {current.orders.length === 0 ? (
            <p className="mb-empty" data-testid="m-company-orders-empty">
              {current.filter === 'awaitingApproval' ? '没有等待审批的订单。' : '企业成员还没有订单。'}
            </p>
          ) : (
            <div className="mb-orders" data-testid="m-company-orders">
              {current.orders.map((order) => (
                <MobileCompanyOrderCard key={order.orderNo} order={order} state={state} />
              ))}
            </div>
          )}
          <Pager data={current} basePath={basePath} />
          <MobileCompanyRejectSheet key={state.rejectingNo ?? ''} state={state} />
        </>
      )}
    </MobileFrame>
  );
}
