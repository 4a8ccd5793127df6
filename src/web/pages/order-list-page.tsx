import { useState } from 'react';
import { OrderStatus, orderPaths, orderStatuses, orderStatusLabels, type OrderDetail, type OrderListData, type OrderSummary } from '../../contract/order.ts';
import { MemberCentreLayout } from '../features/member/member-centre-layout.tsx';
import { CancelOrderDialog, ConfirmReceiptDialog } from '../features/order/order-actions.tsx';
import { OrderCard } from '../features/order/order-card.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { orderExportUrl, orderListUrl } from '../features/order/order-urls.ts';
import { useOrderActions } from '../features/order/use-order-actions.ts';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

/** A cancelled order moves from its tab's count to 已取消's. */
/** The tab counts after one order moved (cancelled, or confirmed received) from `before` to `after`. */
function countsAfterChange(counts: OrderListData['countsByStatus'], before: OrderSummary, after: OrderSummary): OrderListData['countsByStatus'] {
  if (before.status === after.status) return counts;
  return { ...counts, [before.status]: Math.max(0, counts[before.status] - 1), [after.status]: counts[after.status] + 1 };
}

function SearchForm({ data }: { data: OrderListData }) {
  return (
    <form className="order-search" method="get" action={orderPaths.list} role="search">
      {data.status ? <input type="hidden" name="status" value={data.status} /> : null}
      <input
        className="order-search__input"
        type="search"
        name="keyword"
        defaultValue={data.keyword}
        maxLength={60}
        placeholder="订单号 / 型号 / 采购订单号 / 客户料号"
        aria-label="搜索订单号、型号、采购订单号或客户料号"
      />
      <button type="submit" className="button button--primary order-search__button">
        搜索
      </button>
    </form>
  );
}

/** 全部订单 and one tab per state, each with its count, keeping the search. */
function OrderStatusTabs({ data, counts }: { data: OrderListData; counts: OrderListData['countsByStatus'] }) {
  const allCount = orderStatuses.reduce((sum, status) => sum + counts[status], 0);
  const tabs = [
    { status: null, label: '全部订单', count: allCount },
    ...orderStatuses
      // 待审批 only concerns a company's 采购 (decision 0029): shown when such an order exists or is asked for.
      .filter((status) => status !== OrderStatus.awaitingApproval || counts[status] > 0 || data.status === status)
      .map((status) => ({ status, label: orderStatusLabels[status], count: counts[status] })),
  ];
  return (
    <nav className="orders__tabs" aria-label="订单状态">
      {tabs.map((tab) => (
        <a
          key={tab.label}
          href={orderListUrl({ status: tab.status, keyword: data.keyword })}
          className={tab.status === data.status ? 'orders__tab orders__tab--active' : 'orders__tab'}
          aria-current={tab.status === data.status ? 'page' : undefined}
          data-testid={`order-tab-${tab.status ?? 'all'}`}
        >
          {tab.label}
          <span className="orders__tab-count">{tab.count}</span>
        </a>
      ))}
    </nav>
  );
}

/**
 * /user/order/list (members): tabs by state with counts, search by order number, part number, 采购订单号
 * or 客户料号, pages of orders, and 导出订单 (the filter's orders as Excel).
 */
export function OrderListPage({ shell, data }: PageProps<OrderListData>) {
  const [orders, setOrders] = useState(data.orders);
  const [counts, setCounts] = useState(data.countsByStatus);
  const actions = useOrderActions((changed: OrderDetail) => {
    const before = orders.find((order) => order.orderNo === changed.orderNo);
    if (before) setCounts((current) => countsAfterChange(current, before, changed));
    setOrders((current) => current.map((order) => (order.orderNo === changed.orderNo ? changed : order)));
  });

  return (
    <PageShell shell={shell}>
      <MemberCentreLayout current="/user/order/list">
        <section className="person-panel orders" aria-label="我的订单">
          <header className="orders__head">
            <h1 className="person-panel__title">我的订单</h1>
            <div className="orders__tools">
              <SearchForm data={data} />
              {/* Every order of the tab and search shown, not just this page's: the .xlsx the filter finds. */}
              <a className="button orders__export" href={orderExportUrl({ status: data.status, keyword: data.keyword })} download>
                导出订单
              </a>
            </div>
          </header>
          <OrderStatusTabs data={data} counts={counts} />
          {data.keyword ? (
            <p className="orders__searched">
              “{data.keyword}”的搜索结果：共 {data.total} 个订单
              <a href={orderListUrl({ status: data.status, keyword: '' })}>清除搜索</a>
            </p>
          ) : null}
          <div className="orders__columns" aria-hidden="true">
            <span>商品</span>
            <span>金额</span>
            <span>状态</span>
            <span>操作</span>
          </div>
          {orders.length === 0 ? (
            <div className="orders__empty">
              <p>{data.keyword ? '没有找到相关订单，换个订单号或型号试试' : '暂无订单'}</p>
              <a className="button button--primary" href="/catalogue">
                去挑选元器件
              </a>
            </div>
          ) : (
            <div className="orders__list">
              {orders.map((order) => (
                <OrderCard key={order.orderNo} order={order} actions={actions} />
              ))}
            </div>
          )}
          <Pagination
            page={data.page}
            total={data.total}
            pageSize={data.pageSize}
            hrefFor={(page) => orderListUrl({ status: data.status, keyword: data.keyword, page })}
            unit="个订单"
          />
        </section>
        <CancelOrderDialog actions={actions} />
        <ConfirmReceiptDialog actions={actions} />
      </MemberCentreLayout>
    </PageShell>
  );
}
