import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** Where the reading of one source stands (migration 0062 starts each at its source's end). */
export async function readCursor(db: Kysely<Database>, name: string): Promise<number> {
  const row = await db.selectFrom('webhookCursors').select('position').where('name', '=', name).executeTakeFirst();
  return row?.position ?? 0;
}

/** Moves the cursor from where this pass found it (another process may have moved it already: then nothing). */
export async function advanceCursor(db: Kysely<Database>, name: string, from: number, to: number): Promise<boolean> {
  const result = await db.updateTable('webhookCursors').set({ position: to }).where('name', '=', name).where('position', '=', from).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface OrderEventSeen {
  id: number;
  orderId: number;
  kind: string;
  text: string;
  at: number;
  userId: number;
}

export function readOrderEventsAfter(db: Kysely<Database>, afterId: number, kinds: readonly string[], limit: number): Promise<OrderEventSeen[]> {
  return db
    .selectFrom('orderEvents')
    .innerJoin('orders', 'orders.id', 'orderEvents.orderId')
    .select(['orderEvents.id', 'orderEvents.orderId', 'orderEvents.kind', 'orderEvents.text', 'orderEvents.at', 'orders.userId'])
    .where('orderEvents.id', '>', afterId)
    .where('orderEvents.kind', 'in', kinds)
    .orderBy('orderEvents.id')
    .limit(limit)
    .execute();
}

/** Offers priced at or after a moment (each requote is a new revision, so a new event). */
export function readQuotedSince(db: Kysely<Database>, since: number, limit: number) {
  return db
    .selectFrom('quotations')
    .select(['id', 'userId', 'quotedAt', 'offerRevision'])
    .where('quotedAt', '>=', since)
    .where('status', 'in', ['quoted', 'accepted', 'ordered'])
    .orderBy('quotedAt')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function readOrderForEvent(db: Kysely<Database>, orderId: number) {
  const order = await db
    .selectFrom('orders')
    .select([
      'orderNo',
      'status',
      'isSandbox',
      'poNumber',
      'goodsCents',
      'freightCents',
      'goodsDiscountCents',
      'freightDiscountCents',
      'payableCents',
      'refundedCents',
      'carrierCode',
      'trackingNo',
      'cancelReason',
      'createdAt',
      'paidAt',
      'shippedAt',
      'completedAt',
      'cancelledAt',
    ])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return undefined;
  const lines = await db
    .selectFrom('orderLines')
    .select(['productCode', 'brandName', 'quantity', 'unitPriceE4', 'amountCents', 'customerPartNo'])
    .where('orderId', '=', orderId)
    .orderBy('id')
    .execute();
  return { order, lines };
}

export async function readQuotationForEvent(db: Kysely<Database>, quotationId: number) {
  const quotation = await db
    .selectFrom('quotations')
    .select(['quotationNo', 'status', 'totalCents', 'quotedAt', 'validUntil', 'offerRevision', 'lineCount', 'staffNote'])
    .where('id', '=', quotationId)
    .executeTakeFirst();
  if (!quotation) return undefined;
  const lines = await db
    .selectFrom('quotationLines')
    .select([
      'lineNo',
      'partNumber',
      'quantity',
      'offerProductCode',
      'offerBrandName',
      'offerUnitPriceE4',
      'offerQuantity',
      'offerAmountCents',
      'offerLeadTime',
    ])
    .where('quotationId', '=', quotationId)
    .orderBy('lineNo')
    .execute();
  return { quotation, lines };
}

/** The order and these of its lines as order.backorder_date_changed tells them: units still waiting and the recorded 预计到货. */
export async function readBackOrderLinesForEvent(db: Kysely<Database>, orderId: number, lineIds: readonly number[]) {
  const order = await db.selectFrom('orders').select(['userId', 'orderNo', 'isSandbox']).where('id', '=', orderId).executeTakeFirst();
  if (!order || lineIds.length === 0) return undefined;
  const lines = await db
    .selectFrom('orderLines')
    .select(['id', 'productCode', 'customerPartNo', 'expectedDate', sql<number>`quantity - cancelled_quantity - reserved_quantity`.as('waiting')])
    .where('orderId', '=', orderId)
    .where('id', 'in', lineIds)
    .orderBy('id')
    .execute();
  return { order, lines };
}
