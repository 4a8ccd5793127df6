import { pino } from 'pino';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { favoriteCalls } from '../../../contract/favorite-calls.ts';
import { MessageType } from '../../../contract/message.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertOrderCatalog, insertPart } from '../order/testing/order-fixture.ts';
import { createFavoriteAlerts, runFavoriteAlertPass } from './favorite-alerts.ts';
import { registerFavoriteAlertMetrics } from './favorite-alerts.metrics.ts';

describe('favourite alerts: 到货提醒 and 降价提醒 from the catalogue change log', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });
  const db = () => t.db.kysely;

  async function watch(browser: TestBrowser, productId: number, alerts: { stock: boolean; price: boolean }) {
    await browser.callOk(favoriteCalls.add, { productId });
    await browser.callOk(favoriteCalls.setAlert, { productId, ...alerts });
  }
  const alertsOf = async (userId: number) =>
    (
      await db()
        .selectFrom('messages')
        .select(['messageType', 'msgContent'])
        .where('userId', '=', userId)
        .where('messageType', '=', MessageType.alert)
        .orderBy('id')
        .execute()
    ).map((row) => row.msgContent);
  const setStock = (productId: number, stock: number) => db().updateTable('products').set({ stock }).where('id', '=', productId).execute();
  const setPrice = (productId: number, priceE4: number) =>
    db().updateTable('productPrices').set({ priceE4 }).where('productId', '=', productId).where('qtyStart', '=', 1).execute();
  const pass = () => runFavoriteAlertPass(db(), Date.now());

  it('tells a member once when a watched part comes back in stock, and again only after it sold out again', async () => {
    const member = await t.member();
    const part = await insertPart(db(), t.fixture.catalog, { code: 'ALERT-STOCK-1', stock: 0 });
    await watch(member.browser, part, { stock: true, price: false });
    await pass();
    expect(await alertsOf(member.userId)).toEqual([]);

    await setStock(part, 5);
    await pass();
    await pass();
    expect(await alertsOf(member.userId)).toEqual([`您收藏的商品 ALERT-STOCK-1 已到货，当前库存 5 个，查看详情：/product/detail/${String(part)}`]);
    const [message] = await db().selectFrom('messages').select(['messageType', 'isRead']).where('userId', '=', member.userId).execute();
    expect(message).toEqual({ messageType: 6, isRead: 0 });

    await setStock(part, 9);
    await pass();
    expect(await alertsOf(member.userId)).toHaveLength(1);
    await setStock(part, 0);
    await pass();
    await setStock(part, 3);
    await pass();
    expect((await alertsOf(member.userId)).at(-1)).toContain('当前库存 3 个');
    expect(await alertsOf(member.userId)).toHaveLength(2);
  });

  it('tells of a drop of the price at one piece once, never of a rise, and measures the next drop from the last one told', async () => {
    const member = await t.member();
    const part = await insertPart(db(), t.fixture.catalog, { code: 'ALERT-PRICE-1' });
    await watch(member.browser, part, { stock: false, price: true });
    await setPrice(part, 120);
    await pass();
    expect(await alertsOf(member.userId)).toEqual([]);

    await setPrice(part, 95);
    await pass();
    await pass();
    expect(await alertsOf(member.userId)).toEqual([`您收藏的商品 ALERT-PRICE-1 降价了：单价由 ¥0.01 降至 ¥0.0095，查看详情：/product/detail/${String(part)}`]);
    // Back up to 0.0100 and down to 0.0098: above the last price told, no news.
    await setPrice(part, 100);
    await pass();
    await setPrice(part, 98);
    await pass();
    expect(await alertsOf(member.userId)).toHaveLength(1);
    await setPrice(part, 90);
    await pass();
    expect((await alertsOf(member.userId)).at(-1)).toContain('单价由 ¥0.0095 降至 ¥0.009');
  });

  it('sends nothing for alerts switched off or never on, or to members who removed the favourite', async () => {
    const [off, never, removed, stranger] = await Promise.all([t.member(), t.member(), t.member(), t.member()]);
    const part = await insertPart(db(), t.fixture.catalog, { stock: 0 });
    await watch(off.browser, part, { stock: true, price: true });
    await off.browser.callOk(favoriteCalls.setAlert, { productId: part, stock: false, price: false });
    await never.browser.callOk(favoriteCalls.add, { productId: part });
    await watch(removed.browser, part, { stock: true, price: true });
    await removed.browser.callOk(favoriteCalls.remove, { productId: part });
    await setStock(part, 50);
    await setPrice(part, 10);
    await pass();
    for (const member of [off, never, removed, stranger]) expect(await alertsOf(member.userId)).toEqual([]);
  });

  it('tells each watcher of a part, each of their own mark', async () => {
    const early = await t.member();
    const late = await t.member();
    const part = await insertPart(db(), t.fixture.catalog, { code: 'ALERT-TWO', stock: 0 });
    await watch(early.browser, part, { stock: true, price: true });
    await setPrice(part, 80);
    await pass();
    await watch(late.browser, part, { stock: true, price: true });
    await setPrice(part, 60);
    await setStock(part, 7);
    await pass();
    expect(await alertsOf(early.userId)).toEqual([
      expect.stringContaining('单价由 ¥0.01 降至 ¥0.008'),
      expect.stringContaining('已到货，当前库存 7 个'),
      expect.stringContaining('单价由 ¥0.008 降至 ¥0.006'),
    ]);
    expect(await alertsOf(late.userId)).toEqual([expect.stringContaining('已到货'), expect.stringContaining('单价由 ¥0.008 降至 ¥0.006')]);
  });

  it('catches up on every watched part when the log was pruned past its cursor, and moves the cursor there', async () => {
    const member = await t.member();
    const part = await insertPart(db(), t.fixture.catalog, { stock: 0 });
    await watch(member.browser, part, { stock: true, price: false });
    await pass();
    await setStock(part, 4);
    const newest = await db()
      .selectFrom('catalogChanges')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirstOrThrow();
    await db().deleteFrom('catalogChanges').execute();
    await db().updateTable('catalogSync').set({ prunedThrough: newest.seq }).where('id', '=', 1).execute();
    await pass();
    expect(await alertsOf(member.userId)).toEqual([expect.stringContaining('已到货，当前库存 4 个')]);
    const cursor = await db().selectFrom('favoriteAlertCursor').select('seenThrough').executeTakeFirstOrThrow();
    expect(cursor.seenThrough).toBeGreaterThanOrEqual(newest.seq);
  });

  it('moves its cursor past settled changes only, and a closed periodic pass does nothing', async () => {
    const member = await t.member();
    const part = await insertPart(db(), t.fixture.catalog, { stock: 0 });
    await watch(member.browser, part, { stock: true, price: false });
    const later = Date.now() + 60_000;
    await runFavoriteAlertPass(db(), later);
    const newest = await db()
      .selectFrom('catalogChanges')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirstOrThrow();
    const cursor = await db().selectFrom('favoriteAlertCursor').select('seenThrough').executeTakeFirstOrThrow();
    expect(cursor.seenThrough).toBe(newest.seq);

    const work = createFavoriteAlerts(db(), pino({ level: 'silent' }), 60_000);
    await work.close();
    await setStock(part, 2);
    expect(await work.run()).toBe(0);
    expect(await alertsOf(member.userId)).toEqual([]);
  });

  it('reads on past a burst of changes too young to settle: a later back-in-stock is told at once, the cursor kept before the burst', async () => {
    const member = await t.member();
    const part = await insertPart(db(), t.fixture.catalog, { stock: 0 });
    await watch(member.browser, part, { stock: true, price: false });
    await runFavoriteAlertPass(db(), Date.now() + 60_000);
    const before = await db().selectFrom('favoriteAlertCursor').select('seenThrough').executeTakeFirstOrThrow();
    for (let index = 0; index < 12; index++) await insertPart(db(), t.fixture.catalog, { stock: 5 });
    await setStock(part, 3);
    // Nothing has settled (settleMs far longer than the burst's age), and a round reads 10 rows.
    expect(await runFavoriteAlertPass(db(), Date.now(), { batchSize: 10, rounds: 20, settleMs: 3_600_000 })).toBe(1);
    expect(await alertsOf(member.userId)).toEqual([expect.stringContaining('已到货，当前库存 3 个')]);
    expect(await db().selectFrom('favoriteAlertCursor').select('seenThrough').executeTakeFirstOrThrow()).toEqual(before);
    // Once settled, the cursor passes the burst and the alert is not told twice.
    expect(await runFavoriteAlertPass(db(), Date.now() + 3_700_000, { batchSize: 10, rounds: 20, settleMs: 3_600_000 })).toBe(0);
    const newest = await db()
      .selectFrom('catalogChanges')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirstOrThrow();
    expect((await db().selectFrom('favoriteAlertCursor').select('seenThrough').executeTakeFirstOrThrow()).seenThrough).toBe(newest.seq);
  });

  it('shows the changes behind its cursor and its last run in the metrics', async () => {
    const valueOf = (text: string, name: string) =>
      Number(
        text
          .split('\n')
          .find((line) => line.startsWith(`${name} `))
          ?.slice(name.length + 1),
      );
    const work = createFavoriteAlerts(db(), pino({ level: 'silent' }), 60_000);
    const registry = new Registry();
    registerFavoriteAlertMetrics(registry, db(), work);
    await insertPart(db(), t.fixture.catalog);
    const before = await registry.metrics();
    expect(valueOf(before, 'favorite_alerts_changes_behind')).toBeGreaterThan(0);
    expect(valueOf(before, 'favorite_alerts_last_run_seconds')).toBe(0);
    const later = Date.now() + 60_000;
    await work.run(later);
    const after = await registry.metrics();
    expect(valueOf(after, 'favorite_alerts_changes_behind')).toBe(0);
    expect(valueOf(after, 'favorite_alerts_last_run_seconds')).toBe(later / 1000);
    await work.close();
  });
});
