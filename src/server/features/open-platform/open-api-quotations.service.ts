import type { z } from 'zod';
import { yuanTextOfE4 } from '../../../contract/money.ts';
import { openApiCurrency } from '../../../contract/open-api.ts';
import type { openQuotationSchemas } from '../../../contract/open-api-order-requests.ts';
import { openOrderErrors } from '../../../contract/open-api-orders.ts';
import type { QuotationDetail } from '../../../contract/quotation.ts';
import { formatBeijingRfc3339 } from '../../../contract/time.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { loadQuotationDetail, requestQuotation } from '../quotation/quotation.service.ts';
import type { OpenOrderCaller } from './open-api-orders.service.ts';

type Schemas = typeof openQuotationSchemas;
type OpenQuotation = z.output<Schemas['response']>;

function quotationOf(detail: QuotationDetail): OpenQuotation {
  return {
    quotationId: detail.id,
    quotationNo: detail.quotationNo,
    state: detail.status,
    stateLabel: detail.statusLabel,
    note: detail.note,
    staffNote: detail.staffNote,
    createdAt: formatBeijingRfc3339(detail.createdAt),
    validUntil: detail.validUntil === null ? null : formatBeijingRfc3339(detail.validUntil),
    totalCents: detail.totalCents,
    currency: openApiCurrency,
    orderNo: detail.orderNo,
    lines: detail.lines.map((line) => ({
      lineNo: line.lineNo,
      partNumber: line.partNumber,
      brand: line.brand,
      package: line.package,
      quantity: line.quantity,
      remark: line.remark,
      offer: line.offer
        ? {
            productId: line.offer.productId,
            partNumber: line.offer.productCode,
            brand: line.offer.brandName,
            unitPrice: yuanTextOfE4(line.offer.unitPriceE4),
            quantity: line.offer.quantity,
            amountCents: line.offer.amountCents,
            currency: openApiCurrency,
            leadTime: line.offer.leadTime,
          }
        : null,
    })),
  };
}

/** Staff price a request by hand: a sandbox key's request would reach their desk, so only live keys ask. */
function liveCallerOf(caller: OpenOrderCaller): number {
  if (caller.isSandbox) throw new AppError(openOrderErrors.sandboxQuotation);
  return caller.userId;
}

/** POST /quotations: the quotation feature's own request (its hourly limit and the member's message), answered as it now stands. */
export async function openRequestQuotation(
  deps: Pick<ServiceDeps, 'db' | 'counters'>,
  caller: OpenOrderCaller,
  body: z.output<Schemas['requestBody']>,
): Promise<OpenQuotation> {
  const userId = liveCallerOf(caller);
  const lines = body.lines.map((line, index) => ({ ...line, lineNo: index + 1 }));
  const { quotationId } = await requestQuotation(deps, userId, { note: body.note, lines });
  return quotationOf(await loadQuotationDetail(deps.db, userId, quotationId));
}

/** GET /quotations/{quotationId}: the request and, once staff priced it, the offer line by line. Another member's is not found. */
export async function openGetQuotation(deps: Pick<ServiceDeps, 'db'>, caller: OpenOrderCaller, quotationId: number): Promise<OpenQuotation> {
  return quotationOf(await loadQuotationDetail(deps.db, liveCallerOf(caller), quotationId));
}
