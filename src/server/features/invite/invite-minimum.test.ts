import { describe, expect, it } from 'vitest';
import type { InvitePageData } from '../../../contract/invite.ts';
import { marketingDeskCalls } from '../../../contract/console/marketing-calls.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { createMember, signIn } from '../../testing/factories.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp, type UsedTestApp } from '../../testing/use-test-app.ts';
import { insertOrderCatalog, insertPart } from '../order/testing/order-fixture.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';
import { payOrder, placeUnpaidOrder, registerInvited, rewardCouponsOf } from './testing/invite-fixture.ts';

/** One part at ¥0.01 a piece: an order of n pieces pays n fen for its goods. */
async function centPart(app: { db: Parameters<typeof insertOrderCatalog>[0] }) {
  const catalog = await insertOrderCatalog(app.db);
  return { part: await insertPart(app.db.kysely, catalog, { stock: 10_000_000, prices: [{ qtyStart: 1, priceE4: 100 }] }) };
}

type App = UsedTestApp<{ part: number }>;

async function invitation(t: App) {
  const inviter = await createMember(t.db.kysely);
  const invitee = await registerInvited(t, inviter.userNumber);
  return { inviter, invitee };
}

/** An order of the invitee paying `cents` for its goods, paid. */
async function payGoods(t: App, userId: number, cents: number) {
  const order = await placeUnpaidOrder(t, userId, t.fixture.part, cents);
  expect(order.payableCents).toBe(cents);
  expect(await payOrder(t, order)).toBe('paid');
  return order;
}

async function rewardOf(t: App, inviteeId: number) {
  return t.db.kysely
    .selectFrom('inviteRewards as r')
    .innerJoin('orders as o', 'o.id', 'r.orderId')
    .select(['o.orderNo', 'r.memberCouponId'])
    .where('r.inviteeId', '=', inviteeId)
    .execute();
}

const messagesOf = async (t: App, userId: number) =>
  (await t.db.kysely.selectFrom('messages').select('msgContent').where('userId', '=', userId).execute()).map((row) => row.msgContent);

async function invitePage(t: App, userId: number): Promise<{ data: InvitePageData; body: string }> {
  const browser = t.browser();
  await signIn(browser, t.db.kysely, userId);
  const response = await browser.get('/user/invite');
  expect(response.statusCode).toBe(200);
  return { data: pageStateOf<InvitePageData>(response.body).data, body: response.body };
}

describe('邀请有礼: the least first order (default: the reward coupon 满200减20 → ¥200.00)', () => {
  const t = useTestApp({ fixture: centPart });

  it('earns nothing below ¥200.00 and keeps the reward for the first order that reaches it', async () => {
    const { inviter, invitee } = await invitation(t);
    await payGoods(t, invitee.userId, 80);
    await payGoods(t, invitee.userId, 19_999);
    expect(await rewardCouponsOf(t, inviter.userId)).toEqual([]);
    expect(await rewardOf(t, invitee.userId)).toEqual([]);
    expect(await messagesOf(t, inviter.userId)).toEqual([]);
    // The page says why: the friend has ordered, the reward waits for an order of ¥200.00.
    const waiting = (await invitePage(t, inviter.userId)).body;
    expect(waiting).toContain('待满¥200.00订单');

    const reaching = await payGoods(t, invitee.userId, 20_000);
    await payGoods(t, invitee.userId, 50_000);
    expect(await rewardCouponsOf(t, inviter.userId)).toEqual([{ claimNo: invitee.userId, source: 'staff' }]);
    expect(await rewardOf(t, invitee.userId)).toEqual([{ orderNo: reaching.orderNo, memberCouponId: expect.any(Number) as number }]);
    expect(await messagesOf(t, inviter.userId)).toEqual([
      expect.stringContaining('已完成首笔实付满¥200.00的订单，邀请奖励「邀请奖励 满200减20」已发放') as string,
    ]);
    expect((await invitePage(t, inviter.userId)).data.invitees).toMatchObject([{ hasOrdered: true, isRewarded: true }]);
  });

  it('rewards a first order above ¥200.00 at once', async () => {
    const { inviter, invitee } = await invitation(t);
    const first = await payGoods(t, invitee.userId, 20_001);
    expect(await rewardOf(t, invitee.userId)).toEqual([{ orderNo: first.orderNo, memberCouponId: expect.any(Number) as number }]);
    expect(await rewardCouponsOf(t, inviter.userId)).toHaveLength(1);
  });

  it('measures the goods actually paid: a coupon lowers it, freight does not raise it', async () => {
    const { inviter, invitee } = await invitation(t);
    // ¥210.00 of goods less a ¥20.00 coupon, and ¥195.00 of goods with ¥15.00 freight: each pays ¥190.00 or more, neither ¥200.00 of goods.
    for (const [goodsCents, change] of [
      [21_000, { goodsDiscountCents: 2_000, payableCents: 19_000 }],
      [19_500, { freightCents: 1_500, payableCents: 21_000 }],
    ] as const) {
      const order = await placeUnpaidOrder(t, invitee.userId, t.fixture.part, goodsCents);
      await t.db.kysely.updateTable('orders').set(change).where('orderNo', '=', order.orderNo).execute();
      expect(await payOrder(t, { orderNo: order.orderNo, payableCents: change.payableCents })).toBe('paid');
    }
    expect(await rewardCouponsOf(t, inviter.userId)).toEqual([]);
    expect(await rewardOf(t, invitee.userId)).toEqual([]);
  });

  it('states the rule on the invite page, with the amount in yuan', async () => {
    const { inviter } = await invitation(t);
    const { data, body } = await invitePage(t, inviter.userId);
    expect(data).toMatchObject({ rewardName: '邀请奖励 满200减20', minOrderCents: 20_000 });
    expect(body).toContain('每邀请一位好友注册并完成首笔实付满¥200.00的订单，');
    expect(body).toContain('好友注册后完成首笔实付满¥200.00的订单支付，您将获得一张「邀请奖励 满200减20」优惠券，每位好友仅奖励一次。');
    expect(body).toContain('实付不足¥200.00的订单不发放奖励，好友之后首笔实付满¥200.00的订单支付后即发放。');
    expect(body).toContain('待首单');
  });

  it('follows the reward coupon staff choose: its threshold becomes the minimum, read at each payment', async () => {
    const content = await signedInStaff(t.app, t.db.kysely, 'content');
    const now = Date.now();
    const form = {
      name: '邀请奖励 满100减10',
      kind: 'goods' as const,
      faceValueCents: 1_000,
      thresholdCents: 10_000,
      scope: 'all' as const,
      scopeId: null,
      validDays: 30,
      validFrom: null,
      validUntil: null,
      claimFrom: now - 60_000,
      claimUntil: null,
      totalStock: null,
      perMemberLimit: 1,
      isInCentre: false,
      isNewMemberPack: false,
      sort: 0,
    };
    const templateId = (await content.browser.call(marketingDeskCalls.create, form)).data?.id ?? 0;
    expect(await content.browser.call(marketingDeskCalls.setInviteReward, { templateId })).toMatchObject({ code: 1 });
    try {
      const { inviter, invitee } = await invitation(t);
      await payGoods(t, invitee.userId, 9_999);
      expect(await rewardOf(t, invitee.userId)).toEqual([]);
      await payGoods(t, invitee.userId, 10_000);
      expect(await rewardOf(t, invitee.userId)).toHaveLength(1);
      const { data, body } = await invitePage(t, inviter.userId);
      expect(data).toMatchObject({ rewardName: '邀请奖励 满100减10', minOrderCents: 10_000 });
      expect(body).toContain('首笔实付满¥100.00的订单');
    } finally {
      // The other tests of this file expect the configured reward.
      await t.db.kysely.deleteFrom('marketingSettings').execute();
    }
  });
});

