import type { Kysely } from 'kysely';
import {
  complaintErrors,
  complaintLimits,
  complaintRefundNoOf,
  complaintStatuses,
  ComplaintStatus,
  defaultReturnAddressOf,
  lineShareCents,
  replyProblem,
  rmaNoOf,
  textLength,
} from '../../../contract/complaint.ts';
import { eventsNeedingReason, type ComplaintLifecycleEvent, type PlainStaffEvent } from '../../../contract/complaint-lifecycle.ts';
import type { Actor } from '../../../contract/lifecycle.ts';
import { MessageType } from '../../../contract/message.ts';
import { paymentErrors } from '../../../contract/payment.ts';
import { formatCents } from '../../../contract/pricing.ts';
import { formatBeijingTimeSeconds } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { sendMessages } from '../message/message.service.ts';
import { findAftersalesLinesById } from '../order/order-aftersales.service.ts';
import { loadOrderForStaff } from '../order/order-staff.service.ts';
import { refundOrder } from '../payment/order-refund-workflow.service.ts';
import { listWarehouseFacts } from '../warehouse/warehouse-facts.service.ts';
import { findOrderRefund, type RefundContext } from '../payment/payment-refund.service.ts';
import type { PaymentRefundRow } from '../payment/payment.tables.ts';
import { findOverdueReturns, insertComplaintReply, touchComplaint } from './complaint.repository.ts';
import type { ComplaintRow } from './complaint.tables.ts';
import {
  applyComplaintEvent,
  assertComplaintEvent,
  complaintEventOrThrow,
  complaintOrThrow,
  complaintRefusal,
  loadComplaintFacts,
  returnDueAt,
} from './complaint-transition.service.ts';

/**
 * What staff do to a complaint (the console's 售后服务 calls these): reply, and fire the events of its
 * lifecycle (contract/complaint-lifecycle.ts) from the state their page showed (`seen`; the state read
 * here when absent). Each event tells the member with one 退货消息 (type 2) naming the complaint;
 * `alongside` runs in the event's transaction (the console writes its audit entry there). `actor`,
 * when given, is checked against the event's permission.
 */

interface StaffEventRequest {
  complaintId: number;
  staffName: string;
  seen?: ComplaintStatus;
  actor?: Actor;
  now?: number;
}

function staffNameOrThrow(staffName: string): string {
  const name = staffName.trim();
  if (name === '') throw new AppError(complaintErrors.staffNameMissing);
  return name;
}

const staffNote = (staffName: string, text: string) => ({ author: 'staff' as const, staffName, text });
const withNote = (text: string, note: string) => (note ? `${text}客服说明：${note}` : text);

/**
 * A staff reply on a complaint that is not closed; a reply to a 待处理 complaint takes it up (受理, 处理中)
 * with the reply as its message. The member is told by message.
 */
export async function replyAsStaff(
  db: Kysely<Database>,
  request: { complaintId: number; staffName: string; text: string; now?: number },
  alongside?: AlongsideChange<ComplaintRow>,
): Promise<ComplaintRow> {
  const now = request.now ?? Date.now();
  const staffName = staffNameOrThrow(request.staffName);
  const text = request.text.trim();
  if (replyProblem(text)) throw new AppError(complaintErrors.staffReplyInvalid);
  const complaint = await complaintOrThrow(db, request.complaintId);
  const message = `您的售后投诉${complaint.complaintNo}有新的客服回复：${text}`;
  await withTransaction(db, async (trx) => {
    let after: ComplaintRow | null = null;
    if (complaint.status === ComplaintStatus.pending)
      after = await applyComplaintEvent(trx, {
        complaintId: complaint.id,
        event: 'takeUp',
        seen: ComplaintStatus.pending,
        now,
        note: staffNote(staffName, text),
        message: () => message,
      });
    if (!after) {
      const repliable = complaintStatuses.filter((status) => status !== ComplaintStatus.closed);
      if (!(await touchComplaint(trx, complaint.id, repliable, now))) throw new AppError(complaintErrors.transitionInvalid, '投诉已关闭，不能回复');
      await insertComplaintReply(trx, { complaintId: complaint.id, author: 'staff', staffName, text, at: now });
      await sendMessages(trx, [{ userId: complaint.userId, messageType: MessageType.returned, msgContent: message, sendDate: now }]);
      after = await complaintOrThrow(trx, complaint.id);
    }
    await alongside?.(trx, after);
  });
  return complaintOrThrow(db, complaint.id);
}

