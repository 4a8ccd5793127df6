import type { Kysely, Transaction } from 'kysely';
import { CarrierCode, findCarrier } from '../../../contract/delivery.ts';
import { orderErrors, type Carrier, type OrderShipment } from '../../../contract/order.ts';
import { formatBeijingTimeSeconds } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { carrierOrThrow } from './checkout.service.ts';
import { orderLifecycle } from '../../../contract/order-lifecycle.ts';
import { assertAllowed } from '../../lifecycle/lifecycle-guard.ts';
import type { Actor } from '../../../contract/lifecycle.ts';
import type { OrderStatus } from '../../../contract/order.ts';
import { lineProgress } from './order.state.ts';
import type { OrderLineRow, OrderRow } from './order.tables.ts';
import { findOrderByNo, findOrderLines } from './order.repository.ts';
import { findShipments, findShippedQuantities, holdShippableOrder, insertShipment } from './order-shipment.repository.ts';
import { loadOrderFacts, refusalFor, transitionOrThrow } from './order-transition.service.ts';

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
  /** The status the staff member's page showed. */
  seen?: OrderStatus;
  /** Who ships (the console passes the staff member; absent: a trusted caller). */
  actor?: Actor;
  now?: number;
}

export interface ShipmentResult {
  order: OrderRow;
  /** This parcel sent the last unit still to send: the order is 已发货. */
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
      const { toShip, shippableNow } = lineProgress(line, shipped.get(line.id) ?? 0);
      if (shippableNow < toShip) throw new AppError(orderErrors.backOrderPending);
      parcel.set(line.id, toShip);
    }
    return parcel;
  }
  const byId = new Map(orderLines.map((line) => [line.id, line]));
  for (const { orderLineId, quantity } of asked) {
    const line = byId.get(orderLineId);
    if (!line) throw new AppError(orderErrors.shipmentLinesInvalid);
    if (quantity > lineProgress(line, shipped.get(line.id) ?? 0).shippableNow) throw new AppError(orderErrors.shipmentQuantityTooMany);
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
  request: { carrier: Carrier; trackingNo: string; lines: readonly ShipmentLine[] | undefined; seen?: OrderStatus; now: number },
): Promise<ShipmentResult> {
  const { carrier, trackingNo, now } = request;
  // Holding the order first: a racing cancel, refund or parcel waits, then reads what this one sent.
  if (!(await holdShippableOrder(trx, order.id, now))) throw await refusalFor(trx, order.id, 'shipLast', now, request.seen);
  const orderLines = await findOrderLines(trx, [order.id]);
  const shipped = await findShippedQuantities(trx, order.id);
  const parcel = parcelOf(orderLines, shipped, request.lines);
  if ([...parcel.values()].every((quantity) => quantity === 0)) throw new AppError(orderErrors.shipmentLinesInvalid);
  const isLast = orderLines.every((line) => (parcel.get(line.id) ?? 0) >= lineProgress(line, shipped.get(line.id) ?? 0).toShip);
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
    const moved = await transitionOrThrow(trx, {
      orderId: order.id,
      event: 'shipLast',
      seen: request.seen,
      now,
      changes: { shippedAt: now, carrierCode: carrier.code, trackingNo: trackingNo || null },
      eventText: () => texts.event,
      messageText: (row) => texts.message(row.orderNo),
    });
    return { order: moved, isLast };
  }
  const moved = await transitionOrThrow(trx, {
    orderId: order.id,
    event: 'shipParcel',
    seen: request.seen,
    now,
    eventText: () => `部分发货：${carrier.name}，运单号 ${trackingNo}（${parcelText(orderLines, parcel)}）`,
    messageText: (row) => `您的订单${row.orderNo}已部分发货，${carrier.name}运单号${trackingNo}，其余商品将尽快发出。`,
  });
  return { order: moved, isLast };
}

/** Sends one parcel of a 待发货 or 部分发货 order (see the file's comment); `alongside` runs in its transaction. */
export async function shipParcel(db: Kysely<Database>, request: ShipmentRequest, alongside?: AlongsideChange<ShipmentResult>): Promise<ShipmentResult> {
  const now = request.now ?? Date.now();
  const carrier = carrierOrThrow(request.carrierCode);
  const trackingNo = request.trackingNo.trim();
  if (!carrier.isPickup && trackingNo === '') throw new AppError(orderErrors.trackingNoMissing);
  const lines = request.lines === undefined ? undefined : checkedLines(request.lines);
  const order = await findOrderByNo(db, request.orderNo);
  if (!order) throw new AppError(orderErrors.notFound);
  const facts = await loadOrderFacts(db, order, now);
  // The parcel's own event is known once its lines are read under the order's lock; either needs a shippable order.
  assertAllowed(orderLifecycle, facts.unitsShippableNow === facts.unitsToShip ? 'shipLast' : 'shipParcel', facts, request.actor);
  return withTransaction(db, async (trx) => {
    const result = await shipInTransaction(trx, order, { carrier, trackingNo, lines, seen: request.seen, now });
    await alongside?.(trx, result);
    return result;
  });
}

/** The order's parcels as the buyer's detail lists them, first sent first ('LM358 ×10，NE555 ×5'). */
export async function loadShipmentsOf(
  db: Kysely<Database>,
  orderId: number,
  orderLines: readonly Pick<OrderLineRow, 'id' | 'productCode'>[],
): Promise<OrderShipment[]> {
  const codes = new Map(orderLines.map((line) => [line.id, line.productCode]));
  return (await findShipments(db, orderId)).map((shipment) => ({
    id: shipment.id,
    carrierName: findCarrier(shipment.carrierCode)?.name ?? shipment.carrierCode,
    trackingNo: shipment.trackingNo,
    shippedAtStr: formatBeijingTimeSeconds(shipment.shippedAt),
    linesText: shipment.lines.map((line) => `${codes.get(line.orderLineId) ?? ''} ×${String(line.quantity)}`).join('，'),
  }));
}
