import { describe, expect, it } from 'vitest';
import { dashboardCalls } from '../../../contract/console/dashboard-calls.ts';
import { lowStockThreshold, permilleOf, type AdminHomePageData, type DashboardData } from '../../../contract/dashboard.ts';
import { searchCalls } from '../../../contract/search-calls.ts';
import { staffRoles } from '../../../contract/staff.ts';
import { abilityFor } from '../../../contract/staff-permissions.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { createMember } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';
import { isDeal, keptCentsOf } from '../order/order-deal.query.ts';
import { dashboardWindow } from './dashboard.service.ts';

const dayMs = 86_400_000;

describe('数据概览 (the console home dashboard)', () => {
  const t = useTestApp({ fixture: (app) => insertCatalogFixture(app.db) });
  let serial = 0;

  async function order(userId: number, createdAt: number, paid?: { at: number; payableCents: number; refundedCents?: number }) {
    serial += 1;
    await t.db.kysely
      .insertInto('orders')
      .values({
        orderNo: `DB${String(serial).padStart(8, '0')}`,
        idempotencyKey: `dashboard-${String(serial)}`,
        userId,
        status: paid ? 'unshipped' : 'unpaid',
        productCount: 1,
        payableCents: paid?.payableCents ?? 1000,
        refundedCents: paid?.refundedCents ?? 0,
        paidAt: paid?.at ?? null,
        createdAt,
      })
      .execute();
  }

  /** Every figure computed again from the rows, in JavaScript, as a reader of the lists would. */
  async function figuresFromRows(now: number) {
    const window = dashboardWindow(now);
    const dayOf = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
    const orders = await t.db.kysely.selectFrom('orders').selectAll().execute();
    const inWindow = (ms: number | null) => ms !== null && ms >= window.fromMs;
    const days = new Map<string, { orderCount: number; revenueCents: number }>();
    // Deals (paid, neither cancelled, closed nor refunded in full) by the day they were paid.
    for (const row of orders) {
      if (row.paidAt !== null && inWindow(row.paidAt) && isDeal(row)) {
        const day = days.get(dayOf(row.paidAt)) ?? { orderCount: 0, revenueCents: 0 };
        days.set(dayOf(row.paidAt), { orderCount: day.orderCount + 1, revenueCents: day.revenueCents + keptCentsOf(row) });
      }
    }
    const carts = await t.db.kysely.selectFrom('cartItems').selectAll().execute();
    const cartMembers = new Set([
      ...carts.filter((row) => inWindow(row.updatedAt)).map((row) => row.userId),
      ...orders.filter((row) => inWindow(row.createdAt)).map((row) => row.userId),
    ]);
    const paidMembers = new Set(orders.filter((row) => inWindow(row.paidAt) && isDeal(row)).map((row) => row.userId));
    const boms = (await t.db.kysely.selectFrom('boms').selectAll().execute()).filter((row) => inWindow(row.updatedAt));
    const products = await t.db.kysely.selectFrom('products').selectAll().execute();
    const low = products.filter((row) => row.stock < lowStockThreshold && row.lifecycle !== 'eol');
    const misses = (await t.db.kysely.selectFrom('searchMisses').selectAll().execute()).filter((row) => row.day >= window.fromDay);
    const missCounts = new Map<string, number>();
    for (const row of misses) missCounts.set(row.keyword, (missCounts.get(row.keyword) ?? 0) + row.count);
    const lineCount = boms.reduce((sum, row) => sum + row.lineCount, 0);
    const matchedCount = boms.reduce((sum, row) => sum + row.matchedCount, 0);
    return {
      days,
      cartMembers: cartMembers.size,
      paidMembers: paidMembers.size,
      bomCount: boms.length,
      lineCount,
      matchedCount,
      lowTotal: low.length,
      lowMin: Math.min(...low.map((row) => row.stock)),
      missCounts,
      today: window.toDay,
    };
  }

  it('shows figures that equal what the rows say: orders and revenue by Beijing day, conversion, BOM matching, misses and low stock', async () => {
    const now = Date.now();
    const buyer = await createMember(t.db.kysely);
    const browsing = await createMember(t.db.kysely);
    await order(buyer.userId, now, { at: now, payableCents: 12_000, refundedCents: 2_000 });
    await order(buyer.userId, now - 3 * dayMs, { at: now - 2 * dayMs, payableCents: 5_000 });
    await order(browsing.userId, now - 1 * dayMs);
    await order(browsing.userId, now - 45 * dayMs, { at: now - 45 * dayMs, payableCents: 99_999 });
    const productId = (await t.db.kysely.selectFrom('products').select('id').executeTakeFirstOrThrow()).id;
    const other = await createMember(t.db.kysely);
    await t.db.kysely
      .insertInto('cartItems')
      .values({
        userId: other.userId,
        productId,
        quantity: 5,
        isSelected: 1,
        createdAt: now,
        updatedAt: now,
        seenUnitPriceE4: null,
        seenPackSize: null,
        seenStock: null,
      })
      .execute();
    await t.db.kysely.updateTable('products').set({ stock: 3 }).where('id', '=', productId).execute();
    for (const [lineCount, matchedCount] of [
      [10, 9],
      [4, 1],
    ] as const) {
      await t.db.kysely
        .insertInto('boms')
        .values({
          userId: buyer.userId,
          name: 'BOM',
          fileName: 'bom.xlsx',
          sheetJson: '{}',
          optionsJson: '{}',
          choicesJson: '{}',
          lineCount,
          matchedCount,
          matchRatePermille: 0,
          totalCents: 0,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    }
    const visitor = t.browser();
    for (const key of ['NOSUCHPART-XYZ', 'NOSUCHPART-XYZ', 'ZZZ-NOTHING-999']) {
      expect((await visitor.call(searchCalls.searchProductList, { key })).data?.total).toBe(0);
    }
    expect((await visitor.get('/search?key=NOSUCHPART-XYZ')).statusCode).toBe(200);

    const admin = await signedInStaff(t.app, t.db.kysely, 'admin');
    const answer = await admin.browser.call(dashboardCalls.summary, {});
    if (!answer.data) throw new Error(JSON.stringify(answer));
    const data: DashboardData = answer.data;
    const expected = await figuresFromRows(now);
    for (const day of data.orders?.days ?? []) {
      expect([day.day, day.orderCount, day.revenueCents]).toEqual([
        day.day,
        expected.days.get(day.day)?.orderCount ?? 0,
        expected.days.get(day.day)?.revenueCents ?? 0,
      ]);
    }
    expect(data.orders?.days).toHaveLength(30);
    expect(data.orders?.todayOrders).toBe(expected.days.get(expected.today)?.orderCount);
    expect(data.orders?.todayOrders).toBe(1);
    expect(data.orders?.totalRevenueCents).toBe(15_000);
    expect(data.conversion).toEqual({
      cartMembers: expected.cartMembers,
      paidMembers: expected.paidMembers,
      ratePermille: permilleOf(expected.paidMembers, expected.cartMembers),
    });
    expect(data.conversion).toMatchObject({ cartMembers: 3, paidMembers: 1 });
    expect(data.bomMatch).toEqual({
      bomCount: expected.bomCount,
      lineCount: expected.lineCount,
      matchedCount: expected.matchedCount,
      ratePermille: permilleOf(10, 14),
    });
    expect(data.lowStock?.total).toBe(expected.lowTotal);
    expect(data.lowStock?.rows[0]?.stock).toBe(expected.lowMin);
    expect(data.searchMisses).toEqual(
      [...expected.missCounts].map(([keyword, count]) => ({ keyword, count })).sort((a, b) => b.count - a.count || a.keyword.localeCompare(b.keyword)),
    );
    expect(data.searchMisses?.[0]).toEqual({ keyword: 'nosuchpart-xyz', count: 3 });

    // The home page shows the same figures.
    const home = pageStateOf<AdminHomePageData>((await admin.browser.get('/admin')).body);
    expect(home.data.dashboard?.orders?.todayOrders).toBe(1);
  });

  it('counts racing misses of one keyword in one row', async () => {
    const visitor = t.browser();
    await Promise.all(Array.from({ length: 8 }, () => visitor.call(searchCalls.searchProductList, { key: 'RACE-MISS-0001' })));
    const rows = await t.db.kysely.selectFrom('searchMisses').selectAll().where('keyword', '=', 'race-miss-0001').execute();
    expect(rows.map((row) => row.count)).toEqual([8]);
    // A later page or a filtered search is not a new miss; a found part is none.
    await visitor.call(searchCalls.searchProductList, { key: 'RACE-MISS-0001', page: 2 });
    expect((await t.db.kysely.selectFrom('searchMisses').select('count').where('keyword', '=', 'race-miss-0001').executeTakeFirstOrThrow()).count).toBe(8);
  });

  it('sends each role only the widgets it may read; roles without Dashboard are refused and see the menu page', async () => {
    for (const role of staffRoles) {
      const ability = abilityFor(role);
      const staff = await signedInStaff(t.app, t.db.kysely, role);
      const answer = await staff.browser.call(dashboardCalls.summary, {});
      const home = pageStateOf<AdminHomePageData>((await staff.browser.get('/admin')).body);
      if (!ability.can('read', 'Dashboard')) {
        expect(answer).toMatchObject({ code: 403, msg: '您没有权限执行此操作' });
        expect(home.data.dashboard).toBeNull();
        continue;
      }
      expect(answer.code).toBe(1);
      expect(answer.data?.orders !== null).toBe(ability.can('read', 'Order'));
      expect(answer.data?.conversion !== null).toBe(ability.can('read', 'Order'));
      expect(answer.data?.lowStock !== null).toBe(ability.can('read', 'Product'));
      expect(answer.data?.searchMisses !== null).toBe(ability.can('read', 'Product'));
      expect(home.data.dashboard).not.toBeNull();
    }
    expect(
      await signedInStaff(t.app, t.db.kysely, 'admin').then((admin) => admin.browser.post(dashboardCalls.summary.path, { extra: 'x'.repeat(10) })),
    ).toMatchObject({ code: 1 });
  });
});
