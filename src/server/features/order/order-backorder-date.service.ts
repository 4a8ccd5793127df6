import type { Kysely } from 'kysely';
import { backOrderDateMaxDays, backOrderErrors, dateMovedText } from '../../../contract/backorder.ts';
import { orderErrors } from '../../../contract/order.ts';
import { beijingDateAfterDays, formatBeijingDate, isBeijingDate } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { findDatedLine, holdOpenOrder, moveExpectedDate } from './order-backorder.repository.ts';
import { findOrderByNo, insertOrderEvents } from './order.repository.ts';
import { notifyMember } from './order-transition.service.ts';

/**
 * Staff move a waiting line's 预计到货 with a reason (decision 0031). The order is held first, as a
 * restock and a cancel hold it, so the three never interleave: a move after the units arrived, or
 * after the order was cancelled, is refused; two moves of the same line from the same date, one wins.
 * Every move writes the order's timeline (kind backorderDate) and tells the buyer "预计到货日期变更：原 X，现 Y".
 */

export interface DateMoveRequest {
  orderNo: string;
  lineId: number;
  /** Beijing yyyy-MM-dd, today or later. */
  expectedDate: string;
  reason: string;
  /** The date the staff member's page showed (null: none); absent: whatever it is now. */
  seenDate?: string | null;
  now?: number;
}

export interface DateMove {
  orderId: number;
  orderNo: string;
  productCode: string;
  from: string | null;
  to: string;
  /** When the move was made (the timeline's time). */
  at: number;
}

function checkedDate(date: string, now: number): string {
  if (!isBeijingDate(date)) throw new AppError(backOrderErrors.dateInvalid);
  if (date < formatBeijingDate(now)) throw new AppError(backOrderErrors.dateInPast);
  if (date > beijingDateAfterDays(now, backOrderDateMaxDays)) throw new AppError(backOrderErrors.dateTooFar);
  return date;
}

export async function moveBackOrderDate(db: Kysely<Database>, request: DateMoveRequest, alongside?: AlongsideChange<DateMove>): Promise<DateMove> {
  const now = request.now ?? Date.now();
  const to = checkedDate(request.expectedDate, now);
  const reason = request.reason.trim();
  const order = await findOrderByNo(db, request.orderNo);
  if (!order || order.isSandbox === 1) throw new AppError(orderErrors.notFound);
  return withTransaction(db, async (trx) => {
    if (!(await holdOpenOrder(trx, order.id, now))) throw new AppError(backOrderErrors.orderNotOpen);
    const line = await findDatedLine(trx, order.id, request.lineId);
    if (!line || line.waiting <= 0) throw new AppError(backOrderErrors.lineNotWaiting);
    if (request.seenDate !== undefined && request.seenDate !== line.expectedDate) throw new AppError(backOrderErrors.dateChangedMeanwhile);
    if (line.expectedDate === to) throw new AppError(backOrderErrors.dateUnchanged);
    if (!(await moveExpectedDate(trx, line.lineId, line.expectedDate, to))) throw new AppError(backOrderErrors.dateChangedMeanwhile);
    const moved = dateMovedText(line.expectedDate, to);
    await insertOrderEvents(trx, [{ orderId: order.id, kind: 'backorderDate', text: `${line.productCode} ${moved}（原因：${reason}）`, at: now }]);
    await notifyMember(trx, order.userId, `您的订单${order.orderNo}中 ${line.productCode} 的${moved}。原因：${reason}`, now);
    const result: DateMove = { orderId: order.id, orderNo: order.orderNo, productCode: line.productCode, from: line.expectedDate, to, at: now };
    await alongside?.(trx, result);
    return result;
  });
}
