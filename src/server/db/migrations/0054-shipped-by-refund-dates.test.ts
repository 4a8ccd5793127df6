import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../testing/factories.ts';
import { createTestDb, type TestDb } from '../../testing/test-db.ts';
import { migrateTo, migrationBefore } from './migrate-to.test-helpers.ts';

/** Migration 0054 over a store written before it: orders made 已发货 by a refund get their last parcel's date and carrier. */
describe('migration 0054: shipped-by-refund orders dated by their last parcel', () => {
  let db: TestDb;
  const orderIds: Record<string, number> = {};

  async function order(key: string, status: string, shippedAt: number | null, parcels: [string, string, number][]) {
    const { userId } = await createMember(db.kysely);
    const orderNo = `26010100009${String(Object.keys(orderIds).length).padStart(5, '0')}`;
    const row = await db.kysely
      .insertInto('orders')
      .values({
        orderNo,
        userId,
        idempotencyKey: `migration-0054-${orderNo}`,
        status: status as 'shipped',
        productCount: 1,
        addressJson: null,
        invoiceJson: null,
        couponsJson: null,
        paymentMethod: null,
        paymentTradeNo: null,
        paidAt: 1,
        expiresAt: null,
        cancelledAt: null,
        cancelReason: null,
        trackingNo: null,
        shippedAt,
        completedAt: null,
        createdAt: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    orderIds[key] = row.id;
    for (const [carrierCode, trackingNo, at] of parcels)
      await db.kysely.insertInto('orderShipments').values({ orderId: row.id, carrierCode, trackingNo, shippedAt: at }).execute();
  }

  beforeAll(async () => {
    db = await createTestDb({ isMigrated: false });
    await migrateTo(db, migrationBefore('0054-shipped-by-refund-dates'));
    await order('byRefund', 'shipped', null, [
      ['sf', 'SF1', 1_000],
      ['yto', 'YT2', 2_000],
    ]);
    await order('byParcel', 'shipped', 5_000, [['sf', 'SF3', 5_000]]);
    await order('partly', 'partlyShipped', null, [['sf', 'SF4', 3_000]]);
    await migrateTo(db, '0054-shipped-by-refund-dates');
  });
  afterAll(async () => {
    await db.drop();
  });

  const rowOf = (key: string) =>
    db.kysely
      .selectFrom('orders')
      .select(['status', 'shippedAt', 'carrierCode', 'trackingNo'])
      .where('id', '=', orderIds[key] ?? 0)
      .executeTakeFirstOrThrow();

  it('dates a shipped order without a date by its last parcel; leaves dated and partly shipped orders as they were', async () => {
    expect(await rowOf('byRefund')).toEqual({ status: 'shipped', shippedAt: 2_000, carrierCode: 'yto', trackingNo: 'YT2' });
    expect(await rowOf('byParcel')).toMatchObject({ shippedAt: 5_000, trackingNo: null });
    expect(await rowOf('partly')).toMatchObject({ status: 'partlyShipped', shippedAt: null });
  });
});
