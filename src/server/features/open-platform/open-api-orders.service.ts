import { createHash, randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { apiIdempotencyKeyLifecycle } from '../../../contract/api-idempotency-key-lifecycle.ts';
import { findCarrier } from '../../../contract/delivery.ts';
import { buyer } from '../../../contract/lifecycle.ts';
import { yuanTextOfE4 } from '../../../contract/money.ts';
import { openApiCurrency } from '../../../contract/open-api.ts';
import { idempotencyKeyHeader, openOrderErrors, openOrderLimits } from '../../../contract/open-api-orders.ts';
import type { openOrderSchemas } from '../../../contract/open-api-order-requests.ts';
import { OrderStatus, orderStatusLabels, type PaymentMethod, type PlacedOrder } from '../../../contract/order.ts';
import { normalizePartNumber } from '../../../contract/part-number.ts';
import { dayMs, formatBeijingRfc3339, startOfBeijingDay } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { assertAllowed } from '../../lifecycle/lifecycle-guard.ts';
import { lockMember } from '../account/account.service.ts';
import { loadProductsByPartNumber } from '../catalog/product-lookup.service.ts';
import type { ProgramOrderLine } from '../order/order-placement.service.ts';
import { listOrdersForProgram, loadOrderForProgram, placeOrderForProgram, type ProgramOrder } from '../order/order-program.service.ts';
import type { OrderLineRow, OrderRow } from '../order/order.tables.ts';
import { bankAccountOf, paySandboxOrder, type PaymentContext } from '../payment/payment.service.ts';
import { lineBackOrderOf, orderBackOrderOf } from './open-api-backorder.ts';
import {
  claimIdempotencyKey,
  isIdempotencyKeyClaimed,
  releaseIdempotencyKey,
  saveIdempotentAnswer,
  type IdempotencyScope,
} from './open-api-idempotency.repository.ts';

type Schemas = typeof openOrderSchemas;
type Out<Key extends keyof Schemas> = z.output<Schemas[Key]>;
type OpenOrder = Out<'orderResponse'>;
type OpenOrderSummary = Out<'listResponse'>['items'][number];

/** What the order endpoints read: the services' deps with the payment providers (the cashier's and 对公转账's details, sandbox 模拟支付). */
export type OpenOrderDeps = PaymentContext;

/** Who asks: the key's member and kind, the Idempotency-Key sent, and the origin links are made for. */
export interface OpenOrderCaller {
  /** The API key that proved the request: its cart is this key's. */
  keyId: number;
  userId: number;
  isSandbox: boolean;
  idempotencyKey: string | null;
  origin: string;
}

function paymentStateOf(order: OrderRow): OpenOrder['payment']['state'] {
  if (order.paidAt === null) return order.status === OrderStatus.cancelled ? 'cancelled' : 'unpaid';
  return order.status === OrderStatus.closed || (order.refundedCents > 0 && order.refundedCents >= order.payableCents) ? 'refunded' : 'paid';
}

function summaryOf(order: OrderRow, lines: readonly OrderLineRow[]): OpenOrderSummary {
  const isUnpaid = order.status === OrderStatus.unpaid;
  return {
    orderNo: order.orderNo,
    poNumber: order.poNumber,
    state: order.status,
    stateLabel: orderStatusLabels[order.status],
    isSandbox: order.isSandbox === 1,
    createdAt: formatBeijingRfc3339(order.createdAt),
    payableCents: order.payableCents,
    currency: openApiCurrency,
    lineCount: lines.length,
    payment: {
      state: paymentStateOf(order),
      method: order.paidAt === null ? null : ((order.paymentMethod ?? null) as PaymentMethod | null),
      paidAt: order.paidAt === null ? null : formatBeijingRfc3339(order.paidAt),
      payBefore: isUnpaid && order.expiresAt !== null ? formatBeijingRfc3339(order.expiresAt) : null,
      refundedCents: order.refundedCents,
    },
    ...orderBackOrderOf(order, lines),
  };
}

function orderOf({ order, lines, shipments }: ProgramOrder): OpenOrder {
  const shipped = new Map<number, number>();
  for (const parcel of shipments) for (const line of parcel.lines) shipped.set(line.orderLineId, (shipped.get(line.orderLineId) ?? 0) + line.quantity);
  const productOfLine = new Map(lines.map((line) => [line.id, line.productId]));
  return {
    ...summaryOf(order, lines),
    goodsCents: order.goodsCents,
    freightCents: order.freightCents,
    discountCents: order.goodsDiscountCents + order.freightDiscountCents,
    carrierCode: order.carrierCode,
    remark: order.remark,
    lines: lines.map((line) => ({
      productId: line.productId,
      partNumber: line.productCode,
      brand: line.brandName,
      package: line.package,
      customerPartNo: line.customerPartNo,
      quantity: line.quantity,
      cancelledQuantity: line.cancelledQuantity,
      shippedQuantity: shipped.get(line.id) ?? 0,
      ...lineBackOrderOf(order, line),
      unitPrice: yuanTextOfE4(line.unitPriceE4),
      amountCents: line.amountCents,
      currency: openApiCurrency,
    })),
    shipments: shipments.map((parcel) => ({
      carrierCode: parcel.carrierCode,
      carrierName: findCarrier(parcel.carrierCode)?.name ?? parcel.carrierCode,
      trackingNo: parcel.trackingNo,
      shippedAt: formatBeijingRfc3339(parcel.shippedAt),
      lines: parcel.lines.map((line) => ({ productId: productOfLine.get(line.orderLineId) ?? 0, quantity: line.quantity })),
    })),
  };
}

/** GET /orders: the caller's orders of its kind, filtered, 20 a page; a page past the end is empty with the true total. */
export async function openListOrders(deps: OpenOrderDeps, caller: OpenOrderCaller, query: Out<'listQuery'>): Promise<Out<'listResponse'>> {
  const { pageSize } = openOrderLimits;
  const { orders, total } = await listOrdersForProgram(deps.db, caller, {
    status: query.state ?? null,
    createdFrom: query.from === undefined ? undefined : startOfBeijingDay(query.from),
    createdBefore: query.to === undefined ? undefined : startOfBeijingDay(query.to) + dayMs,
    poNumber: query.poNumber,
    page: query.page,
    pageSize,
  });
  const pageCount = Math.ceil(total / pageSize);
  return {
    total,
    page: query.page,
    pageSize,
    pageCount,
    hasMore: query.page < Math.min(pageCount, openOrderLimits.pagesMax),
    items: orders.map(({ order, lines }) => summaryOf(order, lines)),
  };
}

export async function openGetOrder(deps: OpenOrderDeps, caller: OpenOrderCaller, orderNo: string): Promise<OpenOrder> {
  return orderOf(await loadOrderForProgram(deps.db, caller, orderNo));
}

/** Lines by product id or exact part number (a number several makers sell is not guessed); each product once. */
export async function programLinesOf(deps: Pick<OpenOrderDeps, 'db'>, lines: Out<'placeBody'>['lines']): Promise<ProgramOrderLine[]> {
  const byNumber = await loadProductsByPartNumber(
    deps.db,
    lines.flatMap((line) => (line.partNumber === undefined ? [] : [normalizePartNumber(line.partNumber)])),
  );
  const resolved = lines.map((line, index) => {
    if (line.productId !== undefined) return { productId: line.productId, quantity: line.quantity, customerPartNo: line.customerPartNo };
    const parts = byNumber.get(normalizePartNumber(line.partNumber ?? '')) ?? [];
    const field = { field: `lines.${String(index)}.partNumber` };
    if (parts.length === 0) throw new AppError(openOrderErrors.partNotFound, `型号 ${line.partNumber ?? ''} 不存在`, field);
    if (parts.length > 1) throw new AppError(openOrderErrors.partAmbiguous, `型号 ${line.partNumber ?? ''} 有多个品牌的商品，请改用 productId 指定`, field);
    return { productId: parts[0]?.productId ?? 0, quantity: line.quantity, customerPartNo: line.customerPartNo };
  });
  if (new Set(resolved.map((line) => line.productId)).size !== resolved.length) throw new AppError(openOrderErrors.duplicateLine);
  return resolved;
}

function howToPayOf(deps: OpenOrderDeps, caller: OpenOrderCaller, order: OpenOrder): Out<'placeResponse'>['howToPay'] {
  const account = bankAccountOf(deps);
  const windowDays = deps.config.payments.bankTransferWindowDays;
  return {
    cashierUrl: `${caller.origin}/offer/pay/${order.orderNo}`,
    bankTransfer:
      account && !caller.isSandbox
        ? {
            account,
            reference: order.orderNo,
            amountCents: order.payableCents,
            note: `请先在收银台选择“对公转账”（订单将为转账保留${String(windowDays)}天，否则在 payBefore 前未付款会自动取消），转账附言填写订单号，到账后由工作人员确认`,
          }
        : null,
    sandboxPayPath: caller.isSandbox ? `/open/v1/orders/${order.orderNo}/sandbox-pay` : null,
  };
}

/** 1–255 visible ASCII characters. */
const idempotencyKeyPattern = new RegExp(`^[\\x21-\\x7e]{1,${String(openOrderLimits.idempotencyKeyMax)}}$`);

function scopeOf(caller: OpenOrderCaller): IdempotencyScope {
  const key = caller.idempotencyKey?.trim() ?? '';
  if (!idempotencyKeyPattern.test(key)) throw new AppError(openOrderErrors.idempotencyKeyMissing, undefined, { field: idempotencyKeyHeader });
  return { userId: caller.userId, isSandbox: caller.isSandbox, idempotencyKey: key };
}

/**
 * What an order request places once its Idempotency-Key is claimed: the placement under the claim,
 * which runs `confirmUnderLock` under the member's lock before placing (placeOrder's confirmUnderLock).
 */
export type PlaceUnderClaim = (claim: string, confirmUnderLock: ConfirmUnderLock) => Promise<PlacedOrder>;
type ConfirmUnderLock = (trx: Transaction<Database>) => Promise<void>;

/**
 * An order request under its Idempotency-Key (POST /orders, /cart/order, /quotations/{id}/order).
 * The key is claimed first (one row per member, kind and key, for 24 hours): another request under
 * it (`what`: the operation and its body) is refused; the same one gets the stored answer; racing
 * requests read the one claim and place under it, and the placement's own idempotency (the member's
 * lock, the unique orders key) makes them one order. A refused placement releases the key
 * (contract/api-idempotency-key-lifecycle.ts): the same key may be retried, with the same or a corrected request.
 * The release and every placement under a claim meet under the member's lock: a release waits for a
 * racing placement's commit (and then keeps the key, its order exists), and a placement after a
 * release is refused (openOrder.idempotencyKeyReleased), so a third request's new claim is never a second order.
 */
export async function placeIdempotently(
  deps: OpenOrderDeps,
  caller: OpenOrderCaller,
  what: unknown,
  place: PlaceUnderClaim,
  now = Date.now(),
): Promise<Out<'placeResponse'>> {
  const scope = scopeOf(caller);
  const requestHash = createHash('sha256').update(JSON.stringify(what)).digest('hex');
  const claim = `open:${randomBytes(16).toString('base64url')}`;
  const expiresAt = now + openOrderLimits.idempotencyHours * 3_600_000;
  const row = await claimIdempotencyKey(deps.db, scope, { claim, requestHash, now, expiresAt });
  if (row.requestHash !== requestHash) throw new AppError(openOrderErrors.idempotencyKeyReused);
  if (row.answerJson !== null) return JSON.parse(row.answerJson) as Out<'placeResponse'>;
  const confirmUnderLock: ConfirmUnderLock = async (trx) => {
    if (!(await isIdempotencyKeyClaimed(trx, scope, row.claim))) throw new AppError(openOrderErrors.idempotencyKeyReleased);
  };
  let placed: PlacedOrder;
  try {
    placed = await place(row.claim, confirmUnderLock);
  } catch (error) {
    // A refused or failed placement: unless an order exists under the claim (the SQL checks), the key is released for a retry.
    assertAllowed(apiIdempotencyKeyLifecycle, 'release', { state: 'inProgress' }, buyer);
    await withTransaction(deps.db, async (trx) => {
      await lockMember(trx, scope.userId);
      await releaseIdempotencyKey(trx, scope, row.claim);
    });
    throw error;
  }
  const order = orderOf(await loadOrderForProgram(deps.db, caller, placed.orderNo, now));
  const answer = JSON.stringify({ order, howToPay: howToPayOf(deps, caller, order) });
  assertAllowed(apiIdempotencyKeyLifecycle, 'complete', { state: 'inProgress' }, buyer);
  return JSON.parse(await saveIdempotentAnswer(deps.db, scope, { claim: row.claim, requestHash, now, expiresAt }, answer)) as Out<'placeResponse'>;
}

/** The order options every placement by a program takes (POST /orders and the cart's and quotation's orders alike). */
export type OpenOrderOptions = Omit<Out<'placeBody'>, 'lines'>;

/** POST /orders: the program's lines at today's prices. Its hash is the body alone, as before the cart and quotation orders shared the keys. */
export async function openPlaceOrder(deps: OpenOrderDeps, caller: OpenOrderCaller, body: Out<'placeBody'>, now = Date.now()): Promise<Out<'placeResponse'>> {
  return placeIdempotently(
    deps,
    caller,
    body,
    async (claim, confirmUnderLock) => placeProgramLines(deps, caller, { claim, confirmUnderLock }, await programLinesOf(deps, body.lines), body, now),
    now,
  );
}

/** Places lines already resolved (the body's, or the cart's) through the order feature's program placement. */
export function placeProgramLines(
  deps: OpenOrderDeps,
  caller: OpenOrderCaller,
  { claim, confirmUnderLock }: { claim: string; confirmUnderLock: ConfirmUnderLock },
  lines: readonly ProgramOrderLine[],
  options: OpenOrderOptions,
  now = Date.now(),
): Promise<PlacedOrder> {
  return placeOrderForProgram(
    deps.db,
    deps.config.orders,
    caller,
    {
      claim,
      confirmUnderLock,
      lines,
      poNumber: options.poNumber,
      carrierCode: options.carrierCode,
      addressId: options.addressId ?? null,
      invoice: options.invoice,
      remark: options.remark,
      expectedPayableCents: options.expectedPayableCents,
    },
    now,
  );
}

/** POST /orders/{orderNo}/sandbox-pay: a sandbox key's order paid by 模拟支付; a live key has no such order. */
export async function openPaySandboxOrder(deps: OpenOrderDeps, caller: OpenOrderCaller, orderNo: string): Promise<Out<'payResponse'>> {
  if (!caller.isSandbox) throw new AppError(openOrderErrors.notSandboxOrder);
  await paySandboxOrder(deps, caller.userId, orderNo);
  return { order: await openGetOrder(deps, caller, orderNo) };
}
