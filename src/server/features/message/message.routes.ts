import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { messageCalls } from '../../../contract/message-calls.ts';
import { messageRequests } from '../../../contract/message-requests.ts';
import type { Database } from '../../db/database.ts';
import { registerCalls } from '../../http/api-route.ts';
import { markMessageRead, readAllMessages } from './message.service.ts';

export function registerMessageRoutes(app: FastifyInstance, db: Kysely<Database>) {
  registerCalls(app, messageCalls, messageRequests, {
    markRead: async ({ body, userId }) => {
      await markMessageRead(db, userId, body.id);
      return true;
    },
    readAll: async ({ userId }) => ({ count: await readAllMessages(db, userId) }),
  });
}
