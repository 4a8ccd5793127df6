import { describe, expect, it } from 'vitest';
import { cartCalls } from '../../../contract/cart-calls.ts';
import { orderCalls } from '../../../contract/order-calls.ts';
import { countStatements } from '../../testing/statement-counter.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertOrderCatalog, insertPart, newKey, stockOf } from './testing/order-fixture.ts';

/**
 * Each statement of a placement is a round trip to PostgreSQL, and on a busy store the round trips,
 * not the database, bound how many orders a process places (bench/results/orders.md). These are the
 * counts of the common cycle, a new cart line then its order (pickup, no coupon, plenty of stock in
 * one warehouse), BEGIN and COMMIT included: a change that adds a statement to it has to say why here.
 */
describe('statements of the common add-then-place cycle', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

  it('adds a new line in 8 statements and places its order in 18, taking the stock once', async () => {
    const partId = await insertPart(t.db.kysely, t.fixture.catalog);
    const member = await t.member();
    const stockBefore = await stockOf(t.db.kysely, partId);

    const added = await countStatements(() => member.browser.callOk(cartCalls.add, { productId: partId, quantity: 100 }));
    const preview = await member.browser.callOk(orderCalls.preview, { carrierCode: 'pickup', addressId: null });
    let orderNo = '';
    const placed = await countStatements(async () => {
      const answer = await member.browser.callOk(orderCalls.place, {
        idempotencyKey: newKey(),
        carrierCode: 'pickup',
        addressId: null,
        shortfallChoice: 'shipAvailable',
        memberCouponIds: [],
        quotedPayableCents: preview.payableCents,
      });
      orderNo = answer.orderNo;
    });

    expect(orderNo).toMatch(/^\d{16}$/);
    expect(await stockOf(t.db.kysely, partId)).toBe(stockBefore - 100);
    expect({ add: added.length, place: placed.length }).toEqual({ add: 8, place: 18 });
    expect(placed.filter((statement) => statement.includes('update "products" set "stock"'))).toHaveLength(1);
  });
});
