import { describe, expect, it } from 'vitest';
import { adminBackOrderCalls } from '../../../contract/console/backorder-desk-calls.ts';
import { beijingDateAfterDays } from '../../../contract/time.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { addToCart } from '../cart/cart.service.ts';
import { loadOrderDetail } from '../order/order.service.ts';
import { insertOrderCatalog, insertPart, placeCartWaitingForAll } from '../order/testing/order-fixture.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';

describe('缺货商品 at the order desk (decision 0031)', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });
  const k = () => t.db.kysely;

  async function waitingOrder() {
    const part = await insertPart(k(), t.fixture.catalog, { stock: 1, prices: [{ qtyStart: 1, priceE4: 10_000 }] });
    await k().updateTable('products').set({ factoryLeadWeeks: 3 }).where('id', '=', part).execute();
    const member = await t.member();
    await addToCart(k(), member.userId, part, 4);
    const placed = await placeCartWaitingForAll(k(), t.deps.config.orders, member.userId);
    const detail = await loadOrderDetail(k(), member.userId, placed.orderNo);
    return { orderNo: placed.orderNo, lineId: detail.lines[0]?.id ?? 0, expectedDate: detail.lines[0]?.expectedDate ?? null };
  }

  it('lets the warehouse move a date (audited) and register arrivals; refuses customer service and bad input in Chinese', async () => {
    const order = await waitingOrder();
    const warehouse = await signedInStaff(t.app, k(), 'warehouse');
    const to = beijingDateAfterDays(Date.now(), 30);
    const moved = await warehouse.browser.call(adminBackOrderCalls.moveDate, {
      ...order,
      expectedDate: to,
      reason: '原厂交期顺延',
      seenDate: order.expectedDate,
    });
    expect(moved).toMatchObject({ code: 1, msg: '预计到货日期已变更，已通知买家' });
    expect(moved.data?.lines[0]).toMatchObject({ expectedDate: to, reservedQuantity: 1 });
    const audit = await k().selectFrom('auditLog').selectAll().where('subjectId', '=', order.orderNo).where('action', '=', 'moveBackOrderDate').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.afterJson ?? '{}')).toMatchObject({ expectedDate: to, reason: '原厂交期顺延' });

    expect(await warehouse.browser.call(adminBackOrderCalls.moveDate, { ...order, expectedDate: '2027-13-01', reason: 'x' })).toMatchObject({
      code: 400,
      msg: '请填写有效的预计到货日期（如 2026-03-01）',
    });
    expect(await warehouse.browser.call(adminBackOrderCalls.moveDate, { ...order, expectedDate: to, reason: ' ' })).toMatchObject({
      code: 400,
      msg: '请填写变更原因',
    });
    const service = await signedInStaff(t.app, k(), 'service');
    expect((await service.browser.call(adminBackOrderCalls.moveDate, { ...order, expectedDate: to, reason: '改期' })).code).toBe(403);

    const arrived = await warehouse.browser.call(adminBackOrderCalls.receiveStock, { orderNo: order.orderNo, lineId: order.lineId, quantity: 3 });
    expect(arrived).toMatchObject({ code: 1, msg: '到货已登记，已分配给等待的订单' });
    expect(arrived.data?.lines[0]).toMatchObject({ reservedQuantity: 4 });
    expect(await warehouse.browser.call(adminBackOrderCalls.receiveStock, { orderNo: order.orderNo, lineId: order.lineId, quantity: 0 })).toMatchObject({
      code: 400,
      msg: '到货数量须为大于0的整数',
    });
    expect(await warehouse.browser.call(adminBackOrderCalls.moveDate, { ...order, expectedDate: to, reason: '改期' })).toMatchObject({
      code: 409,
      msg: '该商品已不在缺货等待中（可能已到货或订单已取消），请刷新页面',
    });
  });
});
