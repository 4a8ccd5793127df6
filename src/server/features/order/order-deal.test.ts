import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { memberDeskCalls } from '../../../contract/console/member-desk-calls.ts';
import { dashboardCalls } from '../../../contract/console/dashboard-calls.ts';
import type { HomeData } from '../../../contract/home.ts';
import type { MemberOverview } from '../../../contract/member.ts';
import { OrderStatus } from '../../../contract/order.ts';
import type { Database } from '../../db/database.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { createMember, signIn } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';
import { isDeal, keptCentsOf } from './order-deal.query.ts';
import { insertOutcomeOrder, nonDealOutcomes, OrderOutcome } from './testing/deal-fixture.ts';

const minute = 60_000;

describe('成交: what counts as a sale', () => {
  it.each([
    [OrderStatus.unpaid, null, 0, false],
    [OrderStatus.cancelled, null, 0, false],
    [OrderStatus.cancelled, 1, 0, false],
    [OrderStatus.closed, 1, 10_000, false],
    [OrderStatus.completed, 1, 10_000, false],
    [OrderStatus.unshipped, 1, 0, true],
    [OrderStatus.partlyShipped, 1, 2_500, true],
    [OrderStatus.shipped, 1, 9_999, true],
    [OrderStatus.completed, 1, 0, true],
    // Paid but with no time of payment: not a row the store writes, and no deal.
    [OrderStatus.unshipped, null, 0, false],
  ] as const)('%s paid at %s with %i of 10000 refunded: deal %s', (status, paidAt, refundedCents, expected) => {
    expect(isDeal({ status, paidAt, payableCents: 10_000, refundedCents })).toBe(expected);
  });

  it('counts a ¥0.00 order paid in full by coupons as a deal keeping nothing', () => {
    const order = { status: OrderStatus.completed, paidAt: 1, payableCents: 0, refundedCents: 0 };
    expect([isDeal(order), keptCentsOf(order)]).toEqual([true, 0]);
  });
});

/**
 * One database, a buyer with an order of every outcome: the sales (a paid ¥123.00, and ¥400.00 of
 * which ¥100.00 was refunded) are dwarfed by the orders that are none (¥10,000 and more each), so
 * any figure that counted one of those would be far off.
 */
const paid = { outcome: OrderOutcome.paid, payableCents: 12_300, productCount: 20 };
const partlyRefunded = { outcome: OrderOutcome.partlyRefunded, payableCents: 40_000, refundedCents: 10_000, productCount: 500 };
const nonDeals = nonDealOutcomes.map((outcome, index) => ({ outcome, payableCents: (index + 1) * 1_000_000, productCount: 7 }));

async function buyersWithEveryOutcome(db: Kysely<Database>, now: number) {
  const buyer = await createMember(db, { nickName: '成交统计' });
  // The sales are the older orders: the newest ones, were they shown, would head the ticker.
  const deals = [];
  for (const [index, order] of [paid, partlyRefunded].entries()) {
    const at = now - (20 - index) * minute;
    deals.push(await insertOutcomeOrder(db, { ...order, userId: buyer.userId, createdAt: at, paidAt: at + minute }));
  }
  for (const [index, order] of nonDeals.entries()) {
    const at = now - (10 - index) * minute;
    await insertOutcomeOrder(db, { ...order, userId: buyer.userId, createdAt: at, paidAt: at + minute });
  }
  // A second member whose only paid orders were cancelled or refunded in full.
  const refunded = await createMember(db, { nickName: '全额退款' });
  for (const outcome of [OrderOutcome.closed, OrderOutcome.refundedInFull, OrderOutcome.cancelledAfterPayment]) {
    await insertOutcomeOrder(db, { userId: refunded.userId, outcome, payableCents: 88_800, createdAt: now - 5 * minute });
  }
  return { buyer, refunded, deals };
}