describe('邀请有礼 with INVITE_REWARD_MIN_ORDER_CENTS=50000', () => {
  const t = useTestApp({ fixture: centPart, app: { env: { INVITE_REWARD_MIN_ORDER_CENTS: '50000' } } });

  it('uses the configured minimum instead of the coupon threshold, on the page too', async () => {
    const { inviter, invitee } = await invitation(t);
    await payGoods(t, invitee.userId, 49_999);
    expect(await rewardOf(t, invitee.userId)).toEqual([]);
    const reaching = await payGoods(t, invitee.userId, 50_000);
    expect(await rewardOf(t, invitee.userId)).toEqual([{ orderNo: reaching.orderNo, memberCouponId: expect.any(Number) as number }]);
    const { data, body } = await invitePage(t, inviter.userId);
    expect(data.minOrderCents).toBe(50_000);
    expect(body).toContain('首笔实付满¥500.00的订单');
  });
});

describe('邀请有礼 with INVITE_REWARD_MIN_ORDER_CENTS=0', () => {
  const t = useTestApp({ fixture: centPart, app: { env: { INVITE_REWARD_MIN_ORDER_CENTS: '0' } } });

  it('rewards any first paid order, and the page states no minimum', async () => {
    const { inviter, invitee } = await invitation(t);
    const first = await payGoods(t, invitee.userId, 80);
    expect(await rewardOf(t, invitee.userId)).toEqual([{ orderNo: first.orderNo, memberCouponId: expect.any(Number) as number }]);
    expect(await messagesOf(t, inviter.userId)).toEqual([expect.stringContaining('已完成首笔订单，邀请奖励') as string]);
    const { data, body } = await invitePage(t, inviter.userId);
    expect(data.minOrderCents).toBe(0);
    expect(body).toContain('好友注册后完成首笔订单支付，');
    expect(body).not.toContain('实付不足');
  });
});

describe('INVITE_REWARD_MIN_ORDER_CENTS', () => {
  const base = { NODE_ENV: 'test', DATABASE_URL: ':memory:', SESSION_SECRET: 'test-secret-test-secret-test-secret-42' };

  it.each([
    [undefined, null],
    ['0', 0],
    ['20000', 20_000],
  ])('reads %s as %s (null: the reward coupon’s threshold)', (value, expected) => {
    expect(loadConfig(value === undefined ? base : { ...base, INVITE_REWARD_MIN_ORDER_CENTS: value }).inviteRewardMinOrderCents).toBe(expected);
  });

  it.each(['-1', '199.5', '¥200', '100000001'])('refuses %s at start, naming the variable', (value) => {
    expect(() => loadConfig({ ...base, INVITE_REWARD_MIN_ORDER_CENTS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, INVITE_REWARD_MIN_ORDER_CENTS: value })).toThrow(/INVITE_REWARD_MIN_ORDER_CENTS/);
  });
});
