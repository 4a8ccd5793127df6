import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveryStates, webhookMaxAttempts, webhookRetryDelaysMs, type WebhookDeliveryState } from '../../../contract/webhook.ts';
import { webhookDeliveryLifecycle } from '../../../contract/webhook-delivery-lifecycle.ts';
import { AppError } from '../../http/app-error.ts';
import { claimFrom } from '../../lifecycle/lifecycle-guard.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { runWebhookPass } from './webhook-dispatcher.ts';
import { claimDelivery } from './webhook.repository.ts';
import {
  createWebhookEndpoint,
  removeWebhookEndpoint,
  replayWebhookDelivery,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  type WebhookContext,
} from './webhook.service.ts';
import { ModelReceiver, type ReceiverMode } from './testing/model-receiver.ts';
import { insertPaidOrderEvent } from './testing/webhook-fixture.ts';

/**
 * The webhook delivery lifecycle (docs/decisions/0018-lifecycles.md) proven by generated sequences
 * of the event source (orders paid), the receiving endpoint (2xx, 5xx, too slow), the member
 * (replay, pause, enable, new secret), the clock, dispatcher passes (one process, or two at the same
 * moment) and a process that dies mid-send. After every step the database agrees with a plain model
 * and the invariants hold. WEBHOOK_MODEL_RUNS sets how many sequences.
 */

const runs = Number(process.env.WEBHOOK_MODEL_RUNS ?? 20);
/** Generous for a busy machine: an 'ok' answer must never time out; 'slow' answers after twice as long. */
const timeoutMs = 1_000;
const leaseMs = 60_000;
const minute = 60_000;
const claimable = { due: claimFrom(webhookDeliveryLifecycle, 'claim'), leaseExpired: claimFrom(webhookDeliveryLifecycle, 'reclaim') };

interface ModelDelivery {
  id: number | null;
  eventId: string;
  replayOf: number | null;
  state: WebhookDeliveryState;
  attempts: number;
  nextAttemptAt: number | null;
  lastAttemptAt: number | null;
  claimedUntil: number | null;
  /** Claims by a process that died before sending: attempts counted, nothing received. */
  lostClaims: number;
}

interface Model {
  now: number;
  isActive: boolean;
  events: { eventId: string; at: number; isOpen: boolean }[];
  deliveries: ModelDelivery[];
}

interface Real {
  userId: number;
  endpointId: number;
  context: WebhookContext;
}

type Command = fc.AsyncCommand<Model, Real>;