const plainMessages: Record<PlainStaffEvent, (complaintNo: string) => string> = {
  takeUp: (no) => `您的售后投诉${no}正在处理中，客服会尽快与您联系。`,
  resolve: (no) => `您的售后投诉${no}已处理完成，如仍有问题请联系客服。`,
  reject: (no) => `您的售后投诉${no}经核实未能支持。`,
  close: (no) => `您的售后投诉${no}已关闭。`,
  reopen: (no) => `您的售后投诉${no}已重新打开，客服会尽快处理。`,
};

/**
 * 受理, 解决, 驳回 (with its reason), 关闭, 重新处理: the events that carry only a note. The note is kept
 * in the thread and added to the member's message. Reopening is refused while the line has a newer
 * open complaint (complaint.alreadyOpen).
 */
export async function fireStaffEvent(
  db: Kysely<Database>,
  request: StaffEventRequest & { event: PlainStaffEvent; note?: string },
  alongside?: AlongsideChange<ComplaintRow>,
): Promise<ComplaintRow> {
  const now = request.now ?? Date.now();
  const staffName = staffNameOrThrow(request.staffName);
  const note = request.note?.trim() ?? '';
  const complaint = await complaintOrThrow(db, request.complaintId);
  await assertComplaintEvent(db, complaint, request.event, now, request.actor);
  if (eventsNeedingReason.includes(request.event) && note === '') throw new AppError(complaintErrors.reasonMissing);
  await withTransaction(db, async (trx) => {
    const after = await complaintEventOrThrow(trx, {
      complaintId: complaint.id,
      event: request.event,
      seen: request.seen ?? complaint.status,
      now,
      note: staffNote(staffName, note),
      message: (row) => withNote(plainMessages[request.event](row.complaintNo), note),
    });
    await alongside?.(trx, after);
  });
  return complaintOrThrow(db, complaint.id);
}

/** The complaint's order line as the order keeps it: number, units and amount. */
export async function findComplaintLine(db: Kysely<Database>, complaint: ComplaintRow) {
  const line = (await findAftersalesLinesById(db, [complaint.orderLineId], complaintLimits.completedWindowDays)).get(complaint.orderLineId);
  if (!line) throw new AppError(complaintErrors.lineNotFound);
  const order = await loadOrderForStaff(db, line.orderNo);
  const orderLine = order.lines.find((candidate) => candidate.id === complaint.orderLineId);
  return { orderNo: line.orderNo, quantity: orderLine?.quantity ?? line.quantity, amountCents: orderLine?.amountCents ?? 0 };
}

/**
 * 同意退货: the member is sent the RMA number, the address and the units to return, and has
 * returnShipDays to send them (else the clock closes the complaint).
 */
export async function authoriseReturn(
  db: Kysely<Database>,
  request: StaffEventRequest & { quantity?: number; address?: string; note?: string },
  alongside?: AlongsideChange<ComplaintRow>,
): Promise<ComplaintRow> {
  const now = request.now ?? Date.now();
  const staffName = staffNameOrThrow(request.staffName);
  const complaint = await complaintOrThrow(db, request.complaintId);
  await assertComplaintEvent(db, complaint, 'authoriseReturn', now, request.actor);
  const line = await findComplaintLine(db, complaint);
  const quantity = request.quantity ?? line.quantity;
  if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > line.quantity) throw new AppError(complaintErrors.returnQuantityInvalid);
  const address = (request.address ?? defaultReturnAddressOf(await listWarehouseFacts(db))).trim();
  if (address === '' || textLength(address) > complaintLimits.returnAddressMax) throw new AppError(complaintErrors.returnAddressMissing);
  const note = request.note?.trim() ?? '';
  const rmaNo = rmaNoOf(complaint.complaintNo);
  await withTransaction(db, async (trx) => {
    const after = await complaintEventOrThrow(trx, {
      complaintId: complaint.id,
      event: 'authoriseReturn',
      seen: request.seen ?? complaint.status,
      now,
      changes: { rmaNo, returnAddress: address, returnQuantity: quantity, returnAuthorisedAt: now },
      note: staffNote(staffName, note),
      message: (row) =>
        withNote(
          `您的售后投诉${row.complaintNo}已同意退货：请于${formatBeijingTimeSeconds(returnDueAt(now)).slice(0, 10)}前将${String(quantity)}个商品寄回（${address}），` +
            `包裹内请注明退货单号${rmaNo}，寄出后请在投诉详情中填写快递单号。`,
          note,
        ),
    });
    await alongside?.(trx, after);
  });
  return complaintOrThrow(db, complaint.id);
}

