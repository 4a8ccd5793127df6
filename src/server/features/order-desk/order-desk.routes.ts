import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uploadErrors, uploadMessages } from '../../../contract/upload.ts';
import { success, WithMessage } from '../../http/api-route.ts';
import { multipartMargin, settleRefusedBodies, throwMultipartFailure } from '../../http/multipart-refusal.ts';
import { findOrderForStaff } from '../order/order-staff.service.ts';
import { consoleRoute } from '../staff/staff-access.ts';
import { storeStaffDocument } from '../upload/upload.service.ts';
import {
  adminComplaintsExportPath,
  adminInvoiceFilePath,
  adminOrdersExportPath,
  invoicePdfMaxBytes,
  orderDeskErrors,
  orderDeskMessages as m,
  type AdminComplaintRow,
  type AdminOrderRow,
} from '../../../contract/console/orders.ts';
import { adminComplaintCalls, adminOrderCalls } from '../../../contract/console/orders-calls.ts';
import { adminComplaintRequests, adminOrderRequests, complaintGridQuery, orderGridQuery } from '../../../contract/console/orders-requests.ts';
import { formatCents } from '../../../contract/pricing.ts';
import { staffErrors, type StaffIdentity } from '../../../contract/staff.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { registerStaffExport } from '../staff/grid-query.ts';
import { registerStaffCalls } from '../staff/staff-api-route.ts';
import type { StaffActor } from '../staff/staff-desk.service.ts';
import {
  authoriseReturnByStaff,
  exportComplaintsForStaff,
  fireComplaintEventByStaff,
  listComplaintsForStaff,
  loadComplaintDetailForStaff,
  receiveReturnedGoods,
  refundComplaintByStaff,
  replaceReturnedGoods,
  replyToComplaint,
} from './complaint-desk.service.ts';
import {
  cancelOrderByStaff,
  confirmOfflineRefundByStaff,
  confirmTransferByStaff,
  exportOrdersForStaff,
  issueInvoiceForStaff,
  listOrdersForStaff,
  loadOrderDetailForStaff,
  recordLateTransferByStaff,
  refundByStaff,
  retryRefundByStaff,
  reverseInvoiceForStaff,
  shipByStaff,
} from './order-desk.service.ts';

type Deps = Pick<ServiceDeps, 'db' | 'config' | 'logger'>;

/** Who acts (registerStaffCalls has checked the permission) and from where. */
function actorOf(staff: StaffIdentity | null, request: FastifyRequest): StaffActor {
  if (!staff) throw new AppError(staffErrors.loginRequired);
  return { staff, ip: request.ip };
}

export function registerOrderDeskRoutes(app: FastifyInstance, deps: Deps): void {
  registerStaffCalls(app, adminOrderCalls, adminOrderRequests, {
    list: ({ body }) => listOrdersForStaff(deps.db, body),
    detail: ({ body, staff, request }) => loadOrderDetailForStaff(deps.db, body.orderNo, actorOf(staff, request).staff),
    async confirmTransfer({ body, staff, request }) {
      return new WithMessage(await confirmTransferByStaff(deps.db, actorOf(staff, request), body), m.transferConfirmed);
    },
    async ship({ body, staff, request }) {
      const detail = await shipByStaff(deps.db, actorOf(staff, request), body);
      return new WithMessage(detail, detail.status === 'partlyShipped' ? m.shippedPart : m.shipped);
    },
    async cancel({ body, staff, request }) {
      return new WithMessage(await cancelOrderByStaff(deps, actorOf(staff, request), body), m.cancelled);
    },
    async refund({ body, staff, request }) {
      return new WithMessage(await refundByStaff(deps, actorOf(staff, request), body), m.refunded);
    },
    async confirmOfflineRefund({ body, staff, request }) {
      return new WithMessage(await confirmOfflineRefundByStaff(deps, actorOf(staff, request), body), m.offlineRefunded);
    },
    async issueInvoice({ body, staff, request }) {
      return new WithMessage(await issueInvoiceForStaff(deps.db, actorOf(staff, request), body), m.invoiced);
    },
    async retryRefund({ body, staff, request }) {
      return new WithMessage(await retryRefundByStaff(deps, actorOf(staff, request), body), m.refundRetried);
    },
    async recordLateTransfer({ body, staff, request }) {
      return new WithMessage(await recordLateTransferByStaff(deps, actorOf(staff, request), body), m.lateTransferRecorded);
    },
    async reverseInvoice({ body, staff, request }) {
      return new WithMessage(await reverseInvoiceForStaff(deps.db, actorOf(staff, request), body), m.invoiceReversed);
    },
  });
  registerStaffExport(app, {
    path: adminOrdersExportPath,
    permission: { action: 'read', subject: 'Order' },
    schema: orderGridQuery,
    fileName: '订单列表',
    columns: orderExportColumns,
    load: (query) => exportOrdersForStaff(deps.db, query),
  });
}

