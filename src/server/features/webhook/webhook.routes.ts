import type { FastifyInstance } from 'fastify';
import { webhookMessages } from '../../../contract/webhook.ts';
import { webhookCalls } from '../../../contract/webhook-calls.ts';
import { webhookRequests } from '../../../contract/webhook-requests.ts';
import { registerCalls, WithMessage } from '../../http/api-route.ts';
import {
  createWebhookEndpoint,
  listWebhooks,
  removeWebhookEndpoint,
  replayWebhookDelivery,
  revealWebhookSecret,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
  type WebhookContext,
} from './webhook.service.ts';

/** webhookCalls: members only (visitors get 401 → login). */
export function registerWebhookRoutes(app: FastifyInstance, context: WebhookContext) {
  const { db } = context;
  registerCalls(app, webhookCalls, webhookRequests, {
    list: ({ userId }) => listWebhooks(db, userId),
    create: async ({ body, userId }) => new WithMessage(await createWebhookEndpoint(context, userId, body), webhookMessages.created),
    update: async ({ body, userId }) => new WithMessage(await updateWebhookEndpoint(context, userId, body), webhookMessages.saved),
    remove: async ({ body, userId }) => new WithMessage(await removeWebhookEndpoint(db, userId, body.endpointId), webhookMessages.deleted),
    revealSecret: ({ body, userId }) => revealWebhookSecret(db, userId, body.endpointId),
    rotateSecret: async ({ body, userId }) => new WithMessage(await rotateWebhookSecret(context, userId, body.endpointId), webhookMessages.rotated),
    sendTest: async ({ body, userId }) => new WithMessage(await sendWebhookTest(context, userId, body.endpointId), webhookMessages.testQueued),
    replay: async ({ body, userId }) => new WithMessage(await replayWebhookDelivery(context, userId, body.deliveryId), webhookMessages.replayQueued),
  });
}
