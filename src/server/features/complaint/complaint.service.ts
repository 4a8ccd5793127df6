import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  complaintErrors,
  complaintLimits,
  complaintListPageSize,
  complaintStatusLabels,
  complaintTypeLabels,
  ComplaintStatus,
  isOpenComplaint,
  openComplaintStatuses,
  type ComplainableOrder,
  type ComplaintAftersales,
  type ComplaintDetail,
  type ComplaintListData,
  type ComplaintReply,
  type ComplaintSummary,
  type ComplaintType,
} from '../../../contract/complaint.ts';
import { formatBeijingDateStamp, formatBeijingTimeSeconds } from '../../../contract/time.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { findAftersalesLinesById, findOrderLineOfMember, listComplainableLines, type AftersalesLine } from '../order/order-aftersales.service.ts';
import { claimUploads, uploadUrl } from '../upload/upload.service.ts';
import { complaintLifecycle } from '../../../contract/complaint-lifecycle.ts';
import { allowedEvents, buyer } from '../../../contract/lifecycle.ts';
import { refundBuyerLabels, RefundStatus } from '../../../contract/payment.ts';
import { findOrderRefund } from '../payment/payment-refund.service.ts';
import { assertComplaintEvent, complaintEventOrThrow, loadComplaintFacts, returnDueAt } from './complaint-transition.service.ts';
import {
  countComplaintsByStatus,
  findComplaintById,
  findComplaintPage,
  findComplaintPhotos,
  findComplaintReplies,
  findOpenComplaintsOfLines,
  insertComplaint,
  insertComplaintPhotos,
  insertComplaintReply,
  isComplaintNoConflict,
  isOpenLineConflict,
  touchComplaint,
} from './complaint.repository.ts';
import type { ComplaintReplyRow, ComplaintRow } from './complaint.tables.ts';

export interface ComplaintDeps {
  db: Kysely<Database>;
  config: Config;
}

const windowDays = complaintLimits.completedWindowDays;

