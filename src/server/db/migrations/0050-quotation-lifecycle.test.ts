import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../testing/factories.ts';
import { createTestDb, type TestDb } from '../../testing/test-db.ts';
import { migrateTo, migrationBefore } from './migrate-to.test-helpers.ts';

const day = 86_400_000;

/** Migration 0050 over a store written before it: offers stuck 已下单 by a lapsed order given back, an offer's orders unique among live ones. */
describe('migration 0050: the quotation lifecycle', () => {
  let db: TestDb;
  const ids: Record<string, number> = {};
  let orderSerial = 0;

  async function order(userId: number, quotationId: number, status: string, paidAt: number | null): Promise<string> {
    orderSerial += 1;
    const orderNo = `2601010000${String(orderSerial).padStart(6, '0')}`;
    await db.kysely
      .insertInto('orders')
      .values({
        orderNo,
        userId,
        idempotencyKey: `migration-0050-${orderNo}`,
        status: status as 'unpaid',
        productCount: 1,
        addressJson: null,
        invoiceJson: null,
        couponsJson: null,
        paymentMethod: null,
        paymentTradeNo: null,
        paidAt,
        expiresAt: null,
        cancelledAt: null,
        cancelReason: null,
        trackingNo: null,
        shippedAt: null,
        completedAt: null,
        quotationId,
        createdAt: Date.now(),
      })
      .execute();
    return orderNo;
  }

  beforeAll(async () => {
    db = await createTestDb({ isMigrated: false });
    await migrateTo(db, migrationBefore('0050-quotation-lifecycle'));
    const now = Date.now();
    const { userId } = await createMember(db.kysely);
    const quotation = async (key: string, status: string, validUntil: number | null) => {
      const row = await db.kysely
        .insertInto('quotations')
        .values({
          quotationNo: `Q2601010000000${String(Object.keys(ids).length)}`,
          userId,
          bomId: null,
          status: status as 'ordered',
          lineCount: 1,
          totalCents: validUntil === null ? null : 100,
          quotedAt: validUntil === null ? null : now - day,
          validUntil,
          acceptedAt: null,
          orderedAt: null,
          orderNo: null,
          createdAt: now - 2 * day,
          updatedAt: now - day,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[key] = row.id;
      return row.id;
    };
    const link = (id: number, orderNo: string) =>
      db.kysely
        .updateTable('quotations')
        .set({ orderNo, orderedAt: now - day })
        .where('id', '=', id)
        .execute();
    const lapsedValid = await quotation('lapsedValid', 'ordered', now + 3 * day);
    await link(lapsedValid, await order(userId, lapsedValid, 'cancelled', null));
    const lapsedLate = await quotation('lapsedLate', 'ordered', now - 1);
    await link(lapsedLate, await order(userId, lapsedLate, 'cancelled', null));
    const live = await quotation('live', 'ordered', now + 3 * day);
    await link(live, await order(userId, live, 'unpaid', null));
    const refunded = await quotation('refunded', 'ordered', now + 3 * day);
    await link(refunded, await order(userId, refunded, 'cancelled', now - day));
    await quotation('pending', 'pending', null);
    await migrateTo(db, '0050-quotation-lifecycle');
  });
  afterAll(async () => {
    await db.drop();
  });

  const rowOf = (key: string) =>
    db.kysely
      .selectFrom('quotations')
      .select(['status', 'orderNo', 'offerRevision'])
      .where('id', '=', ids[key] ?? 0)
      .executeTakeFirstOrThrow();

  it('gives back offers whose order was cancelled unpaid: 已报价 while valid, else 已过期; leaves a live or paid order’s offer ordered', async () => {
    expect(await rowOf('lapsedValid')).toEqual({ status: 'quoted', orderNo: null, offerRevision: 1 });
    expect(await rowOf('lapsedLate')).toEqual({ status: 'expired', orderNo: null, offerRevision: 1 });
    expect(await rowOf('live')).toMatchObject({ status: 'ordered', offerRevision: 1 });
    expect(await rowOf('refunded')).toMatchObject({ status: 'ordered', offerRevision: 1 });
    expect(await rowOf('pending')).toEqual({ status: 'pending', orderNo: null, offerRevision: 0 });
  });

  it('lets an offer have any number of cancelled orders but one live order', async () => {
    const quotationId = ids.lapsedValid ?? 0;
    const { userId } = await db.kysely.selectFrom('quotations').select('userId').where('id', '=', quotationId).executeTakeFirstOrThrow();
    await order(userId, quotationId, 'cancelled', null);
    await order(userId, quotationId, 'unpaid', null);
    await expect(order(userId, quotationId, 'unpaid', null)).rejects.toThrow();
  });
});