/** 确认收到退货: the warehouse has the parcel (whether or not the member entered its tracking number). */
export async function receiveReturn(
  db: Kysely<Database>,
  request: StaffEventRequest & { note?: string },
  alongside?: AlongsideChange<ComplaintRow>,
): Promise<ComplaintRow> {
  const now = request.now ?? Date.now();
  const staffName = staffNameOrThrow(request.staffName);
  const note = request.note?.trim() ?? '';
  const complaint = await complaintOrThrow(db, request.complaintId);
  await assertComplaintEvent(db, complaint, 'receiveGoods', now, request.actor);
  await withTransaction(db, async (trx) => {
    const after = await complaintEventOrThrow(trx, {
      complaintId: complaint.id,
      event: 'receiveGoods',
      seen: request.seen ?? complaint.status,
      now,
      changes: { goodsReceivedAt: now },
      note: staffNote(staffName, note),
      message: (row) => `您的售后投诉${row.complaintNo}：我们已收到您退回的商品${note ? `（${note}）` : ''}，将尽快为您处理。`,
    });
    await alongside?.(trx, after);
  });
  return complaintOrThrow(db, complaint.id);
}

/** 换货: a replacement (or the missing parts) went out, by `carrierName` (自提: no tracking number). */
export async function replaceGoods(
  db: Kysely<Database>,
  request: StaffEventRequest & { carrierName: string; trackingNo: string; isPickup: boolean },
  alongside?: AlongsideChange<ComplaintRow>,
): Promise<ComplaintRow> {
  const now = request.now ?? Date.now();
  const staffName = staffNameOrThrow(request.staffName);
  const complaint = await complaintOrThrow(db, request.complaintId);
  await assertComplaintEvent(db, complaint, 'replace', now, request.actor);
  const text = request.isPickup ? '已为您备好换货商品，请到仓库自提。' : `已为您换货发出：${request.carrierName}，运单号 ${request.trackingNo}。`;
  await withTransaction(db, async (trx) => {
    const after = await complaintEventOrThrow(trx, {
      complaintId: complaint.id,
      event: 'replace',
      seen: request.seen ?? complaint.status,
      now,
      changes: { replaceCarrierName: request.carrierName, replaceTrackingNo: request.isPickup ? null : request.trackingNo },
      note: staffNote(staffName, text),
      message: (row) => `您的售后投诉${row.complaintNo}${text}`,
    });
    await alongside?.(trx, after);
  });
  return complaintOrThrow(db, complaint.id);
}

/** What a refund of the complaint gives back unless staff change it: the returned units' share of the line (the whole line without a return). */
export async function suggestedRefundCents(db: Kysely<Database>, complaint: ComplaintRow): Promise<number> {
  const line = await findComplaintLine(db, complaint);
  return lineShareCents(line, complaint.returnQuantity ?? line.quantity);
}

export interface ComplaintRefundResult {
  complaint: ComplaintRow;
  refund: PaymentRefundRow;
}

/**
 * 退款: the order refunds `amountCents` (the suggested share unless staff change it) through the
 * provider that took the payment, under the complaint's own refund number; the complaint moves to
 * 已退款 with that number in the same transaction that claims the refund, so two staff refunding at
 * once make one refund, and a refund the order refuses (more than it has left) moves nothing. A
 * provider's refusal leaves the complaint 已退款 with its refund 失败 and owed: the refund's own
 * lifecycle tries it again (the reconciliation, or 重新退款 on the order), and 关闭 waits for it.
 */
export async function refundComplaint(
  ctx: RefundContext,
  request: StaffEventRequest & { amountCents?: number; note?: string },
  alongside?: AlongsideChange<ComplaintRow>,
): Promise<ComplaintRefundResult> {
  const now = request.now ?? Date.now();
  const staffName = staffNameOrThrow(request.staffName);
  const note = request.note?.trim() ?? '';
  const complaint = await complaintOrThrow(ctx.db, request.complaintId);
  const facts = await assertComplaintEvent(ctx.db, complaint, 'refund', now, request.actor);
  const line = await findComplaintLine(ctx.db, complaint);
  const amountCents = request.amountCents ?? lineShareCents(line, complaint.returnQuantity ?? line.quantity);
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > facts.orderRefundableCents)
    throw new AppError(complaintErrors.refundInvalid, `退款金额须大于0且不超过订单可退金额${formatCents(facts.orderRefundableCents)}`);
  const refundNo = complaintRefundNoOf(complaint.complaintNo);
  const amount = formatCents(amountCents);
  return sendRefund(ctx, complaint, request, {
    event: 'refund',
    refund: { orderNo: line.orderNo, refundNo, amountCents, reason: `售后退款：投诉${complaint.complaintNo}${note ? `，${note}` : ''}` },
    now,
    changes: { refundNo, refundCents: amountCents },
    note: staffNote(staffName, note),
    message: (no) => withNote(`您的售后投诉${no}已办理退款${amount}（退款单号${refundNo}），款项将原路退回。`, note),
    alongside,
  });
}

