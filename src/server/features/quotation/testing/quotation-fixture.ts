import type { Kysely } from 'kysely';
import { quotationCalls } from '../../../../contract/quotation-calls.ts';
import type { Database } from '../../../db/database.ts';
import type { TestBrowser } from '../../../testing/test-app.ts';
import { findQuotationLines } from '../quotation.repository.ts';
import { priceQuotation } from '../quotation-staff.service.ts';

const day = 86_400_000;

/** A request of the given parts (one line each) sent by the member's browser: its id. */
export async function requestParts(browser: TestBrowser, parts: readonly { partNumber: string; quantity: number; remark?: string }[]): Promise<number> {
  const answer = await browser.callOk(quotationCalls.request, {
    note: '项目 A 试产',
    lines: parts.map((part, index) => ({ lineNo: index + 1, ...part })),
  });
  return answer.quotationId;
}

/** Staff price each line of the request, in order, with the given product, unit price and quantity; valid for 3 days unless told. */
export async function priceAll(
  db: Kysely<Database>,
  quotationId: number,
  offers: readonly { productId: number; unitPriceE4: number; quantity: number }[],
  options: { validUntil?: number; now?: number } = {},
) {
  const now = options.now ?? Date.now();
  const lines = await findQuotationLines(db, [quotationId]);
  return priceQuotation(
    db,
    quotationId,
    {
      lines: offers.map((offer, index) => ({ lineId: lines[index]?.id ?? 0, ...offer })),
      validUntil: options.validUntil ?? now + 3 * day,
      staffNote: '含税价，现货',
    },
    now,
  );
}