const orderExportColumns: { header: string; value(row: AdminOrderRow): string | number }[] = [
  { header: '订单号', value: (row) => row.orderNo },
  { header: '下单时间', value: (row) => row.createdAtStr },
  { header: '会员手机', value: (row) => row.memberPhone },
  { header: '状态', value: (row) => row.statusLabel },
  { header: '支付方式', value: (row) => row.paymentMethodLabel },
  { header: '应付金额', value: (row) => formatCents(row.payableCents) },
  { header: '已退款', value: (row) => formatCents(row.refundedCents) },
  { header: '商品件数', value: (row) => row.productCount },
  { header: '配送方式', value: (row) => row.carrierName },
  { header: '发票', value: (row) => (row.hasInvoiceRequest ? '需开票' : '') },
];

const complaintExportColumns: { header: string; value(row: AdminComplaintRow): string | number }[] = [
  { header: '投诉编号', value: (row) => row.complaintNo },
  { header: '订单号', value: (row) => row.orderNo },
  { header: '会员手机', value: (row) => row.memberPhone },
  { header: '型号', value: (row) => row.productCode },
  { header: '问题类型', value: (row) => row.typeLabel },
  { header: '状态', value: (row) => row.statusLabel },
  { header: '提交时间', value: (row) => row.createdAtStr },
  { header: '更新时间', value: (row) => row.updatedAtStr },
];

export function registerComplaintDeskRoutes(app: FastifyInstance, deps: Deps): void {
  registerStaffCalls(app, adminComplaintCalls, adminComplaintRequests, {
    list: ({ body }) => listComplaintsForStaff(deps.db, body),
    detail: ({ body }) => loadComplaintDetailForStaff(deps, body.id),
    async reply({ body, staff, request }) {
      return new WithMessage(await replyToComplaint(deps, actorOf(staff, request), body), m.replied);
    },
    async transition({ body, staff, request }) {
      return new WithMessage(await fireComplaintEventByStaff(deps, actorOf(staff, request), body), m.statusChanged);
    },
    async authoriseReturn({ body, staff, request }) {
      return new WithMessage(await authoriseReturnByStaff(deps, actorOf(staff, request), body), m.returnAuthorised);
    },
    async receiveGoods({ body, staff, request }) {
      return new WithMessage(await receiveReturnedGoods(deps, actorOf(staff, request), body), m.goodsReceived);
    },
    async replace({ body, staff, request }) {
      return new WithMessage(await replaceReturnedGoods(deps, actorOf(staff, request), body), m.replaced);
    },
    async refund({ body, staff, request }) {
      return new WithMessage(await refundComplaintByStaff(deps, actorOf(staff, request), body), m.complaintRefunded);
    },
  });
  registerStaffExport(app, {
    path: adminComplaintsExportPath,
    permission: { action: 'read', subject: 'Complaint' },
    schema: complaintGridQuery,
    fileName: '售后投诉',
    columns: complaintExportColumns,
    load: (query) => exportComplaintsForStaff(deps.db, query),
  });
}

/**
 * POST adminInvoiceFilePath (multipart: the order number as ?orderNo=, then the file): the invoice's
 * PDF, its type read from its content by the upload feature, stored as the order's member's. Answers
 * its address for issueInvoice's fileUrl; the change itself is audited when the invoice is issued.
 */
export function registerInvoiceFileUpload(app: FastifyInstance, deps: Deps): void {
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fields: 0, files: 1, parts: 1, headerPairs: 16 } });
    settleRefusedBodies(scope, invoicePdfMaxBytes);
    scope.post(consoleRoute(adminInvoiceFilePath), { config: { staffAccess: { action: 'create', subject: 'Invoice' } } }, async (request) => {
      const orderNo = (request.query as Record<string, unknown> | undefined)?.orderNo;
      const order = await findOrderForStaff(deps.db, typeof orderNo === 'string' ? orderNo : '');
      try {
        if (!request.isMultipart()) throw new AppError(orderDeskErrors.invoiceFileInvalid);
        const file = await request.file({ limits: { fileSize: invoicePdfMaxBytes + multipartMargin } });
        if (!file) throw new AppError(orderDeskErrors.invoiceFileInvalid);
        const stream = file.file;
        return success(await storeStaffDocument(deps, { userId: order.userId, purpose: 'invoice', stream, isTruncated: () => stream.truncated }));
      } catch (error) {
        throwMultipartFailure(error, {
          tooLarge: new AppError(uploadErrors.tooLarge, uploadMessages.tooLarge(invoicePdfMaxBytes, '文件')),
          malformed: orderDeskErrors.invoiceFileInvalid,
        });
      }
    });
  });
}
