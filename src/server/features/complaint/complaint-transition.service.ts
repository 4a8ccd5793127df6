import type { Kysely, Transaction } from 'kysely';
import { complaintErrors, complaintLimits, ComplaintStatus } from '../../../contract/complaint.ts';
import { complaintLifecycle, type ComplaintFacts, type ComplaintLifecycleEvent } from '../../../contract/complaint-lifecycle.ts';
import type { Actor } from '../../../contract/lifecycle.ts';
import { MessageType } from '../../../contract/message.ts';
import { OrderStatus } from '../../../contract/order.ts';
import { RefundStatus } from '../../../contract/payment.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { assertAllowed, claimFrom, refusalNow } from '../../lifecycle/lifecycle-guard.ts';
import { sendMessages } from '../message/message.service.ts';
import { findAftersalesLinesById } from '../order/order-aftersales.service.ts';
import { findOrderForStaff } from '../order/order-staff.service.ts';
import { findOrderRefund } from '../payment/payment-refund.service.ts';
import { claimComplaintStatus, findComplaintById, insertComplaintReply, isOpenLineConflict, type ComplaintClaimCondition } from './complaint.repository.ts';
import type { ComplaintChanges, ComplaintRow } from './complaint.tables.ts';

/**
 * Fires an event of the complaint's lifecycle (contract/complaint-lifecycle.ts) inside the caller's
 * transaction: one conditional update `… where status in (claimFrom)` from the state the actor's page
 * showed, then the note kept in the thread and the member's one 退货消息 (type 2). A refusal words
 * why from the complaint as it is now: its state (投诉已关闭，不能退款) or 已被他人更改.
 */

const dayMs = 86_400_000;

export interface ComplaintTransition {
  complaintId: number;
  event: ComplaintLifecycleEvent;
  now: number;
  /** The status the actor's page showed: the update moves the complaint only from it. */
  seen?: ComplaintStatus;
  /** Columns set with the status (the return's RMA number, the refund's number …). */
  changes?: ComplaintChanges;
  condition?: ComplaintClaimCondition;
  /** Kept in the thread: a staff note or reason. */
  note?: { author: 'member' | 'staff'; staffName: string; text: string } | null;
  /** The member's message for this event, given the complaint as it is after. */
  message: (complaint: ComplaintRow) => string;
}

export async function complaintOrThrow(db: Kysely<Database>, id: number): Promise<ComplaintRow> {
  const row = await findComplaintById(db, id);
  if (!row) throw new AppError(complaintErrors.notFound);
  return row;
}

/** The complaint after the event, or null when it was not in a state the event leaves (another actor got there first). */
export async function applyComplaintEvent(trx: Transaction<Database>, transition: ComplaintTransition): Promise<ComplaintRow | null> {
  const to = complaintLifecycle.events[transition.event].to;
  const set = { ...transition.changes, ...(to === 'same' ? {} : { status: to }) };
  const from = claimFrom(complaintLifecycle, transition.event, transition.seen);
  let isMoved: boolean;
  try {
    isMoved = await claimComplaintStatus(trx, transition.complaintId, from, set, transition.now, transition.condition);
  } catch (error) {
    // Reopening while the line has a newer open complaint (complaints_open_line).
    if (isOpenLineConflict(error)) throw new AppError(complaintErrors.alreadyOpen);
    throw error;
  }
  if (!isMoved) return null;
  const complaint = await complaintOrThrow(trx, transition.complaintId);
  const note = transition.note;
  if (note && note.text !== '')
    await insertComplaintReply(trx, { complaintId: complaint.id, author: note.author, staffName: note.staffName, text: note.text, at: transition.now });
  await sendMessages(trx, [
    { userId: complaint.userId, messageType: MessageType.returned, msgContent: transition.message(complaint), sendDate: transition.now },
  ]);
  return complaint;
}

/** applyComplaintEvent, or the refusal for the complaint as it is now. */
export async function complaintEventOrThrow(trx: Transaction<Database>, transition: ComplaintTransition): Promise<ComplaintRow> {
  const moved = await applyComplaintEvent(trx, transition);
  if (moved) return moved;
  throw await complaintRefusal(trx, transition.complaintId, transition.event, transition.now, transition.seen);
}

export async function complaintRefusal(
  db: Kysely<Database>,
  complaintId: number,
  event: ComplaintLifecycleEvent,
  now: number,
  seen?: ComplaintStatus,
): Promise<AppError> {
  const complaint = await findComplaintById(db, complaintId);
  if (!complaint) return new AppError(complaintErrors.notFound);
  return refusalNow(complaintLifecycle, event, await loadComplaintFacts(db, complaint, now), seen);
}

export function isReturnOverdue(complaint: Pick<ComplaintRow, 'status' | 'returnAuthorisedAt'>, now: number): boolean {
  return (
    complaint.status === ComplaintStatus.returnAuthorised &&
    complaint.returnAuthorisedAt !== null &&
    complaint.returnAuthorisedAt <= now - complaintLimits.returnShipDays * dayMs
  );
}

/** When an authorised return must be sent by. */
export function returnDueAt(returnAuthorisedAt: number): number {
  return returnAuthorisedAt + complaintLimits.returnShipDays * dayMs;
}

/** What the lifecycle's guards read of a complaint: its line's window, its return's age, its refund, its order's refundable rest. */
export async function loadComplaintFacts(db: Kysely<Database>, complaint: ComplaintRow, now: number): Promise<ComplaintFacts> {
  const lines = await findAftersalesLinesById(db, [complaint.orderLineId], complaintLimits.completedWindowDays, now);
  const line = lines.get(complaint.orderLineId);
  const [order, refund] = await Promise.all([
    line ? findOrderForStaff(db, line.orderNo) : Promise.resolve(null),
    complaint.refundNo === null ? Promise.resolve(undefined) : findOrderRefund(db, complaint.refundNo),
  ]);
  const isPaid = order !== null && order.paidAt !== null && order.status !== OrderStatus.unpaid;
  return {
    state: complaint.status,
    isWithinWindow: line?.isEligible ?? false,
    isReturnOverdue: isReturnOverdue(complaint, now),
    isRefundFailed: refund?.status === RefundStatus.failed,
    orderRefundableCents: isPaid ? Math.max(0, order.payableCents - order.refundedCents) : 0,
  };
}

/** Refuses before any write unless `actor` may fire `event` on the complaint as it is (its state's wording, or the guard's). */
export async function assertComplaintEvent(
  db: Kysely<Database>,
  complaint: ComplaintRow,
  event: ComplaintLifecycleEvent,
  now: number,
  actor?: Actor,
): Promise<ComplaintFacts> {
  const facts = await loadComplaintFacts(db, complaint, now);
  assertAllowed(complaintLifecycle, event, facts, actor);
  return facts;
}
