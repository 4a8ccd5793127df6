import { beforeEach, describe, expect, it } from 'vitest';
import { MessageType, type MessageDetailsData, type MessageListData } from '../../../contract/message.ts';
import { messageCalls } from '../../../contract/message-calls.ts';
import { createMember, signIn } from '../../testing/factories.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { sendMessages } from './message.service.ts';

describe('member messages', () => {
  const t = useTestApp({
    fixture: async (app) => {
      const { userId } = await createMember(app.db.kysely, { nickName: '小芯' });
      const { userId: otherId } = await createMember(app.db.kysely);
      const base = Date.UTC(2026, 5, 11, 2, 30);
      await sendMessages(app.db.kysely, [
        ...Array.from({ length: 12 }, (_, i) => ({
          userId,
          messageType: MessageType.order,
          msgContent: `订单消息${i + 1}`,
          sendDate: base - (20 - i) * 60_000,
          isRead: 1,
        })),
        { userId, messageType: MessageType.bom, msgContent: '<p>BOM完成<script>x()</script></p>', sendDate: base - 3 * 60_000 },
        { userId, messageType: MessageType.invoice, msgContent: '发票已开具', sendDate: base - 2 * 60_000 },
        { userId, messageType: MessageType.offer, msgContent: '<p>报价单</p>', sendDate: base - 60_000 },
        { userId: otherId, messageType: MessageType.order, msgContent: '别人的消息', sendDate: base },
      ]);
      const rows = await app.db.kysely.selectFrom('messages').select(['id', 'msgContent']).execute();
      const ids: Record<string, number> = Object.fromEntries(rows.map((row) => [row.msgContent, row.id]));
      // One member browser for the file: the tests read and then mark its messages in turn.
      const member = new TestBrowser(app.app);
      await signIn(member, app.db.kysely, userId);
      return { otherId, ids, member };
    },
  });
  let otherId: number;
  let ids: Record<string, number>;
  let member: TestBrowser;
  beforeEach(() => {
    ({ otherId, ids, member } = t.fixture);
  });
  const idOf = (msgContent: string): number => {
    const id = ids[msgContent];
    if (id === undefined) throw new Error(`no message ${msgContent}`);
    return id;
  };

  it('sends visitors to the login page with a return path', async () => {
    const visitor = t.browser();
    for (const url of ['/user/message/list', `/user/message/details?id=${idOf('发票已开具')}`]) {
      const response = await visitor.get(url);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`/account/login?return=${encodeURIComponent(url)}`);
    }
  });

  it("lists the member's own messages newest first, 10 a page, with the unread count", async () => {
    const response = await member.get('/user/message/list');
    expect(response.statusCode).toBe(200);
    const { data } = pageStateOf<MessageListData>(response.body);
    expect(data.total).toBe(15);
    expect(data.unreadCount).toBe(3);
    expect(data.messages).toHaveLength(10);
    expect(data.messages.slice(0, 3).map((message) => message.messageType)).toEqual([MessageType.offer, MessageType.invoice, MessageType.bom]);
    expect(data.messages[2]?.msgContent).toBe('<p>BOM完成</p>');
    expect(data.messages[0]?.sendDateStr).toBe('2026-06-11 10:29');
    expect(response.body).not.toContain('别人的消息');
    expect(response.body).not.toContain('<script>x()');

    const second = pageStateOf<MessageListData>((await member.get('/user/message/list?page=2')).body).data;
    expect(second.messages).toHaveLength(5);
    expect(second.page).toBe(2);
  });

  it('filters by kind and by unread, and ignores a bad page or kind', async () => {
    const bom = pageStateOf<MessageListData>((await member.get('/user/message/list?type=1')).body).data;
    expect(bom.messages.map((message) => message.messageType)).toEqual([MessageType.bom]);
    expect(bom.messageType).toBe(1);
    const unread = pageStateOf<MessageListData>((await member.get('/user/message/list?unread=1')).body).data;
    expect(unread.total).toBe(3);
    const lenient = pageStateOf<MessageListData>((await member.get('/user/message/list?type=9&page=-3')).body).data;
    expect(lenient).toMatchObject({ messageType: null, page: 1, total: 15 });
  });

  it('opens a message without marking it read: a GET writes nothing, the page marks it by call', async () => {
    const id = idOf('发票已开具');
    const isReadInDb = async () => (await t.db.kysely.selectFrom('messages').select('isRead').where('id', '=', id).executeTakeFirstOrThrow()).isRead;
    for (let opening = 0; opening < 2; opening++) {
      const response = await member.get(`/user/message/details?id=${id}`);
      expect(response.statusCode).toBe(200);
      const state = pageStateOf<MessageDetailsData>(response.body);
      expect(state.data.message).toMatchObject({ id, msgContent: '发票已开具', isRead: false, messageType: MessageType.invoice });
      expect(state.shell.headerStatusInfo.unreadCount).toBe(3);
      expect(state.shell.headerStatusInfo.messageList.map((message) => message.id)).toContain(id);
      expect(await isReadInDb()).toBe(0);
    }
    expect(await member.call(messageCalls.markRead, { id })).toEqual({ code: 1, data: true, msg: '' });
    expect(await isReadInDb()).toBe(1);
    const reopened = pageStateOf<MessageDetailsData>((await member.get(`/user/message/details?id=${id}`)).body);
    expect(reopened.data.message.isRead).toBe(true);
    expect(reopened.shell.headerStatusInfo.unreadCount).toBe(2);
  });

  it("answers someone else's, unknown or malformed ids with the 404 page", async () => {
    for (const id of [String(idOf('别人的消息')), '999999', 'abc', '', '1.5']) {
      const response = await member.get(`/user/message/details?id=${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('抱歉，您访问的页面不存在');
    }
  });

  it("marks one message read by call, refusing others' and visitors", async () => {
    const id = idOf('<p>报价单</p>');
    expect(await member.call(messageCalls.markRead, { id })).toEqual({ code: 1, data: true, msg: '' });
    const row = await t.db.kysely.selectFrom('messages').select('isRead').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.isRead).toBe(1);
    expect(await member.call(messageCalls.markRead, { id: idOf('别人的消息') })).toEqual({
      code: 404,
      data: null,
      msg: '消息不存在',
      errorCode: 'message.notFound',
    });
    expect(await member.post(messageCalls.markRead.path, { id: 'x' })).toEqual({ code: 400, data: null, msg: '消息编号有误', errorCode: 'request.invalid' });
    expect(await t.browser().call(messageCalls.markRead, { id })).toMatchObject({ code: 401, errorCode: 'request.loginRequired' });
  });

  it("marks all of the member's messages read, and no one else's", async () => {
    expect(await member.call(messageCalls.readAll, {})).toEqual({ code: 1, data: { count: 1 }, msg: '' });
    const shell = pageStateOf((await member.get('/no/such/page')).body).shell;
    expect(shell.headerStatusInfo).toEqual({ unreadCount: 0, messageList: [] });
    expect(shell.headerData.bomMessageCount).toBe(0);
    const others = await t.db.kysely.selectFrom('messages').select('isRead').where('userId', '=', otherId).executeTakeFirstOrThrow();
    expect(others.isRead).toBe(0);
    expect(await t.browser().call(messageCalls.readAll, {})).toMatchObject({ code: 401, errorCode: 'request.loginRequired' });
  });
});
