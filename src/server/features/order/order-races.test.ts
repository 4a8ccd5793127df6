import { describe, expect, it } from 'vitest';
import { orderCalls } from '../../../contract/order-calls.ts';
import { useTestApp, type SignedInMember } from '../../testing/use-test-app.ts';
import { giveCoupon, insertCentreCoupon } from '../coupon/testing/coupon-fixture.ts';
import { fillCart, insertOrderCatalog, insertPart, newKey, stockOf } from './testing/order-fixture.ts';

/** Real concurrent requests through the app; the assertions are about what the database holds afterwards. */
describe('order races', () => {
  const buyerCount = 200;
  const t = useTestApp({
    fixture: async (app) => {
      const catalog = await insertOrderCatalog(app.db);
      return { catalog };
    },
  });

  const pickup = { carrierCode: 'pickup', addressId: null, shortfallChoice: 'shipAvailable' } as const;

  it('sells the last 10 units to exactly 10 of 200 concurrent buyers, never below zero, 20 times over', async () => {
    const buyers: SignedInMember[] = [];
    for (let i = 0; i < buyerCount; i++) buyers.push(await t.member());
    const userIds = buyers.map((buyer) => buyer.userId);
    for (let round = 1; round <= 20; round++) {
      // A fresh part each round: ¥1.00, 10 in stock, one in every buyer's cart.
      const part = await insertPart(t.db.kysely, t.fixture.catalog, { stock: 10, prices: [{ qtyStart: 1, priceE4: 10_000 }] });
      await t.db.kysely.deleteFrom('cartItems').where('userId', 'in', userIds).execute();
      const now = Date.now();
      await t.db.kysely
        .insertInto('cartItems')
        .values(userIds.map((userId) => ({ userId, productId: part, quantity: 1, isSelected: 1, createdAt: now, updatedAt: now })))
        .execute();
      const answers = await Promise.all(
        buyers.map((buyer) => buyer.browser.call(orderCalls.place, { ...pickup, idempotencyKey: newKey(), quotedPayableCents: 100 })),
      );
      const placed = answers.filter((answer) => answer.code === 1);
      expect(placed, `round ${String(round)}`).toHaveLength(10);
      for (const answer of answers.filter((candidate) => candidate.code !== 1)) {
        expect(answer.errorCode, `round ${String(round)}: ${answer.msg}`).toBe('order.nothingInStock');
      }
      expect(await stockOf(t.db.kysely, part)).toBe(0);
      const lines = await t.db.kysely.selectFrom('orderLines').select(['quantity', 'reservedQuantity']).where('productId', '=', part).execute();
      expect(lines).toEqual(Array.from({ length: 10 }, () => ({ quantity: 1, reservedQuantity: 1 })));
      expect(new Set(placed.map((answer) => answer.data?.orderNo)).size).toBe(10);
    }
    const negative = await t.db.kysely.selectFrom('products').select('id').where('stock', '<', 0).execute();
    expect(negative).toEqual([]);
  }, 240_000);

  it('splits a part whose stock each of 8 concurrent buyers read as plentiful: whoever finds it gone is placed again stock-first, back ordering the rest', async () => {
    // Each wants 4,000 of 10,000 and waits for all: two take 4,000, the next 2,000 (2,000 to wait
    // for), the others none yet. On PostgreSQL the later ones read 10,000 before the first commit,
    // write their order, find the decrement refused at the end, and are placed again stock-first.
    const part = await insertPart(t.db.kysely, t.fixture.catalog, { stock: 10_000, prices: [{ qtyStart: 1, priceE4: 100 }] });
    const buyers: SignedInMember[] = [];
    for (let i = 0; i < 8; i++) buyers.push(await t.member());
    for (const buyer of buyers) await fillCart(buyer.browser, [{ productId: part, quantity: 4000 }]);
    const waitForAll = { ...pickup, shortfallChoice: 'waitForAll' } as const;
    const answers = await Promise.all(
      buyers.map((buyer) => buyer.browser.call(orderCalls.place, { ...waitForAll, idempotencyKey: newKey(), quotedPayableCents: 4000 })),
    );
    expect(answers.map((answer) => [answer.code, answer.msg])).toEqual(Array.from({ length: 8 }, () => [1, '订单已提交']));
    const lines = await t.db.kysely.selectFrom('orderLines').select(['quantity', 'reservedQuantity']).where('productId', '=', part).execute();
    expect(lines.map((line) => line.quantity)).toEqual(Array.from({ length: 8 }, () => 4000));
    expect(lines.map((line) => line.reservedQuantity).sort((a, b) => b - a)).toEqual([4000, 4000, 2000, 0, 0, 0, 0, 0]);
    expect(await stockOf(t.db.kysely, part)).toBe(0);
    const allocated = await t.db.kysely
      .selectFrom('orderLineAllocations as a')
      .innerJoin('orderLines as l', 'l.id', 'a.orderLineId')
      .select((eb) => eb.fn.sum<number>('a.quantity').as('units'))
      .where('l.productId', '=', part)
      .executeTakeFirstOrThrow();
    expect(allocated.units).toBe(10_000);
  });

  it('makes one order and one decrement of one idempotency key sent 25 times at once', async () => {
    const part = await insertPart(t.db.kysely, t.fixture.catalog, { stock: 1000 });
    const member = await t.member();
    await fillCart(member.browser, [{ productId: part, quantity: 30 }]);
    const preview = await member.browser.callOk(orderCalls.preview, pickup);
    const idempotencyKey = newKey();
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => member.browser.call(orderCalls.place, { ...pickup, idempotencyKey, quotedPayableCents: preview.payableCents })),
    );
    expect(answers.map((answer) => answer.code)).toEqual(Array.from({ length: 25 }, () => 1));
    expect(new Set(answers.map((answer) => answer.data?.orderNo)).size).toBe(1);
    const orders = await t.db.kysely.selectFrom('orders').select('orderNo').where('userId', '=', member.userId).execute();
    expect(orders).toEqual([{ orderNo: answers[0]?.data?.orderNo }]);
    expect(await stockOf(t.db.kysely, part)).toBe(970);
  });

  it('redeems a single-use coupon once of 50 concurrent orders using it', async () => {
    const member = await t.member();
    const parts = [];
    for (let i = 0; i < 3; i++) parts.push(await insertPart(t.db.kysely, t.fixture.catalog, { stock: 1000, prices: [{ qtyStart: 1, priceE4: 1_000_000 }] }));
    await fillCart(
      member.browser,
      parts.map((productId) => ({ productId, quantity: 2 })),
    );
    const coupon = await giveCoupon(t.db.kysely, member.userId, await insertCentreCoupon(t.db.kysely));
    const preview = await member.browser.callOk(orderCalls.preview, { ...pickup, memberCouponIds: [coupon] });
    // ¥600 of goods, 满100减10.
    expect(preview).toMatchObject({ goodsCents: 60_000, goodsDiscountCents: 1000, payableCents: 59_000 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        member.browser.call(orderCalls.place, { ...pickup, idempotencyKey: newKey(), memberCouponIds: [coupon], quotedPayableCents: preview.payableCents }),
      ),
    );
    const placed = answers.filter((answer) => answer.code === 1);
    expect(placed).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.code !== 1)) expect(refused.msg).toMatch(/[\u4e00-\u9fa5]/);
    const orders = await t.db.kysely.selectFrom('orders').select(['id', 'goodsDiscountCents', 'payableCents']).where('userId', '=', member.userId).execute();
    expect(orders).toEqual([{ id: expect.any(Number) as unknown, goodsDiscountCents: 1000, payableCents: 59_000 }]);
    const used = await t.db.kysely.selectFrom('memberCoupons').select('usedOrderId').where('id', '=', coupon).executeTakeFirstOrThrow();
    expect(used.usedOrderId).toBe(orders[0]?.id);
    for (const part of parts) expect(await stockOf(t.db.kysely, part)).toBe(998);
  });
});
