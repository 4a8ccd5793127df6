import type { StaffHomePageData } from './staff.ts';

/** The console's home dashboard (issue 14): each widget only for roles that may read its lists. */

export const dashboardDays = 30;
/** A part is low on stock below this many pieces (end-of-life parts left out). */
export const lowStockThreshold = 100;
export const dashboardListSize = { searchMisses: 10, lowStock: 20 } as const;

export interface DashboardDay {
  /** Beijing date, yyyy-MM-dd. */
  day: string;
  /** Deals paid that day: orders paid and neither cancelled, closed nor refunded in full. */
  orderCount: number;
  /** What those deals came to, paid less refunded (a later refund lowers the day of the payment). */
  revenueCents: number;
}

export interface DashboardOrders {
  days: DashboardDay[];
  totalOrders: number;
  totalRevenueCents: number;
  todayOrders: number;
}

/**
 * Of the members who had a cart in the window (cart lines, or an order placed from one, paid or
 * not: placing empties the cart), how many paid a deal in it (cancelled or refunded in full: none).
 */
export interface DashboardConversion {
  cartMembers: number;
  paidMembers: number;
  ratePermille: number;
}

export interface DashboardBomMatch {
  bomCount: number;
  lineCount: number;
  matchedCount: number;
  ratePermille: number;
}

export interface DashboardLowStock {
  total: number;
  rows: { productId: number; code: string; stock: number }[];
}

export interface DashboardData {
  fromDay: string;
  toDay: string;
  orders: DashboardOrders | null;
  conversion: DashboardConversion | null;
  searchMisses: { keyword: string; count: number }[] | null;
  bomMatch: DashboardBomMatch | null;
  lowStock: DashboardLowStock | null;
}

export function permilleOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part * 1000) / whole);
}

export function formatPermille(permille: number): string {
  // eslint-disable-next-line xinpin/money-text-in-money-module -- a percentage, not money
  return `${(permille / 10).toFixed(1)}%`;
}

/** /admin: the menu, and the dashboard for roles that may read it (null: the menu page only). */
export interface AdminHomePageData extends StaffHomePageData {
  dashboard: DashboardData | null;
}
