import type { Kysely } from 'kysely';
import { orderErrors, OrderStatus, paymentMethodLabels, PaymentMethod, type OrderRefund } from '../../../contract/order.ts';
import { isBindingRefund, lateRefundBuyerLabels, refundBuyerLabels, RefundKind, RefundStatus } from '../../../contract/payment.ts';
import { orderRefundErrors, type OrderFacts } from '../../../contract/order-lifecycle.ts';
import { formatCents } from '../../../contract/pricing.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { returnLineUnits } from '../warehouse/warehouse-stock.service.ts';
import { lineProgress } from './order.state.ts';
import { cancelLineUnits, findOrderByNo, findOrderLines, findRefundsOfOrder, insertOrderEvents } from './order.repository.ts';
import { findLastShipment, findShippedQuantities } from './order-shipment.repository.ts';
import { holdRefundedCents, releaseRefundedCents } from './order-payment.repository.ts';
import { notifyMember, type OrderChanges } from './order-transition.service.ts';

/**
 * What a refund needs of the order (the payment feature asks the provider): the paid order, the
 * refunded total held before the provider is asked (so racing refunds never pass what was paid)
 * and given back when it refuses, and the timeline line and message once the money is back.
 */

export interface RefundableOrder {
  orderId: number;
  orderNo: string;
  userId: number;
  payableCents: number;
  refundedCents: number;
  /** The method that took the payment, and the provider's number for it. */
  paymentMethod: PaymentMethod;
  paymentTradeNo: string | null;
}

function isPaymentMethod(value: string | null): value is PaymentMethod {
  return value !== null && value in paymentMethodLabels;
}

/** The order if it was paid (order.notFound, order.notRefundable otherwise). */
export async function findRefundableOrder(db: Kysely<Database>, orderNo: string): Promise<RefundableOrder> {
  const order = await findOrderByNo(db, orderNo);
  if (!order) throw new AppError(orderErrors.notFound);
  if (order.paidAt === null || order.status === OrderStatus.unpaid || !isPaymentMethod(order.paymentMethod)) throw new AppError(orderErrors.notRefundable);
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    userId: order.userId,
    payableCents: order.payableCents,
    refundedCents: order.refundedCents,
    paymentMethod: order.paymentMethod,
    paymentTradeNo: order.paymentTradeNo,
  };
}

/** Counts `cents` as refunded before the provider is asked; false when that would pass what was paid. */
export function holdRefund(db: Kysely<Database>, orderNo: string, cents: number, now: number): Promise<boolean> {
  return holdRefundedCents(db, orderNo, cents, now);
}

/** The provider did not refund: the held amount is refundable again. */
export function releaseRefund(db: Kysely<Database>, orderNo: string, cents: number, now: number): Promise<boolean> {
  return releaseRefundedCents(db, orderNo, cents, now);
}

/** The money is back with the buyer: the timeline's 已退款 line and the member's order message. */
export async function recordRefunded(
  db: Kysely<Database>,
  refund: { orderNo: string; amountCents: number; reason: string; isOffline: boolean },
  now: number,
): Promise<void> {
  const order = await findOrderByNo(db, refund.orderNo);
  if (!order) return;
  const amount = formatCents(refund.amountCents);
  await insertOrderEvents(db, [{ orderId: order.id, kind: 'refunded', text: `已退款 ${amount}：${refund.reason}`, at: now }]);
  const route = refund.isOffline ? '已转回您的付款账户' : '已原路退回';
  await notifyMember(db, order.userId, `您的订单${order.orderNo}已退款${amount}，${route}。`, now);
}

/** Units a refund takes off a line before they are sent. */
export interface LineTakeOff {
  orderLineId: number;
  quantity: number;
}

export type RefundEvent = 'refundPart' | 'refundInFull' | 'refundRemaining';

/**
 * Which of the order lifecycle's refund events a refund of `amountCents` taking `unitsTakenOff`
 * units off is, on facts that do not count it yet: the one that completes the paid amount closes
 * the order; one that takes off every unit left to send of a partly shipped order makes it 已发货;
 * taking off everything of an order nothing of which was sent is a full refund or nothing.
 */
