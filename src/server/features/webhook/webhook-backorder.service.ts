import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { formatBeijingRfc3339 } from '../../../contract/time.ts';
import type { WebhookEventType } from '../../../contract/webhook.ts';
import type { Database } from '../../db/database.ts';
import { deliveriesOf, subscribed } from './webhook-events.ts';
import { readBackOrderLinesForEvent } from './webhook-events.repository.ts';
import { findActiveEndpointsOf, insertDeliveries } from './webhook.repository.ts';

/**
 * order.backorder_date_changed (decision 0031): a back-ordered line's 预计到货 changed, because staff
 * moved it (moved) or because stock arrived for all its waiting units (arrived: nothing waits, the date
 * becomes null). The order events carry no dates, so the change is recorded here, in the transaction
 * that makes it, as deliveries to the member's endpoints that subscribe to it; the dispatcher sends
 * them (signed, retried) as it sends every other event.
 */

export const backOrderEventType: WebhookEventType = 'order.backorder_date_changed';

export type BackOrderDateChange =
  | { cause: 'moved'; orderId: number; lineId: number; previousExpectedDate: string | null; at: number }
  /** Lines of one order that a restock gave all their waiting units: each keeps its recorded date, which is the previous one. */
  | { cause: 'arrived'; orderId: number; lineIds: readonly number[]; at: number };

/** Records the event for the order's subscribers; answers how many deliveries it made (0 when nobody subscribes). */
export async function recordBackOrderDateChange(trx: Kysely<Database>, change: BackOrderDateChange): Promise<number> {
  const lineIds = change.cause === 'moved' ? [change.lineId] : change.lineIds;
  const found = await readBackOrderLinesForEvent(trx, change.orderId, lineIds);
  if (!found || found.lines.length === 0) return 0;
  const { order, lines } = found;
  const targets = subscribed(await findActiveEndpointsOf(trx, [order.userId]), order.userId, backOrderEventType, change.at);
  if (targets.length === 0) return 0;
  const occurredAt = formatBeijingRfc3339(change.at);
  const data = {
    orderNo: order.orderNo,
    isSandbox: order.isSandbox === 1,
    cause: change.cause,
    lines: lines.map((line) => {
      const backorderedQuantity = Math.max(0, line.waiting);
      return {
        productCode: line.productCode,
        customerPartNo: line.customerPartNo,
        expectedDate: backorderedQuantity > 0 ? line.expectedDate : null,
        previousExpectedDate: change.cause === 'moved' ? change.previousExpectedDate : line.expectedDate,
        backorderedQuantity,
      };
    }),
    occurredAt,
  };
  const event = { id: `evt_backorder_${randomUUID().replaceAll('-', '')}`, type: backOrderEventType, createdAt: occurredAt, data };
  return (await insertDeliveries(trx, deliveriesOf(targets, event, change.at))).length;
}