describe('webhook deliveries under random sequences of actions', () => {
  const t = useTestApp();
  const receiver = new ModelReceiver(timeoutMs * 2);
  const reached = new Set<WebhookDeliveryState>();
  let actions = 0;
  let clock = Date.now();
  beforeAll(async () => {
    await receiver.start();
  });
  afterAll(async () => {
    await receiver.close();
  });

  const isDue = (model: Model, delivery: ModelDelivery) =>
    model.isActive &&
    ((delivery.state === 'pending' && (delivery.nextAttemptAt ?? Infinity) <= model.now) ||
      (delivery.state === 'sending' && (delivery.claimedUntil ?? Infinity) < model.now));

  /** One attempt as the model sees it: the answer by the receiver's mode (slow is a timeout for the dispatcher only). */
  function attempt(model: Model, delivery: ModelDelivery, isSlowOk: boolean): void {
    delivery.attempts += 1;
    delivery.lastAttemptAt = model.now;
    delivery.claimedUntil = null;
    const isOk = receiver.mode === 'ok' || (receiver.mode === 'slow' && isSlowOk);
    const delay = webhookRetryDelaysMs[delivery.attempts - 1];
    delivery.state = isOk ? 'succeeded' : delay === undefined ? 'failed' : 'pending';
    delivery.nextAttemptAt = delivery.state === 'pending' && delay !== undefined ? model.now + delay : null;
  }

  /** A dispatcher pass in the model: new events become deliveries, then every due one is attempted. */
  function modelPass(model: Model): void {
    for (const event of model.events.filter((one) => one.isOpen)) {
      const has = model.deliveries.some((one) => one.eventId === event.eventId && one.replayOf === null);
      if (model.isActive && !has) model.deliveries.push(newDelivery(event.eventId, null, model.now));
      if (event.at < model.now) event.isOpen = false;
    }
    for (const delivery of model.deliveries.filter((one) => isDue(model, one))) attempt(model, delivery, false);
  }

  function newDelivery(eventId: string, replayOf: number | null, now: number): ModelDelivery {
    return { id: null, eventId, replayOf, state: 'pending', attempts: 0, nextAttemptAt: now, lastAttemptAt: null, claimedUntil: null, lostClaims: 0 };
  }

  const pass = (real: Real, now: number) =>
    runWebhookPass(real.context.db, now, { isPrivateAllowed: true, timeoutMs, pickUp: { batchSize: 500, settleMs: 0 } });

  /** The database agrees with the model, and the lifecycle's invariants hold, after every step. */
  async function checkAgreement(model: Model, real: Real): Promise<void> {
    const rows = await t.db.kysely.selectFrom('webhookDeliveries').selectAll().where('endpointId', '=', real.endpointId).orderBy('id').execute();
    expect(rows.length, 'deliveries').toBe(model.deliveries.length);
    const received = receiver.received;
    rows.forEach((row, index) => {
      const expected = model.deliveries[index];
      if (!expected) throw new Error('model has fewer deliveries');
      expected.id ??= row.id;
      reached.add(row.state);
      expect(
        { state: row.state, attempts: row.attempts, eventId: row.eventId, replayOf: row.replayOf },
        `delivery ${String(row.id)} (${row.lastError})`,
      ).toEqual({
        state: expected.state,
        attempts: expected.attempts,
        eventId: expected.eventId,
        replayOf: expected.replayOf,
      });
      expect(row.lastAttemptAt).toBe(expected.lastAttemptAt);
      if (row.state === 'pending' && row.attempts > 0)
        expect(row.nextAttemptAt).toBe((row.lastAttemptAt ?? 0) + (webhookRetryDelaysMs[row.attempts - 1] ?? NaN));
      if (row.state === 'failed') expect(row.attempts, 'given up only after the last attempt').toBeGreaterThanOrEqual(webhookMaxAttempts);
      if (row.state === 'succeeded' || row.state === 'failed') expect(row.nextAttemptAt).toBeNull();
      const sends = received.filter((one) => one.deliveryId === row.id);
      expect(sends.length, `requests of delivery ${String(row.id)} (${row.lastError})`).toBe(row.attempts - expected.lostClaims);
      expect(
        sends.every((one) => one.isSignedWithCurrentSecret),
        'signed with the secret current at send time',
      ).toBe(true);
      const original = rows.find((one) => one.id === row.replayOf);
      if (original) expect(row.body, 'a replay sends the original body').toBe(original.body);
    });
  }

  function checked(label: string, run: (model: Model, real: Real) => Promise<void>): Command {
    return {
      check: () => true,
      async run(model, real) {
        actions += 1;
        await run(model, real);
        await checkAgreement(model, real);
      },
      toString: () => label,
    };
  }

  const sourceCommand = checked('order paid', async (model, real) => {
    if (model.events.length >= 8) return;
    const { eventId } = await insertPaidOrderEvent(real.context.db, real.userId, model.now);
    model.events.push({ eventId, at: model.now, isOpen: true });
  });

  const passCommand = (processes: 1 | 2) =>
    checked(`dispatch ×${String(processes)}`, async (model, real) => {
      const before = receiver.received.length;
      await Promise.all(Array.from({ length: processes }, () => pass(real, model.now)));
      modelPass(model);
      const sent = receiver.received.slice(before).map((one) => one.deliveryId);
      expect(new Set(sent).size, 'no delivery sent twice by processes passing at the same moment').toBe(sent.length);
    });

  /** At the next retry (or at once), a process claims a delivery and dies before sending: its lease runs out, another process sends. */
  const crashCommand = checked('process dies mid-send', async (model, real) => {
    const [delivery] = model.deliveries.filter((one) => one.state === 'pending').sort((a, b) => (a.nextAttemptAt ?? 0) - (b.nextAttemptAt ?? 0));
    if (!delivery?.id || !model.isActive) return;
    model.now = Math.max(model.now, delivery.nextAttemptAt ?? model.now);
    expect(await claimDelivery(real.context.db, delivery.id, model.now, leaseMs, claimable)).toBe(model.now + leaseMs);
    Object.assign(delivery, { state: 'sending', attempts: delivery.attempts + 1, claimedUntil: model.now + leaseMs, lostClaims: delivery.lostClaims + 1 });
  });

  const modeCommand = (mode: ReceiverMode) =>
    checked(`receiver ${mode}`, async () => {
      receiver.mode = mode;
      return Promise.resolve();
    });

  const replayCommand = (index: number) =>
    checked(`replay #${String(index)}`, async (model, real) => {
      const original = model.deliveries[index % Math.max(1, model.deliveries.length)];
      if (!original?.id || model.deliveries.length >= 16) return;
      try {
        await replayWebhookDelivery(real.context, real.userId, original.id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        expect(model.isActive, error.msg).toBe(false);
        return;
      }
      expect(model.isActive).toBe(true);
      const replay = newDelivery(original.eventId, original.replayOf ?? original.id, model.now);
      model.deliveries.push(replay);
      attempt(model, replay, true);
    });

  const pauseCommand = (isActive: boolean) =>
    checked(isActive ? 'enable' : 'pause', async (model, real) => {
      await updateWebhookEndpoint(real.context, real.userId, { endpointId: real.endpointId, url: receiver.url, events: ['order.paid'], isActive });
      model.isActive = isActive;
    });

  const rotateCommand = checked('new secret', async (_model, real) => {
    receiver.currentSecret = (await rotateWebhookSecret(real.context, real.userId, real.endpointId)).secret;
  });

  const clockCommand = (step: number) =>
    checked(`clock +${String(step / minute)} min`, async (model) => {
      model.now += step;
      return Promise.resolve();
    });

  /** The clock jumps to the next retry waiting and a process runs its pass, so that sequences reach the end of the backoff table. */
  async function nextRetry(model: Model, real: Real): Promise<void> {
    const waits = model.deliveries.flatMap((one) =>
      one.state === 'pending' && one.nextAttemptAt !== null && one.nextAttemptAt > model.now ? [one.nextAttemptAt] : [],
    );
    if (waits.length > 0) model.now = Math.min(...waits);
    await pass(real, model.now);
    modelPass(model);
  }
  const nextRetryCommand = checked('clock to the next retry, dispatch', nextRetry);

  /** The receiver is down through every retry of the backoff table (about 33 hours): the deliveries waiting give up. */
  const outageCommand = checked('receiver down through every retry', async (model, real) => {
    receiver.mode = 'error';
    for (let step = 0; step < webhookMaxAttempts; step++) await nextRetry(model, real);
  });

  const command: fc.Arbitrary<Command> = fc.oneof(
    { weight: 1, arbitrary: fc.constant(outageCommand) },
    { weight: 6, arbitrary: fc.constant(nextRetryCommand) },
    { weight: 3, arbitrary: fc.constant(sourceCommand) },
    { weight: 4, arbitrary: fc.constantFrom(1 as const, 2 as const).map(passCommand) },
    { weight: 2, arbitrary: fc.constant(crashCommand) },
    { weight: 2, arbitrary: fc.constantFrom<ReceiverMode>('ok', 'error', 'error', 'error', 'slow').map(modeCommand) },
    { weight: 1, arbitrary: fc.nat({ max: 20 }).map(replayCommand) },
    { weight: 1, arbitrary: fc.boolean().map(pauseCommand) },
    { weight: 1, arbitrary: fc.constant(rotateCommand) },
    { weight: 4, arbitrary: fc.constantFrom(30_000, minute, 5 * minute, 30 * minute, 2 * 60 * minute, 6 * 60 * minute, 24 * 60 * minute).map(clockCommand) },
  );

  it(`sends, retries and gives up as the model says, over ${String(runs)} random sequences`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands([command], { maxCommands: 80, size: 'max' }), async (sequence) => {
        clock += 30 * 24 * 60 * minute;
        const now = clock;
        const member = await t.member();
        const context: WebhookContext = { db: t.db.kysely, now: () => model.now, isPrivateAllowed: true };
        const model: Model = { now, isActive: true, events: [], deliveries: [] };
        const { endpoint, secret } = await createWebhookEndpoint(context, member.userId, { url: receiver.url, events: ['order.paid'] });
        receiver.currentSecret = secret;
        receiver.mode = 'ok';
        const real: Real = { userId: member.userId, endpointId: endpoint.endpointId, context };
        try {
          await fc.asyncModelRun(() => ({ model, real }), sequence);
        } finally {
          clock = Math.max(clock, model.now);
          await removeWebhookEndpoint(t.db.kysely, member.userId, endpoint.endpointId);
        }
      }),
      { numRuns: runs, endOnFailure: true },
    );
    console.info(`webhook model: ${String(actions)} actions in ${String(runs)} sequences, ${String(receiver.received.length)} requests received`);
    if (runs >= 8) expect([...reached].sort()).toEqual([...webhookDeliveryStates].sort());
  }, 600_000);
});
