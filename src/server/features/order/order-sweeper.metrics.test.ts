import { pino } from 'pino';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { OrderSweeper } from './order-sweeper.ts';
import { registerOrderSweeperMetrics } from './order-sweeper.metrics.ts';
import { fillCart, insertOrderCatalog, insertPart, previewAndPlace, saveShanghaiAddress } from './testing/order-fixture.ts';

const day = 86_400_000;

/** The value of an unlabelled gauge in Prometheus text; undefined when the gauge has no value. */
function valueOf(text: string, name: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe('the order sweeper’s metrics', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });
  const config = testConfig().orders;

  async function placeOrders(count: number): Promise<number[]> {
    const member = await t.member();
    const addressId = await saveShanghaiAddress(member.browser);
    const part = await insertPart(t.db.kysely, t.fixture.catalog);
    const ids: number[] = [];
    for (let index = 0; index < count; index++) {
      await fillCart(member.browser, [{ productId: part, quantity: 10 }]);
      const { answer } = await previewAndPlace(member.browser, { addressId });
      if (!answer.data) throw new Error(answer.msg);
      const row = await t.db.kysely.selectFrom('orders').select('id').where('orderNo', '=', answer.data.orderNo).executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    return ids;
  }

  it('counts the unpaid orders past their time and the shipped ones past the auto-complete days, and shows the last sweep', async () => {
    const now = Date.now();
    const [overdue1, overdue2, shippedLong, shippedRecent, stillPayable] = await placeOrders(5);
    const orders = () => t.db.kysely.updateTable('orders');
    await orders()
      .set({ expiresAt: now - 60_000 })
      .where('id', 'in', [overdue1 ?? 0, overdue2 ?? 0])
      .execute();
    await orders()
      .set({ status: 'shipped', paidAt: now - 30 * day, shippedAt: now - (config.autoCompleteDays + 1) * day })
      .where('id', '=', shippedLong ?? 0)
      .execute();
    await orders()
      .set({ status: 'shipped', paidAt: now - day, shippedAt: now - day })
      .where('id', '=', shippedRecent ?? 0)
      .execute();
    expect(stillPayable).toBeDefined();

    const registry = new Registry();
    const sweeper = new OrderSweeper(t.db.kysely, config, pino({ level: 'silent' }));
    registerOrderSweeperMetrics(registry, t.db.kysely, config, sweeper);
    const before = await registry.metrics();
    expect(valueOf(before, 'orders_awaiting_expiry')).toBe(2);
    expect(valueOf(before, 'orders_awaiting_autocomplete')).toBe(1);
    expect(valueOf(before, 'order_sweeper_last_run_seconds')).toBe(0);
    expect(valueOf(before, 'orders_oldest_overdue_seconds')).toBeGreaterThanOrEqual(60);

    const sweptAt = Date.now();
    expect(await sweeper.sweep(sweptAt)).toEqual({ expired: 2, completed: 1 });
    const after = await registry.metrics();
    expect(valueOf(after, 'orders_awaiting_expiry')).toBe(0);
    expect(valueOf(after, 'orders_awaiting_autocomplete')).toBe(0);
    expect(valueOf(after, 'order_sweeper_last_run_seconds')).toBe(sweptAt / 1000);
    await sweeper.close();
  });

  it('are served on /metrics', async () => {
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    for (const name of ['orders_awaiting_expiry', 'orders_awaiting_autocomplete', 'order_sweeper_last_run_seconds', 'orders_oldest_overdue_seconds'])
      expect(metrics.body).toContain(`# TYPE ${name} gauge`);
    expect(valueOf(metrics.body, 'orders_awaiting_autocomplete')).toBeGreaterThanOrEqual(0);
  });
});
