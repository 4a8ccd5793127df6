import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { messageCalls } from '../../../contract/message-calls.ts';
import { messageRequests } from '../../../contract/message-requests.ts';
import type { Database } from '../../db/database.ts';
import { registerCalls } from '../../http/api-route.ts';
import { deleteMessages, listMessages, markMessageRead, readAllMessages, shellMessageSummary } from './message.service.ts';
import { isMessageTypeCode } from '../../../contract/message.ts';

export function registerMessageRoutes(app: FastifyInstance, db: Kysely<Database>) {
  registerCalls(app, messageCalls, messageRequests, {
    markRead: async ({ body, userId }) => {
      await markMessageRead(db, userId, body.id);
      return true;
    },
    readAll: async ({ userId }) => ({ count: await readAllMessages(db, userId) }),
    delete: ({ body, userId }) => deleteMessages(db, userId, body.ids),
    list: ({ body, userId }) =>
      listMessages(db, userId, {
        page: body.page ?? 1,
        messageType: body.type != null && isMessageTypeCode(body.type) ? body.type : null,
        isUnreadOnly: body.unread ?? false,
        isReadOnly: body.read ?? false,
      }),
    summary: ({ userId }) => shellMessageSummary(db, userId),
  });
}
