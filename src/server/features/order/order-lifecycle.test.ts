import { describe, expect, it } from 'vitest';
import { cartCalls } from '../../../contract/cart-calls.ts';
import type { MemberOverview } from '../../../contract/member.ts';
import type { OrderDetail, OrderListData, SettlementData } from '../../../contract/order.ts';
import { orderCalls } from '../../../contract/order-calls.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp, type SignedInMember } from '../../testing/use-test-app.ts';
import { giveCoupon, insertCentreCoupon } from '../coupon/testing/coupon-fixture.ts';
import { recordTrackingEvent, shipOrder } from './order-staff.service.ts';
import { fillCart, insertOrderCatalog, insertPart, previewAndPlace, saveShanghaiAddress, stockOf } from './testing/order-fixture.ts';

describe('the buyer’s orders: list, detail, cancel, expiry on read, buy again, tracking, pages', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

  async function buyer(): Promise<SignedInMember & { addressId: number }> {
    const member = await t.member();
    return { ...member, addressId: await saveShanghaiAddress(member.browser) };
  }

  async function placeOne(
    member: SignedInMember & { addressId: number },
    productId: number,
    quantity: number,
    extra: { memberCouponIds?: number[] } = {},
  ): Promise<string> {
    await fillCart(member.browser, [{ productId, quantity }]);
    const { answer } = await previewAndPlace(member.browser, { addressId: member.addressId, ...extra });
    if (!answer.data) throw new Error(answer.msg);
    return answer.data.orderNo;
  }

  it('lists orders newest first with tab counts, searches by order number or part number, and pages by 10', async () => {
    const member = await buyer();
    const part = await insertPart(t.db.kysely, t.fixture.catalog, { code: 'LIST-FINDME-0603' });
    const other = await insertPart(t.db.kysely, t.fixture.catalog);
    const orderNos: string[] = [];
    for (let i = 0; i < 11; i++) orderNos.push(await placeOne(member, i === 3 ? part : other, 10));
    await member.browser.callOk(orderCalls.cancel, { orderNo: orderNos[0] ?? '' });

    const first = await member.browser.callOk(orderCalls.list, {});
    expect(first).toMatchObject({ total: 11, page: 1, pageSize: 10, status: null, keyword: '' });
    expect(first.countsByStatus).toEqual({
      awaitingApproval: 0,
      unpaid: 10,
      unshipped: 0,
      partlyShipped: 0,
      shipped: 0,
      completed: 0,
      cancelled: 1,
      closed: 0,
    });
    expect(first.orders.map((order) => order.orderNo)).toEqual([...orderNos].reverse().slice(0, 10));
    expect(first.orders[0]).toMatchObject({ status: 'unpaid', statusLabel: '待付款', lineCount: 1, productCount: 10, canCancel: true, canPay: true });
    expect((await member.browser.callOk(orderCalls.list, { page: 2 })).orders.map((order) => order.orderNo)).toEqual([orderNos[0]]);
    const cancelled = await member.browser.callOk(orderCalls.list, { status: 'cancelled' });
    expect(cancelled.orders.map((order) => [order.orderNo, order.statusLabel, order.canPay])).toEqual([[orderNos[0], '已取消', false]]);
    expect((await member.browser.callOk(orderCalls.list, { keyword: 'findme' })).orders.map((order) => order.orderNo)).toEqual([orderNos[3]]);
    expect((await member.browser.callOk(orderCalls.list, { keyword: (orderNos[5] ?? '').slice(4) })).orders.map((order) => order.orderNo)).toEqual([
      orderNos[5],
    ]);
    expect((await member.browser.callOk(orderCalls.list, { keyword: '100%_' })).total).toBe(0);
    // Another member sees none of them.
    expect((await (await buyer()).browser.callOk(orderCalls.list, {})).total).toBe(0);
  });

  it('shows an order’s lines, amounts, coupons, invoice, address and timeline, to its buyer only', async () => {
    const member = await buyer();
    const part = await insertPart(t.db.kysely, t.fixture.catalog, { prices: [{ qtyStart: 1, priceE4: 150_000 }] });
    const coupon = await giveCoupon(t.db.kysely, member.userId, await insertCentreCoupon(t.db.kysely));
    await fillCart(member.browser, [{ productId: part, quantity: 10 }]);
    const preview = await member.browser.callOk(orderCalls.preview, { carrierCode: 'zto', addressId: member.addressId });
    expect(preview.memberCouponIds).toEqual([coupon]);
    const placed = await member.browser.callOk(orderCalls.place, {
      idempotencyKey: 'detail-key-0000000001',
      carrierCode: 'zto',
      addressId: member.addressId,
      shortfallChoice: 'shipAvailable',
      memberCouponIds: [coupon],
      invoice: { kind: 'inline', invoice: { type: 'normal-personal', title: '张三' } },
      quotedPayableCents: preview.payableCents,
    });
    const detail = await member.browser.callOk(orderCalls.detail, { orderNo: placed.orderNo });
    expect(detail).toMatchObject({
      orderNo: placed.orderNo,
      status: 'unpaid',
      goodsCents: 15_000,
      freightCents: 0,
      goodsDiscountCents: 1000,
      payableCents: 14_000,
      carrier: { code: 'zto', name: '中通快递' },
      address: { receiver: '张三', phone: '13800138000', provinceName: '上海市', districtName: '浦东新区', detail: '张江路88号' },
      invoice: { type: 'normal-personal', title: '张三' },
      coupons: [{ memberCouponId: coupon, kind: 'goods', faceValueCents: 1000 }],
      payment: null,
      canCancel: true,
    });
    expect(detail.lines).toEqual([expect.objectContaining({ productId: part, quantity: 10, reservedQuantity: 10, unitPriceE4: 150_000, amountCents: 15_000 })]);
    expect(detail.events.map((event) => event.text)).toEqual(['订单已提交，等待付款']);
    expect(detail.events[0]?.atStr).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const stranger = await buyer();
    expect(await stranger.browser.call(orderCalls.detail, { orderNo: placed.orderNo })).toMatchObject({
      code: 404,
      errorCode: 'order.notFound',
      msg: '订单不存在',
    });
    expect((await member.browser.call(orderCalls.detail, { orderNo: '12345' })).msg).toBe('订单号有误');
  });

  it('cancels an unpaid order once: the stock and coupon come back, the buyer is told', async () => {
    const member = await buyer();
    const part = await insertPart(t.db.kysely, t.fixture.catalog, { stock: 500, prices: [{ qtyStart: 1, priceE4: 200_000 }] });
    const coupon = await giveCoupon(t.db.kysely, member.userId, await insertCentreCoupon(t.db.kysely));
    const orderNo = await placeOne(member, part, 100);
    expect(await stockOf(t.db.kysely, part)).toBe(400);
    const answer = await member.browser.call(orderCalls.cancel, { orderNo });
    expect(answer).toMatchObject({
      code: 1,
      msg: '订单已取消',
      data: { status: 'cancelled', statusLabel: '已取消', canCancel: false, cancelReason: '买家取消订单' },
    });
    expect(await stockOf(t.db.kysely, part)).toBe(500);
    expect((await t.db.kysely.selectFrom('memberCoupons').select('usedOrderId').where('id', '=', coupon).executeTakeFirstOrThrow()).usedOrderId).toBeNull();
    expect(await member.browser.call(orderCalls.cancel, { orderNo })).toMatchObject({ errorCode: 'order.notCancellable', msg: '订单已取消，不能取消订单' });
    expect(await stockOf(t.db.kysely, part)).toBe(500);
    const messages = await t.db.kysely
      .selectFrom('messages')
      .select('msgContent')
      .where('userId', '=', member.userId)
      .where('messageType', '=', 3)
      .orderBy('id')
      .execute();
    expect(messages.map((message) => message.msgContent)).toEqual([expect.stringContaining('已提交') as unknown, `您的订单${orderNo}已取消。`]);
  });

  it('shows an order past its payment time as cancelled when it is read, releasing its stock', async () => {
    const member = await buyer();
    const part = await insertPart(t.db.kysely, t.fixture.catalog, { stock: 50 });
    const orderNo = await placeOne(member, part, 20);
    await t.db.kysely
      .updateTable('orders')
      .set({ expiresAt: Date.now() - 1 })
      .where('orderNo', '=', orderNo)
      .execute();
    const detail = await member.browser.callOk(orderCalls.detail, { orderNo });
    expect(detail).toMatchObject({ status: 'cancelled', cancelReason: '超时未支付，系统自动取消', canPay: false });
    expect(detail.events.map((event) => event.text)).toEqual(['订单已提交，等待付款', '订单超时未支付，系统已自动取消，库存与优惠券已释放']);
    expect(await stockOf(t.db.kysely, part)).toBe(50);
    expect((await member.browser.callOk(orderCalls.detail, { orderNo })).events).toHaveLength(2);
  });

  it('puts the lines back in the cart, skipping one no longer sold', async () => {
    const member = await buyer();
    const kept = await insertPart(t.db.kysely, t.fixture.catalog);
    const dropped = await insertPart(t.db.kysely, t.fixture.catalog, { code: 'AGAIN-DROPPED' });
    await fillCart(member.browser, [
      { productId: kept, quantity: 30 },
      { productId: dropped, quantity: 40 },
    ]);
    const { answer } = await previewAndPlace(member.browser, { addressId: member.addressId });
    await t.db.kysely.deleteFrom('productPrices').where('productId', '=', dropped).execute();
    const again = await member.browser.callOk(orderCalls.buyAgain, { orderNo: answer.data?.orderNo ?? '' });
    expect(again).toEqual({ addedCount: 1, skipped: [{ productCode: 'AGAIN-DROPPED', reason: '该商品已下架' }], cartCount: 1 });
    expect((await member.browser.callOk(cartCalls.queryList, {})).lines.map((line) => [line.product.productId, line.quantity])).toEqual([[kept, 30]]);
  });

  it('answers the carriers to anyone and an order’s logistics timeline to its buyer, newest first', async () => {
    const list = await t.browser().callOk(orderCalls.expressList, {});
    expect(list.carriers.map((carrier) => carrier.code)).toEqual(['zto', 'yto', 'sf', 'jd', 'pickup']);
    expect(list.freeShippingThresholdCents).toBe(9900);

    const member = await buyer();
    const orderNo = await placeOne(member, await insertPart(t.db.kysely, t.fixture.catalog), 10);
    expect(await member.browser.callOk(orderCalls.expressInfo, { orderNo })).toEqual({
      orderNo,
      carrierCode: 'zto',
      carrierName: '中通快递',
      trackingNo: null,
      events: [],
    });
    await t.db.kysely.updateTable('orders').set({ status: 'unshipped', paidAt: Date.now() }).where('orderNo', '=', orderNo).execute();
    const shippedAt = Date.now();
    await shipOrder(t.db.kysely, { orderNo, carrierCode: 'sf', trackingNo: 'SF1234567890', now: shippedAt });
    await recordTrackingEvent(t.db.kysely, { orderNo, text: '快件已到达上海转运中心', at: shippedAt + 3_600_000 });
    const info = await member.browser.callOk(orderCalls.expressInfo, { orderNo });
    expect(info).toMatchObject({ carrierCode: 'sf', carrierName: '顺丰速运', trackingNo: 'SF1234567890' });
    expect(info.events.map((event) => event.text)).toEqual(['快件已到达上海转运中心', '已发货：顺丰速运，运单号 SF1234567890']);
    expect((await (await buyer()).browser.call(orderCalls.expressInfo, { orderNo })).errorCode).toBe('order.notFound');
    expect((await t.browser().call(orderCalls.expressInfo, { orderNo })).code).toBe(401);
  });

  it('counts the member’s orders in the status bar (待付款), on /user/person by state and on the home card', async () => {
    const member = await buyer();
    const part = await insertPart(t.db.kysely, t.fixture.catalog);
    const first = await placeOne(member, part, 10);
    await placeOne(member, part, 10);
    await member.browser.callOk(orderCalls.cancel, { orderNo: first });
    const person = await member.browser.get('/user/person');
    const { shell, data } = pageStateOf<{ overview: MemberOverview }>(person.body);
    expect(shell.headerData.unpaidOrderCount).toBe(1);
    expect(person.body).toContain('待付款（1）');
    expect(data.overview.counts.orders).toEqual({
      awaitingApproval: 0,
      unpaid: 1,
      unshipped: 0,
      partlyShipped: 0,
      shipped: 0,
      completed: 0,
      cancelled: 1,
      closed: 0,
    });
    expect(person.body).toMatch(/href="\/user\/order\/list\?status=cancelled"[^>]*><strong>1<\/strong>/);
    const home = pageStateOf<{ userInfo: { orderCount: number } | null }>((await member.browser.get('/')).body);
    expect(home.data.userInfo?.orderCount).toBe(2);
  });

  it('renders /offer/settlement, /user/order/list and /user/order/detail/:orderNo for members, 404 for another’s order', async () => {
    const member = await buyer();
    const part = await insertPart(t.db.kysely, t.fixture.catalog, { code: 'PAGE-PART-1' });
    await fillCart(member.browser, [{ productId: part, quantity: 10 }]);
    const settlement = await member.browser.get('/offer/settlement');
    expect(settlement.statusCode).toBe(200);
    const state = pageStateOf<SettlementData>(settlement.body).data;
    expect(state).toMatchObject({ addressId: member.addressId, carrierCode: 'zto', paymentMinutes: 30, quotedPayableCents: state.payableCents });
    expect(state.idempotencyKey.length).toBeGreaterThanOrEqual(16);
    expect(state.addresses.map((address) => address.id)).toEqual([member.addressId]);
    expect(pageStateOf<SettlementData>((await member.browser.get('/offer/settlement')).body).data.idempotencyKey).not.toBe(state.idempotencyKey);

    const orderNo = await placeOne(member, part, 10);
    const listPage = await member.browser.get('/user/order/list?status=unpaid&page=1');
    expect(listPage.statusCode).toBe(200);
    expect(listPage.body).toContain('<title>我的订单 - 芯品商城</title>');
    const listState = pageStateOf<OrderListData>(listPage.body).data;
    expect(listState).toMatchObject({ status: 'unpaid', total: 1 });
    expect(listPage.body).toContain(orderNo);

    const detailPage = await member.browser.get(`/user/order/detail/${orderNo}`);
    expect(detailPage.statusCode).toBe(200);
    expect(pageStateOf<OrderDetail>(detailPage.body).data.orderNo).toBe(orderNo);
    expect(detailPage.body).toContain('PAGE-PART-1');
    expect((await (await buyer()).browser.get(`/user/order/detail/${orderNo}`)).statusCode).toBe(404);
    expect((await member.browser.get('/user/order/detail/not-a-number')).statusCode).toBe(404);
    const visitor = await t.browser().get('/user/order/list');
    expect(visitor.statusCode).toBe(302);
  });
});
