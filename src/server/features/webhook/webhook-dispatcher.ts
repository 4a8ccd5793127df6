import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { clock as dispatcherActor, targetOf } from '../../../contract/lifecycle.ts';
import { nextWebhookAttemptAt } from '../../../contract/webhook.ts';
import { attemptOutcomeEvent, webhookDeliveryLifecycle } from '../../../contract/webhook-delivery-lifecycle.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../ops/clock.ts';
import { assertAllowed, claimFrom } from '../../lifecycle/lifecycle-guard.ts';
import { PeriodicWork } from '../../ops/periodic-work.ts';
import { defaultPickUpOptions, pickUpOrderEvents, pickUpQuotations, type PickUpOptions } from './webhook-events.ts';
import { sendWebhook } from './webhook-sender.ts';
import { claimDelivery, findDeliveryToSend, findDueDeliveryIds, finishDeliveryAttempt } from './webhook.repository.ts';

export const webhookDispatchIntervalMs = 15_000;
/** Longer than the send timeout: past it, a delivery whose process died mid-send is claimed again. */
const claimLeaseMs = 60_000;
const deliveriesPerPass = 20;

export interface DispatchOptions {
  isPrivateAllowed: boolean;
  pickUp?: PickUpOptions;
  timeoutMs?: number;
}

/** The states a delivery is claimed from: due (claim), or sending under a lease that ran out (reclaim). */
const claimable = {
  due: claimFrom(webhookDeliveryLifecycle, 'claim'),
  leaseExpired: claimFrom(webhookDeliveryLifecycle, 'reclaim'),
};

/** One attempt of one delivery, if this process claims it: answers whether it was sent by this call. */
export async function attemptDelivery(db: Kysely<Database>, deliveryId: number, now: number, options: DispatchOptions): Promise<boolean> {
  const claimedUntil = await claimDelivery(db, deliveryId, now, claimLeaseMs, claimable);
  if (claimedUntil === null) return false;
  const delivery = await findDeliveryToSend(db, deliveryId);
  if (!delivery) return false;
  const result = await sendWebhook({
    url: delivery.url,
    body: delivery.body,
    secret: delivery.secret,
    eventType: delivery.eventType,
    deliveryId,
    now,
    isPrivateAllowed: options.isPrivateAllowed,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  const event = attemptOutcomeEvent(result.isSuccess, delivery.attempts);
  const facts = {
    state: 'sending',
    attempts: delivery.attempts,
    isDue: true,
    isLeaseExpired: false,
    isEndpointActive: true,
    isAnswered2xx: result.isSuccess,
  } as const;
  assertAllowed(webhookDeliveryLifecycle, event, facts, dispatcherActor);
  await finishDeliveryAttempt(
    db,
    deliveryId,
    { from: claimFrom(webhookDeliveryLifecycle, event), claimedUntil },
    {
      state: targetOf(webhookDeliveryLifecycle, event, facts.state),
      statusCode: result.statusCode,
      error: result.error,
      at: now,
      nextAttemptAt: event === 'retry' ? nextWebhookAttemptAt(delivery.attempts, now) : null,
    },
  );
  return true;
}

/** One pass: new events become deliveries, then the deliveries due are attempted (each claimed first). Answers how many were sent. */
export async function runWebhookPass(db: Kysely<Database>, now: number, options: DispatchOptions): Promise<number> {
  const pickUp = options.pickUp ?? defaultPickUpOptions;
  await pickUpOrderEvents(db, now, pickUp);
  await pickUpQuotations(db, now, pickUp);
  const due = await findDueDeliveryIds(db, now, deliveriesPerPass, claimable);
  const sent = await Promise.all(due.map((deliveryId) => attemptDelivery(db, deliveryId, now, options)));
  return sent.filter(Boolean).length;
}

/** Each process runs the pass every interval on the app's clock; the claims keep each attempt to one process. */
export function createWebhookDispatcher(db: Kysely<Database>, logger: Logger, clock: Clock, options: DispatchOptions): PeriodicWork<number> {
  return new PeriodicWork({
    name: 'webhook dispatch',
    intervalMs: webhookDispatchIntervalMs,
    logger,
    clock,
    idle: 0,
    pass: async (now) => {
      const sent = await runWebhookPass(db, now, options);
      if (sent > 0) logger.info({ sent }, 'webhook dispatch');
      return sent;
    },
  });
}
