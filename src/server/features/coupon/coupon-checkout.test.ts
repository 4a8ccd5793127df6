import { describe, expect, it } from 'vitest';
import type { CouponDraft, CouponDraftLine } from '../../../contract/coupon.ts';
import { bestCouponCombination } from '../../../contract/coupon-combination.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { createMember } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { grantNewMemberPack, listCouponsForDraft, redeemCoupons, releaseCouponsOfOrder, type Redemption } from './coupon.service.ts';
import { day, giveCoupon, insertCentreCoupon } from './testing/coupon-fixture.ts';

const ti = { brandId: 1, name: 'TI(德州仪器)' };

function line(amountYuan: number, brandId = 50, categoryFirstId = 60, categorySecondId = 61): CouponDraftLine {
  return { productId: 1, brandId, categoryFirstId, categorySecondId, amountCents: Math.round(amountYuan * 100) };
}

function draft(lines: CouponDraftLine[], freightYuan = 0): CouponDraft {
  return { lines, freightCents: Math.round(freightYuan * 100) };
}

describe('coupons at checkout (the service API the orders feature calls)', () => {
  const t = useTestApp();
  let orderSequence = 1000;
  const nextOrderId = () => (orderSequence += 1);

  /** A member with the new-member pack, a TI brand coupon (30 off 300), a freight coupon (10 off 49) and a not-yet-valid platform coupon. */
  async function wallet() {
    const db = t.db.kysely;
    const { userId } = await createMember(db);
    await grantNewMemberPack(db, userId, Date.now());
    const tiTemplate = await insertCentreCoupon(db, {
      name: 'TI专享券 满300减30',
      faceValueCents: 3000,
      thresholdCents: 30_000,
      scope: 'brand',
      scopeId: ti.brandId,
      scopeName: ti.name,
    });
    const freightTemplate = await insertCentreCoupon(db, { name: '运费券 满49减10', kind: 'freight', faceValueCents: 1000, thresholdCents: 4900 });
    const laterTemplate = await insertCentreCoupon(db, { name: '未开始券 无门槛减5', faceValueCents: 500, thresholdCents: 0 });
    const packIds = await db.selectFrom('memberCoupons').select('id').where('userId', '=', userId).orderBy('id').execute();
    return {
      userId,
      pack: packIds.map((row) => row.id),
      ti: await giveCoupon(db, userId, tiTemplate),
      freight: await giveCoupon(db, userId, freightTemplate),
      later: await giveCoupon(db, userId, laterTemplate, { validFrom: Date.UTC(2031, 0, 1, 0, 0), validUntil: Date.UTC(2031, 1, 1) }),
    };
  }

  function redeem(redemption: Redemption) {
    return withTransaction(t.db.kysely, (trx) => redeemCoupons(trx, redemption));
  }

  async function usedOrderOf(ids: number[]) {
    const rows = await t.db.kysely.selectFrom('memberCoupons').select(['id', 'usedOrderId']).where('id', 'in', ids).orderBy('id').execute();
    return rows.map((row) => row.usedOrderId);
  }

  it('lists every unused, unexpired coupon judged against the draft, usable ones first', async () => {
    const w = await wallet();
    const expired = await giveCoupon(t.db.kysely, w.userId, await insertCentreCoupon(t.db.kysely), { validUntil: Date.now() - 1000 });
    const used = await giveCoupon(t.db.kysely, w.userId, await insertCentreCoupon(t.db.kysely));
    await t.db.kysely.updateTable('memberCoupons').set({ usedOrderId: 1, usedAt: Date.now() }).where('id', '=', used).execute();

    const order = draft([line(350, ti.brandId), line(100)], 12);
    const coupons = await listCouponsForDraft(t.db.kysely, w.userId, order, Date.now());
    expect(coupons.map((coupon) => coupon.memberCouponId)).not.toContain(expired);
    expect(coupons.map((coupon) => coupon.memberCouponId)).not.toContain(used);
    expect(coupons.map((coupon) => [coupon.name, coupon.isUsable, coupon.discountCents, coupon.unusableReason])).toEqual([
      ['新人专享券 满300减30', true, 3000, ''],
      ['TI专享券 满300减30', true, 3000, ''],
      ['新人专享券 满200减20', true, 2000, ''],
      ['运费券 满49减10', true, 1000, ''],
      ['新人专享券 满500减50', false, 0, '商品满¥500.00可用，还差¥50.00'],
      ['未开始券 无门槛减5', false, 0, '2031-01-01 08:00起可用'],
    ]);
    expect(bestCouponCombination(coupons, order)).toEqual({
      memberCouponIds: [w.pack[1], w.ti, w.freight],
      goodsDiscountCents: 6000,
      freightDiscountCents: 1000,
    });
  });

  it('redeems a valid set once: marks each coupon used by the order and returns the discounts', async () => {
    const w = await wallet();
    const orderId = nextOrderId();
    const order = draft([line(600, ti.brandId)], 8);
    const before = Date.now();
    expect(await redeem({ userId: w.userId, memberCouponIds: [w.pack[0] ?? 0, w.ti, w.freight], orderId, draft: order, now: Date.now() })).toEqual({
      goodsDiscountCents: 8000,
      freightDiscountCents: 800,
    });
    const rows = await t.db.kysely.selectFrom('memberCoupons').select(['usedOrderId', 'usedAt']).where('usedOrderId', '=', orderId).execute();
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.usedAt).toBeGreaterThanOrEqual(before);
    expect(await listCouponsForDraft(t.db.kysely, w.userId, order, Date.now())).toHaveLength(3);
  });

  it('redeems nothing for no coupons', async () => {
    const w = await wallet();
    expect(await redeem({ userId: w.userId, memberCouponIds: [], orderId: nextOrderId(), draft: draft([line(10)]), now: Date.now() })).toEqual({
      goodsDiscountCents: 0,
      freightDiscountCents: 0,
    });
  });

  type Case = [string, (w: Awaited<ReturnType<typeof wallet>>) => Promise<number[]>, CouponDraft, string, string];
  const cases: Case[] = [
    [
      'another member’s coupon',
      async () => [await giveCoupon(t.db.kysely, (await createMember(t.db.kysely)).userId, await insertCentreCoupon(t.db.kysely))],
      draft([line(600)]),
      'coupon.notOwned',
      '优惠券不存在或不属于您，请重新选择',
    ],
    ['a coupon that does not exist', () => Promise.resolve([987_654]), draft([line(600)]), 'coupon.notOwned', '优惠券不存在或不属于您，请重新选择'],
    [
      'an expired coupon',
      async (w) => [await giveCoupon(t.db.kysely, w.userId, await insertCentreCoupon(t.db.kysely, { name: '过期券' }), { validUntil: Date.now() - 1 })],
      draft([line(600)]),
      'coupon.expired',
      '优惠券“过期券”已过期，请重新选择',
    ],
    ['a coupon not valid yet', (w) => Promise.resolve([w.later]), draft([line(600)]), 'coupon.notYetValid', '优惠券“未开始券 无门槛减5”2031-01-01 08:00起可用'],
    [
      'a coupon already used',
      async (w) => {
        await t.db.kysely.updateTable('memberCoupons').set({ usedOrderId: 5, usedAt: Date.now() }).where('id', '=', w.ti).execute();
        return [w.ti];
      },
      draft([line(600, ti.brandId)]),
      'coupon.used',
      '优惠券已被使用，请重新选择',
    ],
    [
      'a threshold not met',
      (w) => Promise.resolve([w.pack[0] ?? 0]),
      draft([line(499)]),
      'coupon.notApplicable',
      '优惠券“新人专享券 满500减50”不可用：商品满¥500.00可用，还差¥1.00',
    ],
    [
      'a brand coupon without the brand',
      (w) => Promise.resolve([w.ti]),
      draft([line(600)]),
      'coupon.notApplicable',
      '优惠券“TI专享券 满300减30”不可用：仅限TI(德州仪器)品牌商品使用，本单没有此类商品',
    ],
    [
      'two platform-wide coupons',
      (w) => Promise.resolve([w.pack[0] ?? 0, w.pack[1] ?? 0]),
      draft([line(600)]),
      'coupon.notCombinable',
      '全场通用券每单限用一张',
    ],
    ['one coupon twice', (w) => Promise.resolve([w.ti, w.ti]), draft([line(600, ti.brandId)]), 'coupon.duplicate', '同一张优惠券不能重复使用'],
    [
      'eleven coupons',
      async (w) => {
        const ids: number[] = [];
        for (let i = 0; i < 11; i++) {
          ids.push(
            await giveCoupon(
              t.db.kysely,
              w.userId,
              await insertCentreCoupon(t.db.kysely, { scope: 'brand', scopeId: 200 + i, scopeName: `品牌${String(i)}`, thresholdCents: 0 }),
            ),
          );
        }
        return ids;
      },
      draft(Array.from({ length: 11 }, (_, i) => line(100, 200 + i))),
      'coupon.notCombinable',
      '每笔订单最多使用10张优惠券',
    ],
  ];

  it.each(cases)('refuses %s with a clear message, and the order’s transaction marks nothing', async (_case, chosen, order, errorCode, msg) => {
    const w = await wallet();
    // A valid coupon beside the bad one: it must not stay marked either.
    const ids = [w.freight, ...(await chosen(w))];
    const withFreight = { ...order, freightCents: 800 };
    const error = await redeem({ userId: w.userId, memberCouponIds: ids, orderId: nextOrderId(), draft: withFreight, now: Date.now() }).catch(
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ errorCode, msg });
    expect(await usedOrderOf([w.freight])).toEqual([null]);
  });

  it('releases a cancelled order’s coupons exactly once, and they can be used again', async () => {
    const w = await wallet();
    const orderId = nextOrderId();
    const order = draft([line(600, ti.brandId)], 8);
    await redeem({ userId: w.userId, memberCouponIds: [w.ti, w.freight], orderId, draft: order, now: Date.now() });
    expect(await withTransaction(t.db.kysely, (trx) => releaseCouponsOfOrder(trx, orderId))).toBe(2);
    expect(await withTransaction(t.db.kysely, (trx) => releaseCouponsOfOrder(trx, orderId))).toBe(0);
    expect(await usedOrderOf([w.ti, w.freight])).toEqual([null, null]);
    const nextOrder = nextOrderId();
    await redeem({ userId: w.userId, memberCouponIds: [w.ti], orderId: nextOrder, draft: order, now: Date.now() });
    expect(await withTransaction(t.db.kysely, (trx) => releaseCouponsOfOrder(trx, orderId))).toBe(0);
    expect(await usedOrderOf([w.ti])).toEqual([nextOrder]);
  });

  it('keeps a coupon that expired meanwhile with the cancelled order', async () => {
    const w = await wallet();
    const orderId = nextOrderId();
    const order = draft([line(600, ti.brandId)], 8);
    await redeem({ userId: w.userId, memberCouponIds: [w.ti, w.freight], orderId, draft: order, now: Date.now() });
    await t.db.kysely
      .updateTable('memberCoupons')
      .set({ validUntil: Date.now() - day })
      .where('id', '=', w.ti)
      .execute();
    expect(await withTransaction(t.db.kysely, (trx) => releaseCouponsOfOrder(trx, orderId))).toBe(1);
    expect(await usedOrderOf([w.ti, w.freight])).toEqual([orderId, null]);
  });
});
