import { describe, expect, it } from 'vitest';
import { ShortfallChoice } from '../../../contract/order.ts';
import { errorCodeOf } from '../../testing/error-code.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { addToCart } from '../cart/cart.service.ts';
import { giveCoupon, insertCentreCoupon } from '../coupon/testing/coupon-fixture.ts';
import { previewCheckout } from './checkout.service.ts';
import { placeOrder } from './order-placement.service.ts';
import { completeOrder, confirmBankTransfer, shipOrder } from './order-staff.service.ts';
import { cancelByStaff, refundOrder } from '../payment/order-refund-workflow.service.ts';
import { loadOrderDetail } from './order.service.ts';
import { confirmOfflineRefund, refundContextOf } from '../payment/payment-refund.service.ts';
import { insertOrderCatalog, insertPart, newKey, stockOf } from './testing/order-fixture.ts';

describe('staff actions on orders', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });
  const staff = () => refundContextOf({ db: t.db.kysely, logger: t.deps.logger, config: t.deps.config });

  async function placed(options: { stock?: number; withCoupon?: boolean } = {}) {
    const k = t.db.kysely;
    const part = await insertPart(k, t.fixture.catalog, { stock: options.stock ?? 1000, prices: [{ qtyStart: 1, priceE4: 200_000 }] });
    const member = await t.member();
    await addToCart(k, member.userId, part, 10);
    const memberCouponIds = options.withCoupon ? [await giveCoupon(k, member.userId, await insertCentreCoupon(k))] : [];
    const choice = { carrierCode: 'zto', addressId: null, shortfallChoice: ShortfallChoice.shipAvailable, memberCouponIds };
    const pickup = { ...choice, carrierCode: 'pickup' };
    const quote = await previewCheckout(k, member.userId, pickup);
    const order = await placeOrder(k, t.deps.config.orders, member.userId, {
      ...pickup,
      idempotencyKey: newKey(),
      invoice: { kind: 'none' },
      remark: '',
      quotedPayableCents: quote.payableCents,
    });
    return { ...order, part, userId: member.userId, couponIds: memberCouponIds };
  }

  const messagesOf = async (userId: number) =>
    (await t.db.kysely.selectFrom('messages').select('msgContent').where('userId', '=', userId).where('messageType', '=', 3).orderBy('id').execute()).map(
      (row) => row.msgContent,
    );

  it('confirms a bank transfer of the right amount once, then ships with a tracking number and completes', async () => {
    const order = await placed();
    const k = t.db.kysely;
    expect(await errorCodeOf(confirmBankTransfer(k, { orderNo: order.orderNo, amountCents: order.payableCents - 1, staffNote: '' }))).toBe(
      'order.transferAmountMismatch',
    );
    expect(await confirmBankTransfer(k, { orderNo: order.orderNo, amountCents: order.payableCents, staffNote: '招行到账' })).toBe('paid');
    expect(await confirmBankTransfer(k, { orderNo: order.orderNo, amountCents: order.payableCents, staffNote: '' })).toBe('alreadyPaid');
    expect(await errorCodeOf(shipOrder(k, { orderNo: order.orderNo, carrierCode: 'sf', trackingNo: ' ' }))).toBe('order.trackingNoMissing');
    expect(await errorCodeOf(completeOrder(k, { orderNo: order.orderNo }))).toBe('order.notReceivable');
    await shipOrder(k, { orderNo: order.orderNo, carrierCode: 'sf', trackingNo: 'SF100200300' });
    expect(await errorCodeOf(shipOrder(k, { orderNo: order.orderNo, carrierCode: 'sf', trackingNo: 'SF100200300' }))).toBe('order.notShippable');
    await completeOrder(k, { orderNo: order.orderNo });
    const detail = await loadOrderDetail(k, order.userId, order.orderNo);
    expect(detail).toMatchObject({
      status: 'completed',
      carrier: { code: 'sf' },
      trackingNo: 'SF100200300',
      payment: { method: 'bankTransfer', methodLabel: '对公转账' },
    });
    expect(detail.events.map((event) => event.text)).toEqual([
      '订单已提交，等待付款',
      '对公转账付款成功 ¥200.00（招行到账）',
      '已发货：顺丰速运，运单号 SF100200300',
      '订单已完成',
    ]);
    expect(await messagesOf(order.userId)).toEqual([
      expect.stringContaining('已提交') as unknown,
      `您的订单${order.orderNo}已付款成功，我们将尽快为您发货。`,
      `您的订单${order.orderNo}已发货，顺丰速运运单号SF100200300。`,
      `您的订单${order.orderNo}已完成，感谢您的惠顾。`,
    ]);
    expect(await errorCodeOf(cancelByStaff(staff(), { orderNo: order.orderNo, reason: '' }))).toBe('order.notCancellable');
  });

  it('cancels a paid, unshipped order with a full refund, giving back the stock and coupon', async () => {
    const order = await placed({ stock: 100, withCoupon: true });
    const k = t.db.kysely;
    await confirmBankTransfer(k, { orderNo: order.orderNo, amountCents: order.payableCents, staffNote: '' });
    expect(await stockOf(k, order.part)).toBe(90);
    const { order: cancelled, refund: cancelRefund } = await cancelByStaff(staff(), { orderNo: order.orderNo, reason: '客户要求取消' });
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: '客户要求取消', refundedCents: order.payableCents });
    // Paid by bank transfer: the rest goes back as a 线下退款 under the cancellation's refund number.
    expect(cancelRefund).toMatchObject({ refundNo: `C${order.orderNo}`, method: 'bankTransfer', status: 'processing', amountCents: order.payableCents });
    expect(await stockOf(k, order.part)).toBe(100);
    const coupon = await k.selectFrom('memberCoupons').select('usedOrderId').where('id', 'in', order.couponIds).executeTakeFirstOrThrow();
    expect(coupon.usedOrderId).toBeNull();
    expect((await messagesOf(order.userId)).at(-1)).toBe(`您的订单${order.orderNo}已被取消：客户要求取消，货款将原路退回。`);
    const refund = refundOrder(staff(), {
      orderNo: order.orderNo,
      refundNo: `R${order.orderNo}`,
      amountCents: 1,
      reason: '',
    });
    expect(await errorCodeOf(refund)).toBe('order.notRefundable');
  });

  it('cancels an unpaid order without a refund', async () => {
    const order = await placed();
    const { order: cancelled, refund } = await cancelByStaff(staff(), { orderNo: order.orderNo, reason: '' });
    expect(refund).toBeNull();
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: '客服取消订单', refundedCents: 0 });
    expect(await stockOf(t.db.kysely, order.part)).toBe(1000);
  });

  it('refunds part of a paid order, never more than was paid, and not an unpaid one', async () => {
    const order = await placed();
    const k = t.db.kysely;
    const ctx = staff();
    const refund = (suffix: string, amountCents: number, reason = '') =>
      refundOrder(ctx, { orderNo: order.orderNo, refundNo: `R${order.orderNo}${suffix}`, amountCents, reason });
    expect(await errorCodeOf(refund('0', 100))).toBe('order.notRefundable');
    await confirmBankTransfer(k, { orderNo: order.orderNo, amountCents: order.payableCents, staffNote: '' });
    await shipOrder(k, { orderNo: order.orderNo, carrierCode: 'zto', trackingNo: 'ZT1' });
    // Paid by bank transfer: a 线下退款, 处理中 until staff confirm they paid it out.
    const first = await refund('1', 5000, '少发 2 个');
    expect(first.order.refundedCents).toBe(5000);
    expect(first.refund).toMatchObject({ method: 'bankTransfer', status: 'processing', amountCents: 5000 });
    expect(await errorCodeOf(refund('2', order.payableCents))).toBe('order.notRefundable');
    expect((await refund('3', order.payableCents - 5000)).order.refundedCents).toBe(order.payableCents);
    expect(await confirmOfflineRefund(ctx, { refundNo: `R${order.orderNo}1`, staffNote: '招行转出' })).toBe('refunded');
    expect(await confirmOfflineRefund(ctx, { refundNo: `R${order.orderNo}1`, staffNote: '' })).toBe('alreadyRefunded');
    expect(await confirmOfflineRefund(ctx, { refundNo: `R${order.orderNo}3`, staffNote: '' })).toBe('refunded');
    const detail = await loadOrderDetail(k, order.userId, order.orderNo);
    // The refund that completed the paid amount closed it (已关闭): nothing more is sent or refunded.
    expect(detail.status).toBe('closed');
    expect(await errorCodeOf(refund('4', 1))).toBe('order.notRefundable');
    expect(detail.events.filter((event) => event.text.startsWith('已退款')).map((event) => event.text)).toEqual([
      '已退款 ¥50.00：少发 2 个',
      '已退款 ¥150.00：售后退款',
    ]);
    expect(await errorCodeOf(shipOrder(k, { orderNo: '2601019999999999', carrierCode: 'zto', trackingNo: 'x' }))).toBe('order.notFound');
  });

  // Found by the order model's concurrent runs: a cancel that read the order unpaid, while a payment
  // landed before its update, cancelled it paid and kept the money. It now moves only from what it read.
  it('never cancels an order paid after the cancel read it unpaid: refused, the order stays paid', async () => {
    const order = await placed();
    const k = t.db.kysely;
    await confirmBankTransfer(k, { orderNo: order.orderNo, amountCents: order.payableCents, staffNote: '' });
    await expect(cancelByStaff(staff(), { orderNo: order.orderNo, reason: '客户要求取消', seen: 'unpaid' })).rejects.toMatchObject({
      errorCode: 'order.changedMeanwhile',
    });
    const row = await k.selectFrom('orders').select(['status', 'refundedCents']).where('orderNo', '=', order.orderNo).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'unshipped', refundedCents: 0 });
  });
});
