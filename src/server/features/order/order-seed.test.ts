import { describe, expect, it } from 'vitest';
import { createMember } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertOrderCatalog, seedOrders } from './testing/order-fixture.ts';

describe('the demo orders of a new store', () => {
  const now = Date.UTC(2026, 5, 11, 4);
  const t = useTestApp({
    fixture: async (app) => {
      await insertOrderCatalog(app.db);
      const member = await createMember(app.db.kysely, { phone: '13800138000' });
      const stockBefore = await app.db.kysely.selectFrom('products').select(['id', 'stock']).execute();
      const placed = await seedOrders(app.db, now);
      return { member, placed, stockBefore: new Map(stockBefore.map((row) => [row.id, row.stock])) };
    },
  });

  it('places about 48 orders over the last day and a half, each with lines whose amounts add up', async () => {
    const k = t.db.kysely;
    const orders = await k.selectFrom('orders').selectAll().execute();
    expect(orders).toHaveLength(t.fixture.placed);
    expect(orders.length).toBeGreaterThanOrEqual(40);
    expect(new Set(orders.map((order) => order.userId)).size).toBeGreaterThanOrEqual(20);
    const lines = await k.selectFrom('orderLines').selectAll().execute();
    for (const order of orders) {
      const own = lines.filter((line) => line.orderId === order.id);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(order.productCount).toBe(own.reduce((sum, line) => sum + line.quantity, 0));
      expect(order.goodsCents).toBe(own.reduce((sum, line) => sum + line.amountCents, 0));
      expect(order.payableCents).toBe(order.goodsCents + order.freightCents);
      expect(order.orderNo).toMatch(/^\d{16}$/);
      expect(order.createdAt).toBeLessThanOrEqual(now);
      expect(order.createdAt).toBeGreaterThan(now - 36 * 3_600_000);
    }
    // What the live orders hold left the shelf; cancelled ones hold nothing.
    const after = new Map((await k.selectFrom('products').select(['id', 'stock']).execute()).map((row) => [row.id, row.stock]));
    for (const [id, before] of t.fixture.stockBefore) {
      const held = lines
        .filter((line) => line.productId === id)
        .filter((line) => orders.find((order) => order.id === line.orderId)?.status !== 'cancelled')
        .reduce((sum, line) => sum + line.reservedQuantity, 0);
      expect((after.get(id) ?? 0) + held).toBe(before);
    }
  });

  it('gives the demo member one order in each state, with a timeline and tracking for the shipped ones', async () => {
    const k = t.db.kysely;
    const mine = await k.selectFrom('orders').select(['id', 'status', 'trackingNo']).where('userId', '=', t.fixture.member.userId).execute();
    expect(mine.map((order) => order.status).sort()).toEqual(['cancelled', 'completed', 'shipped', 'unpaid', 'unshipped']);
    for (const order of mine.filter((row) => row.status === 'shipped' || row.status === 'completed')) {
      expect(order.trackingNo).not.toBeNull();
      const kinds = (await k.selectFrom('orderEvents').select('kind').where('orderId', '=', order.id).orderBy('at').execute()).map((row) => row.kind);
      expect(kinds.slice(0, 3)).toEqual(['placed', 'paid', 'shipped']);
    }
  });
});
