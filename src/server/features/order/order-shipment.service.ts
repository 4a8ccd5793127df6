import type { Kysely, Transaction } from 'kysely';
import { CarrierCode } from '../../../contract/delivery.ts';
import { orderErrors, type Carrier } from '../../../contract/order.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { carrierOrThrow } from './checkout.service.ts';
import { canApply, OrderAction } from './order.state.ts';
import type { OrderLineRow, OrderRow } from './order.tables.ts';
import { findOrderById, findOrderByNo, findOrderLines, insertOrderEvents } from './order.repository.ts';
import { findShippedQuantities, holdUnshippedOrder, insertShipment } from './order-shipment.repository.ts';
import { applyTransition, notifyMember } from './order-transition.service.ts';

/**
 * Staff ship an order in one parcel or several: each parcel names its lines and quantities (only
 * units in stock for the order, not yet sent); the parcel that sends the last unit moves the order
 * to 已发货. Every parcel writes the timeline and sends the member an order message (type 3).
 */

export interface ShipmentLine {
  orderLineId: number;
  quantity: number;
}

export interface ShipmentRequest {
  orderNo: string;
  carrierCode: string;
  trackingNo: string;
  /** What this parcel holds; absent: everything not yet sent. */
  lines?: readonly ShipmentLine[];
  now?: number;
}

export interface ShipmentResult {
  order: OrderRow;
  /** This parcel sent the last unit: the order is 已发货. */
  isLast: boolean;
}

function checkedLines(lines: readonly ShipmentLine[]): readonly ShipmentLine[] {
  const ids = new Set(lines.map((line) => line.orderLineId));
  const isValid = lines.length > 0 && ids.size === lines.length && lines.every((line) => Number.isSafeInteger(line.quantity) && line.quantity > 0);
  if (!isValid) throw new AppError(orderErrors.shipmentLinesInvalid);
  return lines;
}

/** The parcel's quantity per line: every line of the order, 0 for those it leaves out. */
function parcelOf(orderLines: readonly OrderLineRow[], shipped: ReadonlyMap<number, number>, asked: readonly ShipmentLine[] | undefined): Map<number, number> {
  const parcel = new Map<number, number>();
  if (asked === undefined) {
    for (const line of orderLines) {
      // Everything left, which must all be in stock: a back-ordered unit has not arrived.
      if (line.reservedQuantity < line.quantity) throw new AppError(orderErrors.backOrderPending);
      parcel.set(line.id, line.quantity - (shipped.get(line.id) ?? 0));
    }
    return parcel;
  }
  const byId = new Map(orderLines.map((line) => [line.id, line]));
  for (const { orderLineId, quantity } of asked) {
    const line = byId.get(orderLineId);
    if (!line) throw new AppError(orderErrors.shipmentLinesInvalid);
    if (quantity > line.reservedQuantity - (shipped.get(line.id) ?? 0)) throw new AppError(orderErrors.shipmentQuantityTooMany);
    parcel.set(line.id, quantity);
  }
  return parcel;
}

function parcelText(orderLines: readonly OrderLineRow[], parcel: ReadonlyMap<number, number>): string {
  return orderLines.flatMap((line) => ((parcel.get(line.id) ?? 0) > 0 ? [`${line.productCode} ×${String(parcel.get(line.id))}`] : [])).join('，');
}

function lastParcelTexts(carrier: Carrier, trackingNo: string, isFirst: boolean) {
  if (carrier.code === CarrierCode.pickup)
    return { event: '商品已备好，请到仓库自提', message: (orderNo: string) => `您的订单${orderNo}已备货完成，请到仓库自提。` };
  if (isFirst)
    return {
      event: `已发货：${carrier.name}，运单号 ${trackingNo}`,
      message: (orderNo: string) => `您的订单${orderNo}已发货，${carrier.name}运单号${trackingNo}。`,
    };
  return {
    event: `已全部发货：${carrier.name}，运单号 ${trackingNo}`,
    message: (orderNo: string) => `您的订单${orderNo}已全部发货，最后一个包裹${carrier.name}运单号${trackingNo}。`,
  };
}

async function shipInTransaction(
  trx: Transaction<Database>,
  order: OrderRow,
  request: { carrier: Carrier; trackingNo: string; lines: readonly ShipmentLine[] | undefined; now: number },
): Promise<ShipmentResult> {
  const { carrier, trackingNo, now } = request;
  // Holding the order first: a racing cancel or parcel waits, then reads what this one sent.
  if (!(await holdUnshippedOrder(trx, order.id, now))) throw new AppError(orderErrors.notShippable);
  const orderLines = await findOrderLines(trx, [order.id]);
  const shipped = await findShippedQuantities(trx, order.id);
  const parcel = parcelOf(orderLines, shipped, request.lines);
  const isLast = orderLines.every((line) => (shipped.get(line.id) ?? 0) + (parcel.get(line.id) ?? 0) >= line.quantity);
  if (!isLast && carrier.isPickup) throw new AppError(orderErrors.pickupShipsWhole);
  await insertShipment(trx, {
    orderId: order.id,
    carrierCode: carrier.code,
    trackingNo: trackingNo || null,
    shippedAt: now,
    lines: [...parcel].filter(([, quantity]) => quantity > 0).map(([orderLineId, quantity]) => ({ orderLineId, quantity })),
  });
  if (isLast) {
    const texts = lastParcelTexts(carrier, trackingNo, shipped.size === 0);
    const moved = await applyTransition(trx, {
      orderId: order.id,
      action: OrderAction.ship,
      now,
      changes: { shippedAt: now, carrierCode: carrier.code, trackingNo: trackingNo || null },
      eventText: () => texts.event,
      messageText: (row) => texts.message(row.orderNo),
    });
    if (!moved) throw new AppError(orderErrors.notShippable);
    return { order: moved, isLast };
  }
  await insertOrderEvents(trx, [
    { orderId: order.id, kind: 'shippedPart', text: `部分发货：${carrier.name}，运单号 ${trackingNo}（${parcelText(orderLines, parcel)}）`, at: now },
  ]);
  await notifyMember(trx, order.userId, `您的订单${order.orderNo}已部分发货，${carrier.name}运单号${trackingNo}，其余商品将尽快发出。`, now);
  return { order: (await findOrderById(trx, order.id)) ?? order, isLast };
}

/** Sends one parcel of a 待发货 order (see the file's comment); `alongside` runs in its transaction. */
export async function shipParcel(db: Kysely<Database>, request: ShipmentRequest, alongside?: AlongsideChange<ShipmentResult>): Promise<ShipmentResult> {
  const now = request.now ?? Date.now();
  const carrier = carrierOrThrow(request.carrierCode);
  const trackingNo = request.trackingNo.trim();
  if (!carrier.isPickup && trackingNo === '') throw new AppError(orderErrors.trackingNoMissing);
  const lines = request.lines === undefined ? undefined : checkedLines(request.lines);
  const order = await findOrderByNo(db, request.orderNo);
  if (!order) throw new AppError(orderErrors.notFound);
  if (!canApply(OrderAction.ship, order.status)) throw new AppError(orderErrors.notShippable);
  return withTransaction(db, async (trx) => {
    const result = await shipInTransaction(trx, order, { carrier, trackingNo, lines, now });
    await alongside?.(trx, result);
    return result;
  });
}
