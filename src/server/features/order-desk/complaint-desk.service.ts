import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { orderDeskErrors, type AdminComplaintDetail, type AdminComplaintRow } from '../../../contract/console/orders.ts';
import type { adminComplaintRequests, complaintGridQuery } from '../../../contract/console/orders-requests.ts';
import { complaintStatusLabels, complaintTypeLabels, defaultReturnAddressOf, lineShareCents } from '../../../contract/complaint.ts';
import { findCarrier } from '../../../contract/delivery.ts';
import { orderStatusLabels } from '../../../contract/order.ts';
import type { GridPage } from '../../../contract/staff-grid.ts';
import { formatBeijingTimeSeconds } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import type { AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { authoriseReturn, fireStaffEvent, receiveReturn, refundComplaint, replaceGoods, replyAsStaff } from '../complaint/complaint-staff.service.ts';
import { aftersalesOf, findComplaintForStaff, loadComplaintForStaff } from '../complaint/complaint.service.ts';
import type { ComplaintRow } from '../complaint/complaint.tables.ts';
import { loadComplaintFacts } from '../complaint/complaint-transition.service.ts';
import { refundContextOf } from '../payment/payment-refund.service.ts';
import { loadOrderForStaff } from '../order/order-staff.service.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import { staffActorOf } from '../staff/staff-actor.ts';
import { exportRowsOfQuery, pageOfQuery } from '../staff/grid-query.ts';
import type { StaffActor } from '../staff/staff-desk.service.ts';
import { complaintGridSelect, complaintSortExpressions, findMemberPhone } from './order-desk.repository.ts';
import { listWarehouseFacts } from '../warehouse/warehouse-facts.service.ts';

/**
 * 售后服务: staff read the member's complaint and its thread, reply, and fire the events of its
 * lifecycle (contract/complaint-lifecycle.ts), each with one audit entry in the event's transaction.
 */

type Requests = { [Name in keyof typeof adminComplaintRequests]: z.output<(typeof adminComplaintRequests)[Name]> };
type ComplaintGridQuery = z.output<typeof complaintGridQuery>;
export type ComplaintDeskDeps = Pick<ServiceDeps, 'db' | 'config' | 'logger'>;
/** What reading a complaint needs (the page loader has no logger). */
type ReadDeps = Pick<ServiceDeps, 'db' | 'config'>;

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
    createdAtStr: formatBeijingTimeSeconds(row.createdAt),
    updatedAtStr: formatBeijingTimeSeconds(row.updatedAt),
  };
}

export async function listComplaintsForStaff(db: Kysely<Database>, query: ComplaintGridQuery): Promise<GridPage<AdminComplaintRow>> {
  const page = await pageOfQuery(complaintGridSelect(db, query.filters), query, complaintSortExpressions, defaultSort, 'complaints.id');
  return { ...page, rows: page.rows.map(toAdminComplaintRow) };
}

export async function exportComplaintsForStaff(db: Kysely<Database>, query: ComplaintGridQuery): Promise<AdminComplaintRow[]> {
  const rows = await exportRowsOfQuery(complaintGridSelect(db, query.filters), query.sort, complaintSortExpressions, defaultSort, 'complaints.id');
  return rows.map(toAdminComplaintRow);
}

export async function loadComplaintDetailForStaff(deps: ReadDeps, id: number): Promise<AdminComplaintDetail> {
  const now = Date.now();
  const row = await findComplaintForStaff(deps.db, id);
  const complaint = await loadComplaintForStaff(deps, id);
  const order = await loadOrderForStaff(deps.db, complaint.orderNo);
  const line = order.lines.find((candidate) => candidate.id === complaint.orderLineId);
  const [facts, aftersales, warehouses] = await Promise.all([loadComplaintFacts(deps.db, row, now), aftersalesOf(deps.db, row), listWarehouseFacts(deps.db)]);
  const lineAmountCents = line?.amountCents ?? 0;
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
    lineAmountCents,
    orderStatusLabel: orderStatusLabels[order.order.status],
    orderRefundableCents: facts.orderRefundableCents,
    photos: complaint.photos,
    replies: complaint.replies,
    aftersales,
    facts,
    suggestedRefundCents: Math.min(
      facts.orderRefundableCents,
      lineShareCents({ amountCents: lineAmountCents, quantity: line?.quantity ?? 0 }, row.returnQuantity ?? line?.quantity ?? 0),
    ),
    defaultReturnAddress: defaultReturnAddressOf(warehouses),
  };
}

/** The console's audit entry of one change, in the change's own transaction: the status before and after, and what came with it. */
function auditComplaint(
  action: string,
  actor: StaffActor,
  before: { status: string },
  extra: (after: ComplaintRow) => object = () => ({}),
): AlongsideChange<ComplaintRow> {
  return (trx, after) =>
    recordStaffChange(trx, {
      ...actor,
      action,
      subject: 'Complaint',
      subjectId: after.complaintNo,
      before: { status: before.status },
      after: { status: after.status, ...extra(after) },
    });
}

