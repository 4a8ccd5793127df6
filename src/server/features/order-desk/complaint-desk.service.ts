import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { orderDeskErrors, type AdminComplaintDetail, type AdminComplaintRow } from '../../../contract/admin-orders.ts';
import type { adminComplaintRequests, complaintGridQuery } from '../../../contract/admin-orders-requests.ts';
import { complaintStatusLabels, complaintTypeLabels, ComplaintStatus, staffTransitions } from '../../../contract/complaint.ts';
import { findCarrier } from '../../../contract/delivery.ts';
import { formatOrderTime, OrderStatus, orderStatusLabels } from '../../../contract/order.ts';
import type { GridPage } from '../../../contract/staff-grid.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { replyAsStaff, setComplaintStatus } from '../complaint/complaint-staff.service.ts';
import { loadComplaintForStaff } from '../complaint/complaint.service.ts';
import type { ComplaintRow } from '../complaint/complaint.tables.ts';
import { loadOrderForStaff } from '../order/order-staff.service.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import { exportRowsOfQuery, pageOfQuery } from '../staff/grid-query.ts';
import type { StaffActor } from '../staff/staff-desk.service.ts';
import { complaintGridSelect, complaintSortExpressions, findMemberPhone } from './order-desk.repository.ts';

/** 售后服务: staff read the member's complaint and its thread, reply, and handle returned goods. */

type Db = Kysely<Database>;
type Requests = { [Name in keyof typeof adminComplaintRequests]: z.output<(typeof adminComplaintRequests)[Name]> };
type ComplaintGridQuery = z.output<typeof complaintGridQuery>;
export type ComplaintDeskDeps = Pick<ServiceDeps, 'db' | 'config'>;

const defaultSort = { column: 'createdAt', direction: 'desc' } as const;

type ComplaintGridRow = Awaited<ReturnType<ReturnType<typeof complaintGridSelect>['execute']>>[number];

function toAdminComplaintRow(row: ComplaintGridRow): AdminComplaintRow {
  return {
    id: row.id,
    complaintNo: row.complaintNo,
    orderNo: row.orderNo,
    memberPhone: row.memberPhone,
    productCode: row.productCode,
    type: row.type,
    typeLabel: complaintTypeLabels[row.type],
    status: row.status,
    statusLabel: complaintStatusLabels[row.status],
    createdAtStr: formatOrderTime(row.createdAt),
    updatedAtStr: formatOrderTime(row.updatedAt),
  };
}

export async function listComplaintsForStaff(db: Db, query: ComplaintGridQuery): Promise<GridPage<AdminComplaintRow>> {
  const page = await pageOfQuery(complaintGridSelect(db, query.filters), query, complaintSortExpressions, defaultSort, 'complaints.id');
  return { ...page, rows: page.rows.map(toAdminComplaintRow) };
}

export async function exportComplaintsForStaff(db: Db, query: ComplaintGridQuery): Promise<AdminComplaintRow[]> {
  const rows = await exportRowsOfQuery(complaintGridSelect(db, query.filters), query.sort, complaintSortExpressions, defaultSort, 'complaints.id');
  return rows.map(toAdminComplaintRow);
}

export async function loadComplaintDetailForStaff(deps: ComplaintDeskDeps, id: number): Promise<AdminComplaintDetail> {
  const complaint = await loadComplaintForStaff(deps, id);
  const order = await loadOrderForStaff(deps.db, complaint.orderNo);
  const line = order.lines.find((candidate) => candidate.id === complaint.orderLineId);
  const isPaid = order.order.paidAt !== null && order.order.status !== OrderStatus.unpaid;
  return {
    id: complaint.id,
    complaintNo: complaint.complaintNo,
    orderNo: complaint.orderNo,
    memberPhone: await findMemberPhone(deps.db, order.order.userId),
    productCode: complaint.productCode,
    type: complaint.type,
    typeLabel: complaint.typeLabel,
    status: complaint.status,
    statusLabel: complaint.statusLabel,
    createdAtStr: complaint.createdAtStr,
    updatedAtStr: complaint.updatedAtStr,
    description: complaint.description,
    productName: complaint.productName,
    quantity: complaint.quantity,
    lineAmountCents: line?.amountCents ?? 0,
    orderStatusLabel: orderStatusLabels[order.order.status],
    orderRefundableCents: isPaid ? order.order.payableCents - order.order.refundedCents : 0,
    photos: complaint.photos,
    replies: complaint.replies,
    nextStatuses: [...staffTransitions[complaint.status]],
  };
}

