import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { ShortfallChoice } from '../../../contract/order.ts';
import { createDb, type Db } from '../../db/create-db.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createMember } from '../../testing/factories.ts';
import { createTestDb, testEngine, type TestDb } from '../../testing/test-db.ts';
import { testConfig } from '../../testing/test-app.ts';
import { addToCart } from '../cart/cart.service.ts';
import { giveCoupon, insertCentreCoupon } from '../coupon/testing/coupon-fixture.ts';
import { previewCheckout } from './checkout.service.ts';
import { placeOrder } from './order-placement.service.ts';
import { completeLongShippedOrders, expireOverdueOrders, OrderSweeper } from './order-sweeper.ts';
import { insertOrderCatalog, insertPart, newKey, stockOf } from './testing/order-fixture.ts';

/**
 * The expiry sweep is run by every store process at once: here by this process and two child
 * processes on the same database (a SQLite file, or a PostgreSQL database). Each overdue order
 * must be cancelled, and its stock and coupons released, exactly once.
 */
describe('the order sweeper across processes', () => {
  let db: Db;
  let url: string;
  let cleanup: () => Promise<void>;
  const config = testConfig().orders;

  beforeAll(async () => {
    if (testEngine === 'postgres') {
      const testDb: TestDb = await createTestDb();
      db = testDb;
      url = testDb.url ?? '';
      cleanup = () => testDb.drop();
    } else {
      url = join(tmpdir(), `orders-sweep-${randomBytes(6).toString('hex')}.sqlite`);
      db = createDb(url);
      await migrateToLatest(db);
      cleanup = async () => {
        await db.destroy();
        for (const suffix of ['', '-wal', '-shm', '.secret']) rmSync(`${url}${suffix}`, { force: true });
      };
    }
  }, 60_000);
  afterAll(async () => cleanup());

  // Both tests share one database, and brand names are unique: the catalogue is inserted once.
  let catalogOnce: ReturnType<typeof insertOrderCatalog> | undefined;
  const orderCatalog = () => (catalogOnce ??= insertOrderCatalog(db));

  /** A sweeping process: `ready` once it is connected, `go` starts its sweeps, `cancelled` its count. */
  function sweepInChild(rounds: number): { ready: Promise<void>; go: () => void; cancelled: Promise<number> } {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/features/order/testing/sweep-child.ts', url, String(rounds)], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let markReady: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.startsWith('ready\n')) markReady();
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const cancelled = new Promise<number>((resolve, reject) =>
      child.on('exit', (code) => {
        const last = out.trim().split('\n').at(-1) ?? '';
        if (code === 0) resolve((JSON.parse(last) as { cancelled: number }).cancelled);
        else reject(new Error(`sweep child exited ${String(code)}: ${err}`));
      }),
    );
    // A child that dies before it is ready fails the test through `cancelled`, not a hang.
    void cancelled.catch(markReady);
    return { ready, go: () => child.stdin.end('go\n'), cancelled };
  }

  it('cancels each overdue order once, giving back its stock and coupon once, with three processes sweeping', async () => {
    const k = db.kysely;
    const catalog = await orderCatalog();
    const part = await insertPart(k, catalog, { stock: 1000, prices: [{ qtyStart: 1, priceE4: 200_000 }] });
    const template = await insertCentreCoupon(k);
    const orderCount = 90;
    const coupons: number[] = [];
    for (let i = 0; i < orderCount; i++) {
      const { userId } = await createMember(k);
      await addToCart(k, userId, part, 10);
      const memberCouponIds = i % 3 === 0 ? [await giveCoupon(k, userId, template)] : [];
      coupons.push(...memberCouponIds);
      const choice = { carrierCode: 'pickup', addressId: null, shortfallChoice: ShortfallChoice.shipAvailable, memberCouponIds };
      const quote = await previewCheckout(k, userId, choice);
      await placeOrder(k, config, userId, {
        ...choice,
        idempotencyKey: newKey(),
        invoice: { kind: 'none' },
        remark: '',
        quotedPayableCents: quote.payableCents,
      });
    }
    expect(await stockOf(k, part)).toBe(1000 - orderCount * 10);
    await k
      .updateTable('orders')
      .set({ expiresAt: Date.now() - 1000 })
      .execute();

    const sweeper = new OrderSweeper(k, config, pino({ level: 'silent' }));
    // The children take a few seconds to start: everyone sweeps from the same moment, once both are connected.
    const children = [sweepInChild(3), sweepInChild(3)];
    await Promise.all(children.map((child) => child.ready));
    for (const child of children) child.go();
    const counts = await Promise.all([
      ...children.map((child) => child.cancelled),
      expireOverdueOrders(k, Date.now()),
      sweeper.sweep().then(async (result) => result.expired + (await expireOverdueOrders(k, Date.now()))),
    ]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(orderCount);

    expect(await stockOf(k, part)).toBe(1000);
    const statuses = await k.selectFrom('orders').select('status').execute();
    expect(statuses.every((row) => row.status === 'cancelled')).toBe(true);
    const events = await k.selectFrom('orderEvents').select(['orderId']).where('kind', '=', 'cancelled').execute();
    expect(events).toHaveLength(orderCount);
    expect(new Set(events.map((event) => event.orderId)).size).toBe(orderCount);
    const messages = await k.selectFrom('messages').select('id').where('msgContent', 'like', '%因超时未支付已自动取消%').execute();
    expect(messages).toHaveLength(orderCount);
    const held = await k.selectFrom('memberCoupons').select('usedOrderId').where('id', 'in', coupons).execute();
    expect(held.map((row) => row.usedOrderId)).toEqual(coupons.map(() => null));
    expect(await sweeper.oldestOverdueSeconds()).toBe(0);
    await sweeper.close();
  }, 120_000);

  it('reports the oldest overdue order and completes orders shipped longer ago than the configured days', async () => {
    const k = db.kysely;
    const catalog = await orderCatalog();
    const part = await insertPart(k, catalog);
    const { userId } = await createMember(k);
    await addToCart(k, userId, part, 10);
    const choice = { carrierCode: 'pickup', addressId: null, shortfallChoice: ShortfallChoice.shipAvailable };
    const quote = await previewCheckout(k, userId, choice);
    const placed = await placeOrder(k, config, userId, {
      ...choice,
      idempotencyKey: newKey(),
      invoice: { kind: 'none' },
      remark: '',
      memberCouponIds: [],
      quotedPayableCents: quote.payableCents,
    });
    const now = Date.now();
    await k
      .updateTable('orders')
      .set({ expiresAt: now - 90_000 })
      .where('orderNo', '=', placed.orderNo)
      .execute();
    const sweeper = new OrderSweeper(k, config, pino({ level: 'silent' }));
    expect(await sweeper.oldestOverdueSeconds(now)).toBe(90);
    await k
      .updateTable('orders')
      .set({ status: 'shipped', paidAt: now - 12 * 86_400_000, shippedAt: now - (config.autoCompleteDays * 86_400_000 + 1) })
      .where('orderNo', '=', placed.orderNo)
      .execute();
    expect(await completeLongShippedOrders(k, now, config.autoCompleteDays)).toBe(1);
    expect(await completeLongShippedOrders(k, now, config.autoCompleteDays)).toBe(0);
    const order = await k.selectFrom('orders').select(['status', 'completedAt']).where('orderNo', '=', placed.orderNo).executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'completed', completedAt: now });
    await sweeper.close();
  });
});
