import { orderPaths, type OrderStatus } from '../../../contract/order.ts';

/** The cashier of the payment feature: where a placed or unpaid order goes to be paid. */
export function cashierPath(orderNo: string): string {
  return `/offer/pay/${orderNo}`;
}

export interface OrderListQuery {
  status: OrderStatus | null;
  keyword: string;
  page?: number;
}

/** /user/order/list with only the parameters that differ from the defaults (all orders, no keyword, page 1). */
export function orderListUrl({ status, keyword, page = 1 }: OrderListQuery): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (keyword.trim()) params.set('keyword', keyword.trim());
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${orderPaths.list}?${query}` : orderPaths.list;
}

/** 导出订单: the member's orders of the list's filter (status and keyword; every page) as .xlsx. */
export function orderExportUrl({ status, keyword }: Omit<OrderListQuery, 'page'>): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (keyword.trim()) params.set('keyword', keyword.trim());
  const query = params.toString();
  return query ? `${orderPaths.export}?${query}` : orderPaths.export;
}

const daySeconds = 86_400;

/**
 * What is left until expiresAt: mm:ss, h:mm:ss with hours, and past a day (a bank transfer's
 * window) days, hours and minutes, 6天23小时59分; 00:00 once it passed.
 */
export function countdownText(expiresAt: number, now: number): string {
  const totalSeconds = Math.max(0, Math.ceil((expiresAt - now) / 1000));
  const days = Math.floor(totalSeconds / daySeconds);
  const hours = Math.floor((totalSeconds % daySeconds) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  if (totalSeconds > daySeconds) return `${String(days)}天${String(hours)}小时${String(minutes)}分`;
  const allHours = days * 24 + hours;
  return allHours > 0 ? `${String(allHours)}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}