function auditComplaint(trx: Transaction<Database>, actor: StaffActor, action: string, before: { status: string }, after: ComplaintRow, extra: object) {
  return recordStaffChange(trx, {
    ...actor,
    action,
    subject: 'Complaint',
    subjectId: after.complaintNo,
    before: { status: before.status },
    after: { status: after.status, ...extra },
  });
}

export async function replyToComplaint(deps: ComplaintDeskDeps, actor: StaffActor, request: Requests['reply']): Promise<AdminComplaintDetail> {
  const before = await loadComplaintForStaff(deps, request.id);
  await replyAsStaff(deps.db, { complaintId: request.id, staffName: actor.staff.displayName, text: request.text }, (trx, after) =>
    auditComplaint(trx, actor, 'reply', before, after, { reply: request.text }),
  );
  return loadComplaintDetailForStaff(deps, request.id);
}

export async function setComplaintStatusByStaff(deps: ComplaintDeskDeps, actor: StaffActor, request: Requests['setStatus']): Promise<AdminComplaintDetail> {
  const before = await loadComplaintForStaff(deps, request.id);
  await setComplaintStatus(
    deps.db,
    { complaintId: request.id, status: request.status, from: request.from, staffName: actor.staff.displayName, note: request.note },
    (trx, after) => auditComplaint(trx, actor, 'setStatus', before, after, { note: request.note }),
  );
  return loadComplaintDetailForStaff(deps, request.id);
}

/** 收到退货: the warehouse has the returned parts; the member is told in the thread. */
export async function receiveReturnedGoods(deps: ComplaintDeskDeps, actor: StaffActor, request: Requests['receiveGoods']): Promise<AdminComplaintDetail> {
  const before = await loadComplaintForStaff(deps, request.id);
  const text = `已收到您退回的商品${request.note ? `（${request.note}）` : ''}，我们将尽快为您处理。`;
  await replyAsStaff(deps.db, { complaintId: request.id, staffName: actor.staff.displayName, text }, (trx, after) =>
    auditComplaint(trx, actor, 'receiveGoods', before, after, { reply: text }),
  );
  return loadComplaintDetailForStaff(deps, request.id);
}

/** 换货: a replacement went out; the complaint is 已解决 with the parcel in its note. */
export async function replaceReturnedGoods(deps: ComplaintDeskDeps, actor: StaffActor, request: Requests['replace']): Promise<AdminComplaintDetail> {
  const carrier = findCarrier(request.carrierCode);
  if (!carrier) throw new AppError(orderDeskErrors.carrierInvalid);
  if (!carrier.isPickup && request.trackingNo === '') throw new AppError(orderDeskErrors.replaceTrackingMissing);
  const before = await loadComplaintForStaff(deps, request.id);
  const note = carrier.isPickup ? '已为您备好换货商品，请到仓库自提。' : `已为您换货发出：${carrier.name}，运单号 ${request.trackingNo}。`;
  await setComplaintStatus(deps.db, { complaintId: request.id, status: ComplaintStatus.resolved, staffName: actor.staff.displayName, note }, (trx, after) =>
    auditComplaint(trx, actor, 'replace', before, after, { note }),
  );
  return loadComplaintDetailForStaff(deps, request.id);
}
