import { describe, expect, it } from 'vitest';
import { orderCalls } from '../../../contract/order-calls.ts';
import { quotationCalls } from '../../../contract/quotation-calls.ts';
import { insertOrderCatalog, insertPart, newKey, stockOf } from '../order/testing/order-fixture.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { priceAll, requestParts } from './testing/quotation-fixture.ts';

const pickup = { carrierCode: 'pickup', addressId: null, shortfallChoice: 'shipAvailable' } as const;

/** Real concurrent requests through the app; the assertions are about what the database holds afterwards. */
describe('quotation races', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

  it('places one order of an accepted offer when 10 placements with different keys race, 5 times over', async () => {
    const member = await t.member();
    for (let round = 1; round <= 5; round++) {
      const part = await insertPart(t.db.kysely, t.fixture.catalog, { stock: 1000 });
      const quotationId = await requestParts(member.browser, [{ partNumber: `RACE-${String(round)}`, quantity: 100 }]);
      await priceAll(t.db.kysely, quotationId, [{ productId: part, unitPriceE4: 50, quantity: 100 }]);
      await member.browser.callOk(quotationCalls.accept, { quotationId });
      const preview = await member.browser.callOk(orderCalls.preview, { ...pickup, quotationId });
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          member.browser.call(orderCalls.place, { ...pickup, quotationId, idempotencyKey: newKey(), quotedPayableCents: preview.payableCents }),
        ),
      );
      const placed = answers.filter((answer) => answer.code === 1);
      expect(placed, `round ${String(round)}`).toHaveLength(1);
      for (const answer of answers.filter((candidate) => candidate.code !== 1)) expect(answer.errorCode).toBe('quotation.alreadyOrdered');
      const orders = await t.db.kysely.selectFrom('orders').select('orderNo').where('quotationId', '=', quotationId).execute();
      expect(orders.map((order) => order.orderNo)).toEqual([placed[0]?.data?.orderNo]);
      expect(await stockOf(t.db.kysely, part)).toBe(900);
      const quotation = await t.db.kysely.selectFrom('quotations').select(['status', 'orderNo']).where('id', '=', quotationId).executeTakeFirstOrThrow();
      expect(quotation).toEqual({ status: 'ordered', orderNo: placed[0]?.data?.orderNo });
    }
  }, 120_000);

  it('lets exactly one of a cancel and an accept racing on a quoted offer win, never both', async () => {
    const member = await t.member();
    const part = await insertPart(t.db.kysely, t.fixture.catalog);
    for (let round = 1; round <= 10; round++) {
      const quotationId = await requestParts(member.browser, [{ partNumber: `RACE-C-${String(round)}`, quantity: 10 }]);
      await priceAll(t.db.kysely, quotationId, [{ productId: part, unitPriceE4: 50, quantity: 10 }]);
      const [accept, cancel] = await Promise.all([
        member.browser.call(quotationCalls.accept, { quotationId }),
        member.browser.call(quotationCalls.cancel, { quotationId }),
      ]);
      const row = await t.db.kysely.selectFrom('quotations').select('status').where('id', '=', quotationId).executeTakeFirstOrThrow();
      // A cancel after the accept may still win (accepted offers can be withdrawn); an accept after the cancel never does.
      if (row.status === 'accepted') expect(cancel.errorCode).toBe('quotation.notCancellable');
      else {
        expect(row.status).toBe('cancelled');
        expect(cancel.code).toBe(1);
        if (accept.code !== 1) expect(accept.errorCode).toBe('quotation.notQuoted');
      }
    }
    // The request limit (10 an hour) is the member's; this test stays within it.
  }, 60_000);
});
