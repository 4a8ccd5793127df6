import type { Kysely } from 'kysely';
import { formatBeijingRfc3339 } from '../../../contract/time.ts';
import type { WebhookEventType } from '../../../contract/webhook.ts';
import type { Database } from '../../db/database.ts';
import { advanceCursor, readCursor, readOrderEventsAfter, readOrderForEvent, readQuotationForEvent, readQuotedSince } from './webhook-events.repository.ts';
import { findActiveEndpointsOf, insertDeliveries, type NewDelivery } from './webhook.repository.ts';
import type { WebhookEndpointRow } from './webhook.tables.ts';

/** The order events (order_events.kind) each webhook event comes from. */
const orderEventTypes: Readonly<Record<string, WebhookEventType>> = {
  paid: 'order.paid',
  transferConfirmed: 'order.paid',
  shippedPart: 'order.shipped',
  shipped: 'order.shipped',
  completed: 'order.completed',
  cancelled: 'order.cancelled',
  refunded: 'order.refunded',
};

export interface PickUpOptions {
  batchSize: number;
  /**
   * A row younger than this may still have a smaller id or time in a transaction not yet committed (PostgreSQL):
   * the cursor stays before it, so the next pass reads it again; the deliveries' unique key keeps it one delivery.
   */
  settleMs: number;
}

export const defaultPickUpOptions: PickUpOptions = { batchSize: 500, settleMs: 30_000 };

export interface WebhookEvent {
  id: string;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
}

export function webhookBodyOf(event: WebhookEvent): string {
  return JSON.stringify(event);
}

function timeOf(ms: number | null): string | null {
  return ms === null ? null : formatBeijingRfc3339(ms);
}

async function orderDataOf(db: Kysely<Database>, orderId: number, eventText: string): Promise<Record<string, unknown> | null> {
  const found = await readOrderForEvent(db, orderId);
  if (!found) return null;
  const { order, lines } = found;
  return {
    orderNo: order.orderNo,
    status: order.status,
    isSandbox: order.isSandbox === 1,
    poNumber: order.poNumber,
    currency: 'CNY',
    goodsCents: order.goodsCents,
    freightCents: order.freightCents,
    discountCents: order.goodsDiscountCents + order.freightDiscountCents,
    payableCents: order.payableCents,
    refundedCents: order.refundedCents,
    carrierCode: order.carrierCode,
    trackingNo: order.trackingNo,
    cancelReason: order.cancelReason,
    eventText,
    createdAt: timeOf(order.createdAt),
    paidAt: timeOf(order.paidAt),
    shippedAt: timeOf(order.shippedAt),
    completedAt: timeOf(order.completedAt),
    cancelledAt: timeOf(order.cancelledAt),
    lines,
  };
}

async function quotationDataOf(db: Kysely<Database>, quotationId: number): Promise<Record<string, unknown> | null> {
  const found = await readQuotationForEvent(db, quotationId);
  if (!found) return null;
  const { quotation, lines } = found;
  return {
    quotationNo: quotation.quotationNo,
    status: quotation.status,
    offerRevision: quotation.offerRevision,
    currency: 'CNY',
    totalCents: quotation.totalCents,
    quotedAt: timeOf(quotation.quotedAt),
    validUntil: timeOf(quotation.validUntil),
    note: quotation.staffNote,
    lines,
  };
}

/** The member's endpoints that subscribe to the event and existed when it happened. */
export function subscribed(endpoints: readonly WebhookEndpointRow[], userId: number, type: WebhookEventType, at: number): WebhookEndpointRow[] {
  return endpoints.filter((endpoint) => endpoint.userId === userId && endpoint.createdAt <= at && (JSON.parse(endpoint.events) as string[]).includes(type));
}

export function deliveriesOf(endpoints: readonly WebhookEndpointRow[], event: WebhookEvent, now: number): NewDelivery[] {
  const body = webhookBodyOf(event);
  return endpoints.map((endpoint) => ({
    endpointId: endpoint.id,
    userId: endpoint.userId,
    eventId: event.id,
    eventType: event.type,
    dedupeKey: event.id,
    body,
    replayOf: null,
    now,
  }));
}

/** How far a cursor may move: through the rows read that are old enough that nothing can still appear below them. */
function settledThrough<Row>(rows: readonly Row[], from: number, positionOf: (row: Row) => number, timeOf: (row: Row) => number, settledBefore: number) {
  let through = from;
  for (const row of rows) {
    if (timeOf(row) >= settledBefore) break;
    through = positionOf(row);
  }
  return through;
}

/** Order events after the cursor become deliveries to the owner's subscribed endpoints. */
export async function pickUpOrderEvents(db: Kysely<Database>, now: number, options: PickUpOptions = defaultPickUpOptions): Promise<number> {
  const cursor = await readCursor(db, 'orderEvents');
  const rows = await readOrderEventsAfter(db, cursor, Object.keys(orderEventTypes), options.batchSize);
  const endpoints = await findActiveEndpointsOf(db, [...new Set(rows.map((row) => row.userId))]);
  const deliveries: NewDelivery[] = [];
  for (const row of rows) {
    const type = orderEventTypes[row.kind];
    const targets = type ? subscribed(endpoints, row.userId, type, row.at) : [];
    if (!type || targets.length === 0) continue;
    const data = await orderDataOf(db, row.orderId, row.text);
    if (data) deliveries.push(...deliveriesOf(targets, { id: `evt_order_${String(row.id)}`, type, createdAt: formatBeijingRfc3339(row.at), data }, now));
  }
  const created = await insertDeliveries(db, deliveries);
  const through = settledThrough(
    rows,
    cursor,
    (row) => row.id,
    (row) => row.at,
    now - options.settleMs,
  );
  if (through !== cursor) await advanceCursor(db, 'orderEvents', cursor, through);
  return created.length;
}

/** Offers priced since the cursor (quoted_at) become quotation.answered deliveries; each requote is its own event. */
export async function pickUpQuotations(db: Kysely<Database>, now: number, options: PickUpOptions = defaultPickUpOptions): Promise<number> {
  const cursor = await readCursor(db, 'quotations');
  const rows = await readQuotedSince(db, cursor, options.batchSize);
  const endpoints = await findActiveEndpointsOf(db, [...new Set(rows.map((row) => row.userId))]);
  const deliveries: NewDelivery[] = [];
  for (const row of rows) {
    const quotedAt = row.quotedAt ?? 0;
    const targets = subscribed(endpoints, row.userId, 'quotation.answered', quotedAt);
    if (targets.length === 0) continue;
    const data = await quotationDataOf(db, row.id);
    const id = `evt_quotation_${String(row.id)}_${String(row.offerRevision)}`;
    if (data) deliveries.push(...deliveriesOf(targets, { id, type: 'quotation.answered', createdAt: formatBeijingRfc3339(quotedAt), data }, now));
  }
  const created = await insertDeliveries(db, deliveries);
  const through = settledThrough(
    rows,
    cursor,
    (row) => row.quotedAt ?? 0,
    (row) => row.quotedAt ?? 0,
    now - options.settleMs,
  );
  if (through !== cursor) await advanceCursor(db, 'quotations', cursor, through);
  return created.length;
}
