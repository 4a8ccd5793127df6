import type { Kysely } from 'kysely';
import type { WebhookDeliveryState } from '../../../contract/webhook.ts';
import type { Database } from '../../db/database.ts';
import type { WebhookDeliveryRow, WebhookEndpointRow } from './webhook.tables.ts';

export interface NewEndpoint {
  userId: number;
  url: string;
  events: string;
  secret: string;
  now: number;
}

export async function insertEndpoint(db: Kysely<Database>, endpoint: NewEndpoint): Promise<number> {
  const row = await db
    .insertInto('webhookEndpoints')
    .values({
      userId: endpoint.userId,
      url: endpoint.url,
      events: endpoint.events,
      secret: endpoint.secret,
      secretRotatedAt: endpoint.now,
      createdAt: endpoint.now,
      updatedAt: endpoint.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findEndpoints(db: Kysely<Database>, userId: number): Promise<WebhookEndpointRow[]> {
  return db.selectFrom('webhookEndpoints').selectAll().where('userId', '=', userId).orderBy('id').execute();
}

export function findEndpoint(db: Kysely<Database>, userId: number, endpointId: number): Promise<WebhookEndpointRow | undefined> {
  return db.selectFrom('webhookEndpoints').selectAll().where('id', '=', endpointId).where('userId', '=', userId).executeTakeFirst();
}

export async function updateEndpoint(
  db: Kysely<Database>,
  userId: number,
  endpointId: number,
  fields: { url: string; events: string; isActive: number; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('webhookEndpoints')
    .set({ url: fields.url, events: fields.events, isActive: fields.isActive, updatedAt: fields.now })
    .where('id', '=', endpointId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function updateEndpointSecret(db: Kysely<Database>, userId: number, endpointId: number, secret: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('webhookEndpoints')
    .set({ secret, secretRotatedAt: now, updatedAt: now })
    .where('id', '=', endpointId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteEndpoint(db: Kysely<Database>, userId: number, endpointId: number): Promise<boolean> {
  await db.deleteFrom('webhookDeliveries').where('endpointId', '=', endpointId).where('userId', '=', userId).execute();
  const result = await db.deleteFrom('webhookEndpoints').where('id', '=', endpointId).where('userId', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The active endpoints of these members, for the events picked up. */
export function findActiveEndpointsOf(db: Kysely<Database>, userIds: readonly number[]): Promise<WebhookEndpointRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('webhookEndpoints').selectAll().where('userId', 'in', userIds).where('isActive', '=', 1).execute();
}

export interface NewDelivery {
  endpointId: number;
  userId: number;
  eventId: string;
  eventType: string;
  dedupeKey: string;
  body: string;
  replayOf: number | null;
  now: number;
}

/** One delivery per endpoint and dedupe key: an event picked up twice (two processes, a re-read) inserts nothing the second time. */
export async function insertDeliveries(db: Kysely<Database>, deliveries: readonly NewDelivery[]): Promise<number[]> {
  if (deliveries.length === 0) return [];
  const rows = await db
    .insertInto('webhookDeliveries')
    .values(
      deliveries.map((delivery) => ({
        endpointId: delivery.endpointId,
        userId: delivery.userId,
        eventId: delivery.eventId,
        eventType: delivery.eventType,
        dedupeKey: delivery.dedupeKey,
        body: delivery.body,
        state: 'pending' as const,
        nextAttemptAt: delivery.now,
        replayOf: delivery.replayOf,
        createdAt: delivery.now,
      })),
    )
    .onConflict((conflict) => conflict.columns(['endpointId', 'dedupeKey']).doNothing())
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export function findDelivery(db: Kysely<Database>, userId: number, deliveryId: number): Promise<WebhookDeliveryRow | undefined> {
  return db.selectFrom('webhookDeliveries').selectAll().where('id', '=', deliveryId).where('userId', '=', userId).executeTakeFirst();
}

export function findRecentDeliveries(db: Kysely<Database>, userId: number, limit: number) {
  return db
    .selectFrom('webhookDeliveries')
    .innerJoin('webhookEndpoints', 'webhookEndpoints.id', 'webhookDeliveries.endpointId')
    .select([
      'webhookDeliveries.id',
      'webhookDeliveries.endpointId',
      'webhookEndpoints.url',
      'webhookDeliveries.eventId',
      'webhookDeliveries.eventType',
      'webhookDeliveries.state',
      'webhookDeliveries.attempts',
      'webhookDeliveries.createdAt',
      'webhookDeliveries.lastAttemptAt',
      'webhookDeliveries.lastStatusCode',
      'webhookDeliveries.lastError',
      'webhookDeliveries.nextAttemptAt',
      'webhookDeliveries.replayOf',
    ])
    .where('webhookDeliveries.userId', '=', userId)
    .orderBy('webhookDeliveries.id', 'desc')
    .limit(limit)
    .execute();
}

/** Deliveries due now: waiting for their next try, or sending under a lease that ran out (a process that died mid-send). */
export async function findDueDeliveryIds(
  db: Kysely<Database>,
  now: number,
  limit: number,
  from: { due: readonly WebhookDeliveryState[]; leaseExpired: readonly WebhookDeliveryState[] },
): Promise<number[]> {
  const rows = await db
    .selectFrom('webhookDeliveries')
    .innerJoin('webhookEndpoints', 'webhookEndpoints.id', 'webhookDeliveries.endpointId')
    .select('webhookDeliveries.id')
    .where('webhookEndpoints.isActive', '=', 1)
    .where((eb) =>
      eb.or([
        eb.and([eb('webhookDeliveries.state', 'in', from.due), eb('webhookDeliveries.nextAttemptAt', '<=', now)]),
        eb.and([eb('webhookDeliveries.state', 'in', from.leaseExpired), eb('webhookDeliveries.claimedUntil', '<', now)]),
      ]),
    )
    .orderBy('webhookDeliveries.id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Claims one due delivery for one attempt (a conditional update from the lifecycle's claim or
 * reclaim states): of two processes, one gets it. Answers the lease it holds, or null.
 */
export async function claimDelivery(
  db: Kysely<Database>,
  deliveryId: number,
  now: number,
  leaseMs: number,
  from: { due: readonly WebhookDeliveryState[]; leaseExpired: readonly WebhookDeliveryState[] },
): Promise<number | null> {
  const claimedUntil = now + leaseMs;
  const result = await db
    .updateTable('webhookDeliveries')
    .set((eb) => ({ state: 'sending' as const, claimedUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', deliveryId)
    .where('endpointId', 'in', (eb) => eb.selectFrom('webhookEndpoints').select('id').where('isActive', '=', 1))
    .where((eb) =>
      eb.or([
        eb.and([eb('state', 'in', from.due), eb('nextAttemptAt', '<=', now)]),
        eb.and([eb('state', 'in', from.leaseExpired), eb('claimedUntil', '<', now)]),
      ]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n ? claimedUntil : null;
}

export function findDeliveryToSend(db: Kysely<Database>, deliveryId: number) {
  return db
    .selectFrom('webhookDeliveries')
    .innerJoin('webhookEndpoints', 'webhookEndpoints.id', 'webhookDeliveries.endpointId')
    .select([
      'webhookDeliveries.id',
      'webhookDeliveries.body',
      'webhookDeliveries.eventType',
      'webhookDeliveries.attempts',
      'webhookEndpoints.url',
      'webhookEndpoints.secret',
    ])
    .where('webhookDeliveries.id', '=', deliveryId)
    .executeTakeFirst();
}

/** Ends the attempt of the process still holding this lease (one whose lease ran out and was reclaimed changes nothing). */
export async function finishDeliveryAttempt(
  db: Kysely<Database>,
  deliveryId: number,
  claim: { from: readonly WebhookDeliveryState[]; claimedUntil: number },
  outcome: { state: WebhookDeliveryState; statusCode: number | null; error: string; at: number; nextAttemptAt: number | null },
): Promise<boolean> {
  const result = await db
    .updateTable('webhookDeliveries')
    .set({
      state: outcome.state,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      lastAttemptAt: outcome.at,
      nextAttemptAt: outcome.nextAttemptAt,
      claimedUntil: null,
    })
    .where('id', '=', deliveryId)
    .where('state', 'in', claim.from)
    .where('claimedUntil', '=', claim.claimedUntil)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function countEndpoints(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('webhookEndpoints')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return row.count;
}
