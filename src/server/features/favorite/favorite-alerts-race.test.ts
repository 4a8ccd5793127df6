import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { favoriteCalls } from '../../../contract/favorite-calls.ts';
import { MessageType } from '../../../contract/message.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertOrderCatalog, insertPart } from '../order/testing/order-fixture.ts';
import { createFavoriteAlerts } from './favorite-alerts.ts';

// Each process runs the pass; two reading the same change must send one message per alert and event.
describe('favourite alerts across processes', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

  it('sends one message per alert and event when four passes run the same changes at once', async () => {
    const members = await Promise.all([t.member(), t.member(), t.member()]);
    const part = await insertPart(t.db.kysely, t.fixture.catalog, { stock: 0 });
    for (const member of members) {
      await member.browser.callOk(favoriteCalls.add, { productId: part });
      await member.browser.callOk(favoriteCalls.setAlert, { productId: part, stock: true, price: true });
    }
    await t.db.kysely.updateTable('products').set({ stock: 5 }).where('id', '=', part).execute();
    await t.db.kysely.updateTable('productPrices').set({ priceE4: 50 }).where('productId', '=', part).where('qtyStart', '=', 1).execute();

    const silent = pino({ level: 'silent' });
    const processes = Array.from({ length: 4 }, () => createFavoriteAlerts(t.db.kysely, silent));
    const now = Date.now();
    const sent = await Promise.all(processes.map((work) => work.run(now)));
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(6);
    for (const member of members) {
      const messages = await t.db.kysely
        .selectFrom('messages')
        .select('msgContent')
        .where('userId', '=', member.userId)
        .where('messageType', '=', MessageType.alert)
        .execute();
      expect(messages.map((row) => row.msgContent).sort()).toEqual([expect.stringContaining('已到货'), expect.stringContaining('降价了')]);
    }
    // And again, all at once: nothing new to tell.
    expect((await Promise.all(processes.map((work) => work.run(now + 1000)))).every((count) => count === 0)).toBe(true);
    await Promise.all(processes.map((work) => work.close()));
  });
});
