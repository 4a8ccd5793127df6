import { describe, expect, it } from 'vitest';
import { createMember } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertOrderCatalog, insertPart } from '../order/testing/order-fixture.ts';
import { payOrder, placeUnpaidOrder, registerInvited, rewardCouponsOf } from './testing/invite-fixture.ts';

/** The reward row is claimed in the payment's transaction with on-conflict-do-nothing: one credit per invitee, however payments race. */
describe('crediting the inviter under concurrency', () => {
  const t = useTestApp({
    fixture: async (app) => {
      const catalog = await insertOrderCatalog(app.db);
      return { part: await insertPart(app.db.kysely, catalog, { stock: 100_000, prices: [{ qtyStart: 1, priceE4: 300_000 }] }) };
    },
  });

  it("an invitee's orders paid at once credit the inviter once", async () => {
    const inviter = await createMember(t.db.kysely);
    const invitee = await registerInvited(t, inviter.userNumber);
    const orders = [];
    for (let i = 0; i < 6; i++) orders.push(await placeUnpaidOrder(t, invitee.userId, t.fixture.part));
    const outcomes = await Promise.all(orders.map((order) => payOrder(t, order)));
    expect(outcomes.every((outcome) => outcome === 'paid')).toBe(true);
    expect(await rewardCouponsOf(t, inviter.userId)).toEqual([{ claimNo: invitee.userId, source: 'staff' }]);
    const rewards = await t.db.kysely.selectFrom('inviteRewards').select('orderId').where('inviteeId', '=', invitee.userId).execute();
    expect(rewards).toHaveLength(1);
    const messages = await t.db.kysely.selectFrom('messages').select('msgContent').where('userId', '=', inviter.userId).execute();
    expect(messages.filter((message) => message.msgContent.includes('已完成首笔实付满¥200.00的订单'))).toHaveLength(1);
  });

  it('orders below and above the minimum paid at once: one credit, for an order that reaches it', async () => {
    const inviter = await createMember(t.db.kysely);
    const invitee = await registerInvited(t, inviter.userNumber);
    // 10 pieces at ¥30.00 is ¥300.00; 6 pieces is ¥180.00, below the reward coupon's ¥200.00.
    const orders = [];
    for (const quantity of [6, 10, 6, 10, 6, 10]) orders.push({ quantity, ...(await placeUnpaidOrder(t, invitee.userId, t.fixture.part, quantity)) });
    await Promise.all(orders.map((order) => payOrder(t, order)));
    const rewards = await t.db.kysely
      .selectFrom('inviteRewards as r')
      .innerJoin('orders as o', 'o.id', 'r.orderId')
      .select('o.orderNo')
      .where('r.inviteeId', '=', invitee.userId)
      .execute();
    expect(rewards).toHaveLength(1);
    expect(orders.find((order) => order.orderNo === rewards[0]?.orderNo)?.quantity).toBe(10);
    expect(await rewardCouponsOf(t, inviter.userId)).toHaveLength(1);
  });

  it('friends of one inviter paying at once each earn the inviter a coupon', async () => {
    const inviter = await createMember(t.db.kysely);
    const friends = [];
    for (let i = 0; i < 5; i++) friends.push(await registerInvited(t, inviter.userNumber));
    const orders = [];
    for (const friend of friends) orders.push(await placeUnpaidOrder(t, friend.userId, t.fixture.part));
    await Promise.all(orders.map((order) => payOrder(t, order)));
    expect((await rewardCouponsOf(t, inviter.userId)).map((coupon) => coupon.claimNo)).toEqual(friends.map((friend) => friend.userId).sort((a, b) => a - b));
  });
});
