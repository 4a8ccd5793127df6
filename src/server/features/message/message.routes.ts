import type { FastifyInstance } from 'fastify';
import type { ReadAllMessagesResponse } from '../../../contract/message.ts';
import { markMessageReadRequest, readAllMessagesRequest } from '../../../contract/message-requests.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { apiRoute } from '../../http/api-route.ts';
import { markMessageRead, readAllMessages } from './message.service.ts';

export function registerMessageRoutes(app: FastifyInstance, deps: ServiceDeps) {
  apiRoute(app, {
    path: '/user/api/message/markRead',
    body: markMessageReadRequest,
    member: true,
    async handle({ body, userId }) {
      await markMessageRead(deps.db, userId, body.id);
      return true;
    },
  });

  apiRoute(app, {
    path: '/user/api/message/readAll',
    body: readAllMessagesRequest,
    member: true,
    async handle({ userId }): Promise<ReadAllMessagesResponse> {
      return { count: await readAllMessages(deps.db, userId) };
    },
  });
}
