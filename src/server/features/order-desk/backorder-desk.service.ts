import type { Kysely } from 'kysely';
import type { AdminOrderDetail } from '../../../contract/console/orders.ts';
import type { adminBackOrderRequests } from '../../../contract/console/backorder-desk-requests.ts';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { moveBackOrderDate } from '../order/order-backorder-date.service.ts';
import { restockForLine } from '../order/order-backorder.service.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import type { StaffActor } from '../staff/staff-actor.ts';
import { loadOrderDetailForStaff } from './order-desk.service.ts';

type Requests = { [Name in keyof typeof adminBackOrderRequests]: z.output<(typeof adminBackOrderRequests)[Name]> };

/** 修改预计到货: audited in the move's own transaction; the buyer is told by the order feature. */
export async function moveBackOrderDateByStaff(db: Kysely<Database>, actor: StaffActor, request: Requests['moveDate']): Promise<AdminOrderDetail> {
  await moveBackOrderDate(db, request, (trx, move) =>
    recordStaffChange(trx, {
      ...actor,
      action: 'moveBackOrderDate',
      subject: 'Order',
      subjectId: move.orderNo,
      before: { productCode: move.productCode, expectedDate: move.from },
      after: { productCode: move.productCode, expectedDate: move.to, reason: request.reason },
    }),
  );
  return loadOrderDetailForStaff(db, request.orderNo, actor.staff);
}

/**
 * 到货登记: the part's units arrived and go to the orders waiting for it, oldest first. The restock
 * commits in passes of its own, so the audit entry follows it, naming what each order received.
 */
export async function receiveStockByStaff(db: Kysely<Database>, actor: StaffActor, request: Requests['receiveStock']): Promise<AdminOrderDetail> {
  const result = await restockForLine(db, request);
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
