import { describe, expect, it } from 'vitest';
import { adminOrderCalls } from '../../../contract/console/orders-calls.ts';
import { orderCalls } from '../../../contract/order-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertOrderCatalog } from '../order/testing/order-fixture.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';
import { placedOrder, specialInvoice } from './testing/order-desk-fixture.ts';

describe('订单管理 (order desk calls)', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });
  const k = () => t.db.kysely;
  const auditOf = (subjectId: string) => k().selectFrom('auditLog').selectAll().where('subjectId', '=', subjectId).orderBy('id').execute();
  const orderRow = (orderNo: string) => k().selectFrom('orders').selectAll().where('orderNo', '=', orderNo).executeTakeFirstOrThrow();
  const messagesOf = async (userId: number, messageType: number) =>
    (await k().selectFrom('messages').select('msgContent').where('userId', '=', userId).where('messageType', '=', messageType).orderBy('id').execute()).map(
      (row) => row.msgContent,
    );
  const eventsOf = async (orderNo: string) =>
    (
      await k()
        .selectFrom('orderEvents')
        .innerJoin('orders', 'orders.id', 'orderEvents.orderId')
        .select(['orderEvents.kind', 'orderEvents.text'])
        .where('orders.orderNo', '=', orderNo)
        .orderBy('orderEvents.id')
        .execute()
    ).map((row) => row.kind);

  it('lists orders with filters (number, member phone, state, payment method, dates), sorting by amount and paging; refuses a bad page size in Chinese', async () => {
    const admin = await signedInStaff(t.app, k(), 'warehouse');
    const paid = await placedOrder(t);
    const unpaid = await placedOrder(t, { isPaid: false });
    const byNo = await admin.browser.call(adminOrderCalls.list, { filters: { orderNo: paid.orderNo } });
    expect(byNo).toMatchObject({ code: 1, data: { total: 1, page: 1, pageSize: 20 } });
    expect(byNo.data?.rows[0]).toMatchObject({
      orderNo: paid.orderNo,
      status: 'unshipped',
      statusLabel: '待发货',
      memberPhone: paid.member.phone,
      payableCents: 25_000,
      paymentMethodLabel: '对公转账',
    });
    const byPhone = await admin.browser.call(adminOrderCalls.list, { filters: { memberPhone: unpaid.member.phone.slice(-6) } });
    expect(byPhone.data?.rows.map((row) => row.orderNo)).toEqual([unpaid.orderNo]);
    const unpaidOnes = await admin.browser.call(adminOrderCalls.list, { filters: { status: 'unpaid' }, pageSize: 100 });
    expect(unpaidOnes.data?.rows.every((row) => row.status === 'unpaid')).toBe(true);
    expect(unpaidOnes.data?.rows.map((row) => row.orderNo)).toContain(unpaid.orderNo);
    const byMethod = await admin.browser.call(adminOrderCalls.list, { filters: { paymentMethod: 'bankTransfer' }, pageSize: 100 });
    expect(byMethod.data?.rows.map((row) => row.orderNo)).toContain(paid.orderNo);
    expect(byMethod.data?.rows.map((row) => row.orderNo)).not.toContain(unpaid.orderNo);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await admin.browser.call(adminOrderCalls.list, { filters: { dateFrom: today, dateTo: today } })).data?.total).toBeGreaterThanOrEqual(2);
    expect((await admin.browser.call(adminOrderCalls.list, { filters: { dateTo: '2020-01-01' } })).data?.total).toBe(0);
    const sorted = await admin.browser.call(adminOrderCalls.list, { sort: { column: 'payableCents', direction: 'asc' }, pageSize: 10, page: 1 });
    const amounts = sorted.data?.rows.map((row) => row.payableCents) ?? [];
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(await admin.browser.call(adminOrderCalls.list, { pageSize: 7 as 10 })).toMatchObject({ code: 400, msg: '请求参数有误' });
    expect(await admin.browser.post(adminOrderCalls.list.path, { sort: { column: 'userId', direction: 'asc' } })).toMatchObject({
      code: 400,
      msg: '请求参数有误',
    });
  });

  it('shows an order in full to staff: lines, amounts, payment and timeline; an unknown number is 订单不存在', async () => {
    const staff = await signedInStaff(t.app, k(), 'finance');
    const order = await placedOrder(t, { invoice: specialInvoice });
    const answer = await staff.browser.call(adminOrderCalls.detail, { orderNo: order.orderNo });
    expect(answer.data).toMatchObject({
      orderNo: order.orderNo,
      statusLabel: '待发货',
      payableCents: 25_000,
      refundableCents: 25_000,
      invoice: { type: 'special', companyName: '深圳市芯途电子科技有限公司' },
      issuedInvoice: null,
      payment: { methodLabel: '对公转账' },
      // What the lifecycle lets finance do: not ship (the warehouse's), nor reverse an invoice never issued.
      can: { confirmTransfer: false, ship: false, cancel: true, refund: true, issueInvoice: true, reverseInvoice: false },
    });
    expect(answer.data?.lines.map((line) => [line.quantity, line.shippedQuantity, line.shippableQuantity]).sort()).toEqual([
      [10, 0, 10],
      [5, 0, 5],
    ]);
    expect(answer.data?.events.length).toBeGreaterThanOrEqual(2);
    expect(await staff.browser.call(adminOrderCalls.detail, { orderNo: 'D000000000000' })).toMatchObject({ code: 404, msg: '订单不存在' });
  });

  it('确认到账 (finance): a wrong amount is refused in Chinese; the right one pays the order once, tells the member and is audited; a second is refused', async () => {
    const finance = await signedInStaff(t.app, k(), 'finance');
    const order = await placedOrder(t, { isPaid: false });
    expect(await finance.browser.call(adminOrderCalls.confirmTransfer, { orderNo: order.orderNo, amount: '249.99' })).toMatchObject({
      code: 400,
      msg: '转账金额与订单应付金额不符',
    });
    expect(await finance.browser.post(adminOrderCalls.confirmTransfer.path, { orderNo: order.orderNo, amount: '12.345' })).toMatchObject({
      code: 400,
      msg: '请输入正确的金额（最多两位小数）',
    });
    expect(await auditOf(order.orderNo)).toEqual([]);
    const answer = await finance.browser.call(adminOrderCalls.confirmTransfer, { orderNo: order.orderNo, amount: '250', note: '招行到账' });
    expect(answer).toMatchObject({ code: 1, msg: '已确认到账', data: { status: 'unshipped', payment: { methodLabel: '对公转账' } } });
    expect((await messagesOf(order.userId, 3)).at(-1)).toBe(`您的订单${order.orderNo}已付款成功，我们将尽快为您发货。`);
    expect(await eventsOf(order.orderNo)).toContain('transferConfirmed');
    const [entry] = await auditOf(order.orderNo);
    expect(entry).toMatchObject({ staffId: finance.id, action: 'confirmTransfer', subject: 'Order' });
    expect(JSON.parse(entry?.beforeJson ?? '{}')).toMatchObject({ status: 'unpaid', paidAt: null });
    expect(JSON.parse(entry?.afterJson ?? '{}')).toMatchObject({ status: 'unshipped', paymentMethod: 'bankTransfer', note: '招行到账' });
    expect(await finance.browser.call(adminOrderCalls.confirmTransfer, { orderNo: order.orderNo, amount: '250.00' })).toMatchObject({
      code: 409,
      msg: '该订单已确认到账，请勿重复确认',
    });
    expect(await auditOf(order.orderNo)).toHaveLength(1);
  });

  it('two concurrent transfer confirmations pay the order once: one message, one timeline line, one audit entry', async () => {
    const [first, second] = [await signedInStaff(t.app, k(), 'finance'), await signedInStaff(t.app, k(), 'admin')];
    const order = await placedOrder(t, { isPaid: false });
    const answers = await Promise.all(
      [first, second].map((staff) => staff.browser.call(adminOrderCalls.confirmTransfer, { orderNo: order.orderNo, amount: '250.00' })),
    );
    expect(answers.map((answer) => answer.code).sort()).toEqual([1, 409]);
    expect((await eventsOf(order.orderNo)).filter((kind) => kind === 'transferConfirmed')).toHaveLength(1);
    expect((await messagesOf(order.userId, 3)).filter((text) => text.includes('已付款成功'))).toHaveLength(1);
    expect(await auditOf(order.orderNo)).toHaveLength(1);
  });

  it('发货 (warehouse) in two parcels: the first chooses lines and quantities, the order ships fully with the last; each tells the member and is audited', async () => {
    const warehouse = await signedInStaff(t.app, k(), 'warehouse');
    const order = await placedOrder(t);
    const [firstLine = 0, secondLine = 0] = order.lineIds;
    expect(await warehouse.browser.call(adminOrderCalls.ship, { orderNo: order.orderNo, carrierCode: 'sf', trackingNo: ' ' })).toMatchObject({
      code: 400,
      msg: '请填写快递单号',
    });
    expect(
      await warehouse.browser.call(adminOrderCalls.ship, {
        orderNo: order.orderNo,
        carrierCode: 'sf',
        trackingNo: 'SF1',
        lines: [{ orderLineId: firstLine, quantity: 11 }],
      }),
    ).toMatchObject({ code: 409, msg: '发货数量超过该商品待发数量' });
    expect(
      await warehouse.browser.post(adminOrderCalls.ship.path, {
        orderNo: order.orderNo,
        carrierCode: 'sf',
        trackingNo: 'SF1',
        lines: [{ orderLineId: firstLine, quantity: 0 }],
      }),
    ).toMatchObject({ code: 400, msg: '请选择要发货的商品并填写大于0的整数数量' });
    expect(await auditOf(order.orderNo)).toEqual([]);

    const part = await warehouse.browser.call(adminOrderCalls.ship, {
      orderNo: order.orderNo,
      carrierCode: 'sf',
      trackingNo: 'SF100200300',
      lines: [
        { orderLineId: firstLine, quantity: 6 },
        { orderLineId: secondLine, quantity: 5 },
      ],
    });
    expect(part).toMatchObject({ code: 1, msg: '已部分发货', data: { status: 'partlyShipped' } });
    expect(part.data?.lines.find((line) => line.id === firstLine)).toMatchObject({ shippedQuantity: 6, shippableQuantity: 4 });
    expect(part.data?.lines.find((line) => line.id === secondLine)).toMatchObject({ shippedQuantity: 5, shippableQuantity: 0 });
    expect(part.data?.shipments).toEqual([expect.objectContaining({ carrierName: '顺丰速运', trackingNo: 'SF100200300' })]);
    expect(part.data?.can.cancel).toBe(false);
    const rest = await warehouse.browser.call(adminOrderCalls.ship, { orderNo: order.orderNo, carrierCode: 'zto', trackingNo: 'ZT7788' });
    expect(rest).toMatchObject({ code: 1, msg: '已发货', data: { status: 'shipped', trackingNo: 'ZT7788' } });
    expect(rest.data?.shipments).toHaveLength(2);
    expect(rest.data?.shipments[1]?.linesText).toMatch(/×4$/);
    expect(await warehouse.browser.call(adminOrderCalls.ship, { orderNo: order.orderNo, carrierCode: 'sf', trackingNo: 'SF9' })).toMatchObject({
      code: 409,
      msg: '订单已全部发货，不能发货',
    });

    const memberDetail = await order.member.browser.callOk(orderCalls.detail, { orderNo: order.orderNo });
    const texts = memberDetail.events.map((event) => event.text);
    expect(texts.find((text) => text.startsWith('部分发货'))).toMatch(/^部分发货：顺丰速运，运单号 SF100200300（(?=.* ×6)(?=.* ×5).+）$/);
    expect(texts.at(-1)).toBe('已全部发货：中通快递，运单号 ZT7788');
    const messages = await messagesOf(order.userId, 3);
    expect(messages.slice(-2)).toEqual([
      `您的订单${order.orderNo}已部分发货，顺丰速运运单号SF100200300，其余商品将尽快发出。`,
      `您的订单${order.orderNo}已全部发货，最后一个包裹中通快递运单号ZT7788。`,
    ]);
    const audit = await auditOf(order.orderNo);
    expect(audit.map((entry) => [entry.action, entry.staffId])).toEqual([
      ['ship', warehouse.id],
      ['ship', warehouse.id],
    ]);
    expect(JSON.parse(audit[1]?.afterJson ?? '{}')).toMatchObject({ status: 'shipped', parcel: { isLast: true } });
  });

  it('取消 (reason) refunds a paid order whole; a cancel after a parcel left is refused in Chinese, nothing changed', async () => {
    const warehouse = await signedInStaff(t.app, k(), 'warehouse');
    const finance = await signedInStaff(t.app, k(), 'finance');
    const order = await placedOrder(t);
    expect(await finance.browser.call(adminOrderCalls.cancel, { orderNo: order.orderNo, reason: ' ' })).toMatchObject({ code: 400, msg: '请填写取消原因' });
    const cancelled = await finance.browser.call(adminOrderCalls.cancel, { orderNo: order.orderNo, reason: '客户要求取消' });
    expect(cancelled).toMatchObject({ code: 1, msg: '订单已取消', data: { status: 'cancelled', cancelReason: '客户要求取消', refundedCents: 25_000 } });
    expect(await auditOf(order.orderNo)).toEqual([expect.objectContaining({ action: 'cancel', subject: 'Order' })]);
    expect(await finance.browser.call(adminOrderCalls.cancel, { orderNo: order.orderNo, reason: '再次取消' })).toMatchObject({
      code: 409,
      msg: '订单已取消，不能取消订单',
    });

    // The warehouse ships parcels but may not cancel (a paid order's cancel refunds it: finance's).
    expect(await warehouse.browser.call(adminOrderCalls.cancel, { orderNo: order.orderNo, reason: '客户要求取消' })).toMatchObject({ code: 403 });
    const shipped = await placedOrder(t);
    await warehouse.browser.call(adminOrderCalls.ship, {
      orderNo: shipped.orderNo,
      carrierCode: 'sf',
      trackingNo: 'SF1',
      lines: [{ orderLineId: shipped.lineIds[0] ?? 0, quantity: 1 }],
    });
    expect(await finance.browser.call(adminOrderCalls.cancel, { orderNo: shipped.orderNo, reason: '客户要求取消' })).toMatchObject({
      code: 409,
      msg: '订单已部分发货，不能取消订单',
    });
    expect(await orderRow(shipped.orderNo)).toMatchObject({ status: 'partlyShipped', refundedCents: 0 });
    expect((await auditOf(shipped.orderNo)).map((entry) => entry.action)).toEqual(['ship']);
  });

  it('ship and cancel racing: exactly one wins, stock is given back only by a cancel, and only the winner is audited', async () => {
    const warehouse = await signedInStaff(t.app, k(), 'warehouse');
    const other = await signedInStaff(t.app, k(), 'admin');
    for (let round = 0; round < 4; round++) {
      const order = await placedOrder(t);
      const stockBefore = await k().selectFrom('products').select('stock').where('id', 'in', order.productIds).orderBy('id').execute();
      const [ship, cancel] = await Promise.all([
        warehouse.browser.call(adminOrderCalls.ship, {
          orderNo: order.orderNo,
          carrierCode: 'sf',
          trackingNo: `SF${String(round)}`,
          ...(round % 2 === 0 ? { lines: [{ orderLineId: order.lineIds[0] ?? 0, quantity: 2 }] } : {}),
        }),
        other.browser.call(adminOrderCalls.cancel, { orderNo: order.orderNo, reason: '客户要求取消' }),
      ]);
      expect([ship.code, cancel.code].filter((code) => code === 1)).toHaveLength(1);
      const row = await orderRow(order.orderNo);
      const shipments = await k().selectFrom('orderShipments').select('id').where('orderId', '=', row.id).execute();
      const stockAfter = await k().selectFrom('products').select('stock').where('id', 'in', order.productIds).orderBy('id').execute();
      const audit = await auditOf(order.orderNo);
      if (cancel.code === 1) {
        expect(row.status).toBe('cancelled');
        expect(shipments).toEqual([]);
        expect(stockAfter.map((p) => p.stock)).toEqual(stockBefore.map((p, index) => p.stock + (index === 0 ? 10 : 5)));
        expect(audit.map((entry) => entry.action)).toEqual(['cancel']);
      } else {
        expect(row.status).toBe(round % 2 === 0 ? 'partlyShipped' : 'shipped');
        expect(shipments).toHaveLength(1);
        expect(stockAfter).toEqual(stockBefore);
        expect(audit.map((entry) => entry.action)).toEqual(['ship']);
        expect(cancel.msg).toMatch(/^订单已(部分|全部)发货，不能取消订单$/);
      }
    }
  });

  it('退款 (finance): at most paid minus refunded, in Chinese otherwise; two concurrent refunds never pass what was paid', async () => {
    const finance = await signedInStaff(t.app, k(), 'finance');
    const order = await placedOrder(t);
    expect(await finance.browser.call(adminOrderCalls.refund, { orderNo: order.orderNo, refundNo: 'R1x', amount: '250.01' })).toMatchObject({
      code: 409,
      msg: '订单未付款或退款金额超过可退金额',
    });
    expect(await finance.browser.post(adminOrderCalls.refund.path, { orderNo: order.orderNo, refundNo: 'R 1', amount: '1' })).toMatchObject({
      code: 400,
      msg: '退款单号有误，请刷新页面后重试',
    });
    const [a, b] = await Promise.all(
      ['RA', 'RB'].map((prefix) =>
        finance.browser.call(adminOrderCalls.refund, { orderNo: order.orderNo, refundNo: `${prefix}${order.orderNo}`, amount: '150.00', reason: '退货退款' }),
      ),
    );
    expect([a?.code, b?.code].sort()).toEqual([1, 409]);
    const row = await orderRow(order.orderNo);
    expect(row.refundedCents).toBe(15_000);
    const audit = await auditOf(order.orderNo);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'refund', subject: 'Refund' });
    expect(JSON.parse(audit[0]?.afterJson ?? '{}')).toMatchObject({ refundedCents: 15_000, amountCents: 15_000 });
    const rest = await finance.browser.call(adminOrderCalls.refund, { orderNo: order.orderNo, refundNo: `RC${order.orderNo}`, amount: '100' });
    expect(rest).toMatchObject({ code: 1, data: { refundedCents: 25_000, refundableCents: 0 } });
    expect(rest.data?.refunds.some((refund) => refund.can.confirmOffline)).toBe(true);
    const pending = rest.data?.refunds.find((refund) => refund.can.confirmOffline);
    const confirmed = await finance.browser.call(adminOrderCalls.confirmOfflineRefund, { orderNo: order.orderNo, refundNo: pending?.refundNo ?? '' });
    expect(confirmed).toMatchObject({ code: 1, msg: '已确认线下退款' });
    expect((await messagesOf(order.userId, 3)).at(-1)).toMatch(/已退款¥\d+\.\d{2}，已转回您的付款账户。$/);
  });

  it('开票 (finance): number checked in Chinese, issued once with an invoice message (type 4), audited', async () => {
    const finance = await signedInStaff(t.app, k(), 'finance');
    const order = await placedOrder(t, { invoice: specialInvoice });
    expect(await finance.browser.post(adminOrderCalls.issueInvoice.path, { orderNo: order.orderNo, invoiceNumber: '12AB' })).toMatchObject({
      code: 400,
      msg: '发票号码须为8至20位数字',
    });
    const issued = await finance.browser.call(adminOrderCalls.issueInvoice, { orderNo: order.orderNo, invoiceNumber: '12345678', fileUrl: '' });
    expect(issued).toMatchObject({ code: 1, msg: '发票已开具', data: { issuedInvoice: { invoiceNumber: '12345678' }, can: { issueInvoice: false } } });
    expect(await messagesOf(order.userId, 4)).toHaveLength(1);
    expect(await finance.browser.call(adminOrderCalls.issueInvoice, { orderNo: order.orderNo, invoiceNumber: '87654321', fileUrl: '' })).toMatchObject({
      code: 409,
      msg: '该订单的发票已开具，请勿重复开票',
    });
    expect((await auditOf(order.orderNo)).map((entry) => [entry.action, entry.subject])).toEqual([['issueInvoice', 'Invoice']]);
  });

  it('refuses each role what it may not do (403, Chinese), changing nothing and auditing nothing', async () => {
    const content = await signedInStaff(t.app, k(), 'content');
    const warehouse = await signedInStaff(t.app, k(), 'warehouse');
    const order = await placedOrder(t, { isPaid: false, invoice: specialInvoice });
    const before = await orderRow(order.orderNo);
    const forbidden = { code: 403, msg: '您没有权限执行此操作' };
    const calls = [
      content.browser.call(adminOrderCalls.list, {}),
      content.browser.call(adminOrderCalls.detail, { orderNo: order.orderNo }),
      content.browser.call(adminOrderCalls.confirmTransfer, { orderNo: order.orderNo, amount: '250.00' }),
      content.browser.call(adminOrderCalls.ship, { orderNo: order.orderNo, carrierCode: 'sf', trackingNo: 'SF1' }),
      content.browser.call(adminOrderCalls.cancel, { orderNo: order.orderNo, reason: '测试' }),
      content.browser.call(adminOrderCalls.refund, { orderNo: order.orderNo, refundNo: 'RX1', amount: '1' }),
      content.browser.call(adminOrderCalls.confirmOfflineRefund, { orderNo: order.orderNo, refundNo: 'RX1' }),
      content.browser.call(adminOrderCalls.issueInvoice, { orderNo: order.orderNo, invoiceNumber: '12345678', fileUrl: '' }),
      warehouse.browser.call(adminOrderCalls.refund, { orderNo: order.orderNo, refundNo: 'RX2', amount: '1' }),
      warehouse.browser.call(adminOrderCalls.issueInvoice, { orderNo: order.orderNo, invoiceNumber: '12345678', fileUrl: '' }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer).toMatchObject(forbidden);
    expect(await orderRow(order.orderNo)).toEqual(before);
    expect(await auditOf(order.orderNo)).toEqual([]);
    expect(await messagesOf(order.userId, 3)).toHaveLength(1);
    const exported = await content.browser.get('/admin/api/orders/export');
    expect(exported.json()).toMatchObject(forbidden);
  });

  it('exports the filtered orders to Excel', async () => {
    const finance = await signedInStaff(t.app, k(), 'finance');
    const order = await placedOrder(t);
    const response = await finance.browser.get(`/admin/api/orders/export?q=${encodeURIComponent(JSON.stringify({ filters: { orderNo: order.orderNo } }))}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('订单列表.xlsx'));
  });

  it('a partial refund takes units off one line and the rest still ships; the refund completing the amount closes the order and its buttons are gone', async () => {
    const warehouse = await signedInStaff(t.app, k(), 'warehouse');
    const finance = await signedInStaff(t.app, k(), 'finance');
    const order = await placedOrder(t);
    const stockBefore = await k()
      .selectFrom('products')
      .select('stock')
      .where('id', '=', order.productIds[0] ?? 0)
      .executeTakeFirstOrThrow();
    // 3 of the 10 at ¥20.00 no longer sent: ¥60.00 back, the units back in stock.
    const part = await finance.browser.call(adminOrderCalls.refund, {
      orderNo: order.orderNo,
      refundNo: `RL${order.orderNo}`,
      amount: '60.00',
      lines: [{ orderLineId: order.lineIds[0] ?? 0, quantity: 3 }],
      from: 'unshipped',
    });
    expect(part).toMatchObject({ code: 1, data: { status: 'unshipped', refundedCents: 6_000, can: { refund: true, cancel: true } } });
    expect(part.data?.lines.find((line) => line.id === order.lineIds[0])).toMatchObject({ quantity: 10, cancelledQuantity: 3, toShipQuantity: 7 });
    const stockAfter = await k()
      .selectFrom('products')
      .select('stock')
      .where('id', '=', order.productIds[0] ?? 0)
      .executeTakeFirstOrThrow();
    expect(stockAfter.stock).toBe(stockBefore.stock + 3);
    expect((await messagesOf(order.userId, 3)).at(-1)).toBe(
      `您的订单${order.orderNo}中部分商品已取消（不再发货：${part.data?.lines.find((line) => line.id === order.lineIds[0])?.productCode ?? ''} ×3），退款¥60.00将原路退回，其余商品照常发货。`,
    );
    // Taking more units than are left to send is refused, nothing changed.
    expect(
      await finance.browser.call(adminOrderCalls.refund, {
        orderNo: order.orderNo,
        refundNo: `RM${order.orderNo}`,
        amount: '1.00',
        lines: [{ orderLineId: order.lineIds[0] ?? 0, quantity: 8 }],
      }),
    ).toMatchObject({ code: 409, msg: '退掉的数量超过该商品尚未发出的数量' });

    // A page that still shows 待发货 after a parcel left is refused, not applied.
    await warehouse.browser.call(adminOrderCalls.ship, {
      orderNo: order.orderNo,
      carrierCode: 'sf',
      trackingNo: 'SF77',
      lines: [{ orderLineId: order.lineIds[1] ?? 0, quantity: 5 }],
      from: 'unshipped',
    });
    const stale = await finance.browser.call(adminOrderCalls.refund, {
      orderNo: order.orderNo,
      refundNo: `RS${order.orderNo}`,
      amount: '1.00',
      from: 'unshipped',
    });
    expect(stale).toMatchObject({ code: 409, msg: '订单状态已被他人更改，请刷新后重试' });

    // The rest of the money closes it: 已关闭, the 7 unsent units back in stock, nothing more to ship.
    const closed = await finance.browser.call(adminOrderCalls.refund, {
      orderNo: order.orderNo,
      refundNo: `RF${order.orderNo}`,
      amount: '190.00',
      from: 'partlyShipped',
    });
    expect(closed).toMatchObject({ code: 1, data: { status: 'closed', statusLabel: '已关闭', refundedCents: 25_000 } });
    // Only a transfer arriving after it closed may still be recorded (and paid back).
    expect(closed.data?.can).toEqual({
      confirmTransfer: false,
      ship: false,
      cancel: false,
      refund: false,
      issueInvoice: false,
      reverseInvoice: false,
      recordLateTransfer: true,
    });
    const stockClosed = await k()
      .selectFrom('products')
      .select('stock')
      .where('id', '=', order.productIds[0] ?? 0)
      .executeTakeFirstOrThrow();
    expect(stockClosed.stock).toBe(stockBefore.stock + 10);
    const warehouseView = await warehouse.browser.call(adminOrderCalls.detail, { orderNo: order.orderNo });
    expect(warehouseView.data?.can.ship).toBe(false);
    expect(
      await warehouse.browser.call(adminOrderCalls.ship, { orderNo: order.orderNo, carrierCode: 'sf', trackingNo: 'SF78', from: 'partlyShipped' }),
    ).toMatchObject({ code: 409, errorCode: 'order.notShippable', msg: '订单已退款，不能发货' });
    expect((await auditOf(order.orderNo)).map((entry) => entry.action)).toEqual(['refund', 'ship', 'refund']);
  });

  it('a refund taking off every unit left of a partly shipped order makes it 已发货 dated and tracked by its parcel (the auto-confirmation counts from its date)', async () => {
    const warehouse = await signedInStaff(t.app, k(), 'warehouse');
    const finance = await signedInStaff(t.app, k(), 'finance');
    const order = await placedOrder(t);
    await warehouse.browser.call(adminOrderCalls.ship, {
      orderNo: order.orderNo,
      carrierCode: 'sf',
      trackingNo: 'SF4242',
      lines: [{ orderLineId: order.lineIds[1] ?? 0, quantity: 5 }],
    });
    const parcelAt = (await orderRow(order.orderNo)).updatedAt;
    const rest = await finance.browser.call(adminOrderCalls.refund, {
      orderNo: order.orderNo,
      refundNo: `RR${order.orderNo}`,
      amount: '200.00',
      lines: [{ orderLineId: order.lineIds[0] ?? 0, quantity: 10 }],
      from: 'partlyShipped',
    });
    expect(rest).toMatchObject({ code: 1, data: { status: 'shipped', refundedCents: 20_000 } });
    expect(await orderRow(order.orderNo)).toMatchObject({ shippedAt: parcelAt, carrierCode: 'sf', trackingNo: 'SF4242' });
  });

  it('登记到账退回 (finance): a transfer for a cancelled order becomes a 线下退款 shown with its kind; finance confirms it; audited', async () => {
    const finance = await signedInStaff(t.app, k(), 'finance');
    const warehouse = await signedInStaff(t.app, k(), 'warehouse');
    const order = await placedOrder(t, { isPaid: false });
    const cancelled = await finance.browser.call(adminOrderCalls.cancel, { orderNo: order.orderNo, reason: '客户要求取消' });
    expect(cancelled.data?.can).toMatchObject({ recordLateTransfer: true, confirmTransfer: false });
    expect((await warehouse.browser.call(adminOrderCalls.detail, { orderNo: order.orderNo })).data?.can.recordLateTransfer).toBe(false);
    const recorded = await finance.browser.call(adminOrderCalls.recordLateTransfer, { orderNo: order.orderNo, amount: '250.00', note: '招行流水 88' });
    expect(recorded).toMatchObject({
      code: 1,
      msg: '已登记到账，待财务线下退回',
      data: { status: 'cancelled', refundedCents: 0, can: { recordLateTransfer: false } },
    });
    const refund = recorded.data?.refunds[0];
    expect(refund).toMatchObject({
      amountCents: 25_000,
      kindLabel: '取消后到账退回',
      channelLabel: '线下退款',
      statusLabel: '处理中',
      can: { confirmOffline: true, retry: false },
    });
    expect(await finance.browser.call(adminOrderCalls.recordLateTransfer, { orderNo: order.orderNo, amount: '250.00' })).toMatchObject({ code: 409 });
    const confirmed = await finance.browser.call(adminOrderCalls.confirmOfflineRefund, { orderNo: order.orderNo, refundNo: refund?.refundNo ?? '' });
    expect(confirmed.data?.refunds[0]).toMatchObject({ statusLabel: '成功', can: { confirmOffline: false, retry: false } });
    expect((await auditOf(order.orderNo)).map((entry) => entry.action)).toEqual(['cancel', 'recordLateTransfer', 'confirmOfflineRefund']);
  });
});
