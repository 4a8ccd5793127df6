import { describe, expect, it } from 'vitest';
import { MessageType, type MessageListData } from '../../../contract/message.ts';
import { messageCalls } from '../../../contract/message-calls.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { sendMessages } from './message.service.ts';

describe('deleting messages, the list call and the shell summary', () => {
  const t = useTestApp();

  async function memberWithMessages(count: number, isRead: (i: number) => boolean, messageType: (i: number) => number = () => MessageType.order) {
    const member = await t.member();
    const now = Date.now();
    await sendMessages(
      t.db.kysely,
      Array.from({ length: count }, (_, i) => ({
        userId: member.userId,
        messageType: messageType(i),
        msgContent: `消息${String(i)}`,
        sendDate: now - i * 1000,
        isRead: isRead(i) ? 1 : 0,
      })),
    );
    const rows = await t.db.kysely
      .selectFrom('messages')
      .select(['id', 'msgContent'])
      .where('userId', '=', member.userId)
      .orderBy('sendDate', 'desc')
      .execute();
    return { member, ids: rows.map((row) => row.id) };
  }

  it('deletes the named own messages, answering how many went and how many were unread; the count follows', async () => {
    const { member, ids } = await memberWithMessages(4, (i) => i >= 2);
    const [first, second, third] = ids;
    if (first === undefined || second === undefined || third === undefined) throw new Error('no messages');
    expect(await member.browser.callOk(messageCalls.delete, { ids: [first, third, first] })).toEqual({ count: 2, unreadCount: 1 });
    expect(await member.browser.callOk(messageCalls.summary, {})).toMatchObject({ unreadCount: 1, bomMessageCount: 0 });
    const left = await t.db.kysely.selectFrom('messages').select('id').where('userId', '=', member.userId).orderBy('id').execute();
    expect(left.map((row) => row.id).sort()).toEqual(ids.filter((id) => id !== first && id !== third).sort());
    // A second delete of the same ids finds nothing.
    expect(await member.browser.callOk(messageCalls.delete, { ids: [first] })).toEqual({ count: 0, unreadCount: 0 });
    expect(pageStateOf((await member.browser.get('/user/message/list')).body).shell.headerStatusInfo.unreadCount).toBe(1);
    expect(second).toBeGreaterThan(0);
  });

  it("never deletes another member's messages, and refuses visitors and bad bodies", async () => {
    const owner = await memberWithMessages(1, () => false);
    const other = await t.member();
    const [id] = owner.ids;
    if (id === undefined) throw new Error('no message');
    expect(await other.browser.callOk(messageCalls.delete, { ids: [id] })).toEqual({ count: 0, unreadCount: 0 });
    expect(await t.db.kysely.selectFrom('messages').select('id').where('id', '=', id).executeTakeFirst()).toEqual({ id });
    expect(await t.browser().call(messageCalls.delete, { ids: [id] })).toMatchObject({ code: 401, errorCode: 'request.loginRequired' });
    expect(await other.browser.post(messageCalls.delete.path, { ids: [] })).toMatchObject({
      code: 400,
      msg: '请选择要删除的消息',
      errorCode: 'request.invalid',
    });
    expect(await other.browser.post(messageCalls.delete.path, { ids: 'x' })).toMatchObject({ code: 400, errorCode: 'request.invalid' });
    expect(await other.browser.post(messageCalls.delete.path, { ids: ['abc'] })).toMatchObject({ code: 400, msg: '消息编号有误' });
    expect(await other.browser.post(messageCalls.delete.path, { ids: Array.from({ length: 101 }, (_, i) => i + 1) })).toMatchObject({
      code: 400,
      msg: '一次最多删除100条消息',
    });
  });

  it('lists a page by call with the filters, stepping back to the last page when its rows are gone', async () => {
    const { member, ids } = await memberWithMessages(
      12,
      (i) => i % 2 === 0,
      (i) => (i < 3 ? MessageType.bom : MessageType.order),
    );
    const second = await member.browser.callOk(messageCalls.list, { page: 2 });
    expect(second).toMatchObject({ page: 2, total: 12, unreadCount: 6 });
    expect(second.messages).toHaveLength(2);
    await member.browser.callOk(messageCalls.delete, { ids: second.messages.map((message) => message.id) });
    const after: MessageListData = await member.browser.callOk(messageCalls.list, { page: 2 });
    expect(after).toMatchObject({ page: 1, total: 10 });
    expect(await member.browser.callOk(messageCalls.list, { type: MessageType.bom, unread: true })).toMatchObject({
      total: 1,
      messageType: 1,
      isUnreadOnly: true,
    });
    const read = await member.browser.callOk(messageCalls.list, { read: true });
    expect(read.isReadOnly).toBe(true);
    expect(read.messages.every((message) => message.isRead)).toBe(true);
    expect(read.total).toBe(5);
    expect(ids).toHaveLength(12);
  });

  it('the read filter of the page: ?read=1 shows read ones only; unread wins over read', async () => {
    const { member } = await memberWithMessages(3, (i) => i === 0);
    const read = pageStateOf<MessageListData>((await member.browser.get('/user/message/list?read=1')).body).data;
    expect(read).toMatchObject({ total: 1, isReadOnly: true, isUnreadOnly: false });
    const both = pageStateOf<MessageListData>((await member.browser.get('/user/message/list?read=1&unread=1')).body).data;
    expect(both).toMatchObject({ total: 2, isReadOnly: false, isUnreadOnly: true });
  });

  it('the summary counts unread messages, BOM and offer ones apart, and lists the latest 3 unread', async () => {
    const { member } = await memberWithMessages(
      6,
      (i) => i === 5,
      (i) => [MessageType.offer, MessageType.alert, MessageType.bom, MessageType.order, MessageType.invoice, MessageType.bom][i] ?? MessageType.order,
    );
    const summary = await member.browser.callOk(messageCalls.summary, {});
    expect(summary.unreadCount).toBe(5);
    expect(summary.bomMessageCount).toBe(2);
    expect(summary.messageList.map((message) => message.messageType)).toEqual([MessageType.offer, MessageType.alert, MessageType.bom]);
    expect(await t.browser().call(messageCalls.summary, {})).toMatchObject({ code: 401 });
  });
});
