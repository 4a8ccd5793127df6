import type { Kysely } from 'kysely';
import { OrderStatus } from '../../../contract/order.ts';
import type { Database } from '../../db/database.ts';

/** Parcels of an order (order_shipments) and what each holds. */

/**
 * Holds a 待发货 or 部分发货 order for a parcel without moving it: the order row is locked (PostgreSQL)
 * or the write lock taken (SQLite) before anything is read, so a racing cancel, refund or shipment
 * waits and then finds this parcel. False when the order can no longer be shipped.
 */
export async function holdShippableOrder(trx: Kysely<Database>, orderId: number, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ updatedAt: now })
    .where('id', '=', orderId)
    .where('status', 'in', [OrderStatus.unshipped, OrderStatus.partlyShipped])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Units of each line already sent, by order line id. */
export async function findShippedQuantities(db: Kysely<Database>, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('orderShipmentLines')
    .innerJoin('orderShipments', 'orderShipments.id', 'orderShipmentLines.shipmentId')
    .select(['orderShipmentLines.orderLineId', (eb) => eb.fn.sum<number | string>('orderShipmentLines.quantity').as('quantity')])
    .where('orderShipments.orderId', '=', orderId)
    .groupBy('orderShipmentLines.orderLineId')
    .execute();
  return new Map(rows.map((row) => [row.orderLineId, Number(row.quantity)]));
}

export async function insertShipment(
  trx: Kysely<Database>,
  shipment: { orderId: number; carrierCode: string; trackingNo: string | null; shippedAt: number; lines: readonly { orderLineId: number; quantity: number }[] },
): Promise<number> {
  const { lines, ...parcel } = shipment;
  const inserted = await trx.insertInto('orderShipments').values(parcel).returning('id').executeTakeFirstOrThrow();
  if (lines.length > 0)
    await trx
      .insertInto('orderShipmentLines')
      .values(lines.map((line) => ({ shipmentId: inserted.id, ...line })))
      .execute();
  return inserted.id;
}

export async function hasShipment(db: Kysely<Database>, orderId: number): Promise<boolean> {
  const row = await db.selectFrom('orderShipments').select('id').where('orderId', '=', orderId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The order's parcel sent last, if any. */
export function findLastShipment(
  db: Kysely<Database>,
  orderId: number,
): Promise<{ carrierCode: string; trackingNo: string | null; shippedAt: number } | undefined> {
  return db
    .selectFrom('orderShipments')
    .select(['carrierCode', 'trackingNo', 'shippedAt'])
    .where('orderId', '=', orderId)
    .orderBy('shippedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export interface ShipmentWithLines {
  id: number;
  carrierCode: string;
  trackingNo: string | null;
  shippedAt: number;
  lines: { orderLineId: number; quantity: number }[];
}

/** The order's parcels, first sent first, each with its lines. */
export async function findShipments(db: Kysely<Database>, orderId: number): Promise<ShipmentWithLines[]> {
  const parcels = await db.selectFrom('orderShipments').selectAll().where('orderId', '=', orderId).orderBy('id').execute();
  if (parcels.length === 0) return [];
  const lines = await db
    .selectFrom('orderShipmentLines')
    .select(['shipmentId', 'orderLineId', 'quantity'])
    .where(
      'shipmentId',
      'in',
      parcels.map((parcel) => parcel.id),
    )
    .orderBy('id')
    .execute();
  return parcels.map((parcel) => ({
    id: parcel.id,
    carrierCode: parcel.carrierCode,
    trackingNo: parcel.trackingNo,
    shippedAt: parcel.shippedAt,
    lines: lines.filter((line) => line.shipmentId === parcel.id).map(({ orderLineId, quantity }) => ({ orderLineId, quantity })),
  }));
}
