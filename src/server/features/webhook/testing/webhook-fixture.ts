import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.ts';
import { insertOutcomeOrder, OrderOutcome } from '../../order/testing/deal-fixture.ts';
import { runWebhookPass } from '../webhook-dispatcher.ts';

/** A paid order of the member and the order event the store records with it (order_events kind paid), at a given time. */
export async function insertPaidOrderEvent(db: Kysely<Database>, userId: number, at: number): Promise<{ orderNo: string; eventId: string }> {
  const { orderNo } = await insertOutcomeOrder(db, { userId, outcome: OrderOutcome.paid, payableCents: 12_345, createdAt: at - 60_000, paidAt: at });
  const order = await db.selectFrom('orders').select('id').where('orderNo', '=', orderNo).executeTakeFirstOrThrow();
  const event = await db.insertInto('orderEvents').values({ orderId: order.id, kind: 'paid', text: '付款成功', at }).returning('id').executeTakeFirstOrThrow();
  return { orderNo, eventId: `evt_order_${String(event.id)}` };
}

/** One dispatcher pass as each process runs it (new events picked up, due deliveries sent), to a test receiver on this machine. */
export function passWebhooksToLocalReceiver(db: Kysely<Database>, now: number): Promise<number> {
  return runWebhookPass(db, now, { isPrivateAllowed: true });
}
