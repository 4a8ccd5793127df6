import { describe, expect, it } from 'vitest';
import { backOrderDateOf } from '../../../contract/backorder.ts';
import { OrderStatus, ShortfallChoice } from '../../../contract/order.ts';
import { beijingDateAfterDays, formatBeijingDate } from '../../../contract/time.ts';
import { AppError } from '../../http/app-error.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { addToCart } from '../cart/cart.service.ts';
import { previewCheckout } from './checkout.service.ts';
import { moveBackOrderDate } from './order-backorder-date.service.ts';
import { restock, restockForLine } from './order-backorder.service.ts';
import { placeOrder } from './order-placement.service.ts';
import { confirmBankTransfer, shipParcel } from './order-staff.service.ts';
import { cancelOrder, loadOrderDetail } from './order.service.ts';
import { insertOrderCatalog, insertPart, newKey, stockOf } from './testing/order-fixture.ts';

describe('back orders with dates: placement, date moves and arrivals in parcels (decision 0031)', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

  async function newPart(stock: number, leadWeeks: number | null) {
    const part = await insertPart(t.db.kysely, t.fixture.catalog, { stock, prices: [{ qtyStart: 1, priceE4: 10_000 }] });
    await t.db.kysely.updateTable('products').set({ factoryLeadWeeks: leadWeeks }).where('id', '=', part).execute();
    return part;
  }

  async function order(part: number, quantity: number, shortfallChoice: ShortfallChoice = ShortfallChoice.waitForAll) {
    const k = t.db.kysely;
    const member = await t.member();
    await addToCart(k, member.userId, part, quantity);
    const choice = { carrierCode: 'pickup', addressId: null, shortfallChoice, memberCouponIds: [] };
    const quote = await previewCheckout(k, member.userId, choice);
    const placed = await placeOrder(k, t.deps.config.orders, member.userId, {
      ...choice,
      idempotencyKey: newKey(),
      invoice: { kind: 'none' },
      remark: '',
      quotedPayableCents: quote.payableCents,
    });
    const detail = await loadOrderDetail(k, member.userId, placed.orderNo);
    return { ...placed, userId: member.userId, quote, lineId: detail.lines[0]?.id ?? 0, detail };
  }

  const messagesOf = async (userId: number, like: string) =>
    (await t.db.kysely.selectFrom('messages').select('msgContent').where('userId', '=', userId).where('msgContent', 'like', `%${like}%`).execute()).map(
      (row) => row.msgContent,
    );

  const errorCodeOf = async (work: Promise<unknown>) => {
    try {
      await work;
      return 'none';
    } catch (error) {
      if (error instanceof AppError) return error.errorCode;
      throw error;
    }
  };

  it('shows a short line its lead time and 预计到货 before the choice, and keeps the date on the waiting line', async () => {
    const part = await newPart(4, 6);
    const expected = beijingDateAfterDays(Date.now(), 42);
    const placed = await order(part, 10);
    expect(placed.quote.lines[0]?.backOrder).toEqual({ leadWeeks: 6, expectedDate: expected });
    expect(placed.detail.lines[0]).toMatchObject({ quantity: 10, reservedQuantity: 4, expectedDate: expected });

    // 仅发现货 shows the same date (the buyer compares), but nothing waits: no date is kept.
    const part2 = await newPart(5, 3);
    const onlyInStock = await order(part2, 8, ShortfallChoice.shipAvailable);
    expect(onlyInStock.quote.lines[0]?.backOrder).toEqual(backOrderDateOf(Date.now(), 3));
    expect(onlyInStock.detail.lines[0]).toMatchObject({ quantity: 5, expectedDate: null });
  });

  it('keeps today’s behaviour for a part with no lead time, and for a line in stock', async () => {
    const undated = await order(await newPart(0, null), 5);
    expect(undated.quote.lines[0]?.backOrder).toBeNull();
    expect(undated.detail.lines[0]).toMatchObject({ quantity: 5, reservedQuantity: 0, expectedDate: null });
    const inStock = await order(await newPart(50, 8), 5);
    expect(inStock.quote.lines[0]?.backOrder).toBeNull();
    expect(inStock.detail.lines[0]?.expectedDate).toBeNull();
  });

  it('refuses a program’s line beyond stock naming the part’s lead time and 预计到货 (the open API places in-stock orders only)', async () => {
    const member = await t.member();
    const part = await newPart(2, 5);
    const request = {
      carrierCode: 'pickup',
      addressId: null,
      shortfallChoice: ShortfallChoice.shipAvailable,
      memberCouponIds: [],
      idempotencyKey: newKey(),
      invoice: { kind: 'none' as const },
      remark: '',
      lines: [{ productId: part, quantity: 10, customerPartNo: '' }],
    };
    const refusal = await placeOrder(t.db.kysely, t.deps.config.orders, member.userId, request).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    const expected = beijingDateAfterDays(Date.now(), 35);
    expect((refusal as AppError).message).toContain(`库存不足：现有2，订购10；工厂交期5周，预计${expected}到货`);
    expect((refusal as AppError).data).toEqual({ productId: part, factoryLeadWeeks: 5, expectedDate: expected });
  });

  it('moves a waiting line’s date with a reason, tells the buyer, and refuses what makes no sense', async () => {
    const k = t.db.kysely;
    const placed = await order(await newPart(2, 4), 6);
    const from = placed.detail.lines[0]?.expectedDate ?? '';
    const to = beijingDateAfterDays(Date.now(), 40);
    const move = { orderNo: placed.orderNo, lineId: placed.lineId, reason: '原厂交期顺延' };
    expect(await moveBackOrderDate(k, { ...move, expectedDate: to, seenDate: from })).toMatchObject({ from, to });
    const detail = await loadOrderDetail(k, placed.userId, placed.orderNo);
    expect(detail.lines[0]?.expectedDate).toBe(to);
    expect(detail.events.at(-1)?.text).toContain(`预计到货日期变更：原 ${from}，现 ${to}（原因：原厂交期顺延）`);
    expect(await messagesOf(placed.userId, '预计到货日期变更')).toEqual([
      `您的订单${placed.orderNo}中 ${detail.lines[0]?.productCode ?? ''} 的预计到货日期变更：原 ${from}，现 ${to}。原因：原厂交期顺延`,
    ]);

    const today = formatBeijingDate(Date.now());
    expect(await errorCodeOf(moveBackOrderDate(k, { ...move, expectedDate: to }))).toBe('backorder.dateUnchanged');
    expect(await errorCodeOf(moveBackOrderDate(k, { ...move, expectedDate: today, seenDate: from }))).toBe('backorder.dateChangedMeanwhile');
    expect(await errorCodeOf(moveBackOrderDate(k, { ...move, expectedDate: beijingDateAfterDays(Date.now(), -1) }))).toBe('backorder.dateInPast');
    expect(await errorCodeOf(moveBackOrderDate(k, { ...move, expectedDate: '2027-02-30' }))).toBe('backorder.dateInvalid');
    expect(await errorCodeOf(moveBackOrderDate(k, { ...move, expectedDate: beijingDateAfterDays(Date.now(), 900) }))).toBe('backorder.dateTooFar');
    expect(await errorCodeOf(moveBackOrderDate(k, { ...move, lineId: placed.lineId + 100_000, expectedDate: today }))).toBe('backorder.lineNotWaiting');

    const inStock = await order(await newPart(50, 4), 5);
    expect(await errorCodeOf(moveBackOrderDate(k, { ...move, orderNo: inStock.orderNo, lineId: inStock.lineId, expectedDate: to }))).toBe(
      'backorder.lineNotWaiting',
    );
    await cancelOrder(k, placed.userId, placed.orderNo);
    expect(await errorCodeOf(moveBackOrderDate(k, { ...move, expectedDate: today }))).toBe('backorder.orderNotOpen');
    expect(await messagesOf(placed.userId, '预计到货日期变更')).toHaveLength(1);
  });

  it('ships what is in stock while the rest waits, then the arrived rest: two parcels on the order', async () => {
    const k = t.db.kysely;
    const part = await newPart(4, 2);
    const placed = await order(part, 10);
    expect(await confirmBankTransfer(k, { orderNo: placed.orderNo, amountCents: placed.payableCents, staffNote: '' })).toBe('paid');
    const ship = { orderNo: placed.orderNo, carrierCode: 'pickup', trackingNo: '' };
    // Pickup is collected whole; a courier parcel may be part of the order.
    const courier = { ...ship, carrierCode: 'sf', trackingNo: 'SF1001' };
    expect(await errorCodeOf(shipParcel(k, { ...courier, lines: [{ orderLineId: placed.lineId, quantity: 5 }] }))).toBe('order.shipmentQuantityTooMany');
    expect((await shipParcel(k, { ...courier, lines: [{ orderLineId: placed.lineId, quantity: 4 }] })).order.status).toBe(OrderStatus.partlyShipped);

    const arrived = await restockForLine(k, { orderNo: placed.orderNo, lineId: placed.lineId, quantity: 6 });
    expect(arrived).toMatchObject({ allocations: [{ orderNo: placed.orderNo, quantity: 6 }], completedOrderNos: [placed.orderNo] });
    expect(await messagesOf(placed.userId, '缺货商品已到货')).toHaveLength(1);
    // A line that no longer waits keeps no movable date.
    expect(
      await errorCodeOf(moveBackOrderDate(k, { orderNo: placed.orderNo, lineId: placed.lineId, expectedDate: formatBeijingDate(Date.now()), reason: 'x' })),
    ).toBe('backorder.lineNotWaiting');
    expect((await shipParcel(k, { ...courier, trackingNo: 'SF1002' })).order.status).toBe(OrderStatus.shipped);
    const detail = await loadOrderDetail(k, placed.userId, placed.orderNo);
    const code = detail.lines[0]?.productCode ?? '';
    expect(detail.shipments.map((parcel) => [parcel.carrierName, parcel.trackingNo, parcel.linesText])).toEqual([
      ['顺丰速运', 'SF1001', `${code} ×4`],
      ['顺丰速运', 'SF1002', `${code} ×6`],
    ]);
    expect(await stockOf(k, part)).toBe(0);
  });

  it('races an arrival, a date move and a cancel 8 times: every outcome adds up and the buyer is told only of what happened', async () => {
    const k = t.db.kysely;
    for (let round = 1; round <= 8; round++) {
      const part = await newPart(1, 3);
      const placed = await order(part, 5);
      const to = beijingDateAfterDays(Date.now(), 30 + round);
      const works = [
        restock(k, part, 4),
        moveBackOrderDate(k, { orderNo: placed.orderNo, lineId: placed.lineId, expectedDate: to, reason: '到港延误' }),
        round % 2 === 0 ? cancelOrder(k, placed.userId, placed.orderNo) : Promise.resolve(),
      ];
      const [, moved] = await Promise.allSettled(works);
      const row = await k.selectFrom('orderLines').select(['reservedQuantity', 'expectedDate']).where('id', '=', placed.lineId).executeTakeFirstOrThrow();
      const status = (await k.selectFrom('orders').select('status').where('orderNo', '=', placed.orderNo).executeTakeFirstOrThrow()).status;
      const messages = await messagesOf(placed.userId, '预计到货日期变更');
      const label = `round ${String(round)}`;
      if (moved?.status === 'fulfilled') {
        expect(row.expectedDate, label).toBe(to);
        expect(messages, label).toHaveLength(1);
      } else {
        const code = moved?.reason instanceof AppError ? moved.reason.errorCode : String(moved?.reason);
        expect(['backorder.lineNotWaiting', 'backorder.orderNotOpen'], label).toContain(code);
        expect(row.expectedDate, label).not.toBe(to);
        expect(messages, label).toEqual([]);
      }
      // The 1 unit placed and the 4 that arrived are held by the open order or back in stock.
      const held = status === OrderStatus.cancelled ? 0 : row.reservedQuantity;
      expect(held + (await stockOf(k, part)), label).toBe(5);
    }
  });

  it('lets one of two staff moving the same date from the same page win', async () => {
    const k = t.db.kysely;
    const placed = await order(await newPart(0, 2), 3);
    const seenDate = placed.detail.lines[0]?.expectedDate ?? null;
    const move = (days: number) =>
      moveBackOrderDate(k, { orderNo: placed.orderNo, lineId: placed.lineId, expectedDate: beijingDateAfterDays(Date.now(), days), reason: '改期', seenDate });
    const outcomes = await Promise.allSettled([move(20), move(25)]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await messagesOf(placed.userId, '预计到货日期变更')).toHaveLength(1);
  });
});