async function statusOf(deps: ReadDeps, id: number): Promise<{ status: string }> {
  return { status: (await findComplaintForStaff(deps.db, id)).status };
}

export async function replyToComplaint(deps: ComplaintDeskDeps, actor: StaffActor, request: Requests['reply']): Promise<AdminComplaintDetail> {
  const before = await statusOf(deps, request.id);
  await replyAsStaff(
    deps.db,
    { complaintId: request.id, staffName: actor.staff.displayName, text: request.text },
    auditComplaint('reply', actor, before, () => ({ reply: request.text })),
  );
  return loadComplaintDetailForStaff(deps, request.id);
}

/** 受理, 解决, 驳回, 关闭, 重新处理. */
export async function fireComplaintEventByStaff(deps: ComplaintDeskDeps, actor: StaffActor, request: Requests['transition']): Promise<AdminComplaintDetail> {
  const before = await statusOf(deps, request.id);
  await fireStaffEvent(
    deps.db,
    {
      complaintId: request.id,
      event: request.event,
      seen: request.from,
      note: request.note,
      staffName: actor.staff.displayName,
      actor: staffActorOf(actor.staff),
    },
    auditComplaint(request.event, actor, before, () => ({ note: request.note })),
  );
  return loadComplaintDetailForStaff(deps, request.id);
}

/** 同意退货: RMA number, address and units go to the member. */
export async function authoriseReturnByStaff(deps: ComplaintDeskDeps, actor: StaffActor, request: Requests['authoriseReturn']): Promise<AdminComplaintDetail> {
  const before = await statusOf(deps, request.id);
  await authoriseReturn(
    deps.db,
    {
      complaintId: request.id,
      seen: request.from,
      quantity: request.quantity,
      address: request.address,
      note: request.note,
      staffName: actor.staff.displayName,
      actor: staffActorOf(actor.staff),
    },
    auditComplaint('authoriseReturn', actor, before, (after) => ({
      rmaNo: after.rmaNo,
      returnQuantity: after.returnQuantity,
      returnAddress: after.returnAddress,
    })),
  );
  return loadComplaintDetailForStaff(deps, request.id);
}

/** 确认收到退货: the warehouse has the returned parts. */
export async function receiveReturnedGoods(deps: ComplaintDeskDeps, actor: StaffActor, request: Requests['receiveGoods']): Promise<AdminComplaintDetail> {
  const before = await statusOf(deps, request.id);
  await receiveReturn(
    deps.db,
    { complaintId: request.id, seen: request.from, note: request.note, staffName: actor.staff.displayName, actor: staffActorOf(actor.staff) },
    auditComplaint('receiveGoods', actor, before, () => ({ note: request.note })),
  );
  return loadComplaintDetailForStaff(deps, request.id);
}

/** 换货: a replacement went out (自提: ready at the warehouse). */
export async function replaceReturnedGoods(deps: ComplaintDeskDeps, actor: StaffActor, request: Requests['replace']): Promise<AdminComplaintDetail> {
  const carrier = findCarrier(request.carrierCode);
  if (!carrier) throw new AppError(orderDeskErrors.carrierInvalid);
  if (!carrier.isPickup && request.trackingNo === '') throw new AppError(orderDeskErrors.replaceTrackingMissing);
  const before = await statusOf(deps, request.id);
  await replaceGoods(
    deps.db,
    {
      complaintId: request.id,
      seen: request.from,
      carrierName: carrier.name,
      trackingNo: request.trackingNo,
      isPickup: carrier.isPickup,
      staffName: actor.staff.displayName,
      actor: staffActorOf(actor.staff),
    },
    auditComplaint('replace', actor, before, (after) => ({ carrierName: after.replaceCarrierName, trackingNo: after.replaceTrackingNo })),
  );
  return loadComplaintDetailForStaff(deps, request.id);
}

/** 退款: through the order, under the complaint's refund number (财务's permission). */
export async function refundComplaintByStaff(deps: ComplaintDeskDeps, actor: StaffActor, request: Requests['refund']): Promise<AdminComplaintDetail> {
  const before = await statusOf(deps, request.id);
  await refundComplaint(
    refundContextOf(deps),
    {
      complaintId: request.id,
      seen: request.from,
      amountCents: request.amount,
      note: request.note,
      staffName: actor.staff.displayName,
      actor: staffActorOf(actor.staff),
    },
    auditComplaint('refund', actor, before, (after) => ({ refundNo: after.refundNo, refundCents: after.refundCents, note: request.note })),
  );
  return loadComplaintDetailForStaff(deps, request.id);
}