interface RefundStep {
  event: Extract<ComplaintLifecycleEvent, 'refund'>;
  refund: { orderNo: string; refundNo: string; amountCents: number; reason: string };
  now: number;
  changes: { refundNo: string; refundCents: number };
  note: { author: 'staff'; staffName: string; text: string };
  message: (complaintNo: string) => string;
  alongside?: AlongsideChange<ComplaintRow>;
}

/**
 * The order's refund with the complaint's event in its claim's transaction. A repeat of the number
 * the payment already holds (a colleague's refund a moment earlier) claims nothing: the complaint
 * did not move here, and the refusal says why. A provider's refusal after the claim leaves the
 * complaint moved and its refund 失败 (owed); an adjustment-style refusal is thrown by the payment,
 * a return's is answered as the record.
 */
async function sendRefund(ctx: RefundContext, complaint: ComplaintRow, request: StaffEventRequest, step: RefundStep): Promise<ComplaintRefundResult> {
  const seen = request.seen ?? complaint.status;
  // Set by the claim's transaction when the complaint moved there.
  const claim: { moved: ComplaintRow | null } = { moved: null };
  // kind and actor: the order's refund knows it is a return's and checks the staff member's Refund permission.
  const refundRequest = { ...step.refund, kind: 'return' as const, actor: request.actor, now: step.now };
  try {
    await refundOrder(ctx, refundRequest, async (trx) => {
      const moved = await complaintEventOrThrow(trx, {
        complaintId: complaint.id,
        event: step.event,
        seen,
        now: step.now,
        changes: step.changes,
        note: step.note,
        message: (row) => step.message(row.complaintNo),
      });
      await step.alongside?.(trx, moved);
      claim.moved = moved;
    });
  } catch (error) {
    const isProviderRefusal = error instanceof AppError && error.errorCode === paymentErrors.refundProviderFailed.errorCode;
    if (claim.moved === null && error instanceof AppError && error.errorCode === paymentErrors.refundNoReused.errorCode)
      throw await complaintRefusal(ctx.db, complaint.id, step.event, step.now, seen);
    if (claim.moved === null || !isProviderRefusal) throw error;
  }
  if (claim.moved === null) throw await complaintRefusal(ctx.db, complaint.id, step.event, step.now, seen);
  const refund = await findOrderRefund(ctx.db, step.refund.refundNo);
  if (!refund) throw new AppError(paymentErrors.refundNotFound);
  return { complaint: await complaintOrThrow(ctx.db, complaint.id), refund };
}

/**
 * The clock: authorised returns not sent back within returnShipDays close (退货超时关闭), each in its
 * own conditional update (a member entering the tracking number meanwhile wins). Answers how many closed.
 */
export async function closeOverdueReturns(db: Kysely<Database>, now = Date.now(), limit = 200): Promise<number> {
  const authorisedBy = now - complaintLimits.returnShipDays * 86_400_000;
  let closed = 0;
  for (const complaint of await findOverdueReturns(db, authorisedBy, limit)) {
    const facts = await loadComplaintFacts(db, complaint, now);
    if (!facts.isReturnOverdue) continue;
    const after = await withTransaction(db, (trx) =>
      applyComplaintEvent(trx, {
        complaintId: complaint.id,
        event: 'expireReturn',
        seen: ComplaintStatus.returnAuthorised,
        now,
        condition: { returnAuthorisedBy: authorisedBy },
        message: (row) =>
          `您的售后投诉${row.complaintNo}因同意退货后${String(complaintLimits.returnShipDays)}天内未寄回商品，已自动关闭。如仍需售后，请重新提交投诉。`,
      }),
    );
    if (after) closed += 1;
  }
  return closed;
}
