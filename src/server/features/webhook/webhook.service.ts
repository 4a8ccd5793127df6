import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { formatBeijingRfc3339 } from '../../../contract/time.ts';
import {
  webhookErrors,
  webhookLimits,
  webhookTestEventType,
  type WebhookDeliveryView,
  type WebhookEndpointCreated,
  type WebhookEndpointView,
  type WebhookEventType,
  type WebhookPageData,
  type WebhookSecret,
} from '../../../contract/webhook.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { lockMember } from '../account/account.service.ts';
import { checkWebhookUrl } from './webhook-address.ts';
import { attemptDelivery } from './webhook-dispatcher.ts';
import { webhookBodyOf } from './webhook-events.ts';
import {
  countEndpoints,
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  findEndpoints,
  findRecentDeliveries,
  insertDeliveries,
  insertEndpoint,
  updateEndpoint,
  updateEndpointSecret,
} from './webhook.repository.ts';
import type { WebhookEndpointRow } from './webhook.tables.ts';

/** What the member's calls need beside the database: the time (AppDeps.clock) and whether private addresses are allowed. */
export interface WebhookContext {
  db: Kysely<Database>;
  now: () => number;
  isPrivateAllowed: boolean;
}

function newSecret(): string {
  return `whsec_${randomBytes(24).toString('hex')}`;
}

function endpointViewOf(row: WebhookEndpointRow): WebhookEndpointView {
  return {
    endpointId: row.id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEventType[],
    isActive: row.isActive === 1,
    createdAt: row.createdAt,
    secretRotatedAt: row.secretRotatedAt,
  };
}

export async function listWebhooks(db: Kysely<Database>, userId: number): Promise<WebhookPageData> {
  const endpoints = await findEndpoints(db, userId);
  const deliveries = await findRecentDeliveries(db, userId, webhookLimits.logSize);
  return {
    endpoints: endpoints.map(endpointViewOf),
    deliveries: deliveries.map((row): WebhookDeliveryView => ({
      deliveryId: row.id,
      endpointId: row.endpointId,
      url: row.url,
      eventId: row.eventId,
      eventType: row.eventType,
      state: row.state,
      attempts: row.attempts,
      createdAt: row.createdAt,
      lastAttemptAt: row.lastAttemptAt,
      lastStatusCode: row.lastStatusCode,
      lastError: row.lastError,
      nextAttemptAt: row.state === 'pending' ? row.nextAttemptAt : null,
      replayOf: row.replayOf,
    })),
  };
}

async function endpointOf(db: Kysely<Database>, userId: number, endpointId: number): Promise<WebhookEndpointRow> {
  const endpoint = await findEndpoint(db, userId, endpointId);
  if (!endpoint) throw new AppError(webhookErrors.notFound);
  return endpoint;
}

export async function createWebhookEndpoint(
  context: WebhookContext,
  userId: number,
  request: { url: string; events: WebhookEventType[] },
): Promise<WebhookEndpointCreated> {
  await checkWebhookUrl(request.url, context.isPrivateAllowed);
  const secret = newSecret();
  const endpointId = await withTransaction(context.db, async (trx) => {
    await lockMember(trx, userId);
    if ((await countEndpoints(trx, userId)) >= webhookLimits.endpointsPerMember) throw new AppError(webhookErrors.tooMany);
    return insertEndpoint(trx, { userId, url: request.url, events: JSON.stringify(request.events), secret, now: context.now() });
  });
  return { endpoint: endpointViewOf(await endpointOf(context.db, userId, endpointId)), secret, page: await listWebhooks(context.db, userId) };
}

export async function updateWebhookEndpoint(
  context: WebhookContext,
  userId: number,
  request: { endpointId: number; url: string; events: WebhookEventType[]; isActive: boolean },
): Promise<WebhookPageData> {
  await endpointOf(context.db, userId, request.endpointId);
  await checkWebhookUrl(request.url, context.isPrivateAllowed);
  const fields = { url: request.url, events: JSON.stringify(request.events), isActive: request.isActive ? 1 : 0, now: context.now() };
  if (!(await updateEndpoint(context.db, userId, request.endpointId, fields))) throw new AppError(webhookErrors.notFound);
  return listWebhooks(context.db, userId);
}

export async function removeWebhookEndpoint(db: Kysely<Database>, userId: number, endpointId: number): Promise<WebhookPageData> {
  const isDeleted = await withTransaction(db, (trx) => deleteEndpoint(trx, userId, endpointId));
  if (!isDeleted) throw new AppError(webhookErrors.notFound);
  return listWebhooks(db, userId);
}

export async function revealWebhookSecret(db: Kysely<Database>, userId: number, endpointId: number): Promise<WebhookSecret> {
  const endpoint = await endpointOf(db, userId, endpointId);
  return { endpointId, secret: endpoint.secret };
}

export async function rotateWebhookSecret(context: WebhookContext, userId: number, endpointId: number): Promise<WebhookSecret> {
  const secret = newSecret();
  if (!(await updateEndpointSecret(context.db, userId, endpointId, secret, context.now()))) throw new AppError(webhookErrors.notFound);
  return { endpointId, secret };
}

/** A new delivery sent at once (a test event or a replay), then the page as it stands after the attempt. */
async function sendNow(context: WebhookContext, userId: number, delivery: Parameters<typeof insertDeliveries>[1][number]): Promise<WebhookPageData> {
  const [deliveryId] = await insertDeliveries(context.db, [delivery]);
  if (deliveryId !== undefined) await attemptDelivery(context.db, deliveryId, delivery.now, { isPrivateAllowed: context.isPrivateAllowed });
  return listWebhooks(context.db, userId);
}

export async function sendWebhookTest(context: WebhookContext, userId: number, endpointId: number): Promise<WebhookPageData> {
  const endpoint = await endpointOf(context.db, userId, endpointId);
  if (endpoint.isActive !== 1) throw new AppError(webhookErrors.paused);
  const now = context.now();
  const eventId = `evt_test_${randomUUID().replaceAll('-', '')}`;
  const body = webhookBodyOf({
    id: eventId,
    type: webhookTestEventType,
    createdAt: formatBeijingRfc3339(now),
    data: { endpointId, message: '这是一条测试事件' },
  });
  return sendNow(context, userId, { endpointId, userId, eventId, eventType: webhookTestEventType, dedupeKey: eventId, body, replayOf: null, now });
}

/** 重新发送: the same event id and body as a new delivery (its own delivery id and attempts). */
export async function replayWebhookDelivery(context: WebhookContext, userId: number, deliveryId: number): Promise<WebhookPageData> {
  const original = await findDelivery(context.db, userId, deliveryId);
  if (!original) throw new AppError(webhookErrors.deliveryNotFound);
  const endpoint = await endpointOf(context.db, userId, original.endpointId);
  if (endpoint.isActive !== 1) throw new AppError(webhookErrors.paused);
  return sendNow(context, userId, {
    endpointId: original.endpointId,
    userId,
    eventId: original.eventId,
    eventType: original.eventType,
    dedupeKey: `replay:${randomUUID()}`,
    body: original.body,
    replayOf: original.replayOf ?? original.id,
    now: context.now(),
  });
}

/** The `webhooks` section of the open platform's OpenAPI document. */
export { webhookOpenApiSection } from './webhook-openapi.ts';
