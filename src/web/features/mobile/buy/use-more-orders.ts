import { useState } from 'react';
import type { OrderDetail, OrderListData, OrderSummary } from '../../../../contract/order.ts';
import { orderCalls } from '../../../../contract/order-calls.ts';
import { callApi, errorMessageOf } from '../../../lib/api-client.ts';
import { toastIfMessage } from '../../../ui/toast.ts';

/** The mobile order list: the first page from the server, then 加载更多 appends the next page of the same tab. */
export function useMoreOrders(first: OrderListData) {
  const [orders, setOrders] = useState<OrderSummary[]>(first.orders);
  const [page, setPage] = useState(first.page);
  const [isLoading, setIsLoading] = useState(false);
  const hasMore = page * first.pageSize < first.total;

  async function loadMore() {
    if (isLoading || !hasMore) return;
    setIsLoading(true);
    try {
      const next = await callApi(orderCalls.list, { status: first.status, keyword: first.keyword, page: page + 1 });
      setOrders((current) => [...current, ...next.orders.filter((order) => !current.some((shown) => shown.orderNo === order.orderNo))]);
      setPage(next.page);
    } catch (error) {
      toastIfMessage(errorMessageOf(error) || '网络异常，请稍后重试');
    } finally {
      setIsLoading(false);
    }
  }

  return {
    orders,
    hasMore,
    isLoading,
    loadMore: () => void loadMore(),
    replace: (changed: OrderDetail) => setOrders((current) => current.map((order) => (order.orderNo === changed.orderNo ? changed : order))),
  };
}