export function refundEventOf(facts: OrderFacts, amountCents: number, unitsTakenOff: number): RefundEvent {
  if (facts.refundedCents + amountCents >= facts.paidCents) return 'refundInFull';
  if (unitsTakenOff > 0 && unitsTakenOff >= facts.unitsToShip) {
    if (facts.state === OrderStatus.partlyShipped) return 'refundRemaining';
    throw new AppError(orderRefundErrors.wholeNeedsFullRefund);
  }
  return 'refundPart';
}

/**
 * What a refund event writes on the order besides its status: a full refund closes it; one that
 * leaves a partly shipped order 已发货 carries its last parcel, as a last shipment would, so the
 * auto-confirmation counts its days from there.
 */
export async function refundOrderChanges(trx: Kysely<Database>, orderId: number, event: RefundEvent, now: number): Promise<OrderChanges> {
  if (event === 'refundInFull') return { closedAt: now };
  if (event !== 'refundRemaining') return {};
  const last = await findLastShipment(trx, orderId);
  return last ? { shippedAt: last.shippedAt, carrierCode: last.carrierCode, trackingNo: last.trackingNo } : { shippedAt: now };
}

/** Each line once, whole quantities above zero. */
export function checkedTakeOffs(lines: readonly LineTakeOff[]): readonly LineTakeOff[] {
  const isValid =
    new Set(lines.map((line) => line.orderLineId)).size === lines.length && lines.every((line) => Number.isSafeInteger(line.quantity) && line.quantity > 0);
  if (!isValid) throw new AppError(orderErrors.shipmentLinesInvalid);
  return lines;
}

/**
 * Inside the refund's transaction, the order held: takes the units off their lines (never more
 * than a line has left to send), first from what still waits on a back order, then from what was
 * reserved for it, which goes back to the warehouses it came from. Answers the timeline's text.
 */
export async function takeOffLines(trx: Kysely<Database>, orderId: number, takeOffs: readonly LineTakeOff[], now: number): Promise<string> {
  const [lines, shipped] = await Promise.all([findOrderLines(trx, [orderId]), findShippedQuantities(trx, orderId)]);
  const byId = new Map(lines.map((line) => [line.id, line]));
  const texts: string[] = [];
  for (const { orderLineId, quantity } of takeOffs) {
    const line = byId.get(orderLineId);
    if (!line) throw new AppError(orderErrors.shipmentLinesInvalid);
    const sent = shipped.get(line.id) ?? 0;
    if (quantity > lineProgress(line, sent).toShip) throw new AppError(orderRefundErrors.takeOffTooMany);
    const waiting = line.quantity - line.cancelledQuantity - line.reservedQuantity;
    const fromReserved = quantity - Math.min(quantity, waiting);
    if (!(await cancelLineUnits(trx, line.id, quantity, fromReserved))) throw new AppError(orderRefundErrors.takeOffTooMany);
    await returnLineUnits(trx, [{ orderLineId: line.id, productId: line.productId, quantity: fromReserved }], now);
    texts.push(`${line.productCode} ×${String(quantity)}`);
  }
  return texts.join('，');
}

/**
 * The order's refunds as its detail shows them: a failed adjustment is left out (it gave its
 * amount back); an owed one reads 退款中 until it goes through; a late payment's reads 付款退回中 /
 * 付款已退回, its channel naming why the order did not take the money.
 */
export async function listOrderRefunds(db: Kysely<Database>, orderNo: string): Promise<OrderRefund[]> {
  const rows = await findRefundsOfOrder(db, orderNo);
  return rows.flatMap((row) => {
    if (row.status === RefundStatus.failed && !isBindingRefund(row.kind)) return [];
    const status = row.status === RefundStatus.succeeded ? RefundStatus.succeeded : RefundStatus.processing;
    const isLate = row.kind === RefundKind.latePayment;
    const channel = row.method === PaymentMethod.bankTransfer ? '线下退款' : '原路退回';
    return [
      {
        refundNo: row.refundNo,
        amountCents: row.amountCents,
        isDone: status === RefundStatus.succeeded,
        statusLabel: (isLate ? lateRefundBuyerLabels : refundBuyerLabels)[status],
        channelLabel: isLate ? `${channel}（${row.reason}）` : channel,
        createdAt: row.createdAt,
      },
    ];
  });
}
