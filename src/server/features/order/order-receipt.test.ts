import { describe, expect, it } from 'vitest';
import { MessageType } from '../../../contract/message.ts';
import { orderCalls } from '../../../contract/order-calls.ts';
import { useTestApp, type SignedInMember } from '../../testing/use-test-app.ts';
import { shipOrder } from './order-staff.service.ts';
import { fillCart, insertOrderCatalog, insertPart, previewAndPlace, saveShanghaiAddress } from './testing/order-fixture.ts';

/** 确认收货: the buyer completes a shipped order, once, whoever else confirms at the same moment. */
describe('confirm receipt', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

  async function placedOrder(): Promise<{ member: SignedInMember; orderNo: string }> {
    const member = await t.member();
    const addressId = await saveShanghaiAddress(member.browser);
    await fillCart(member.browser, [{ productId: await insertPart(t.db.kysely, t.fixture.catalog), quantity: 10 }]);
    const { answer } = await previewAndPlace(member.browser, { addressId });
    if (!answer.data) throw new Error(answer.msg);
    return { member, orderNo: answer.data.orderNo };
  }

  async function shipped(): Promise<{ member: SignedInMember; orderNo: string }> {
    const placed = await placedOrder();
    await t.db.kysely.updateTable('orders').set({ status: 'unshipped', paidAt: Date.now() }).where('orderNo', '=', placed.orderNo).execute();
    await shipOrder(t.db.kysely, { orderNo: placed.orderNo, carrierCode: 'sf', trackingNo: 'SF9988776655' });
    return placed;
  }

  const messagesOf = (userId: number) =>
    t.db.kysely.selectFrom('messages').select('msgContent').where('userId', '=', userId).where('messageType', '=', MessageType.order).execute();

  it('completes a shipped order, says so on the timeline and in a message, and offers no second confirmation', async () => {
    const { member, orderNo } = await shipped();
    const before = await member.browser.callOk(orderCalls.detail, { orderNo });
    expect(before).toMatchObject({ status: 'shipped', canConfirmReceipt: true, canCancel: false });

    const answer = await member.browser.call(orderCalls.confirmReceipt, { orderNo });
    expect(answer).toMatchObject({ code: 1, msg: '已确认收货，感谢您的惠顾', data: { status: 'completed', statusLabel: '已完成', canConfirmReceipt: false } });
    expect(answer.data?.events.map((event) => event.text)).toContain('买家确认收货，订单已完成');
    expect((await messagesOf(member.userId)).map((row) => row.msgContent)).toContain(`您的订单${orderNo}已确认收货，感谢您的惠顾。`);

    expect(await member.browser.call(orderCalls.confirmReceipt, { orderNo })).toMatchObject({
      code: 409,
      errorCode: 'order.notReceivable',
      msg: '订单已完成，不能确认收货',
    });
  });

  it('refuses an order not yet shipped, another member’s order, a bad number and a visitor', async () => {
    const { member, orderNo } = await placedOrder();
    expect(await member.browser.call(orderCalls.confirmReceipt, { orderNo })).toMatchObject({ errorCode: 'order.notReceivable' });
    const other = await t.member();
    expect(await other.browser.call(orderCalls.confirmReceipt, { orderNo })).toMatchObject({ errorCode: 'order.notFound' });
    expect((await member.browser.post(orderCalls.confirmReceipt.path, { orderNo: '<script>' })).code).toBe(400);
    expect((await t.browser().call(orderCalls.confirmReceipt, { orderNo })).code).toBe(401);
  });

  it('completes once of 8 confirmations sent at once: one success, one message', async () => {
    const { member, orderNo } = await shipped();
    const answers = await Promise.all(Array.from({ length: 8 }, () => member.browser.call(orderCalls.confirmReceipt, { orderNo })));
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    expect(answers.filter((answer) => answer.errorCode === 'order.notReceivable')).toHaveLength(7);
    const confirmations = (await messagesOf(member.userId)).filter((row) => row.msgContent.includes('已确认收货'));
    expect(confirmations).toHaveLength(1);
  });
});
