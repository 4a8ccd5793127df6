import { mobileBuyPaths, withMobileQuery, type MobileOrderListData } from '../../contract/mobile-buy.ts';
import { orderStatuses, orderStatusLabels } from '../../contract/order.ts';
import { MobileOrderCard } from '../features/mobile/buy/mobile-order-card.tsx';
import { MobileOrderSearch } from '../features/mobile/buy/mobile-order-search.tsx';
import { useMoreOrders } from '../features/mobile/buy/use-more-orders.ts';
import { MobileFrame } from '../features/mobile/mobile-frame.tsx';
import { CancelOrderDialog, ConfirmReceiptDialog } from '../features/order/order-actions.tsx';
import { useOrderActions } from '../features/order/use-order-actions.ts';
import type { PageProps } from './page-props.ts';

/** /m/user/order/list (members): a search (?keyword=), tabs by state (?tab=), the orders as cards, 加载更多. */
export function MobileOrderListPage({ shell, data }: PageProps<MobileOrderListData>) {
  const { list } = data;
  const paths = mobileBuyPaths(data.basePath);
  const more = useMoreOrders(list);
  const actions = useOrderActions(more.replace);
  const tabs = [{ status: null, label: '全部' }, ...orderStatuses.map((status) => ({ status, label: orderStatusLabels[status] }))];

  return (
    <MobileFrame shell={shell} basePath={data.basePath} title="我的订单" backHref={paths.person}>
      <MobileOrderSearch list={list} action={paths.orderList} />
      <nav className="mb-order-tabs" aria-label="订单状态">
        {tabs.map((tab) => (
          <a
            key={tab.label}
            href={withMobileQuery(paths.orderList, { tab: tab.status, keyword: list.keyword })}
            className={tab.status === list.status ? 'mb-order-tabs__tab mb-order-tabs__tab--active' : 'mb-order-tabs__tab'}
            aria-current={tab.status === list.status ? 'page' : undefined}
            data-testid={`m-order-tab-${tab.status ?? 'all'}`}
          >
            {tab.label}
            {tab.status && list.countsByStatus[tab.status] > 0 ? <span className="mb-order-tabs__count">{list.countsByStatus[tab.status]}</span> : null}
          </a>
        ))}
      </nav>
      {more.orders.length === 0 ? (
        <section className="mb-empty">
          <p>{list.keyword ? '没有找到相关订单，换个订单号或型号试试' : '暂无订单'}</p>
          <a className="mb-button mb-button--primary" href={`${data.basePath}/catalogue`}>
            去挑选元器件
          </a>
        </section>
      ) : (
        <div className="mb-orders">
          {more.orders.map((order) => (
            <MobileOrderCard key={order.orderNo} order={order} actions={actions} basePath={data.basePath} />
          ))}
          {more.hasMore ? (
            <button type="button" className="mb-button mb-button--block" disabled={more.isLoading} onClick={more.loadMore} data-testid="m-orders-more">
              {more.isLoading ? '加载中…' : '加载更多'}
            </button>
          ) : (
            <p className="mb-note">没有更多订单了</p>
          )}
        </div>
      )}
      <CancelOrderDialog actions={actions} />
      <ConfirmReceiptDialog actions={actions} />
    </MobileFrame>
  );
}
