import { describe, expect, it } from 'vitest';
import { MessageType } from '../../../contract/message.ts';
import { messageCalls } from '../../../contract/message-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { sendMessages } from './message.service.ts';

/** Marking read is one conditional update: concurrent calls never count a message twice. */
describe('marking messages read under concurrency', () => {
  const t = useTestApp();

  it('10 concurrent "read all" count each unread message once between them', async () => {
    const member = await t.member();
    const now = Date.now();
    await sendMessages(
      t.db.kysely,
      Array.from({ length: 25 }, (_, i) => ({
        userId: member.userId,
        messageType: MessageType.order,
        msgContent: `订单消息${i}`,
        sendDate: now - i * 1000,
        isRead: i < 5 ? 1 : 0,
      })),
    );
    const answers = await Promise.all(Array.from({ length: 10 }, () => member.browser.callOk(messageCalls.readAll, {})));
    expect(answers.reduce((sum, answer) => sum + answer.count, 0)).toBe(20);
    const unread = await t.db.kysely.selectFrom('messages').select('id').where('userId', '=', member.userId).where('isRead', '=', 0).execute();
    expect(unread).toEqual([]);
  });

  it('concurrent marks of one message all succeed and leave it read', async () => {
    const member = await t.member();
    await sendMessages(t.db.kysely, [{ userId: member.userId, messageType: MessageType.bom, msgContent: '<p>配单完成</p>', sendDate: Date.now() }]);
    const { id } = await t.db.kysely.selectFrom('messages').select('id').where('userId', '=', member.userId).executeTakeFirstOrThrow();
    const answers = await Promise.all(Array.from({ length: 10 }, () => member.browser.call(messageCalls.markRead, { id })));
    expect(answers.every((answer) => answer.code === 1)).toBe(true);
    const row = await t.db.kysely.selectFrom('messages').select('isRead').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.isRead).toBe(1);
  });
});
