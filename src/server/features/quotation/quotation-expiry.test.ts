import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { quotationCalls } from '../../../contract/quotation-calls.ts';
import { insertOrderCatalog, insertPart } from '../order/testing/order-fixture.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { createQuotationExpiry } from './quotation-expiry.ts';
import { findQuotationById } from './quotation.repository.ts';
import { priceAll, requestParts } from './testing/quotation-fixture.ts';

const day = 86_400_000;

describe('the timed expiry of offers', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

  it('marks offers past their validity 已过期 once, whichever of two processes runs, and leaves valid ones', async () => {
    const member = await t.member();
    const part = await insertPart(t.db.kysely, t.fixture.catalog);
    const now = Date.now();
    const overdue = await requestParts(member.browser, [{ partNumber: 'A', quantity: 10 }]);
    await priceAll(t.db.kysely, overdue, [{ productId: part, unitPriceE4: 90, quantity: 10 }], { now: now - 2 * day, validUntil: now - day });
    const valid = await requestParts(member.browser, [{ partNumber: 'B', quantity: 10 }]);
    await priceAll(t.db.kysely, valid, [{ productId: part, unitPriceE4: 90, quantity: 10 }]);

    const silent = pino({ level: 'silent' });
    const first = createQuotationExpiry(t.db.kysely, silent);
    const second = createQuotationExpiry(t.db.kysely, silent);
    const counts = await Promise.all([first.run(now), second.run(now)]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect((await findQuotationById(t.db.kysely, overdue))?.status).toBe('expired');
    expect((await findQuotationById(t.db.kysely, valid))?.status).toBe('quoted');
    expect((await member.browser.callOk(quotationCalls.detail, { quotationId: valid })).canAccept).toBe(true);

    await first.close();
    expect(await first.run(now + 10 * day)).toBe(0);
    await second.close();
  });
});
