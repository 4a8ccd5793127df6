import {
  canStaffMove,
  complaintErrors,
  complaintStatuses,
  ComplaintStatus,
  replyProblem,
  type ComplaintStatus as ComplaintStatusValue,
} from '../../../contract/complaint.ts';
import type { Kysely } from 'kysely';
import { MessageType } from '../../../contract/message.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { sendMessages } from '../message/message.service.ts';
import { claimComplaintStatus, findComplaintById, insertComplaintReply, isOpenLineConflict, touchComplaint } from './complaint.repository.ts';
import type { ComplaintRow } from './complaint.tables.ts';

/**
 * What staff do to a complaint (the operations console of issue 14 will call these): reply, and move
 * it through its statuses (contract staffTransitions). Each tells the member with a 退货消息 (type 2)
 * naming the complaint number.
 */

async function complaintOrThrow(db: Kysely<Database>, id: number): Promise<ComplaintRow> {
  const row = await findComplaintById(db, id);
  if (!row) throw new AppError(complaintErrors.notFound);
  return row;
}

function staffNameOrThrow(staffName: string): string {
  const name = staffName.trim();
  if (name === '') throw new AppError(complaintErrors.staffNameMissing);
  return name;
}

/**
 * A staff reply on a complaint that is not closed; a reply to a 待处理 complaint takes it up (处理中).
 * The member is told by message.
 */
export async function replyAsStaff(
  db: Kysely<Database>,
  request: { complaintId: number; staffName: string; text: string; now?: number },
  alongside?: AlongsideChange<ComplaintRow>,
): Promise<ComplaintRow> {
  const now = request.now ?? Date.now();
  const staffName = staffNameOrThrow(request.staffName);
  const text = request.text.trim();
  const problem = replyProblem(text);
  if (problem) throw new AppError(complaintErrors.staffReplyInvalid);
  const complaint = await complaintOrThrow(db, request.complaintId);
  await withTransaction(db, async (trx) => {
    const isTakenUp = await claimComplaintStatus(trx, complaint.id, [ComplaintStatus.pending], ComplaintStatus.processing, now);
    const repliable = complaintStatuses.filter((status) => status !== ComplaintStatus.closed);
    if (!isTakenUp && !(await touchComplaint(trx, complaint.id, repliable, now))) throw new AppError(complaintErrors.transitionInvalid);
    await insertComplaintReply(trx, { complaintId: complaint.id, author: 'staff', staffName, text, at: now });
    await sendMessages(trx, [
      { userId: complaint.userId, messageType: MessageType.returned, msgContent: `您的售后投诉${complaint.complaintNo}有新的客服回复：${text}`, sendDate: now },
    ]);
    await alongside?.(trx, await complaintOrThrow(trx, complaint.id));
  });
  return complaintOrThrow(db, complaint.id);
}

const statusMessages: Record<ComplaintStatusValue, (complaintNo: string) => string> = {
  pending: (no) => `您的售后投诉${no}已重新进入待处理。`,
  processing: (no) => `您的售后投诉${no}正在处理中，客服会尽快与您联系。`,
  resolved: (no) => `您的售后投诉${no}已处理完成，如仍有问题请联系客服。`,
  closed: (no) => `您的售后投诉${no}已关闭。`,
};

/**
 * Moves a complaint along staffTransitions (from the status it is in now, checked in the update so a
 * racing member withdrawal wins or loses cleanly). Reopening a resolved complaint is refused while
 * the line has another open one. An optional note is kept as a staff reply.
 */
export async function setComplaintStatus(
  db: Kysely<Database>,
  request: { complaintId: number; status: ComplaintStatusValue; staffName: string; note?: string; now?: number; from?: ComplaintStatusValue },
  alongside?: AlongsideChange<ComplaintRow>,
): Promise<ComplaintRow> {
  const now = request.now ?? Date.now();
  const staffName = staffNameOrThrow(request.staffName);
  const complaint = await complaintOrThrow(db, request.complaintId);
  // A move chosen from an older view (resolved, then closed by a colleague who still saw it pending) is refused.
  if (request.from !== undefined && request.from !== complaint.status) throw new AppError(complaintErrors.changedMeanwhile);
  if (!canStaffMove(complaint.status, request.status)) throw new AppError(complaintErrors.transitionInvalid);
  const note = request.note?.trim() ?? '';
  try {
    await withTransaction(db, async (trx) => {
      if (!(await claimComplaintStatus(trx, complaint.id, [complaint.status], request.status, now)))
        throw new AppError(request.from === undefined ? complaintErrors.transitionInvalid : complaintErrors.changedMeanwhile);
      if (note) await insertComplaintReply(trx, { complaintId: complaint.id, author: 'staff', staffName, text: note, at: now });
      const text = statusMessages[request.status](complaint.complaintNo) + (note ? `客服说明：${note}` : '');
      await sendMessages(trx, [{ userId: complaint.userId, messageType: MessageType.returned, msgContent: text, sendDate: now }]);
      await alongside?.(trx, await complaintOrThrow(trx, complaint.id));
    });
  } catch (error) {
    if (isOpenLineConflict(error)) throw new AppError(complaintErrors.alreadyOpen);
    throw error;
  }
  return complaintOrThrow(db, complaint.id);
}
