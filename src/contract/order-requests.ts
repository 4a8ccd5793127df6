import { z } from 'zod';
import { invoiceRequestSchema } from './invoice-requests.ts';
import { maxCouponsPerOrder, orderStatuses, ShortfallChoice } from './order.ts';
import { poNumberSchema } from './procurement-requests.ts';

/** Readable, unique, not guessable: yymmdd + 10 random digits (see order-number.ts on the server). */
export const orderNoSchema = z
  .string({ error: '请输入订单号' })
  .trim()
  .regex(/^\d{16}$/, '订单号有误');

const idSchema = z.number({ error: '参数有误' }).int('参数有误').positive('参数有误');

/** The request schemas of orderCalls, one per call. */
export const orderRequests = {
  /** Prices the selected cart lines for the chosen carrier and address: freight and coupons follow. */
  preview: z.object({
    carrierCode: z.string().trim().min(1, '请选择配送方式').max(20),
    addressId: idSchema.nullable(),
    shortfallChoice: z
      .enum([ShortfallChoice.shipAvailable, ShortfallChoice.waitForAll], { error: '请选择缺货商品的处理方式' })
      .default(ShortfallChoice.shipAvailable),
    /** Absent: the best combination is chosen; present (even empty): exactly these. */
    memberCouponIds: z.array(idSchema).max(maxCouponsPerOrder, `每个订单最多使用${maxCouponsPerOrder}张优惠券`).optional(),
    /** An accepted offer checked out at its quoted prices (/offer/settlement?quotationId=N) instead of the cart. */
    quotationId: idSchema.optional(),
  }),
  place: z.object({
    idempotencyKey: z.string().trim().min(16, '页面已过期，请刷新后重试').max(64, '页面已过期，请刷新后重试'),
    carrierCode: z.string().trim().min(1, '请选择配送方式').max(20),
    addressId: idSchema.nullable(),
    shortfallChoice: z.enum([ShortfallChoice.shipAvailable, ShortfallChoice.waitForAll], { error: '请选择缺货商品的处理方式' }),
    memberCouponIds: z.array(idSchema).max(maxCouponsPerOrder, `每个订单最多使用${maxCouponsPerOrder}张优惠券`).default([]),
    /** The invoice choice (InvoiceRequest); absent: no invoice. */
    invoice: invoiceRequestSchema.default({ kind: 'none' }),
    remark: z.string().trim().max(200, '备注最多200个字').default(''),
    /** The buyer's purchase order number (采购订单号), kept on the order; '' for none. */
    poNumber: poNumberSchema,
    /** The payable amount the page showed: a different total now refuses the order. */
    quotedPayableCents: z.number({ error: '参数有误' }).int().nonnegative(),
    /** An accepted offer checked out at its quoted prices instead of the cart; the order records it. */
    quotationId: idSchema.optional(),
  }),
  list: z.object({
    status: z.enum(orderStatuses, { error: '订单状态有误' }).nullable().default(null),
    keyword: z.string().trim().max(60, '搜索内容过长').default(''),
    page: z.number().int().positive().max(10_000).default(1),
  }),
  detail: z.object({ orderNo: orderNoSchema }),
  cancel: z.object({ orderNo: orderNoSchema }),
  confirmReceipt: z.object({ orderNo: orderNoSchema }),
  buyAgain: z.object({ orderNo: orderNoSchema }),
  /** Spec §7: /common/api/queryExpressInfo {orderNo}. */
  expressInfo: z.object({ orderNo: orderNoSchema }),
  expressList: z.object({}),
};
