import { describe, expect, it } from 'vitest';
import { complaintCalls } from '../../../contract/complaint-calls.ts';
import type { PlainStaffEvent } from '../../../contract/complaint-lifecycle.ts';
import { AppError } from '../../http/app-error.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertOrderCatalog } from '../order/testing/order-fixture.ts';
import { refundContextOf } from '../payment/payment-refund.service.ts';
import { authoriseReturn, closeOverdueReturns, fireStaffEvent, receiveReturn, refundComplaint, replaceGoods, replyAsStaff } from './complaint-staff.service.ts';
import { createReturnExpiry } from './complaint-return-expiry.ts';
import { orderAtStage } from './testing/complaint-fixture.ts';
import { listWarehousesForStaff, saveWarehouseFacts } from '../warehouse/warehouse-staff.service.ts';

const description = '芯片引脚弯折，无法贴片，共10片。';
const dayMs = 86_400_000;

describe('staff actions on complaints', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });
  const k = () => t.db.kysely;
  const refundContext = () => refundContextOf({ db: k(), logger: t.deps.logger, config: t.deps.config });

  async function filed(options: { lineCount?: number } = {}) {
    const member = await t.member();
    const order = await orderAtStage(k(), t, t.fixture.catalog, member.userId, { stage: 'shipped', lineCount: options.lineCount });
    const complaint = await member.browser.callOk(complaintCalls.create, { orderLineId: order.lineIds[0] ?? 0, type: 'damaged', description });
    return { ...member, order, complaint };
  }

  const errorOf = async (work: Promise<unknown>) => {
    try {
      await work;
      return { errorCode: 'none', msg: '' };
    } catch (error) {
      if (error instanceof AppError) return { errorCode: error.errorCode, msg: error.message };
      throw error;
    }
  };
  const errorCodeOf = async (work: Promise<unknown>) => (await errorOf(work)).errorCode;

  const returnedMessagesOf = async (userId: number) =>
    (await k().selectFrom('messages').select('msgContent').where('userId', '=', userId).where('messageType', '=', 2).orderBy('id').execute()).map(
      (row) => row.msgContent,
    );
  const refundedCentsOf = async (orderNo: string) =>
    (await k().selectFrom('orders').select('refundedCents').where('orderNo', '=', orderNo).executeTakeFirstOrThrow()).refundedCents;

  it('replies as staff: a 待处理 complaint is taken up, the member sees the reply and gets a 退货消息 with the number', async () => {
    const { browser, userId, complaint } = await filed();
    const row = await replyAsStaff(k(), { complaintId: complaint.id, staffName: ' 王客服 ', text: ' 请提供外箱照片，我们将为您补发。 ' });
    expect(row.status).toBe('processing');
    const detail = await browser.callOk(complaintCalls.detail, { id: complaint.id });
    expect(detail).toMatchObject({ status: 'processing', statusLabel: '处理中', isOpen: true, events: ['withdraw'] });
    expect(detail.replies).toEqual([expect.objectContaining({ author: 'staff', staffName: '王客服', text: '请提供外箱照片，我们将为您补发。' })]);
    expect(await returnedMessagesOf(userId)).toEqual([`您的售后投诉${complaint.complaintNo}有新的客服回复：请提供外箱照片，我们将为您补发。`]);
    await replyAsStaff(k(), { complaintId: complaint.id, staffName: '王客服', text: '已安排补发。' });
    expect((await browser.callOk(complaintCalls.detail, { id: complaint.id })).replies.map((reply) => reply.text)).toEqual([
      '请提供外箱照片，我们将为您补发。',
      '已安排补发。',
    ]);
  });

  it('refuses a staff reply without a name or text, and on a closed complaint, sending nothing', async () => {
    const { browser, userId, complaint } = await filed();
    expect(await errorCodeOf(replyAsStaff(k(), { complaintId: complaint.id, staffName: ' ', text: '你好' }))).toBe('complaint.staffNameMissing');
    expect(await errorCodeOf(replyAsStaff(k(), { complaintId: complaint.id, staffName: '王客服', text: ' ' }))).toBe('complaint.staffReplyInvalid');
    expect(await errorCodeOf(replyAsStaff(k(), { complaintId: 999_999, staffName: '王客服', text: '你好' }))).toBe('complaint.notFound');
    await browser.callOk(complaintCalls.close, { id: complaint.id });
    expect(await errorOf(replyAsStaff(k(), { complaintId: complaint.id, staffName: '王客服', text: '你好' }))).toEqual({
      errorCode: 'complaint.transitionInvalid',
      msg: '投诉已关闭，不能回复',
    });
    expect(await returnedMessagesOf(userId)).toEqual([`您已撤销售后投诉${complaint.complaintNo}。如仍有问题，可重新提交投诉。`]);
  });

  it('takes up, resolves with a note, reopens and closes, each telling the member once, and refuses what the state does not allow, naming it', async () => {
    const { browser, userId, complaint } = await filed();
    const fire = (event: PlainStaffEvent, note?: string) => fireStaffEvent(k(), { complaintId: complaint.id, event, staffName: '李主管', note });
    expect((await fire('takeUp')).status).toBe('processing');
    expect(await errorOf(fire('takeUp'))).toEqual({ errorCode: 'complaint.transitionInvalid', msg: '投诉正在处理中，不能受理' });
    expect(await errorOf(fire('close'))).toEqual({ errorCode: 'complaint.transitionInvalid', msg: '投诉正在处理中，不能关闭' });
    expect((await fire('resolve', '已补发10片，顺丰SF100200300。')).status).toBe('resolved');
    expect(await browser.callOk(complaintCalls.detail, { id: complaint.id })).toMatchObject({
      statusLabel: '已解决',
      isOpen: false,
      events: ['reopen'],
      replies: [{ author: 'staff', staffName: '李主管', text: '已补发10片，顺丰SF100200300。' }],
    });
    expect(await browser.call(complaintCalls.reply, { id: complaint.id, text: '收到了' })).toMatchObject({ errorCode: 'complaint.notOpen' });
    expect((await fire('reopen')).status).toBe('processing');
    expect((await fire('resolve')).status).toBe('resolved');
    expect((await fire('close')).status).toBe('closed');
    for (const event of ['takeUp', 'resolve', 'reject', 'close', 'reopen'] as const) {
      const refusal = await errorOf(fire(event, '说明'));
      expect(refusal.errorCode).toBe('complaint.transitionInvalid');
      expect(refusal.msg).toMatch(/^投诉已关闭，不能/);
    }
    const no = complaint.complaintNo;
    expect(await returnedMessagesOf(userId)).toEqual([
      `您的售后投诉${no}正在处理中，客服会尽快与您联系。`,
      `您的售后投诉${no}已处理完成，如仍有问题请联系客服。客服说明：已补发10片，顺丰SF100200300。`,
      `您的售后投诉${no}已重新打开，客服会尽快处理。`,
      `您的售后投诉${no}已处理完成，如仍有问题请联系客服。`,
      `您的售后投诉${no}已关闭。`,
    ]);
  });

  it('refuses a rejection without its reason, and tells the member the reason with it', async () => {
    const { userId, complaint } = await filed();
    expect(await errorCodeOf(fireStaffEvent(k(), { complaintId: complaint.id, event: 'reject', staffName: '李主管', note: ' ' }))).toBe(
      'complaint.reasonMissing',
    );
    expect(await returnedMessagesOf(userId)).toEqual([]);
    const rejected = await fireStaffEvent(k(), {
      complaintId: complaint.id,
      event: 'reject',
      staffName: '李主管',
      note: '照片显示为焊接过热所致，非来料问题。',
    });
    expect(rejected.status).toBe('rejected');
    expect(await returnedMessagesOf(userId)).toEqual([`您的售后投诉${complaint.complaintNo}经核实未能支持。客服说明：照片显示为焊接过热所致，非来料问题。`]);
  });

  it('refuses to reopen a resolved complaint while the line has a newer open one', async () => {
    const { browser, order, complaint } = await filed();
    await fireStaffEvent(k(), { complaintId: complaint.id, event: 'resolve', staffName: '李主管' });
    const newer = await browser.callOk(complaintCalls.create, { orderLineId: order.lineIds[0] ?? 0, type: 'other', description });
    expect(await errorCodeOf(fireStaffEvent(k(), { complaintId: complaint.id, event: 'reopen', staffName: '李主管' }))).toBe('complaint.alreadyOpen');
    expect(await browser.call(complaintCalls.reopen, { id: complaint.id })).toMatchObject({ code: 409, errorCode: 'complaint.alreadyOpen' });
    expect((await browser.callOk(complaintCalls.detail, { id: complaint.id })).status).toBe('resolved');
    expect((await browser.callOk(complaintCalls.detail, { id: newer.id })).status).toBe('pending');
  });

  it('lets exactly one of a member withdrawal and a staff resolution win when they race', async () => {
    const { browser, complaint } = await filed();
    const [closed, resolved] = await Promise.all([
      browser.call(complaintCalls.close, { id: complaint.id }),
      errorCodeOf(fireStaffEvent(k(), { complaintId: complaint.id, event: 'resolve', staffName: '李主管' })),
    ]);
    const winners = [closed.code === 1, resolved === 'none'].filter(Boolean);
    expect(winners).toHaveLength(1);
    const final = await browser.callOk(complaintCalls.detail, { id: complaint.id });
    expect(final.status).toBe(closed.code === 1 ? 'closed' : 'resolved');
  });

  it('runs a return: authorised with an RMA number and address, shipped back by the member, received, refunded the returned units’ share through the order', async () => {
    const { browser, userId, order, complaint } = await filed();
    expect(await errorCodeOf(authoriseReturn(k(), { complaintId: complaint.id, staffName: '李主管', quantity: 11, address: '上海市闵行区 售后组' }))).toBe(
      'complaint.returnQuantityInvalid',
    );
    const authorised = await authoriseReturn(k(), { complaintId: complaint.id, staffName: '李主管', quantity: 4, address: ' 上海市闵行区 售后组（收） ' });
    expect(authorised).toMatchObject({
      status: 'returnAuthorised',
      rmaNo: `RMA${complaint.complaintNo.slice(2)}`,
      returnQuantity: 4,
      returnAddress: '上海市闵行区 售后组（收）',
    });
    const seen = await browser.callOk(complaintCalls.detail, { id: complaint.id });
    expect(seen).toMatchObject({ statusLabel: '待退货', events: ['shipReturn', 'withdraw'], aftersales: { rmaNo: authorised.rmaNo, returnQuantity: 4 } });
    expect(seen.aftersales.returnDueStr).not.toBeNull();
    expect(await browser.call(complaintCalls.shipReturn, { id: complaint.id, carrierName: '跑腿', trackingNo: 'SF1' })).toMatchObject({
      code: 400,
      msg: '请选择退货快递公司',
    });
    const shipped = await browser.call(complaintCalls.shipReturn, {
      id: complaint.id,
      from: 'returnAuthorised',
      carrierName: '顺丰速运',
      trackingNo: 'SF777888999',
    });
    expect(shipped).toMatchObject({
      code: 1,
      msg: '退货快递已登记',
      data: { statusLabel: '退货中', events: [], aftersales: { returnTrackingNo: 'SF777888999' } },
    });
    expect(await browser.call(complaintCalls.close, { id: complaint.id })).toMatchObject({ code: 409, msg: '退货正在寄回途中，不能撤销' });
    expect((await receiveReturn(k(), { complaintId: complaint.id, staffName: '仓库小张', note: '数量相符' })).status).toBe('goodsReceived');
    // 10 parts for ¥200.00 (the fixture's ¥20 a part): 4 returned are ¥80.00.
    const { complaint: refunded, refund } = await refundComplaint(refundContext(), { complaintId: complaint.id, staffName: '王财务' });
    expect(refunded).toMatchObject({ status: 'refunded', refundNo: `${complaint.complaintNo}R`, refundCents: 8_000 });
    expect(refund).toMatchObject({ refundNo: `${complaint.complaintNo}R`, amountCents: 8_000, orderNo: order.orderNo });
    expect(await refundedCentsOf(order.orderNo)).toBe(8_000);
    const done = await browser.callOk(complaintCalls.detail, { id: complaint.id });
    expect(done).toMatchObject({ statusLabel: '已退款', events: [], aftersales: { refundCents: 8_000, refundStatusLabel: '退款中' } });
    const no = complaint.complaintNo;
    expect(await returnedMessagesOf(userId)).toEqual([
      expect.stringMatching(
        new RegExp(`^您的售后投诉${no}已同意退货：请于\\d{4}-\\d\\d-\\d\\d前将4个商品寄回（上海市闵行区 售后组（收）），包裹内请注明退货单号RMA`),
      ),
      `您的售后投诉${no}已登记退货快递：顺丰速运 SF777888999，我们收到后会尽快为您处理。`,
      `您的售后投诉${no}：我们已收到您退回的商品（数量相符），将尽快为您处理。`,
      `您的售后投诉${no}已办理退款¥80.00（退款单号${no}R），款项将原路退回。`,
    ]);
  });

  it('sends returns to the first active warehouse’s address by default, as the warehouse table says now (one source of site facts)', async () => {
    const [first] = (await listWarehousesForStaff(k())).filter((warehouse) => warehouse.isActive);
    if (!first) throw new Error('no active warehouse in the test store');
    const before = await filed();
    const authorised = await authoriseReturn(k(), { complaintId: before.complaint.id, staffName: '李主管' });
    expect(authorised.returnAddress).toBe(`${first.address} ${first.name} 售后组（收），请在包裹内附上退货单号`);
    const moved = '苏州市工业园区星湖街328号 创意产业园9栋';
    await saveWarehouseFacts(k(), { ...first, address: moved }, async () => undefined);
    const after = await filed();
    expect((await authoriseReturn(k(), { complaintId: after.complaint.id, staffName: '李主管' })).returnAddress).toContain(moved);
    expect(authorised.returnAddress).not.toContain('闵行');
  });

  it('sends a replacement after the return is received, and refunds without a return (仅退款) the whole line by default, at most what the order has left', async () => {
    const first = await filed();
    await authoriseReturn(k(), { complaintId: first.complaint.id, staffName: '李主管' });
    await receiveReturn(k(), { complaintId: first.complaint.id, staffName: '仓库小张' });
    const replaced = await replaceGoods(k(), {
      complaintId: first.complaint.id,
      staffName: '李主管',
      carrierName: '顺丰速运',
      trackingNo: 'SF555',
      isPickup: false,
    });
    expect(replaced).toMatchObject({ status: 'replaced', replaceCarrierName: '顺丰速运', replaceTrackingNo: 'SF555' });

    const second = await filed();
    await fireStaffEvent(k(), { complaintId: second.complaint.id, event: 'takeUp', staffName: '李主管' });
    const ctx = refundContext();
    const paid = (await k().selectFrom('orders').select('payableCents').where('orderNo', '=', second.order.orderNo).executeTakeFirstOrThrow()).payableCents;
    expect(await errorCodeOf(refundComplaint(ctx, { complaintId: second.complaint.id, staffName: '王财务', amountCents: paid + 1 }))).toBe(
      'complaint.refundInvalid',
    );
    expect(await refundedCentsOf(second.order.orderNo)).toBe(0);
    const { complaint } = await refundComplaint(ctx, { complaintId: second.complaint.id, staffName: '王财务' });
    expect(complaint).toMatchObject({ status: 'refunded', refundCents: 20_000, returnQuantity: null });
  });

  it('two staff refunding one complaint at once make one refund: the other is told the complaint changed', async () => {
    const { order, complaint } = await filed();
    await fireStaffEvent(k(), { complaintId: complaint.id, event: 'takeUp', staffName: '李主管' });
    const ctx = refundContext();
    const answers = await Promise.all([
      errorOf(refundComplaint(ctx, { complaintId: complaint.id, seen: 'processing', staffName: '王财务', amountCents: 5_000 })),
      errorOf(refundComplaint(ctx, { complaintId: complaint.id, seen: 'processing', staffName: '赵财务', amountCents: 6_000 })),
    ]);
    expect(answers.filter((answer) => answer.errorCode === 'none')).toHaveLength(1);
    expect(answers.find((answer) => answer.errorCode !== 'none')).toMatchObject({ errorCode: 'complaint.transitionInvalid', msg: '投诉已退款，不能退款' });
    const refunds = await k().selectFrom('paymentRefunds').select('amountCents').where('orderNo', '=', order.orderNo).execute();
    expect(refunds).toHaveLength(1);
    expect(await refundedCentsOf(order.orderNo)).toBe(refunds[0]?.amountCents);
  });

  it('keeps a refund the provider refused owed: the complaint is 已退款 with its refund 失败, and 关闭 waits for it to go through', async () => {
    const { browser, order, complaint } = await filed();
    await fireStaffEvent(k(), { complaintId: complaint.id, event: 'takeUp', staffName: '李主管' });
    // Paid through Alipay, which this store no longer has configured: the provider refuses.
    await k().updateTable('orders').set({ paymentMethod: 'alipay', paymentTradeNo: 'ALI-1' }).where('orderNo', '=', order.orderNo).execute();
    const { complaint: refunded, refund } = await refundComplaint(refundContext(), { complaintId: complaint.id, staffName: '王财务', amountCents: 3_000 });
    expect(refunded.status).toBe('refunded');
    expect(refund.status).toBe('failed');
    // Released or kept owed (a return's refund binds the order), never more than that one amount.
    expect(await refundedCentsOf(order.orderNo)).toBeLessThanOrEqual(3_000);
    expect((await browser.callOk(complaintCalls.detail, { id: complaint.id })).aftersales.refundStatusLabel).toBe('退款失败，客服将重新办理');
    expect(await errorOf(fireStaffEvent(k(), { complaintId: complaint.id, event: 'close', staffName: '李主管' }))).toEqual({
      errorCode: 'complaint.transitionInvalid',
      msg: '退款尚未成功，请在订单中重新退款后再关闭',
    });
    expect(await errorOf(refundComplaint(refundContext(), { complaintId: complaint.id, staffName: '王财务', amountCents: 3_000 }))).toEqual({
      errorCode: 'complaint.transitionInvalid',
      msg: '投诉已退款，不能退款',
    });
  });

  it('closes an authorised return not sent back within 7 days, once, and leaves one sent back or younger', async () => {
    const late = await filed();
    const sent = await filed();
    const young = await filed();
    const now = Date.now();
    const eightDaysAgo = now - 8 * dayMs;
    await authoriseReturn(k(), { complaintId: late.complaint.id, staffName: '李主管', now: eightDaysAgo });
    await authoriseReturn(k(), { complaintId: sent.complaint.id, staffName: '李主管', now: eightDaysAgo });
    await sent.browser.callOk(complaintCalls.shipReturn, { id: sent.complaint.id, carrierName: '中通快递', trackingNo: 'ZT123456' });
    await authoriseReturn(k(), { complaintId: young.complaint.id, staffName: '李主管', now: now - 6 * dayMs });
    // The clock each process runs (complaint.feature.ts), then once more: nothing is closed twice.
    expect(await createReturnExpiry(k(), t.deps.logger).run(now)).toBe(1);
    expect(await closeOverdueReturns(k(), now)).toBe(0);
    const statusOf = async (id: number) => (await k().selectFrom('complaints').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    expect([await statusOf(late.complaint.id), await statusOf(sent.complaint.id), await statusOf(young.complaint.id)]).toEqual([
      'closed',
      'returnShipped',
      'returnAuthorised',
    ]);
    expect((await returnedMessagesOf(late.userId)).at(-1)).toBe(
      `您的售后投诉${late.complaint.complaintNo}因同意退货后7天内未寄回商品，已自动关闭。如仍需售后，请重新提交投诉。`,
    );
  });
});
