import { z } from 'zod';
import { complaintLimits, complaintStatuses, complaintTypes } from '../complaint.ts';
import { plainStaffEvents } from '../complaint-lifecycle.ts';
import { centsOfYuanText } from '../money.ts';
import { orderStatuses, PaymentMethod } from '../order.ts';
import { refundNoPattern } from '../payment.ts';
import { complaintSortColumns, orderDeskMessages as m, orderSortColumns } from './orders.ts';
import { gridMessages } from '../staff-grid.ts';
import { gridDayFilter, gridQuerySchema, gridTextFilter } from '../staff-grid-requests.ts';

const orderNo = z
  .string(m.orderNoInvalid)
  .trim()
  .regex(/^[0-9A-Za-z]{6,32}$/, m.orderNoInvalid);
/** Yuan as staff type it (123.45: at most 2 decimals and 9 digits before the point) → cents, more than zero. */
const amountCents = z
  .string(m.amountInvalid)
  .trim()
  .transform((text, context) => {
    const cents = centsOfYuanText(text, 9);
    if (cents === null || cents === 0) {
      context.addIssue({ code: 'custom', message: m.amountInvalid });
      return z.NEVER;
    }
    return cents;
  });
const note = z.string(m.noteLong).trim().max(100, m.noteLong).default('');
const dateFilter = gridDayFilter(gridMessages.invalid);
const complaintId = z.number(m.complaintMissing).int(m.complaintMissing).min(1, m.complaintMissing).max(2_147_483_647, m.complaintMissing);
const trackingNo = z.string(m.trackingNoLong).trim().max(64, m.trackingNoLong);
const carrierCode = z.string(m.carrierMissing).trim().min(1, m.carrierMissing).max(32, m.carrierMissing);
/** The status the console showed when the staff member acted: a change from an older view is refused. */
const from = z.enum(orderStatuses, gridMessages.invalid).optional();
const lineQuantities = z
  .array(
    z.object({
      orderLineId: z.number(m.linesInvalid).int(m.linesInvalid).min(1, m.linesInvalid),
      quantity: z.number(m.linesInvalid).int(m.linesInvalid).min(1, m.linesInvalid).max(10_000_000, m.linesInvalid),
    }),
    m.linesInvalid,
  )
  .min(1, m.linesInvalid)
  .max(200, m.linesInvalid);

export const orderGridQuery = gridQuerySchema(orderSortColumns, {
  orderNo: gridTextFilter(32),
  memberPhone: gridTextFilter(20),
  status: z.enum(orderStatuses, gridMessages.invalid).optional(),
  paymentMethod: z.enum(Object.values(PaymentMethod) as [PaymentMethod, ...PaymentMethod[]], gridMessages.invalid).optional(),
  /** Beijing dates, both included. */
  dateFrom: dateFilter,
  dateTo: dateFilter,
});

export const complaintGridQuery = gridQuerySchema(complaintSortColumns, {
  complaintNo: gridTextFilter(32),
  orderNo: gridTextFilter(32),
  memberPhone: gridTextFilter(20),
  status: z.enum(complaintStatuses, gridMessages.invalid).optional(),
  type: z.enum(complaintTypes, gridMessages.invalid).optional(),
});

export const adminOrderRequests = {
  list: orderGridQuery,
  detail: z.object({ orderNo }),
  confirmTransfer: z.object({ orderNo, amount: amountCents, note, from }),
  ship: z.object({
    orderNo,
    carrierCode,
    trackingNo,
    /** Absent: everything not yet sent. */
    lines: lineQuantities.optional(),
    from,
  }),
  cancel: z.object({ orderNo, reason: z.string(m.reasonMissing).trim().min(1, m.reasonMissing).max(100, m.reasonLong), from }),
  refund: z.object({
    orderNo,
    refundNo: z.string(m.refundNoInvalid).regex(refundNoPattern, m.refundNoInvalid),
    amount: amountCents,
    reason: z.string(m.reasonLong).trim().max(100, m.reasonLong).default(''),
    /** Units taken off lines not yet sent (不再发货); absent: a refund of money only. */
    lines: lineQuantities.optional(),
    from,
  }),
  confirmOfflineRefund: z.object({ orderNo, refundNo: z.string(m.refundNoInvalid).regex(refundNoPattern, m.refundNoInvalid), note }),
  retryRefund: z.object({
    orderNo,
    refundNo: z.string(m.refundNoInvalid).regex(refundNoPattern, m.refundNoInvalid),
    /** The refund's status the console showed. */
    from: z.enum(['processing', 'succeeded', 'failed'], gridMessages.invalid).optional(),
  }),
  recordLateTransfer: z.object({ orderNo, amount: amountCents, note }),
  issueInvoice: z.object({
    orderNo,
    invoiceNumber: z
      .string('发票号码须为8至20位数字')
      .trim()
      .regex(/^\d{8,20}$/, '发票号码须为8至20位数字'),
    /** From the invoice PDF upload; '' without a file. */
    fileUrl: z.string('电子发票地址有误').trim().max(500, '电子发票地址有误').default(''),
    from,
  }),
  reverseInvoice: z.object({
    orderNo,
    reversalNumber: z
      .string('红字发票号码须为8至20位数字')
      .trim()
      .regex(/^\d{8,20}$/, '红字发票号码须为8至20位数字'),
  }),
};

/** The complaint's status the console showed: an event chosen from a view a colleague has since changed is refused. */
const complaintFrom = z.enum(complaintStatuses, '投诉状态有误').optional();
const complaintNote = z.string(m.noteLong).trim().max(200, '说明不能超过200个字').default('');

export const adminComplaintRequests = {
  list: complaintGridQuery,
  detail: z.object({ id: complaintId }),
  reply: z.object({ id: complaintId, text: z.string('请填写回复内容').trim().min(1, '请填写回复内容').max(500, '回复不能超过500个字') }),
  /** 受理, 解决, 驳回 (its note required), 关闭, 重新处理. */
  transition: z.object({ id: complaintId, event: z.enum(plainStaffEvents, '投诉操作有误'), from: complaintFrom, note: complaintNote }),
  authoriseReturn: z.object({
    id: complaintId,
    from: complaintFrom,
    quantity: z.number('请填写退货数量').int('请填写退货数量').min(1, '退货数量至少为1').max(10_000_000, '退货数量有误'),
    address: z
      .string('请填写退货地址')
      .trim()
      .min(1, '请填写退货地址')
      .max(complaintLimits.returnAddressMax, `退货地址不能超过${String(complaintLimits.returnAddressMax)}个字`),
    note: complaintNote,
  }),
  receiveGoods: z.object({ id: complaintId, from: complaintFrom, note }),
  replace: z.object({ id: complaintId, from: complaintFrom, carrierCode, trackingNo }),
  /** Absent amount: the suggested share of the line. */
  refund: z.object({ id: complaintId, from: complaintFrom, amount: amountCents.optional(), note: complaintNote }),
};
