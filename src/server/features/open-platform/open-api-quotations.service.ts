import type { z } from 'zod';
import { yuanTextOfE4 } from '../../../contract/money.ts';
import { openApiCurrency } from '../../../contract/open-api.ts';
import type { openQuotationSchemas } from '../../../contract/open-api-order-requests.ts';
import { openOrderErrors } from '../../../contract/open-api-orders.ts';
import { QuotationStatus, type QuotationDetail } from '../../../contract/quotation.ts';
import { findCarrier } from '../../../contract/delivery.ts';
import { orderErrors, ShortfallChoice } from '../../../contract/order.ts';
import { formatBeijingRfc3339 } from '../../../contract/time.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { acceptQuotation, loadQuotationDetail, requestQuotation } from '../quotation/quotation.service.ts';
import { listAddresses } from '../address/address.service.ts';
import { placeOrder } from '../order/order-placement.service.ts';
import { placeIdempotently, type OpenOrderCaller, type OpenOrderDeps, type OpenOrderOptions } from './open-api-orders.service.ts';

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

/** The address an order goes to: the one named, else the member's first (none for 自提), as POST /orders chooses. */
async function addressIdFor(deps: OpenOrderDeps, userId: number, options: OpenOrderOptions): Promise<number | null> {
  if (options.addressId !== undefined || findCarrier(options.carrierCode)?.isPickup !== false) return options.addressId ?? null;
  const [first] = await listAddresses(deps.db, userId);
  if (!first) throw new AppError(orderErrors.addressMissing, '请先在会员中心添加收货地址，或在 addressId 中指定地址');
  return first.id;
}

/**
 * POST /quotations/{quotationId}/order: the offer ordered at its quoted prices, as the member centre
 * does it: accepted first when only quoted (the lifecycle's 接受), then the shop's own placement of an
 * accepted offer (every quoted line and quantity, what is out of stock waiting for it, the offer
 * marked ordered in the order's transaction). Refused past its validity or once ordered; a retry
 * under the same Idempotency-Key gets the first answer.
 */
export function openOrderQuotation(deps: OpenOrderDeps, caller: OpenOrderCaller, quotationId: number, body: OpenOrderOptions, now = Date.now()) {
  const userId = liveCallerOf(caller);
  return placeIdempotently(
    deps,
    caller,
    { operation: 'orderQuotation', quotationId, body },
    async (claim, confirmUnderLock) => {
      const detail = await loadQuotationDetail(deps.db, userId, quotationId, now);
      if (detail.status === QuotationStatus.quoted) await acceptQuotation(deps.db, userId, quotationId, now, { from: QuotationStatus.quoted });
      return placeOrder(
        deps.db,
        deps.config.orders,
        userId,
        {
          idempotencyKey: claim,
          carrierCode: body.carrierCode,
          addressId: await addressIdFor(deps, userId, body),
          shortfallChoice: ShortfallChoice.shipAvailable,
          memberCouponIds: [],
          invoice: body.invoice,
          remark: body.remark,
          poNumber: body.poNumber,
          quotedPayableCents: body.expectedPayableCents,
          quotationId,
          confirmUnderLock,
        },
        now,
      );
    },
    now,
  );
}
