import type { Kysely } from 'kysely';
import type { AdminOrderDetail } from '../../../contract/console/orders.ts';
import type { adminBackOrderRequests } from '../../../contract/console/backorder-desk-requests.ts';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { moveBackOrderDate } from '../order/order-backorder-date.service.ts';
import { restockForLine } from '../order/order-backorder.service.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import type { StaffActor } from '../staff/staff-actor.ts';
import { recordBackOrderDateChange } from '../webhook/webhook-backorder.service.ts';
import { loadOrderDetailForStaff } from './order-desk.service.ts';

type Requests = { [Name in keyof typeof adminBackOrderRequests]: z.output<(typeof adminBackOrderRequests)[Name]> };

/**
 * 修改预计到货: audited, and order.backorder_date_changed recorded for the buyer's webhook subscribers, in the move's
 * own transaction; the buyer is told by the order feature.
 */
export async function moveBackOrderDateByStaff(db: Kysely<Database>, actor: StaffActor, request: Requests['moveDate']): Promise<AdminOrderDetail> {
  await moveBackOrderDate(db, request, async (trx, move) => {
    await recordStaffChange(trx, {
      ...actor,
      action: 'moveBackOrderDate',
      subject: 'Order',
      subjectId: move.orderNo,
      before: { productCode: move.productCode, expectedDate: move.from },
      after: { productCode: move.productCode, expectedDate: move.to, reason: request.reason },
    });
    await recordBackOrderDateChange(trx, { cause: 'moved', orderId: move.orderId, lineId: request.lineId, previousExpectedDate: move.from, at: move.at });
  });
  return loadOrderDetailForStaff(db, request.orderNo, actor.staff);
}

/**
 * 到货登记: the part's units arrived and go to the orders waiting for it, oldest first. The restock
 * commits in passes of its own, so the audit entry follows it, naming what each order received. Each
 * pass records order.backorder_date_changed (cause arrived) for the lines it filled, one event per order.
 */
export async function receiveStockByStaff(db: Kysely<Database>, actor: StaffActor, request: Requests['receiveStock']): Promise<AdminOrderDetail> {
  const result = await restockForLine(db, request, Date.now(), async (trx, filled) => {
    for (const orderId of new Set(filled.map((line) => line.orderId))) {
      const lines = filled.filter((line) => line.orderId === orderId);
      await recordBackOrderDateChange(trx, { cause: 'arrived', orderId, lineIds: lines.map((line) => line.lineId), at: lines[0]?.at ?? Date.now() });
    }
  });
  await recordStaffChange(db, {
    ...actor,
    action: 'receiveBackOrderStock',
    subject: 'Stock',
    subjectId: result.productCode,
    before: null,
    after: { arrived: request.quantity, fromOrder: request.orderNo, allocations: result.allocations, stock: result.stock },
  });
  return loadOrderDetailForStaff(db, request.orderNo, actor.staff);
}
