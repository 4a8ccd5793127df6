import { describe, expect, it } from 'vitest';
import { orderCalls } from '../../../contract/order-calls.ts';
import { cartCalls } from '../../../contract/cart-calls.ts';
import { useTestApp, type SignedInMember } from '../../testing/use-test-app.ts';
import { giveCoupon, insertCentreCoupon, day } from '../coupon/testing/coupon-fixture.ts';
import { fillCart, insertOrderCatalog, insertPart, newKey, previewAndPlace, saveShanghaiAddress, stockOf } from './testing/order-fixture.ts';

describe('checkout and placement: /order/api/preview and /order/api/place', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

  async function buyer(): Promise<SignedInMember & { addressId: number }> {
    const member = await t.member();
    return { ...member, addressId: await saveShanghaiAddress(member.browser) };
  }

  const orderCount = async (userId: number) => (await t.db.kysely.selectFrom('orders').select('id').where('userId', '=', userId).execute()).length;

  it('prices the selected lines by tier, adds freight by weight and zone, and places an order that equals the preview to the fen', async () => {
    const partA = await insertPart(t.db.kysely, t.fixture.catalog);
    const partB = await insertPart(t.db.kysely, t.fixture.catalog, { package: 'LQFP-48', prices: [{ qtyStart: 1, priceE4: 123_456 }] });
    const member = await buyer();
    await fillCart(member.browser, [
      { productId: partA, quantity: 1500 },
      { productId: partB, quantity: 3 },
    ]);
    const preview = await member.browser.callOk(orderCalls.preview, { carrierCode: 'sf', addressId: member.addressId });
    // 1500 × ¥0.0080 = ¥12.00 (second tier); 3 × ¥12.3456 = ¥37.0368 → ¥37.04.
    expect(preview.lines.map((line) => [line.productId, line.unitPriceE4, line.amountCents])).toEqual([
      [partB, 123_456, 3704],
      [partA, 80, 1200],
    ]);
    expect(preview.goodsCents).toBe(4904);
    // Parcel 100 g + lines (5 g + 1500 × 3 mg → 10 g) + (5 g + 3 × 300 mg → 6 g): 116 g, one kilogram; SF 江浙沪 ¥12.
    expect(preview.weightGrams).toBe(116);
    expect(preview).toMatchObject({ freightCents: 1200, isFreeShipping: false, payableCents: 6104, hasShortfall: false });

    const placed = await member.browser.call(orderCalls.place, {
      idempotencyKey: newKey(),
      carrierCode: 'sf',
      addressId: member.addressId,
      shortfallChoice: 'shipAvailable',
      quotedPayableCents: preview.payableCents,
      remark: '请尽快发货',
    });
    expect(placed).toMatchObject({ code: 1, msg: '订单已提交', data: { payableCents: 6104, status: 'unpaid' } });
    const orderNo = placed.data?.orderNo ?? '';
    expect(orderNo).toMatch(/^\d{16}$/);
    const order = await t.db.kysely.selectFrom('orders').selectAll().where('orderNo', '=', orderNo).executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      status: 'unpaid',
      goodsCents: 4904,
      freightCents: 1200,
      payableCents: 6104,
      productCount: 1503,
      remark: '请尽快发货',
      carrierCode: 'sf',
    });
    expect(order.expiresAt).toBe(order.createdAt + 30 * 60_000);
    expect(JSON.parse(order.addressJson ?? '{}')).toMatchObject({ receiver: '张三', phone: '13800138000', provinceName: '上海市', detail: '张江路88号' });
    expect(await stockOf(t.db.kysely, partA)).toBe(8500);
    expect(await stockOf(t.db.kysely, partB)).toBe(9997);
    expect((await member.browser.callOk(cartCalls.queryList, {})).lineCount).toBe(0);
    const messages = await t.db.kysely.selectFrom('messages').select(['messageType', 'msgContent']).where('userId', '=', member.userId).execute();
    expect(messages).toEqual([{ messageType: 3, msgContent: expect.stringContaining(`您的订单${orderNo}已提交`) as unknown }]);
  });

  it('ships free from ¥99 with the economy carriers, never with SF, and pickup needs no address', async () => {
    const part = await insertPart(t.db.kysely, t.fixture.catalog, { prices: [{ qtyStart: 1, priceE4: 99_000 }] });
    const member = await buyer();
    await fillCart(member.browser, [{ productId: part, quantity: 1 }]);
    const zto = await member.browser.callOk(orderCalls.preview, { carrierCode: 'zto', addressId: member.addressId });
    expect(zto).toMatchObject({ goodsCents: 990, freightCents: 600, payableCents: 1590 });
    await member.browser.callOk(cartCalls.updateQuantity, { productId: part, quantity: 10 });
    expect(await member.browser.callOk(orderCalls.preview, { carrierCode: 'zto', addressId: member.addressId })).toMatchObject({
      goodsCents: 9900,
      freightCents: 0,
      isFreeShipping: true,
      freightNote: '满¥99包邮',
      payableCents: 9900,
    });
    expect(await member.browser.callOk(orderCalls.preview, { carrierCode: 'sf', addressId: member.addressId })).toMatchObject({
      freightCents: 1200,
      payableCents: 11_100,
    });
    const pickup = await previewAndPlace(member.browser, { carrierCode: 'pickup', addressId: null });
    expect(pickup.answer).toMatchObject({ code: 1, data: { payableCents: 9900 } });
    const order = await t.db.kysely
      .selectFrom('orders')
      .select(['addressJson', 'freightCents'])
      .where('orderNo', '=', pickup.answer.data?.orderNo ?? '')
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ addressJson: null, freightCents: 0 });
  });

  it('shows what changed since a line entered the cart instead of repricing silently', async () => {
    const part = await insertPart(t.db.kysely, t.fixture.catalog, { stock: 500, packSize: 10 });
    const member = await buyer();
    await fillCart(member.browser, [{ productId: part, quantity: 200 }]);
    await t.db.kysely.updateTable('productPrices').set({ priceE4: 120 }).where('productId', '=', part).where('qtyStart', '=', 1).execute();
    await t.db.kysely.updateTable('products').set({ stock: 150 }).where('id', '=', part).execute();
    const preview = await member.browser.callOk(orderCalls.preview, { carrierCode: 'zto', addressId: member.addressId });
    expect(preview.lines[0]?.changes).toEqual([
      { kind: 'price', text: '价格已由 ¥0.01 调整为 ¥0.012' },
      { kind: 'stock', text: '库存已由 500 变为 150' },
    ]);
    expect(preview.lines[0]).toMatchObject({ cartQuantity: 200, quantity: 150, isShortOfStock: true, unitPriceE4: 120, amountCents: 180 });
    expect(preview.hasShortfall).toBe(true);
    await t.db.kysely.updateTable('products').set({ packSize: 300 }).where('id', '=', part).execute();
    const repacked = await member.browser.callOk(orderCalls.preview, { carrierCode: 'zto', addressId: member.addressId });
    expect(repacked.lines[0]?.changes).toContainEqual({ kind: 'packSize', text: '包装数量已由 10 调整为 300，购买数量须为 300 的整数倍，请返回购物车修改' });
  });

  describe('refuses bad input with a Chinese message, no order and the stock unchanged', () => {
    async function expectRefused(
      member: SignedInMember,
      productIds: number[],
      body: Partial<Parameters<typeof member.browser.call<typeof orderCalls.place>>[1]>,
      expected: { errorCode: string; msg: string | RegExp },
    ) {
      const before = await Promise.all(productIds.map((id) => stockOf(t.db.kysely, id)));
      const answer = await member.browser.call(orderCalls.place, {
        idempotencyKey: newKey(),
        carrierCode: 'zto',
        addressId: null,
        shortfallChoice: 'shipAvailable',
        quotedPayableCents: 0,
        ...body,
      });
      expect(answer.errorCode).toBe(expected.errorCode);
      expect(answer.msg).toMatch(expected.msg);
      expect(answer.data).toBeNull();
      expect(await orderCount(member.userId)).toBe(0);
      expect(await Promise.all(productIds.map((id) => stockOf(t.db.kysely, id)))).toEqual(before);
    }

    it('an empty selection', async () => {
      const member = await buyer();
      await expectRefused(member, [], { addressId: member.addressId }, { errorCode: 'order.emptySelection', msg: '请先在购物车中勾选要结算的商品' });
      const part = await insertPart(t.db.kysely, t.fixture.catalog);
      await fillCart(member.browser, [{ productId: part, quantity: 5 }]);
      await member.browser.callOk(cartCalls.select, { isSelected: false });
      await expectRefused(member, [part], { addressId: member.addressId }, { errorCode: 'order.emptySelection', msg: '请先在购物车中勾选要结算的商品' });
    });

    it('a line no longer sold', async () => {
      const member = await buyer();
      const kept = await insertPart(t.db.kysely, t.fixture.catalog);
      const dropped = await insertPart(t.db.kysely, t.fixture.catalog, { code: 'ORD-DROPPED-1' });
      await fillCart(member.browser, [
        { productId: kept, quantity: 5 },
        { productId: dropped, quantity: 5 },
      ]);
      await t.db.kysely.deleteFrom('productPrices').where('productId', '=', dropped).execute();
      const preview = await member.browser.callOk(orderCalls.preview, { carrierCode: 'zto', addressId: member.addressId });
      expect(preview.lines.find((line) => line.productId === dropped)).toMatchObject({ quantity: 0, amountCents: 0, changes: [{ kind: 'notSold' }] });
      await expectRefused(
        member,
        [kept, dropped],
        { addressId: member.addressId, quotedPayableCents: preview.payableCents },
        { errorCode: 'order.lineNotSold', msg: 'ORD-DROPPED-1已下架，请返回购物车删除后再结算' },
      );
    });

    it('a quantity that is not a pack multiple', async () => {
      const member = await buyer();
      const part = await insertPart(t.db.kysely, t.fixture.catalog, { code: 'ORD-PACK-1', packSize: 10 });
      await fillCart(member.browser, [{ productId: part, quantity: 30 }]);
      await t.db.kysely.updateTable('products').set({ packSize: 25 }).where('id', '=', part).execute();
      await expectRefused(
        member,
        [part],
        { addressId: member.addressId, quotedPayableCents: 30 },
        { errorCode: 'order.notPackMultiple', msg: 'ORD-PACK-1的购买数量须为25的整数倍，请返回购物车修改' },
      );
    });

    it("another member's address, no address, or an unknown carrier", async () => {
      const member = await buyer();
      const other = await buyer();
      const part = await insertPart(t.db.kysely, t.fixture.catalog);
      await fillCart(member.browser, [{ productId: part, quantity: 5 }]);
      await expectRefused(
        member,
        [part],
        { addressId: other.addressId, quotedPayableCents: 650 },
        { errorCode: 'order.addressNotFound', msg: '收货地址不存在，请重新选择' },
      );
      await expectRefused(member, [part], { addressId: null, quotedPayableCents: 650 }, { errorCode: 'order.addressMissing', msg: '请选择收货地址' });
      await expectRefused(member, [part], { addressId: member.addressId, carrierCode: 'ems' }, { errorCode: 'order.carrierInvalid', msg: '请选择配送方式' });
      expect((await member.browser.call(orderCalls.preview, { carrierCode: 'zto', addressId: other.addressId })).errorCode).toBe('order.addressNotFound');
    });

    it('a coupon of another member, or an expired one', async () => {
      const member = await buyer();
      const other = await buyer();
      const part = await insertPart(t.db.kysely, t.fixture.catalog, { prices: [{ qtyStart: 1, priceE4: 200_000 }] });
      await fillCart(member.browser, [{ productId: part, quantity: 10 }]);
      const template = await insertCentreCoupon(t.db.kysely);
      const othersCoupon = await giveCoupon(t.db.kysely, other.userId, template);
      const expired = await giveCoupon(t.db.kysely, member.userId, template, { validFrom: Date.now() - 40 * day, validUntil: Date.now() - day });
      // ¥200 of goods, free shipping: 满100减10 would make it ¥190.
      for (const memberCouponIds of [[othersCoupon], [expired]]) {
        await expectRefused(
          member,
          [part],
          { addressId: member.addressId, memberCouponIds, quotedPayableCents: 19_000 },
          { errorCode: 'coupon.notApplicable', msg: /优惠券/ },
        );
      }
      expect((await member.browser.call(orderCalls.preview, { carrierCode: 'zto', addressId: member.addressId, memberCouponIds: [othersCoupon] })).msg).toBe(
        '优惠券不存在或不属于您，请重新选择',
      );
    });

    it('a total changed since the page was shown', async () => {
      const member = await buyer();
      const part = await insertPart(t.db.kysely, t.fixture.catalog);
      await fillCart(member.browser, [{ productId: part, quantity: 100 }]);
      const preview = await member.browser.callOk(orderCalls.preview, { carrierCode: 'zto', addressId: member.addressId });
      await t.db.kysely.updateTable('productPrices').set({ priceE4: 110 }).where('productId', '=', part).where('qtyStart', '=', 1).execute();
      await expectRefused(
        member,
        [part],
        { addressId: member.addressId, quotedPayableCents: preview.payableCents },
        { errorCode: 'order.totalChanged', msg: '订单金额已变化，请确认最新价格后重新提交' },
      );
      expect((await member.browser.callOk(cartCalls.queryList, {})).lineCount).toBe(1);
    });
  });

  it('ships what is in stock (a pack multiple), leaving an empty line in the cart, or holds what there is and waits for all', async () => {
    const short = await insertPart(t.db.kysely, t.fixture.catalog, { stock: 95, packSize: 10 });
    const none = await insertPart(t.db.kysely, t.fixture.catalog, { stock: 0 });
    const shipNow = await buyer();
    await fillCart(shipNow.browser, [
      { productId: short, quantity: 200 },
      { productId: none, quantity: 5 },
    ]);
    const now = await previewAndPlace(shipNow.browser, { addressId: shipNow.addressId, shortfallChoice: 'shipAvailable' });
    expect(now.answer.code).toBe(1);
    const lines = await t.db.kysely
      .selectFrom('orderLines as l')
      .innerJoin('orders as o', 'o.id', 'l.orderId')
      .select(['l.productId', 'l.quantity', 'l.reservedQuantity'])
      .where('o.userId', '=', shipNow.userId)
      .execute();
    expect(lines).toEqual([{ productId: short, quantity: 90, reservedQuantity: 90 }]);
    expect(await stockOf(t.db.kysely, short)).toBe(5);
    expect((await shipNow.browser.callOk(cartCalls.queryList, {})).lines.map((line) => line.product.productId)).toEqual([none]);

    const wait = await buyer();
    await fillCart(wait.browser, [{ productId: short, quantity: 20 }]);
    const waited = await previewAndPlace(wait.browser, { addressId: wait.addressId, shortfallChoice: 'waitForAll' });
    expect(waited.answer.code).toBe(1);
    const held = await t.db.kysely
      .selectFrom('orderLines as l')
      .innerJoin('orders as o', 'o.id', 'l.orderId')
      .select(['l.quantity', 'l.reservedQuantity', 'o.shortfallChoice'])
      .where('o.userId', '=', wait.userId)
      .execute();
    expect(held).toEqual([{ quantity: 20, reservedQuantity: 5, shortfallChoice: 'waitForAll' }]);
    expect(await stockOf(t.db.kysely, short)).toBe(0);

    const nothing = await buyer();
    await fillCart(nothing.browser, [{ productId: none, quantity: 5 }]);
    expect((await previewAndPlace(nothing.browser, { addressId: nothing.addressId })).answer).toMatchObject({ errorCode: 'order.nothingInStock', data: null });
  });

  it('makes one order of a repeated idempotency key', async () => {
    const member = await buyer();
    const part = await insertPart(t.db.kysely, t.fixture.catalog);
    await fillCart(member.browser, [{ productId: part, quantity: 10 }]);
    const idempotencyKey = newKey();
    const first = await previewAndPlace(member.browser, { addressId: member.addressId, idempotencyKey });
    await fillCart(member.browser, [{ productId: part, quantity: 10 }]);
    const again = await previewAndPlace(member.browser, { addressId: member.addressId, idempotencyKey });
    expect(again.answer.data).toEqual(first.answer.data);
    expect(await orderCount(member.userId)).toBe(1);
    expect(await stockOf(t.db.kysely, part)).toBe(9990);
  });
});
