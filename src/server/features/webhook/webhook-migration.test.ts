import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOutcomeOrder, OrderOutcome } from '../order/testing/deal-fixture.ts';
import { createMember } from '../../testing/factories.ts';
import { createTestDb, type TestDb } from '../../testing/test-db.ts';
import { migrateTo, migrationBefore } from '../../db/migrations/migrate-to.test-helpers.ts';

/** Migration 0062 over a store with order history: webhooks start reading at the ends, so no old event is sent. */
describe('migration 0062: webhook cursors', () => {
  let db: TestDb;
  let lastEventId = 0;

  beforeAll(async () => {
    db = await createTestDb({ isMigrated: false });
    await migrateTo(db, migrationBefore('0062-webhooks'));
    const { userId } = await createMember(db.kysely);
    const { orderNo } = await insertOutcomeOrder(db.kysely, { userId, outcome: OrderOutcome.paid, payableCents: 100, createdAt: 1_000 });
    const order = await db.kysely.selectFrom('orders').select('id').where('orderNo', '=', orderNo).executeTakeFirstOrThrow();
    const event = await db.kysely
      .insertInto('orderEvents')
      .values({ orderId: order.id, kind: 'paid', text: '付款成功', at: 2_000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    lastEventId = event.id;
    await migrateTo(db, '0062-webhooks');
  });
  afterAll(async () => {
    await db.drop();
  });

  it('starts the order events cursor at the last event and the quotations cursor at 0 when none was priced', async () => {
    const cursors = await db.kysely.selectFrom('webhookCursors').selectAll().orderBy('name').execute();
    expect(cursors).toEqual([
      { name: 'orderEvents', position: lastEventId },
      { name: 'quotations', position: 0 },
    ]);
  });
});
