import { describe, expect, it } from 'vitest';
import { OrderStatus } from '../../../contract/order.ts';
import { AppError } from '../../http/app-error.ts';
import { companyCalls } from '../../../contract/company-account-calls.ts';
import { useTestApp, type SignedInMember } from '../../testing/use-test-app.ts';
import { createTestCompany, joinCompany } from '../company-account/testing/company-fixture.ts';
import { addToCart } from '../cart/cart.service.ts';
import { restock } from './order-backorder.service.ts';
import { confirmBankTransfer, shipOrder } from './order-staff.service.ts';
import { cancelOrder, loadOrderDetail } from './order.service.ts';
import { insertOrderCatalog, insertPart, placeCartWaitingForAll, stockOf } from './testing/order-fixture.ts';

describe('back orders: stock arriving for orders that wait for all', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

  const newPart = (stock: number) => insertPart(t.db.kysely, t.fixture.catalog, { stock, prices: [{ qtyStart: 1, priceE4: 10_000 }] });

  /** A member's pickup order of `quantity` units of `part`, waiting for all; placed at `placedAt` (orders are served by it). */
  async function waitingOrder(part: number, quantity: number, placedAt: number, buyer?: SignedInMember) {
    const k = t.db.kysely;
    const member = buyer ?? (await t.member());
    await addToCart(k, member.userId, part, quantity);
    const placed = await placeCartWaitingForAll(k, t.deps.config.orders, member.userId, placedAt);
    return { ...placed, userId: member.userId };
  }

  const linesOf = (part: number) =>
    t.db.kysely
      .selectFrom('orderLines as l')
      .innerJoin('orders as o', 'o.id', 'l.orderId')
      .select(['o.orderNo', 'o.status', 'l.quantity', 'l.reservedQuantity'])
      .where('l.productId', '=', part)
      .orderBy('o.createdAt')
      .execute();

  /** Units of the part in stock or held by open orders: what arrived, whatever ran at the same time. */
  async function heldAndInStock(part: number): Promise<number> {
    const lines = await linesOf(part);
    const held = lines.filter((line) => line.status !== OrderStatus.cancelled).reduce((sum, line) => sum + line.reservedQuantity, 0);
    return held + (await stockOf(t.db.kysely, part));
  }

  const arrivalMessagesOf = async (userId: number) =>
    (
      await t.db.kysely
        .selectFrom('messages')
        .select('msgContent')
        .where('userId', '=', userId)
        .where('messageType', '=', 3)
        .where('msgContent', 'like', '%缺货商品已到货%')
        .execute()
    ).map((row) => row.msgContent);

  const errorCodeOf = async (work: Promise<unknown>) => {
    try {
      await work;
      return 'none';
    } catch (error) {
      if (error instanceof AppError) return error.errorCode;
      throw error;
    }
  };

  it('gives arriving units to the oldest waiting order first, tells a member whose order is complete, and lets staff ship only then', async () => {
    const k = t.db.kysely;
    const part = await newPart(4);
    const start = Date.now();
    const first = await waitingOrder(part, 10, start);
    const second = await waitingOrder(part, 6, start + 1000);
    expect((await linesOf(part)).map((line) => line.reservedQuantity)).toEqual([4, 0]);
    expect(await stockOf(k, part)).toBe(0);

    const detail = await loadOrderDetail(k, first.userId, first.orderNo);
    expect(detail.lines.map((line) => [line.quantity, line.reservedQuantity])).toEqual([[10, 4]]);
    expect(await confirmBankTransfer(k, { orderNo: first.orderNo, amountCents: first.payableCents, staffNote: '' })).toBe('paid');
    expect(await errorCodeOf(shipOrder(k, { orderNo: first.orderNo, carrierCode: 'pickup', trackingNo: '' }))).toBe('order.backOrderPending');

    const partly = await restock(k, part, 3);
    expect(partly).toEqual({ stock: 0, allocations: [{ orderNo: first.orderNo, quantity: 3 }], completedOrderNos: [] });
    expect(await arrivalMessagesOf(first.userId)).toEqual([]);

    const rest = await restock(k, part, 10);
    expect(rest).toEqual({
      stock: 1,
      allocations: [
        { orderNo: first.orderNo, quantity: 3 },
        { orderNo: second.orderNo, quantity: 6 },
      ],
      completedOrderNos: [first.orderNo, second.orderNo],
    });
    expect((await linesOf(part)).map((line) => line.reservedQuantity)).toEqual([10, 6]);
    expect(await arrivalMessagesOf(first.userId)).toEqual([`缺货商品已到货：您的订单${first.orderNo}中的商品已全部备齐，我们将尽快为您发货。`]);
    expect(await arrivalMessagesOf(second.userId)).toEqual([`缺货商品已到货：您的订单${second.orderNo}中的商品已全部备齐，请在订单有效期内完成支付。`]);
    const timeline = (await loadOrderDetail(k, first.userId, first.orderNo)).events.map((event) => event.text);
    expect(timeline).toContain('缺货商品已到货，订单商品已备齐');

    const shipped = await shipOrder(k, { orderNo: first.orderNo, carrierCode: 'pickup', trackingNo: '' });
    expect(shipped.status).toBe(OrderStatus.shipped);
    // Nothing waits any more: a further arrival only adds stock.
    expect(await restock(k, part, 5)).toEqual({ stock: 6, allocations: [], completedOrderNos: [] });
  });

  it('serves an order waiting for its company’s approval in its turn, and tells its buyer it still awaits approval', async () => {
    const k = t.db.kysely;
    const part = await newPart(0);
    const admin = await t.member();
    const buyer = await t.member();
    await createTestCompany(admin, '到货审批测试电子有限公司');
    await joinCompany(admin, buyer, 'buyer');
    await admin.browser.callOk(companyCalls.setApprovalThreshold, { threshold: '5.00' });
    const start = Date.now();
    const held = await waitingOrder(part, 8, start, buyer);
    expect(held.status).toBe(OrderStatus.awaitingApproval);
    const later = await waitingOrder(part, 3, start + 1000);

    expect(await restock(k, part, 9)).toEqual({
      stock: 0,
      allocations: [
        { orderNo: held.orderNo, quantity: 8 },
        { orderNo: later.orderNo, quantity: 1 },
      ],
      completedOrderNos: [held.orderNo],
    });
    expect((await linesOf(part)).map((line) => [line.status, line.reservedQuantity])).toEqual([
      [OrderStatus.awaitingApproval, 8],
      [OrderStatus.unpaid, 1],
    ]);
    expect(await arrivalMessagesOf(buyer.userId)).toEqual([
      `缺货商品已到货：您的订单${held.orderNo}中的商品已全部备齐，订单正在等待企业审批，审批通过后请按时付款。`,
    ]);
  });

  it('skips cancelled orders and refuses a quantity that is not a positive whole number or a part that does not exist', async () => {
    const k = t.db.kysely;
    const part = await newPart(0);
    const start = Date.now();
    const cancelled = await waitingOrder(part, 5, start);
    const open = await waitingOrder(part, 5, start + 1000);
    await cancelOrder(k, cancelled.userId, cancelled.orderNo);
    expect(await restock(k, part, 5)).toEqual({ stock: 0, allocations: [{ orderNo: open.orderNo, quantity: 5 }], completedOrderNos: [open.orderNo] });
    for (const quantity of [0, -3, 1.5, Number.NaN]) expect(await errorCodeOf(restock(k, part, quantity))).toBe('order.restockQuantityInvalid');
    expect(await errorCodeOf(restock(k, 987_654_321, 5))).toBe('order.restockProductNotFound');
    expect(await stockOf(k, part)).toBe(0);
  });

  it('puts back only what a cancelled order held, not what it was still waiting for', async () => {
    const k = t.db.kysely;
    const part = await newPart(5);
    const order = await waitingOrder(part, 20, Date.now());
    await restock(k, part, 3);
    expect((await linesOf(part)).map((line) => line.reservedQuantity)).toEqual([8]);
    expect(await stockOf(k, part)).toBe(0);
    await cancelOrder(k, order.userId, order.orderNo);
    expect(await stockOf(k, part)).toBe(8);
  });

  it('serves 20 concurrent arrivals of one unit to three waiting orders oldest first, every unit counted once', async () => {
    const k = t.db.kysely;
    const part = await newPart(0);
    const start = Date.now();
    const orders = [await waitingOrder(part, 5, start), await waitingOrder(part, 10, start + 1000), await waitingOrder(part, 10, start + 2000)];
    const results = await Promise.all(Array.from({ length: 20 }, () => restock(k, part, 1)));

    expect((await linesOf(part)).map((line) => [line.orderNo, line.reservedQuantity])).toEqual([
      [orders[0]?.orderNo, 5],
      [orders[1]?.orderNo, 10],
      [orders[2]?.orderNo, 5],
    ]);
    expect(await stockOf(k, part)).toBe(0);
    expect(await heldAndInStock(part)).toBe(20);
    expect(results.flatMap((result) => result.allocations).reduce((sum, allocation) => sum + allocation.quantity, 0)).toBe(20);
    expect(results.flatMap((result) => result.completedOrderNos).sort()).toEqual([orders[0]?.orderNo, orders[1]?.orderNo].sort());
    for (const [index, order] of orders.entries()) expect(await arrivalMessagesOf(order.userId)).toHaveLength(index < 2 ? 1 : 0);
  });

  it('loses and doubles no unit when an arrival races the cancellation of a waiting order, 10 times over', async () => {
    const k = t.db.kysely;
    for (let round = 1; round <= 10; round++) {
      const part = await newPart(2);
      const start = Date.now();
      const cancelling = await waitingOrder(part, 10, start);
      const waiting = await waitingOrder(part, 10, start + 1000);
      // The arrival first or the cancel first: either order of the race must add up.
      const [arrival] = await Promise.all(
        round % 2 === 0
          ? [restock(k, part, 10), cancelOrder(k, cancelling.userId, cancelling.orderNo)]
          : [restock(k, part, 10), Promise.resolve().then(() => cancelOrder(k, cancelling.userId, cancelling.orderNo))],
      );
      expect(await heldAndInStock(part), `round ${String(round)}`).toBe(12);
      expect(await stockOf(k, part), `round ${String(round)}`).toBeGreaterThanOrEqual(0);
      const lines = await linesOf(part);
      for (const line of lines) expect(line.reservedQuantity).toBeLessThanOrEqual(line.quantity);
      expect(lines.find((line) => line.orderNo === cancelling.orderNo)?.status).toBe(OrderStatus.cancelled);
      expect(arrival.allocations.every((allocation) => allocation.orderNo === cancelling.orderNo || allocation.orderNo === waiting.orderNo)).toBe(true);
    }
  });
});
