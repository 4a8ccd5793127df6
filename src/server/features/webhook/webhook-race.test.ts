import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookCalls } from '../../../contract/webhook-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertOrderCatalog, insertPart } from '../order/testing/order-fixture.ts';
import { priceAll, requestParts } from '../quotation/testing/quotation-fixture.ts';
import { createWebhookDispatcher } from './webhook-dispatcher.ts';
import { insertPaidOrderEvent } from './testing/webhook-fixture.ts';
import { isSignedBy, WebhookReceiver } from './testing/webhook-receiver.ts';

const minute = 60_000;

describe('webhook dispatchers in several processes, and across a restart', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });
  const receiver = new WebhookReceiver();
  const silent = pino({ level: 'silent' });
  beforeAll(async () => {
    await receiver.start();
  });
  afterAll(async () => {
    await receiver.close();
  });

  const dispatcher = () => createWebhookDispatcher(t.db.kysely, silent, t.clock, { isPrivateAllowed: true });
  const eventIdsReceived = (from: number) => receiver.received.slice(from).map((one) => (JSON.parse(one.body) as { id: string }).id);

  it('sends each delivery once when two processes run their passes at the same moment', async () => {
    const member = await t.member();
    const { secret } = await member.browser.callOk(webhookCalls.create, { url: receiver.url, events: ['order.paid'] });
    const now = t.clock.now();
    const events = await Promise.all([1, 2, 3, 4, 5].map(() => insertPaidOrderEvent(t.db.kysely, member.userId, now)));
    const before = receiver.received.length;

    const [first, second] = [dispatcher(), dispatcher()];
    const sent = await Promise.all([first.run(now), second.run(now), first.run(now), second.run(now)]);
    expect(sent[0] + sent[1]).toBe(5);
    expect(eventIdsReceived(before).sort()).toEqual(events.map((event) => event.eventId).sort());
    expect(receiver.received.slice(before).every((one) => isSignedBy(secret, one))).toBe(true);
    const deliveries = (await member.browser.callOk(webhookCalls.list, {})).deliveries;
    expect(deliveries.map((delivery) => [delivery.state, delivery.attempts])).toEqual(events.map(() => ['succeeded', 1]));

    expect(await Promise.all([first.run(now + minute), second.run(now + minute)])).toEqual([0, 0]);
    await Promise.all([first.close(), second.close()]);
  });

  it('keeps its cursor in the database: events recorded while no process ran are sent after a restart, and none twice', async () => {
    const member = await t.member();
    await member.browser.callOk(webhookCalls.create, { url: receiver.url, events: ['order.paid', 'quotation.answered'] });
    const start = t.clock.now();
    const first = dispatcher();
    const early = await insertPaidOrderEvent(t.db.kysely, member.userId, start);
    await first.run(start + minute);
    await first.close();
    const cursorAfterFirst = await t.db.kysely.selectFrom('webhookCursors').select('position').where('name', '=', 'orderEvents').executeTakeFirstOrThrow();
    expect(cursorAfterFirst.position).toBeGreaterThanOrEqual(Number(early.eventId.replace('evt_order_', '')));

    const whileDown = await insertPaidOrderEvent(t.db.kysely, member.userId, start + 2 * minute);
    const part = await insertPart(t.db.kysely, t.fixture.catalog);
    const quotationId = await requestParts(member.browser, [{ partNumber: 'NE555DR', quantity: 100 }]);
    await priceAll(t.db.kysely, quotationId, [{ productId: part, unitPriceE4: 1_250, quantity: 100 }], { now: start + 2 * minute });
    const before = receiver.received.length;

    const restarted = dispatcher();
    expect(await restarted.run(start + 3 * minute)).toBe(2);
    const received = eventIdsReceived(before);
    expect(received).toContain(whileDown.eventId);
    expect(received).toContain(`evt_quotation_${String(quotationId)}_1`);
    expect(received).not.toContain(early.eventId);
    const quotationBody = receiver.received.slice(before).find((one) => one.headers['x-xinpin-event'] === 'quotation.answered')?.body ?? '{}';
    expect(JSON.parse(quotationBody)).toMatchObject({ type: 'quotation.answered', data: { status: 'quoted', currency: 'CNY', totalCents: 1_250 } });

    await restarted.close();
    const again = dispatcher();
    expect(await again.run(start + 10 * minute)).toBe(0);
    await again.close();
    expect(receiver.received.length).toBe(before + 2);
  });
});
