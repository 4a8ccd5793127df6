import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookCalls } from '../../../contract/webhook-calls.ts';
import type { WebhookEventType } from '../../../contract/webhook.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { runWebhookPass } from './webhook-dispatcher.ts';
import { insertPaidOrderEvent } from './testing/webhook-fixture.ts';
import { isSignedBy, WebhookReceiver } from './testing/webhook-receiver.ts';

const minute = 60_000;
const hour = 60 * minute;

describe('webhook deliveries', () => {
  const t = useTestApp();
  const receiver = new WebhookReceiver();
  beforeAll(async () => {
    await receiver.start();
  });
  afterAll(async () => {
    await receiver.close();
  });

  /** The time the dispatcher's passes are given (PeriodicWork's run(now)); moved by hand, never waited for. */
  let now = 0;
  beforeAll(() => {
    now = t.clock.now();
  });
  const moveClock = (ms: number) => {
    now += ms;
    t.clock.advance(ms);
  };
  const pass = () => runWebhookPass(t.db.kysely, now, { isPrivateAllowed: true });

  async function endpointFor(browser: TestBrowser, events: WebhookEventType[] = ['order.paid']) {
    const created = await browser.callOk(webhookCalls.create, { url: receiver.url, events });
    now = Math.max(now, t.clock.now());
    return { endpointId: created.endpoint.endpointId, secret: created.secret };
  }

  async function deliveriesOf(browser: TestBrowser) {
    return (await browser.callOk(webhookCalls.list, {})).deliveries;
  }

  it('sends an order event recorded by the store to the subscribed endpoint, signed as documented', async () => {
    const member = await t.member();
    const { secret } = await endpointFor(member.browser);
    const unsubscribed = await t.member();
    await endpointFor(unsubscribed.browser, ['order.shipped']);
    const { orderNo, eventId } = await insertPaidOrderEvent(t.db.kysely, member.userId, now);
    const before = receiver.received.length;

    expect(await pass()).toBe(1);
    const received = receiver.received.slice(before);
    expect(received).toHaveLength(1);
    const [delivery] = received;
    if (!delivery) throw new Error('nothing received');
    expect(isSignedBy(secret, delivery)).toBe(true);
    expect(isSignedBy('whsec_wrong', delivery)).toBe(false);
    expect(Number(delivery.headers['x-xinpin-timestamp'])).toBe(Math.floor(now / 1000));
    expect(delivery.headers['x-xinpin-event']).toBe('order.paid');
    const body = JSON.parse(delivery.body) as { id: string; type: string; data: Record<string, unknown> };
    expect(body).toMatchObject({ id: eventId, type: 'order.paid', data: { orderNo, status: 'unshipped', currency: 'CNY', payableCents: 12_345 } });
    expect(await deliveriesOf(member.browser)).toEqual([
      expect.objectContaining({ eventId, state: 'succeeded', attempts: 1, lastStatusCode: 200, nextAttemptAt: null }),
    ]);
    expect(await deliveriesOf(unsubscribed.browser)).toEqual([]);
    expect(await pass()).toBe(0);
  });

  it('retries a failing receiver after 1 min, 5 min, 30 min, 2 h, 6 h and 24 h, then gives up', async () => {
    const member = await t.member();
    await endpointFor(member.browser);
    const { eventId } = await insertPaidOrderEvent(t.db.kysely, member.userId, now);
    receiver.answerNext(500, 503, 500, 500, 500, 500, 500);
    const before = receiver.received.length;
    expect(await pass()).toBe(1);
    const waits = [minute, 5 * minute, 30 * minute, 2 * hour, 6 * hour, 24 * hour];
    for (const [index, wait] of waits.entries()) {
      const [delivery] = await deliveriesOf(member.browser);
      expect(delivery).toMatchObject({ eventId, state: 'pending', attempts: index + 1, lastStatusCode: index === 1 ? 503 : 500 });
      expect(delivery?.nextAttemptAt).toBe(now + wait);
      moveClock(wait - 1000);
      expect(await pass()).toBe(0);
      moveClock(1000);
      expect(await pass()).toBe(1);
    }
    expect(await deliveriesOf(member.browser)).toEqual([expect.objectContaining({ state: 'failed', attempts: 7, lastError: 'HTTP 500', nextAttemptAt: null })]);
    moveClock(48 * hour);
    expect(await pass()).toBe(0);
    const sent = receiver.received.slice(before);
    expect(sent).toHaveLength(7);
    expect(new Set(sent.map((one) => (JSON.parse(one.body) as { id: string }).id))).toEqual(new Set([eventId]));
  });

  it('succeeds on a retry once the receiver answers 2xx', async () => {
    const member = await t.member();
    await endpointFor(member.browser);
    await insertPaidOrderEvent(t.db.kysely, member.userId, now);
    receiver.answerNext(502);
    expect(await pass()).toBe(1);
    moveClock(minute);
    expect(await pass()).toBe(1);
    expect(await deliveriesOf(member.browser)).toEqual([expect.objectContaining({ state: 'succeeded', attempts: 2, lastStatusCode: 200 })]);
  });

  it('replays a delivery as a new delivery of the same event id and body, and sends a test event at once', async () => {
    const member = await t.member();
    const { endpointId, secret } = await endpointFor(member.browser);
    const { eventId } = await insertPaidOrderEvent(t.db.kysely, member.userId, now);
    await pass();
    const [original] = await deliveriesOf(member.browser);
    if (!original) throw new Error('no delivery');
    const before = receiver.received.length;

    const replayed = await member.browser.callOk(webhookCalls.replay, { deliveryId: original.deliveryId });
    expect(replayed.deliveries[0]).toMatchObject({ eventId, state: 'succeeded', attempts: 1, replayOf: original.deliveryId });
    expect(replayed.deliveries[0]?.deliveryId).not.toBe(original.deliveryId);
    const [first, again] = receiver.received.slice(before - 1);
    expect(again?.body).toBe(first?.body);
    expect(again?.headers['x-xinpin-delivery']).not.toBe(first?.headers['x-xinpin-delivery']);
    if (again) expect(isSignedBy(secret, again)).toBe(true);

    const tested = await member.browser.callOk(webhookCalls.sendTest, { endpointId });
    expect(tested.deliveries[0]).toMatchObject({ eventType: 'webhook.test', state: 'succeeded', lastStatusCode: 200 });
    expect(receiver.received.at(-1)?.headers['x-xinpin-event']).toBe('webhook.test');

    const other = await t.member();
    expect((await other.browser.call(webhookCalls.replay, { deliveryId: original.deliveryId })).errorCode).toBe('webhook.deliveryNotFound');
  });

  it('holds deliveries of a paused endpoint and sends them once it is active again; events while paused are not delivered', async () => {
    const member = await t.member();
    const { endpointId } = await endpointFor(member.browser);
    await insertPaidOrderEvent(t.db.kysely, member.userId, now);
    receiver.answerNext(500);
    await pass();
    await member.browser.callOk(webhookCalls.update, { endpointId, url: receiver.url, events: ['order.paid'], isActive: false });
    await insertPaidOrderEvent(t.db.kysely, member.userId, now);
    moveClock(minute);
    expect(await pass()).toBe(0);
    await member.browser.callOk(webhookCalls.update, { endpointId, url: receiver.url, events: ['order.paid'], isActive: true });
    expect(await pass()).toBe(1);
    expect(await deliveriesOf(member.browser)).toEqual([expect.objectContaining({ state: 'succeeded', attempts: 2 })]);
  });
});