/** TS + yymmdd (Beijing date) + 8 random digits: readable on the phone, unique by its index (a clash is drawn again). */
export function newComplaintNo(now: number): string {
  const date = formatBeijingDateStamp(now);
  return `TS${date}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

function toSummary(row: ComplaintRow, line: AftersalesLine | undefined, photoCount: number): ComplaintSummary {
  return {
    id: row.id,
    complaintNo: row.complaintNo,
    orderNo: line?.orderNo ?? '',
    orderLineId: row.orderLineId,
    productCode: line?.productCode ?? '',
    productName: line?.productName ?? '',
    type: row.type,
    typeLabel: complaintTypeLabels[row.type],
    status: row.status,
    statusLabel: complaintStatusLabels[row.status],
    description: row.description,
    photoCount,
    createdAt: row.createdAt,
    createdAtStr: formatBeijingTimeSeconds(row.createdAt),
    updatedAt: row.updatedAt,
    updatedAtStr: formatBeijingTimeSeconds(row.updatedAt),
  };
}

function toReply(row: ComplaintReplyRow): ComplaintReply {
  return { id: row.id, author: row.author, staffName: row.staffName, text: row.text, at: row.at, atStr: formatBeijingTimeSeconds(row.at) };
}

const timeOrNull = (at: number | null) => (at === null ? null : formatBeijingTimeSeconds(at));

/** What the member (and staff) see of the return, the refund and the replacement. */
export async function aftersalesOf(db: Kysely<Database>, row: ComplaintRow): Promise<ComplaintAftersales> {
  const refund = row.refundNo === null ? undefined : await findOrderRefund(db, row.refundNo);
  return {
    rmaNo: row.rmaNo,
    returnAddress: row.returnAddress,
    returnQuantity: row.returnQuantity,
    returnDueStr:
      row.status === ComplaintStatus.returnAuthorised && row.returnAuthorisedAt !== null ? formatBeijingTimeSeconds(returnDueAt(row.returnAuthorisedAt)) : null,
    returnCarrierName: row.returnCarrierName,
    returnTrackingNo: row.returnTrackingNo,
    returnShippedAtStr: timeOrNull(row.returnShippedAt),
    goodsReceivedAtStr: timeOrNull(row.goodsReceivedAt),
    refundNo: row.refundNo,
    refundCents: row.refundCents,
    refundStatusLabel: refund ? (refund.status === RefundStatus.failed ? '退款失败，客服将重新办理' : refundBuyerLabels[refund.status]) : '',
    replaceCarrierName: row.replaceCarrierName,
    replaceTrackingNo: row.replaceTrackingNo,
  };
}

async function toDetail(deps: ComplaintDeps, row: ComplaintRow, now = Date.now()): Promise<ComplaintDetail> {
  const [lines, photos, replies, aftersales, facts] = await Promise.all([
    findAftersalesLinesById(deps.db, [row.orderLineId], windowDays),
    findComplaintPhotos(deps.db, [row.id]),
    findComplaintReplies(deps.db, row.id),
    aftersalesOf(deps.db, row),
    loadComplaintFacts(deps.db, row, now),
  ]);
  const line = lines.get(row.orderLineId);
  return {
    ...toSummary(row, line, photos.length),
    brandName: line?.brandName ?? '',
    package: line?.package ?? '',
    quantity: line?.quantity ?? 0,
    photos: photos.map((photo) => ({ key: photo.uploadKey, url: uploadUrl(deps.config, { key: photo.uploadKey, provider: photo.provider }) })),
    replies: replies.map(toReply),
    isOpen: isOpenComplaint(row.status),
    aftersales,
    events: allowedEvents(complaintLifecycle, facts, buyer),
  };
}

/** A complaint of this member; another member's is not found, as if it did not exist. */
export async function findComplaintOfMember(db: Kysely<Database>, userId: number, id: number): Promise<ComplaintRow> {
  const row = await findComplaintById(db, id);
  if (row?.userId !== userId) throw new AppError(complaintErrors.notFound);
  return row;
}

/** Any member's complaint's row (complaint.notFound otherwise). */
export async function findComplaintForStaff(db: Kysely<Database>, id: number): Promise<ComplaintRow> {
  const row = await findComplaintById(db, id);
  if (!row) throw new AppError(complaintErrors.notFound);
  return row;
}

/** Any member's complaint as staff read it (the console's 售后服务). */
export async function loadComplaintForStaff(deps: ComplaintDeps, id: number): Promise<ComplaintDetail> {
  const row = await findComplaintById(deps.db, id);
  if (!row) throw new AppError(complaintErrors.notFound);
  return toDetail(deps, row);
}

export async function loadComplaintDetail(deps: ComplaintDeps, userId: number, id: number): Promise<ComplaintDetail> {
  return toDetail(deps, await findComplaintOfMember(deps.db, userId, id));
}

export interface NewComplaint {
  orderLineId: number;
  type: ComplaintType;
  /** Trimmed and checked by the request schema (descriptionProblem). */
  description: string;
  photoKeys: readonly string[];
}

/**
 * Files a complaint on one of the member's eligible lines with the member's own feedback uploads.
 * complaints_open_line decides between racing submissions for one line: one is stored, the others
 * answer alreadyOpen; photos are claimed in the same transaction, so a refused complaint claims none.
 */
export async function createComplaint(deps: ComplaintDeps, userId: number, complaint: NewComplaint, now = Date.now()): Promise<ComplaintDetail> {
  const line = await findOrderLineOfMember(deps.db, userId, complaint.orderLineId, windowDays, now);
  if (!line) throw new AppError(complaintErrors.lineNotFound);
  if (!line.isEligible) throw new AppError(complaintErrors.lineNotEligible);
  if ((await findOpenComplaintsOfLines(deps.db, [line.id])).has(line.id)) throw new AppError(complaintErrors.alreadyOpen);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const id = await withTransaction(deps.db, async (trx) => {
        const complaintId = await insertComplaint(trx, {
          complaintNo: newComplaintNo(now),
          userId,
          orderId: line.orderId,
          orderLineId: line.id,
          type: complaint.type,
          description: complaint.description,
          status: ComplaintStatus.pending,
          createdAt: now,
          updatedAt: now,
        });
        const photos = await claimUploads({ db: trx, config: deps.config }, { userId, purpose: 'feedback', keys: complaint.photoKeys }, now);
        await insertComplaintPhotos(
          trx,
          photos.map((photo, position) => ({ complaintId, uploadKey: photo.key, provider: photo.provider, position })),
        );
        return complaintId;
      });
      return await loadComplaintDetail(deps, userId, id);
    } catch (error) {
      if (isOpenLineConflict(error)) throw new AppError(complaintErrors.alreadyOpen);
      if (!isComplaintNoConflict(error) || attempt >= 3) throw error;
    }
  }
}

export interface ComplaintListQuery {
  status: ComplaintStatus | null;
  page: number;
}

export async function listComplaints(db: Kysely<Database>, userId: number, query: ComplaintListQuery): Promise<ComplaintListData> {
  const counts = await countComplaintsByStatus(db, userId);
  const total = query.status === null ? Object.values(counts).reduce((sum, count) => sum + count, 0) : counts[query.status];
  const pageCount = Math.max(1, Math.ceil(total / complaintListPageSize));
  const page = Math.min(query.page, pageCount);
  const rows = await findComplaintPage(db, userId, query.status, (page - 1) * complaintListPageSize, complaintListPageSize);
  const [lines, photos] = await Promise.all([
    findAftersalesLinesById(
      db,
      rows.map((row) => row.orderLineId),
      windowDays,
    ),
    findComplaintPhotos(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  const photoCounts = new Map<number, number>();
  for (const photo of photos) photoCounts.set(photo.complaintId, (photoCounts.get(photo.complaintId) ?? 0) + 1);
  return {
    status: query.status,
    page,
    pageSize: complaintListPageSize,
    total,
    counts,
    complaints: rows.map((row) => toSummary(row, lines.get(row.orderLineId), photoCounts.get(row.id) ?? 0)),
  };
}

/** The member adds information to an open complaint. */
export async function replyAsMember(deps: ComplaintDeps, userId: number, id: number, text: string, now = Date.now()): Promise<ComplaintDetail> {
  const row = await findComplaintOfMember(deps.db, userId, id);
  await withTransaction(deps.db, async (trx) => {
    if (!(await touchComplaint(trx, row.id, openComplaintStatuses, now))) throw new AppError(complaintErrors.notOpen);
    await insertComplaintReply(trx, { complaintId: row.id, author: 'member', text, at: now });
  });
  return loadComplaintDetail(deps, userId, id);
}

/** The member withdraws a complaint before sending anything back (撤销): 已关闭, final. */
export async function closeByMember(deps: ComplaintDeps, userId: number, id: number, seen?: ComplaintStatus, now = Date.now()): Promise<ComplaintDetail> {
  const row = await findComplaintOfMember(deps.db, userId, id);
  await assertComplaintEvent(deps.db, row, 'withdraw', now, buyer);
  await withTransaction(deps.db, (trx) =>
    complaintEventOrThrow(trx, {
      complaintId: row.id,
      event: 'withdraw',
      seen: seen ?? row.status,
      now,
      message: (complaint) => `您已撤销售后投诉${complaint.complaintNo}。如仍有问题，可重新提交投诉。`,
    }),
  );
  return loadComplaintDetail(deps, userId, id);
}

/** The member sent the authorised return back (寄回商品): the carrier and tracking number staff will look for. */
export async function shipReturnByMember(
  deps: ComplaintDeps,
  userId: number,
  request: { id: number; carrierName: string; trackingNo: string; seen?: ComplaintStatus },
  now = Date.now(),
): Promise<ComplaintDetail> {
  const row = await findComplaintOfMember(deps.db, userId, request.id);
  await assertComplaintEvent(deps.db, row, 'shipReturn', now, buyer);
  await withTransaction(deps.db, (trx) =>
    complaintEventOrThrow(trx, {
      complaintId: row.id,
      event: 'shipReturn',
      seen: request.seen ?? row.status,
      now,
      changes: { returnCarrierName: request.carrierName, returnTrackingNo: request.trackingNo, returnShippedAt: now },
      message: (complaint) => `您的售后投诉${complaint.complaintNo}已登记退货快递：${request.carrierName} ${request.trackingNo}，我们收到后会尽快为您处理。`,
    }),
  );
  return loadComplaintDetail(deps, userId, request.id);
}

/** The member's problem came back after it was settled (重新处理), within the after-sales window. */
export async function reopenByMember(deps: ComplaintDeps, userId: number, id: number, seen?: ComplaintStatus, now = Date.now()): Promise<ComplaintDetail> {
  const row = await findComplaintOfMember(deps.db, userId, id);
  await assertComplaintEvent(deps.db, row, 'reopen', now, buyer);
  await withTransaction(deps.db, (trx) =>
    complaintEventOrThrow(trx, {
      complaintId: row.id,
      event: 'reopen',
      seen: seen ?? row.status,
      now,
      message: (complaint) => `您的售后投诉${complaint.complaintNo}已重新打开，客服会尽快处理。`,
    }),
  );
  return loadComplaintDetail(deps, userId, id);
}

/** The form's choices: the member's eligible orders and their lines, each line with its open complaint if any. */
export async function listComplainableOrders(db: Kysely<Database>, userId: number, now = Date.now()): Promise<ComplainableOrder[]> {
  const lines = await listComplainableLines(db, userId, windowDays, complaintLimits.eligibleOrdersMax, now);
  const open = await findOpenComplaintsOfLines(
    db,
    lines.map((line) => line.id),
  );
  const orders = new Map<string, ComplainableOrder>();
  for (const line of lines) {
    let order = orders.get(line.orderNo);
    if (!order) {
      order = { orderNo: line.orderNo, statusLabel: line.orderStatusLabel, createdAtStr: line.orderCreatedAtStr, lines: [] };
      orders.set(line.orderNo, order);
    }
    order.lines.push({
      id: line.id,
      productCode: line.productCode,
      productName: line.productName,
      brandName: line.brandName,
      package: line.package,
      quantity: line.quantity,
      openComplaintId: open.get(line.id) ?? null,
    });
  }
  return [...orders.values()];
}
