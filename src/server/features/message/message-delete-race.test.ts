import { describe, expect, it } from 'vitest';
import { MessageType } from '../../../contract/message.ts';
import { messageCalls } from '../../../contract/message-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { sendMessages } from './message.service.ts';

/** Deleting is one statement: concurrent deletes of the same messages count each one once between them. */
describe('deleting messages under concurrency', () => {
  const t = useTestApp();

  it('10 concurrent deletes of the same 20 messages delete each once and count each unread once', async () => {
    const member = await t.member();
    const now = Date.now();
    await sendMessages(
      t.db.kysely,
      Array.from({ length: 20 }, (_, i) => ({
        userId: member.userId,
        messageType: MessageType.order,
        msgContent: `消息${String(i)}`,
        sendDate: now - i,
        isRead: i < 8 ? 1 : 0,
      })),
    );
    const ids = (await t.db.kysely.selectFrom('messages').select('id').where('userId', '=', member.userId).execute()).map((row) => row.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => member.browser.callOk(messageCalls.delete, { ids })));
    expect(answers.reduce((sum, answer) => sum + answer.count, 0)).toBe(20);
    expect(answers.reduce((sum, answer) => sum + answer.unreadCount, 0)).toBe(12);
    expect(await t.db.kysely.selectFrom('messages').select('id').where('userId', '=', member.userId).execute()).toEqual([]);
  });
});