describe('every statistic reads deals only', () => {
  const t = useTestApp({ fixture: (app) => buyersWithEveryOutcome(app.db.kysely, Date.now()) });

  it('shows only deals on the home ticker, newest first, each with what it kept; unpaid, cancelled and refunded orders never appear', async () => {
    const { buyer, deals } = t.fixture;
    const { data } = pageStateOf<HomeData>((await t.browser().get('/')).body);
    const masked = `${buyer.phone.slice(0, 3)}****${buyer.phone.slice(7)}`;
    expect(data.orderStatisticsList.map(({ userNum, productCount, tradeAmount }) => ({ userNum, productCount, tradeAmount }))).toEqual([
      { userNum: masked, productCount: 500, tradeAmount: 300 },
      { userNum: masked, productCount: 20, tradeAmount: 123 },
    ]);
    expect(deals.map((deal) => deal.keptCents)).toEqual([12_300, 30_000]);
  });

  it('counts only deals on the dashboard: orders, revenue less refunds, and paying members', async () => {
    const admin = await signedInStaff(t.app, t.db.kysely, 'admin');
    const answer = await admin.browser.call(dashboardCalls.summary, {});
    const orders = answer.data?.orders;
    expect(orders).toMatchObject({ totalOrders: 2, totalRevenueCents: 42_300 });
    expect(orders?.days.reduce((sum, day) => sum + day.orderCount, 0)).toBe(2);
    // Both members placed orders (their carts count as carts), only the buyer paid a deal.
    expect(answer.data?.conversion).toMatchObject({ cartMembers: 2, paidMembers: 1, ratePermille: 500 });
  });

  it('counts only deals in the member desk (累计消费, 成交订单数, level) and in the member centre level', async () => {
    const staff = await signedInStaff(t.app, t.db.kysely, 'service');
    const rows = (await staff.browser.call(memberDeskCalls.list, { filters: { nickName: '成交统计' } })).data?.rows ?? [];
    expect(rows.map((row) => [row.paidCents, row.orderCount, row.levelName])).toEqual([[42_300, 2, '普通会员']]);
    const refunded = (await staff.browser.call(memberDeskCalls.list, { filters: { nickName: '全额退款' } })).data?.rows ?? [];
    expect(refunded.map((row) => [row.paidCents, row.orderCount])).toEqual([[0, 0]]);
    // Sorted by 累计消费, the refunded member is not ahead of the buyer.
    const sorted = (await staff.browser.call(memberDeskCalls.list, { sort: { column: 'paidTotal', direction: 'desc' } })).data?.rows ?? [];
    expect(sorted.map((row) => row.nickName).slice(0, 2)).toEqual(['成交统计', '全额退款']);
    // A level filter is the same measure: the buyer is no 钻石会员 for ¥40,000 of orders that are none.
    expect((await staff.browser.call(memberDeskCalls.list, { filters: { level: '钻石会员' } })).data?.total).toBe(0);

    const buyerId = t.fixture.buyer.userId;
    expect((await staff.browser.call(memberDeskCalls.detail, { userId: buyerId })).data?.member).toMatchObject({ paidCents: 42_300 });
    const person = t.browser();
    await signIn(person, t.db.kysely, buyerId);
    const { overview } = pageStateOf<{ overview: MemberOverview }>((await person.get('/user/person')).body).data;
    expect(overview.level).toEqual({ name: '普通会员', next: { name: '银牌会员', missingCents: 100_000 - 42_300 } });
  });

  it("counts only deals in a rep's own members list", async () => {
    const admin = await signedInStaff(t.app, t.db.kysely, 'admin');
    const sales = await signedInStaff(t.app, t.db.kysely, 'sales');
    const rep = await admin.browser.call(memberDeskCalls.saveRep, {
      staffId: sales.id,
      operatorName: '成交销售',
      operatorMobile: '13912345678',
      operatorQq: '',
      operatorWechat: '',
    });
    const userIds = [t.fixture.buyer.userId, t.fixture.refunded.userId];
    expect(await admin.browser.call(memberDeskCalls.assignRep, { userIds, repId: rep.data?.repId ?? 0 })).toMatchObject({ code: 1 });
    const mine = (await sales.browser.call(memberDeskCalls.myMembers, {})).data ?? [];
    expect(mine.map((row) => [row.nickName, row.orderCount])).toEqual([
      ['全额退款', 0],
      ['成交统计', 2],
    ]);
  });
});
