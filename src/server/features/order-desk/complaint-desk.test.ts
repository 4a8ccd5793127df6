import { describe, expect, it } from 'vitest';
import { adminComplaintCalls } from '../../../contract/console/orders-calls.ts';
import { complaintCalls } from '../../../contract/complaint-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { orderAtStage, uploadFeedbackPhoto } from '../complaint/testing/complaint-fixture.ts';
import { insertOrderCatalog } from '../order/testing/order-fixture.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';

describe('售后服务 (complaint desk calls)', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });
  const k = () => t.db.kysely;
  const auditOf = (complaintNo: string) => k().selectFrom('auditLog').selectAll().where('subjectId', '=', complaintNo).orderBy('id').execute();
  const returnedMessagesOf = async (userId: number) =>
    (await k().selectFrom('messages').select('msgContent').where('userId', '=', userId).where('messageType', '=', 2).orderBy('id').execute()).map(
      (row) => row.msgContent,
    );

  async function filed() {
    const member = await t.member();
    const order = await orderAtStage(k(), t, t.fixture.catalog, member.userId, { stage: 'shipped' });
    const photo = await uploadFeedbackPhoto(t, member.browser);
    const complaint = await member.browser.callOk(complaintCalls.create, {
      orderLineId: order.lineIds[0] ?? 0,
      type: 'damaged',
      description: '芯片引脚弯折，无法贴片，共10片。',
      photoKeys: [photo],
    });
    return { ...member, order, complaint };
  }

  it('lists complaints as a grid filtered by number, phone, status and type, and shows one with its thread and photos', async () => {
    const service = await signedInStaff(t.app, k(), 'service');
    const { complaint, phone, order } = await filed();
    const list = await service.browser.call(adminComplaintCalls.list, { filters: { complaintNo: complaint.complaintNo } });
    expect(list).toMatchObject({
      code: 1,
      data: {
        total: 1,
        rows: [{ complaintNo: complaint.complaintNo, orderNo: order.orderNo, memberPhone: phone, statusLabel: '待处理', typeLabel: '商品损坏' }],
      },
    });
    expect((await service.browser.call(adminComplaintCalls.list, { filters: { memberPhone: phone, status: 'closed' } })).data?.total).toBe(0);
    expect(
      (await service.browser.call(adminComplaintCalls.list, { filters: { type: 'damaged' }, sort: { column: 'updatedAt', direction: 'desc' } })).data?.total,
    ).toBeGreaterThanOrEqual(1);
    expect(await service.browser.post(adminComplaintCalls.list.path, { filters: { status: 'lost' } })).toMatchObject({ code: 400, msg: '请求参数有误' });
    const detail = await service.browser.call(adminComplaintCalls.detail, { id: complaint.id });
    expect(detail.data).toMatchObject({
      description: '芯片引脚弯折，无法贴片，共10片。',
      quantity: 10,
      lineAmountCents: 20_000,
      orderStatusLabel: '已发货',
      replies: [],
    });
    expect(detail.data?.photos).toHaveLength(1);
    expect(detail.data).toMatchObject({
      facts: { state: 'pending', isWithinWindow: true, isReturnOverdue: false, isRefundFailed: false, orderRefundableCents: 20_000 },
      suggestedRefundCents: 20_000,
      aftersales: { rmaNo: null, refundNo: null, replaceCarrierName: null },
    });
    expect(await service.browser.call(adminComplaintCalls.detail, { id: 999_999 })).toMatchObject({ code: 404, msg: '投诉不存在' });
  });

  it('replies, authorises a return, receives it and sends a replacement, then closes: each tells the member (type 2) once and is audited once; a closed one refuses more', async () => {
    const service = await signedInStaff(t.app, k(), 'service');
    const { complaint, browser, userId } = await filed();
    expect(await service.browser.post(adminComplaintCalls.reply.path, { id: complaint.id, text: ' ' })).toMatchObject({ code: 400, msg: '请填写回复内容' });
    const replied = await service.browser.call(adminComplaintCalls.reply, { id: complaint.id, text: '请将商品寄回，我们收到后为您换货。' });
    expect(replied).toMatchObject({
      code: 1,
      msg: '回复已发送',
      data: { statusLabel: '处理中', replies: [{ author: 'staff', staffName: service.displayName }] },
    });
    // Goods are received only once a return is authorised.
    expect(await service.browser.call(adminComplaintCalls.receiveGoods, { id: complaint.id, from: 'processing', note: '' })).toMatchObject({
      code: 409,
      errorCode: 'complaint.transitionInvalid',
      msg: '投诉正在处理中，不能确认收到退货',
    });
    const authorised = await service.browser.call(adminComplaintCalls.authoriseReturn, {
      id: complaint.id,
      from: 'processing',
      quantity: 10,
      address: '上海市闵行区 芯品商城仓库 售后组（收）',
    });
    expect(authorised).toMatchObject({
      code: 1,
      msg: '已同意退货，退货信息已发送给会员',
      data: { status: 'returnAuthorised', aftersales: { rmaNo: `RMA${complaint.complaintNo.slice(2)}`, returnQuantity: 10 } },
    });
    await browser.callOk(complaintCalls.shipReturn, { id: complaint.id, from: 'returnAuthorised', carrierName: '顺丰速运', trackingNo: 'SF2024001' });
    const received = await service.browser.call(adminComplaintCalls.receiveGoods, { id: complaint.id, from: 'returnShipped', note: '外箱完好' });
    expect(received.data).toMatchObject({ statusLabel: '已收货', aftersales: { returnTrackingNo: 'SF2024001' } });
    expect(received.data?.replies.at(-1)?.text).toBe('外箱完好');
    expect(await service.browser.call(adminComplaintCalls.replace, { id: complaint.id, carrierCode: 'sf', trackingNo: '' })).toMatchObject({
      code: 400,
      msg: '请填写换货的快递单号',
    });
    const replaced = await service.browser.call(adminComplaintCalls.replace, {
      id: complaint.id,
      from: 'goodsReceived',
      carrierCode: 'sf',
      trackingNo: 'SF555',
    });
    expect(replaced).toMatchObject({ code: 1, data: { status: 'replaced', statusLabel: '已换货', aftersales: { replaceTrackingNo: 'SF555' } } });
    const memberView = await browser.callOk(complaintCalls.detail, { id: complaint.id });
    expect(memberView.replies.map((reply) => reply.text)).toContain('已为您换货发出：顺丰速运，运单号 SF555。');
    const closed = await service.browser.call(adminComplaintCalls.transition, { id: complaint.id, event: 'close', from: 'replaced', note: '' });
    expect(closed).toMatchObject({ code: 1, data: { status: 'closed', facts: { state: 'closed' } } });
    expect(await service.browser.call(adminComplaintCalls.reply, { id: complaint.id, text: '还有问题吗？' })).toMatchObject({
      code: 409,
      msg: '投诉已关闭，不能回复',
    });
    expect(await service.browser.call(adminComplaintCalls.transition, { id: complaint.id, event: 'reopen', note: '' })).toMatchObject({
      code: 409,
      msg: '投诉已关闭，不能重新处理',
    });
    expect(await returnedMessagesOf(userId)).toHaveLength(6);
    expect((await returnedMessagesOf(userId))[0]).toBe(`您的售后投诉${complaint.complaintNo}有新的客服回复：请将商品寄回，我们收到后为您换货。`);
    expect((await auditOf(complaint.complaintNo)).map((entry) => entry.action)).toEqual(['reply', 'authoriseReturn', 'receiveGoods', 'replace', 'close']);
  });

  it('refunds a received return through the order with 财务’s permission: the returned share by default, audited, the order’s refund recorded', async () => {
    const service = await signedInStaff(t.app, k(), 'service');
    const admin = await signedInStaff(t.app, k(), 'admin');
    const { complaint, browser, order } = await filed();
    expect(await service.browser.call(adminComplaintCalls.authoriseReturn, { id: complaint.id, quantity: 5, address: '上海市闵行区 售后组' })).toMatchObject({
      code: 1,
    });
    expect(await service.browser.call(adminComplaintCalls.receiveGoods, { id: complaint.id, note: '' })).toMatchObject({ code: 1 });
    expect(await service.browser.call(adminComplaintCalls.refund, { id: complaint.id, from: 'goodsReceived', note: '' })).toMatchObject({
      code: 403,
    });
    expect((await admin.browser.call(adminComplaintCalls.detail, { id: complaint.id })).data?.suggestedRefundCents).toBe(10_000);
    const refunded = await admin.browser.call(adminComplaintCalls.refund, { id: complaint.id, from: 'goodsReceived', note: '退货检验合格' });
    expect(refunded).toMatchObject({
      code: 1,
      msg: '退款已提交',
      data: { status: 'refunded', orderRefundableCents: 10_000, aftersales: { refundNo: `${complaint.complaintNo}R`, refundCents: 10_000 } },
    });
    const entries = await auditOf(complaint.complaintNo);
    expect(entries.map((entry) => entry.action)).toEqual(['authoriseReturn', 'receiveGoods', 'refund']);
    expect(JSON.parse(entries.at(-1)?.afterJson ?? '{}')).toMatchObject({ status: 'refunded', refundNo: `${complaint.complaintNo}R`, refundCents: 10_000 });
    const refunds = await k().selectFrom('paymentRefunds').select(['refundNo', 'amountCents']).where('orderNo', '=', order.orderNo).execute();
    expect(refunds).toEqual([{ refundNo: `${complaint.complaintNo}R`, amountCents: 10_000 }]);
    expect((await browser.callOk(complaintCalls.detail, { id: complaint.id })).statusLabel).toBe('已退款');
  });

  it('two staff acting on one 待处理 complaint at once: one wins, one audit entry', async () => {
    const [first, second] = [await signedInStaff(t.app, k(), 'service'), await signedInStaff(t.app, k(), 'admin')];
    const { complaint } = await filed();
    // Both act on the complaint as their consoles showed it, 待处理.
    const answers = await Promise.all([
      first.browser.call(adminComplaintCalls.transition, { id: complaint.id, event: 'reject', from: 'pending', note: '非来料问题' }),
      second.browser.call(adminComplaintCalls.transition, { id: complaint.id, event: 'resolve', from: 'pending', note: '' }),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([1, 409]);
    expect(await auditOf(complaint.complaintNo)).toHaveLength(1);
  });

  it('an event chosen from a status a colleague has since changed is refused, nothing changed or audited', async () => {
    const [first, second] = [await signedInStaff(t.app, k(), 'service'), await signedInStaff(t.app, k(), 'admin')];
    const { complaint } = await filed();
    expect(await first.browser.call(adminComplaintCalls.transition, { id: complaint.id, event: 'takeUp', from: 'pending', note: '' })).toMatchObject({
      code: 1,
      data: { status: 'processing' },
    });
    // 解决 is allowed from 处理中 too, but the second page still showed 待处理.
    expect(await second.browser.call(adminComplaintCalls.transition, { id: complaint.id, event: 'resolve', from: 'pending', note: '' })).toMatchObject({
      code: 409,
      errorCode: 'complaint.changedMeanwhile',
      msg: '投诉状态已被他人更改，请刷新后重试',
    });
    expect((await second.browser.call(adminComplaintCalls.detail, { id: complaint.id })).data).toMatchObject({ status: 'processing' });
    expect(await auditOf(complaint.complaintNo)).toHaveLength(1);
  });

  it('refuses the desk to roles without it (403), nothing changed or audited', async () => {
    const content = await signedInStaff(t.app, k(), 'content');
    const warehouse = await signedInStaff(t.app, k(), 'warehouse');
    const { complaint, userId } = await filed();
    const forbidden = { code: 403, msg: '您没有权限执行此操作' };
    for (const answer of await Promise.all([
      content.browser.call(adminComplaintCalls.list, {}),
      content.browser.call(adminComplaintCalls.detail, { id: complaint.id }),
      content.browser.call(adminComplaintCalls.reply, { id: complaint.id, text: '你好' }),
      warehouse.browser.call(adminComplaintCalls.transition, { id: complaint.id, event: 'reject', note: '不支持' }),
      content.browser.call(adminComplaintCalls.authoriseReturn, { id: complaint.id, quantity: 1, address: '上海' }),
      warehouse.browser.call(adminComplaintCalls.refund, { id: complaint.id, note: '' }),
      content.browser.call(adminComplaintCalls.receiveGoods, { id: complaint.id, note: '' }),
      content.browser.call(adminComplaintCalls.replace, { id: complaint.id, carrierCode: 'sf', trackingNo: 'SF1' }),
    ]))
      expect(answer).toMatchObject(forbidden);
    expect(await returnedMessagesOf(userId)).toEqual([]);
    expect(await auditOf(complaint.complaintNo)).toEqual([]);
    expect((await k().selectFrom('complaints').select('status').where('id', '=', complaint.id).executeTakeFirstOrThrow()).status).toBe('pending');
  });
});
