import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { uploadErrors, uploadMessages } from '../../../contract/upload.ts';
import { success, WithMessage } from '../../http/api-route.ts';
import { multipartMargin, settleRefusedBodies, throwMultipartFailure, uploadBodyLimit } from '../../http/multipart-refusal.ts';
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
import { inertCellText } from '../../../contract/spreadsheet-text.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { registerStaffExport } from '../staff/grid-query.ts';
import { registerStaffCalls } from '../staff/staff-api-route.ts';
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

export function registerOrderDeskRoutes(app: FastifyInstance, deps: Deps): void {
  registerStaffCalls(app, adminOrderCalls, adminOrderRequests, {
    list: ({ body }) => listOrdersForStaff(deps.db, body),
    detail: ({ body, actor }) => loadOrderDetailForStaff(deps.db, body.orderNo, actor.staff),
    async confirmTransfer({ body, actor }) {
      return new WithMessage(await confirmTransferByStaff(deps.db, actor, body), m.transferConfirmed);
    },
    async ship({ body, actor }) {
      const detail = await shipByStaff(deps.db, actor, body);
      return new WithMessage(detail, detail.status === 'partlyShipped' ? m.shippedPart : m.shipped);
    },
    async cancel({ body, actor }) {
      return new WithMessage(await cancelOrderByStaff(deps, actor, body), m.cancelled);
    },
    async refund({ body, actor }) {
      return new WithMessage(await refundByStaff(deps, actor, body), m.refunded);
    },
    async confirmOfflineRefund({ body, actor }) {
      return new WithMessage(await confirmOfflineRefundByStaff(deps, actor, body), m.offlineRefunded);
    },
    async issueInvoice({ body, actor }) {
      return new WithMessage(await issueInvoiceForStaff(deps.db, actor, body), m.invoiced);
    },
    async retryRefund({ body, actor }) {
      return new WithMessage(await retryRefundByStaff(deps, actor, body), m.refundRetried);
    },
    async recordLateTransfer({ body, actor }) {
      return new WithMessage(await recordLateTransferByStaff(deps, actor, body), m.lateTransferRecorded);
    },
    async reverseInvoice({ body, actor }) {
      return new WithMessage(await reverseInvoiceForStaff(deps.db, actor, body), m.invoiceReversed);
    },
  });
  registerStaffExport(app, {
    path: adminOrdersExportPath,
    permission: { action: 'export', subject: 'Order' },
    schema: orderGridQuery,
    fileName: '订单列表',
    columns: orderExportColumns,
    load: (query) => exportOrdersForStaff(deps.db, query),
  });
}

const orderExportColumns: { header: string; value(row: AdminOrderRow): string | number }[] = [
  { header: '订单号', value: (row) => row.orderNo },
  // Typed by the buyer: written so that a spreadsheet never reads it as a formula.
  { header: '采购订单号', value: (row) => inertCellText(row.poNumber) },
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
    async reply({ body, actor }) {
      return new WithMessage(await replyToComplaint(deps, actor, body), m.replied);
    },
    async transition({ body, actor }) {
      return new WithMessage(await fireComplaintEventByStaff(deps, actor, body), m.statusChanged);
    },
    async authoriseReturn({ body, actor }) {
      return new WithMessage(await authoriseReturnByStaff(deps, actor, body), m.returnAuthorised);
    },
    async receiveGoods({ body, actor }) {
      return new WithMessage(await receiveReturnedGoods(deps, actor, body), m.goodsReceived);
    },
    async replace({ body, actor }) {
      return new WithMessage(await replaceReturnedGoods(deps, actor, body), m.replaced);
    },
    async refund({ body, actor }) {
      return new WithMessage(await refundComplaintByStaff(deps, actor, body), m.complaintRefunded);
    },
  });
  registerStaffExport(app, {
    path: adminComplaintsExportPath,
    permission: { action: 'export', subject: 'Complaint' },
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
    const options = { bodyLimit: uploadBodyLimit(invoicePdfMaxBytes), config: { staffAccess: { action: 'create', subject: 'Invoice' } } } as const;
    scope.post(consoleRoute(adminInvoiceFilePath), options, async (request) => {
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
