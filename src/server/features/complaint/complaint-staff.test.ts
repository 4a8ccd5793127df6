import { describe, expect, it } from 'vitest';
import { complaintCalls } from '../../../contract/complaint-calls.ts';
import type { ComplaintStatus } from '../../../contract/complaint.ts';
import { AppError } from '../../http/app-error.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertOrderCatalog } from '../order/testing/order-fixture.ts';
import { replyAsStaff, setComplaintStatus } from './complaint-staff.service.ts';
import { orderAtStage } from './testing/complaint-fixture.ts';

const description = '芯片引脚弯折，无法贴片，共10片。';

describe('staff actions on complaints', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

  async function filed() {
    const member = await t.member();
    const order = await orderAtStage(t.db.kysely, t, t.fixture.catalog, member.userId, { stage: 'shipped' });
    const complaint = await member.browser.callOk(complaintCalls.create, { orderLineId: order.lineIds[0] ?? 0, type: 'damaged', description });
    return { ...member, order, complaint };
  }

  const errorCodeOf = async (work: Promise<unknown>) => {
    try {
      await work;
      return 'none';
    } catch (error) {
      if (error instanceof AppError) return error.errorCode;
      throw error;
    }
  };

  const returnedMessagesOf = async (userId: number) =>
    (await t.db.kysely.selectFrom('messages').select('msgContent').where('userId', '=', userId).where('messageType', '=', 2).orderBy('id').execute()).map(
      (row) => row.msgContent,
    );

  it('replies as staff: a 待处理 complaint is taken up, the member sees the reply and gets a 退货消息 with the number', async () => {
    const { browser, userId, complaint } = await filed();
    const row = await replyAsStaff(t.db.kysely, { complaintId: complaint.id, staffName: ' 王客服 ', text: ' 请提供外箱照片，我们将为您补发。 ' });
    expect(row.status).toBe('processing');
    const detail = await browser.callOk(complaintCalls.detail, { id: complaint.id });
    expect(detail).toMatchObject({ status: 'processing', statusLabel: '处理中', isOpen: true });
    expect(detail.replies).toEqual([expect.objectContaining({ author: 'staff', staffName: '王客服', text: '请提供外箱照片，我们将为您补发。' })]);
    expect(await returnedMessagesOf(userId)).toEqual([`您的售后投诉${complaint.complaintNo}有新的客服回复：请提供外箱照片，我们将为您补发。`]);
    await replyAsStaff(t.db.kysely, { complaintId: complaint.id, staffName: '王客服', text: '已安排补发。' });
    expect((await browser.callOk(complaintCalls.detail, { id: complaint.id })).replies.map((reply) => reply.text)).toEqual([
      '请提供外箱照片，我们将为您补发。',
      '已安排补发。',
    ]);
  });

  it('refuses a staff reply without a name or text, and on a closed complaint, sending nothing', async () => {
    const { browser, userId, complaint } = await filed();
    expect(await errorCodeOf(replyAsStaff(t.db.kysely, { complaintId: complaint.id, staffName: ' ', text: '你好' }))).toBe('complaint.staffNameMissing');
    expect(await errorCodeOf(replyAsStaff(t.db.kysely, { complaintId: complaint.id, staffName: '王客服', text: ' ' }))).toBe('complaint.staffReplyInvalid');
    expect(await errorCodeOf(replyAsStaff(t.db.kysely, { complaintId: 999_999, staffName: '王客服', text: '你好' }))).toBe('complaint.notFound');
    await browser.callOk(complaintCalls.close, { id: complaint.id });
    expect(await errorCodeOf(replyAsStaff(t.db.kysely, { complaintId: complaint.id, staffName: '王客服', text: '你好' }))).toBe('complaint.transitionInvalid');
    expect(await returnedMessagesOf(userId)).toEqual([]);
  });

  it('moves a complaint along the allowed transitions, each telling the member, and refuses the others', async () => {
    const { browser, userId, complaint } = await filed();
    const move = (status: ComplaintStatus, note?: string) => setComplaintStatus(t.db.kysely, { complaintId: complaint.id, status, staffName: '李主管', note });
    expect(await errorCodeOf(move('pending'))).toBe('complaint.transitionInvalid');
    expect((await move('processing')).status).toBe('processing');
    expect(await errorCodeOf(move('processing'))).toBe('complaint.transitionInvalid');
    expect((await move('resolved', '已补发10片，顺丰SF100200300。')).status).toBe('resolved');
    const resolved = await browser.callOk(complaintCalls.detail, { id: complaint.id });
    expect(resolved).toMatchObject({
      statusLabel: '已解决',
      isOpen: false,
      replies: [{ author: 'staff', staffName: '李主管', text: '已补发10片，顺丰SF100200300。' }],
    });
    expect(await browser.call(complaintCalls.reply, { id: complaint.id, text: '收到了' })).toMatchObject({ errorCode: 'complaint.notOpen' });
    expect((await move('processing')).status).toBe('processing');
    expect((await move('closed')).status).toBe('closed');
    for (const status of ['pending', 'processing', 'resolved', 'closed'] as const) expect(await errorCodeOf(move(status))).toBe('complaint.transitionInvalid');
    const no = complaint.complaintNo;
    expect(await returnedMessagesOf(userId)).toEqual([
      `您的售后投诉${no}正在处理中，客服会尽快与您联系。`,
      `您的售后投诉${no}已处理完成，如仍有问题请联系客服。客服说明：已补发10片，顺丰SF100200300。`,
      `您的售后投诉${no}正在处理中，客服会尽快与您联系。`,
      `您的售后投诉${no}已关闭。`,
    ]);
  });

  it('refuses to reopen a resolved complaint while the line has a newer open one', async () => {
    const { browser, order, complaint } = await filed();
    await setComplaintStatus(t.db.kysely, { complaintId: complaint.id, status: 'resolved', staffName: '李主管' });
    const newer = await browser.callOk(complaintCalls.create, { orderLineId: order.lineIds[0] ?? 0, type: 'other', description });
    expect(await errorCodeOf(setComplaintStatus(t.db.kysely, { complaintId: complaint.id, status: 'processing', staffName: '李主管' }))).toBe(
      'complaint.alreadyOpen',
    );
    expect((await browser.callOk(complaintCalls.detail, { id: complaint.id })).status).toBe('resolved');
    expect((await browser.callOk(complaintCalls.detail, { id: newer.id })).status).toBe('pending');
  });

  it('lets exactly one of a member withdrawal and a staff resolution win when they race', async () => {
    const { browser, complaint } = await filed();
    const [closed, resolved] = await Promise.all([
      browser.call(complaintCalls.close, { id: complaint.id }),
      errorCodeOf(setComplaintStatus(t.db.kysely, { complaintId: complaint.id, status: 'resolved', staffName: '李主管' })),
    ]);
    const winners = [closed.code === 1, resolved === 'none'].filter(Boolean);
    expect(winners).toHaveLength(1);
    const final = await browser.callOk(complaintCalls.detail, { id: complaint.id });
    expect(final.status).toBe(closed.code === 1 ? 'closed' : 'resolved');
  });
});
