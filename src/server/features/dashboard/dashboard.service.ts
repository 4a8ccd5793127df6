import type { Kysely } from 'kysely';
import { dashboardDays, dashboardListSize, permilleOf, type DashboardData, type DashboardOrders } from '../../../contract/dashboard.ts';
import type { StaffRole } from '../../../contract/staff.ts';
import { abilityFor } from '../../../contract/staff-permissions.ts';
import { beijingDayNumberOf, formatBeijingDate, startOfBeijingDayNumber } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { topSearchMisses } from '../search/search-misses.service.ts';
import { countCartMembers, countLowStock, countPaidMembers, findLowStock, sumBomMatches, sumDealsByDay } from './dashboard.repository.ts';

/** The window: the last `dashboardDays` Beijing days, today included. */
export function dashboardWindow(now: number) {
  const todayNumber = beijingDayNumberOf(now);
  const firstNumber = todayNumber - dashboardDays + 1;
  const dayOf = (dayNumber: number) => formatBeijingDate(startOfBeijingDayNumber(dayNumber));
  return { todayNumber, firstNumber, fromMs: startOfBeijingDayNumber(firstNumber), dayOf, fromDay: dayOf(firstNumber), toDay: dayOf(todayNumber) };
}

async function loadOrders(db: Kysely<Database>, window: ReturnType<typeof dashboardWindow>): Promise<DashboardOrders> {
  const deals = await sumDealsByDay(db, window.fromMs);
  const dealsOf = new Map(deals.map((row) => [Number(row.dayNumber), { orderCount: Number(row.n), revenueCents: Number(row.cents) }]));
  const days = Array.from({ length: dashboardDays }, (_, index) => {
    const dayNumber = window.firstNumber + index;
    return { day: window.dayOf(dayNumber), ...(dealsOf.get(dayNumber) ?? { orderCount: 0, revenueCents: 0 }) };
  });
  return {
    days,
    totalOrders: days.reduce((sum, day) => sum + day.orderCount, 0),
    totalRevenueCents: days.reduce((sum, day) => sum + day.revenueCents, 0),
    todayOrders: days.at(-1)?.orderCount ?? 0,
  };
}

/**
 * The dashboard's widgets the role may read: order figures need Order, the catalogue's (searches
 * without a result, BOM matching, low stock) need Product; the rest are null and not shown.
 */
export async function loadDashboard(db: Kysely<Database>, role: StaffRole, now = Date.now()): Promise<DashboardData> {
  const ability = abilityFor(role);
  const window = dashboardWindow(now);
  const canOrders = ability.can('read', 'Order');
  const canCatalogue = ability.can('read', 'Product');
  const [orders, cartMembers, paidMembers, searchMisses, bom, lowStockTotal, lowStockRows] = await Promise.all([
    canOrders ? loadOrders(db, window) : null,
    canOrders ? countCartMembers(db, window.fromMs) : 0,
    canOrders ? countPaidMembers(db, window.fromMs) : 0,
    canCatalogue ? topSearchMisses(db, window.fromDay, dashboardListSize.searchMisses) : null,
    canCatalogue ? sumBomMatches(db, window.fromMs) : null,
    canCatalogue ? countLowStock(db) : 0,
    canCatalogue ? findLowStock(db, dashboardListSize.lowStock) : [],
  ]);
  return {
    fromDay: window.fromDay,
    toDay: window.toDay,
    orders,
    conversion: canOrders ? { cartMembers, paidMembers, ratePermille: permilleOf(paidMembers, cartMembers) } : null,
    searchMisses,
    bomMatch: bom ? { ...bom, ratePermille: permilleOf(bom.matchedCount, bom.lineCount) } : null,
    lowStock: canCatalogue ? { total: lowStockTotal, rows: lowStockRows } : null,
  };
}
