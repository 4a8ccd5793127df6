import { describe, expect, it } from 'vitest';
import type { CouponDraft } from '../../../contract/coupon.ts';
import { withTransaction } from '../../db/transaction.ts';
import { createMember } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { redeemCoupons, releaseCouponsOfOrder } from './coupon.service.ts';
import { giveCoupon, insertCentreCoupon } from './testing/coupon-fixture.ts';

/**
 * Redeeming is one conditional update inside the order's transaction: of concurrent orders using
 * one coupon, one redeems it, whatever the engine interleaves. Orders call this through HTTP too
 * (their own race test); here the transactions are fired directly, 50 at once.
 */
describe('redeeming and releasing coupons under concurrency', () => {
  const t = useTestApp();
  const order: CouponDraft = { lines: [{ productId: 1, brandId: 1, categoryFirstId: 2, categorySecondId: 3, amountCents: 20_000 }], freightCents: 1000 };

  async function couponOfNewMember(fields = {}) {
    const { userId } = await createMember(t.db.kysely);
    const templateId = await insertCentreCoupon(t.db.kysely, fields);
    return { userId, couponId: await giveCoupon(t.db.kysely, userId, templateId) };
  }

  function redeemIn(orderId: number, userId: number, memberCouponIds: number[]) {
    return withTransaction(t.db.kysely, (trx) => redeemCoupons(trx, { userId, memberCouponIds, orderId, draft: order, now: Date.now() }));
  }

  it('50 orders using one single-use coupon at once: one redemption', async () => {
    const { userId, couponId } = await couponOfNewMember();
    const orderIds = Array.from({ length: 50 }, (_, i) => 5000 + i);
    const results = await Promise.allSettled(orderIds.map((orderId) => redeemIn(orderId, userId, [couponId])));
    const winners = orderIds.filter((_, i) => results[i]?.status === 'fulfilled');
    expect(winners).toHaveLength(1);
    for (const result of results) if (result.status === 'rejected') expect(result.reason).toMatchObject({ errorCode: 'coupon.used' });
    const row = await t.db.kysely.selectFrom('memberCoupons').select('usedOrderId').where('id', '=', couponId).executeTakeFirstOrThrow();
    expect(row.usedOrderId).toBe(winners[0]);
  });

  it('two orders sharing one coupon of their sets: the loser marks none of its others', async () => {
    const { userId, couponId: shared } = await couponOfNewMember();
    const brandA = await giveCoupon(
      t.db.kysely,
      userId,
      await insertCentreCoupon(t.db.kysely, { scope: 'brand', scopeId: 1, scopeName: '甲', thresholdCents: 0 }),
    );
    const freight = await giveCoupon(t.db.kysely, userId, await insertCentreCoupon(t.db.kysely, { kind: 'freight', thresholdCents: 0 }));
    const results = await Promise.allSettled([redeemIn(6001, userId, [shared, brandA]), redeemIn(6002, userId, [freight, shared])]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rows = await t.db.kysely.selectFrom('memberCoupons').select(['id', 'usedOrderId']).where('id', 'in', [shared, brandA, freight]).execute();
    const winner = results[0].status === 'fulfilled' ? 6001 : 6002;
    const usedBy = new Map(rows.map((row) => [row.id, row.usedOrderId]));
    expect(usedBy.get(shared)).toBe(winner);
    expect(usedBy.get(brandA)).toBe(winner === 6001 ? 6001 : null);
    expect(usedBy.get(freight)).toBe(winner === 6002 ? 6002 : null);
  });

  it('20 cancellations of one order at once release its coupons once', async () => {
    const { userId, couponId } = await couponOfNewMember();
    const freight = await giveCoupon(t.db.kysely, userId, await insertCentreCoupon(t.db.kysely, { kind: 'freight', thresholdCents: 0 }));
    await redeemIn(7001, userId, [couponId, freight]);
    const released = await Promise.all(Array.from({ length: 20 }, () => withTransaction(t.db.kysely, (trx) => releaseCouponsOfOrder(trx, 7001))));
    expect(released.reduce((sum, count) => sum + count, 0)).toBe(2);
    const rows = await t.db.kysely.selectFrom('memberCoupons').select('usedOrderId').where('id', 'in', [couponId, freight]).execute();
    expect(rows.map((row) => row.usedOrderId)).toEqual([null, null]);
  });
});
