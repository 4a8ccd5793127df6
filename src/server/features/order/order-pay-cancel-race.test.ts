import { describe, expect, it } from 'vitest';
import { ShortfallChoice, type PlacedOrder } from '../../../contract/order.ts';
import { AppError } from '../../http/app-error.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { addToCart } from '../cart/cart.service.ts';
import { giveCoupon, insertCentreCoupon } from '../coupon/testing/coupon-fixture.ts';
import { previewCheckout } from './checkout.service.ts';
import { placeOrder } from './order-placement.service.ts';
import { markOrderPaid, type PaymentOutcome } from './order-payment.service.ts';
import { cancelOrder } from './order.service.ts';
import { expireOverdueOrders } from './order-sweeper.ts';
import { insertOrderCatalog, insertPart, newKey, stockOf } from './testing/order-fixture.ts';

describe('payment racing cancellation and expiry', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

  it('ends each of 50 orders in exactly one state; stock and coupons come back at most once', async () => {
    const k = t.db.kysely;
    const config = t.deps.config.orders;
    const initialStock = 5000;
    const part = await insertPart(k, t.fixture.catalog, { stock: initialStock, prices: [{ qtyStart: 1, priceE4: 200_000 }] });
    const template = await insertCentreCoupon(k);
    const member = await t.member();
    const orders: (PlacedOrder & { couponId: number | null })[] = [];
    for (let i = 0; i < 50; i++) {
      await addToCart(k, member.userId, part, 10 + i);
      const couponId = i % 5 === 0 ? await giveCoupon(k, member.userId, template) : null;
      const choice = {
        carrierCode: 'pickup',
        addressId: null,
        shortfallChoice: ShortfallChoice.shipAvailable,
        memberCouponIds: couponId === null ? [] : [couponId],
      };
      const quote = await previewCheckout(k, member.userId, choice);
      const placed = await placeOrder(k, config, member.userId, {
        ...choice,
        idempotencyKey: newKey(),
        invoice: { kind: 'none' },
        remark: '',
        quotedPayableCents: quote.payableCents,
      });
      orders.push({ ...placed, couponId });
    }
    const ordered = orders.reduce((sum, _order, i) => sum + 10 + i, 0);
    expect(await stockOf(k, part)).toBe(initialStock - ordered);
    // Every other order is past its time: its payment races the sweep ("pay after expiry").
    const overdue = orders.filter((_order, i) => i % 2 === 1).map((order) => order.orderNo);
    await k
      .updateTable('orders')
      .set({ expiresAt: Date.now() - 1 })
      .where('orderNo', 'in', overdue)
      .execute();
    const overdueIds = (await k.selectFrom('orders').select('id').where('orderNo', 'in', overdue).execute()).map((row) => row.id);

    const outcomes = new Map<string, PaymentOutcome>();
    await Promise.all(
      orders.flatMap((order, i) => [
        markOrderPaid(k, { orderNo: order.orderNo, amountCents: order.payableCents, method: 'alipay', tradeNo: `T${order.orderNo}`, paidAt: Date.now() }).then(
          (outcome) => outcomes.set(order.orderNo, outcome),
        ),
        i % 2 === 0
          ? cancelOrder(k, member.userId, order.orderNo).catch((error: unknown) => {
              if (!(error instanceof AppError) || error.errorCode !== 'order.notCancellable') throw error;
            })
          : expireOverdueOrders(k, Date.now(), { orderIds: overdueIds }),
      ]),
    );

    const rows = await k.selectFrom('orders').select(['id', 'orderNo', 'status', 'paidAt']).where('userId', '=', member.userId).execute();
    const lines = await k.selectFrom('orderLines').select(['orderId', 'reservedQuantity']).execute();
    const events = await k.selectFrom('orderEvents').select(['orderId', 'kind']).where('kind', 'in', ['paid', 'cancelled']).execute();
    let held = 0;
    for (const row of rows) {
      const order = orders.find((candidate) => candidate.orderNo === row.orderNo);
      expect(['unshipped', 'cancelled']).toContain(row.status);
      expect(outcomes.get(row.orderNo)).toBe(row.status === 'unshipped' ? 'paid' : 'rejected');
      expect(events.filter((event) => event.orderId === row.id).map((event) => event.kind)).toEqual([row.status === 'unshipped' ? 'paid' : 'cancelled']);
      if (row.status === 'unshipped') held += lines.find((line) => line.orderId === row.id)?.reservedQuantity ?? 0;
      if (order?.couponId) {
        const coupon = await k.selectFrom('memberCoupons').select('usedOrderId').where('id', '=', order.couponId).executeTakeFirstOrThrow();
        expect(coupon.usedOrderId).toBe(row.status === 'unshipped' ? row.id : null);
      }
    }
    // Conservation: what is on the shelf plus what paid orders hold is what there was.
    expect((await stockOf(k, part)) + held).toBe(initialStock);
    // A late repeat of a payment changes nothing.
    for (const order of orders.slice(0, 4)) {
      const again = await markOrderPaid(k, {
        orderNo: order.orderNo,
        amountCents: order.payableCents,
        method: 'alipay',
        tradeNo: `T${order.orderNo}`,
        paidAt: Date.now(),
      });
      expect(again).toBe(outcomes.get(order.orderNo) === 'paid' ? 'alreadyPaid' : 'rejected');
    }
    expect((await stockOf(k, part)) + held).toBe(initialStock);
  }, 60_000);

  it('rejects a payment of the wrong amount or for an unknown order, and pays the right one', async () => {
    const k = t.db.kysely;
    const part = await insertPart(k, t.fixture.catalog);
    const member = await t.member();
    await addToCart(k, member.userId, part, 10);
    const choice = { carrierCode: 'pickup', addressId: null, shortfallChoice: ShortfallChoice.shipAvailable, memberCouponIds: [] };
    const quote = await previewCheckout(k, member.userId, choice);
    const placed = await placeOrder(k, t.deps.config.orders, member.userId, {
      ...choice,
      idempotencyKey: newKey(),
      invoice: { kind: 'none' },
      remark: '',
      quotedPayableCents: quote.payableCents,
    });
    const payment = { orderNo: placed.orderNo, amountCents: placed.payableCents, method: 'wechat' as const, tradeNo: 'WX1', paidAt: Date.now() };
    expect(await markOrderPaid(k, { ...payment, amountCents: placed.payableCents + 1 })).toBe('rejected');
    expect(await markOrderPaid(k, { ...payment, orderNo: '2601010000000000' })).toBe('rejected');
    expect(await markOrderPaid(k, payment)).toBe('paid');
    expect(await markOrderPaid(k, payment)).toBe('alreadyPaid');
    expect(await markOrderPaid(k, { ...payment, tradeNo: 'WX2' })).toBe('rejected');
    const row = await k
      .selectFrom('orders')
      .select(['status', 'paymentMethod', 'paymentTradeNo'])
      .where('orderNo', '=', placed.orderNo)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'unshipped', paymentMethod: 'wechat', paymentTradeNo: 'WX1' });
  });
});
