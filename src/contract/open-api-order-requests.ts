import { z } from 'zod';
import { CarrierCode, defaultCarrierCode } from './delivery.ts';
import { invoiceRequestSchema } from './invoice-requests.ts';
import { openApiCurrency } from './open-api.ts';
import { openOrderLimits } from './open-api-orders.ts';
import { maxOrderLines, orderStatuses, PaymentMethod } from './order.ts';
import { orderNoSchema } from './order-requests.ts';
import { customerPartNoSchema, poNumberSchema } from './procurement-requests.ts';
import { quotationLimits, quotationMessages, quotationStatuses } from './quotation.ts';

/*
 * The /open/v1 order schemas (issue 28): the routes validate with them and the OpenAPI document is
 * generated from them, beside open-api-requests.ts (the catalogue's). Components carry an id.
 */

const currency = z.literal(openApiCurrency).meta({ description: '币种：人民币（CNY），金额含税' });
const cents = (description: string) => z.number().int().meta({ description });
const time = (description: string) => z.string().meta({ description: `${description}（RFC 3339，北京时间，东八区）` });

const dateParam = (description: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式须为 YYYY-MM-DD')
    .optional()
    .meta({ description: `${description}（YYYY-MM-DD，北京时间，含当天）`, example: '2026-12-01' });

const positiveId = (message: string) => z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

export const orderStateSchema = z.enum(orderStatuses).meta({
  id: 'OrderState',
  description:
    '订单状态：awaitingApproval 待审批（企业采购超过企业审批金额，等待审批），unpaid 待付款，unshipped 待发货，partlyShipped 部分发货，shipped 已发货，completed 已完成，cancelled 已取消，closed 已关闭（全额退款）',
});

const paymentSchema = z
  .object({
    state: z
      .enum(['unpaid', 'paid', 'refunded', 'cancelled'])
      .meta({ description: '付款状态：unpaid 未付款，paid 已付款，refunded 已全额退款，cancelled 未付款已取消' }),
    method: z
      .enum(Object.values(PaymentMethod))
      .nullable()
      .meta({ description: '付款方式：alipay、wechat、bankTransfer（对公转账）、development（沙箱模拟支付）；未付款时为 null' }),
    paidAt: time('付款时间').nullable(),
    payBefore: time('须在此前付款，逾期自动取消').nullable(),
    refundedCents: cents('已退款（分）'),
  })
  .meta({ id: 'OrderPayment', description: '订单的付款状态' });

/** 预计到货 of units on back order (decision 0031): a Beijing day, or null when 待定 or nothing waits. */
const expectedDateSchema = (description: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .meta({ description: `${description}（YYYY-MM-DD，北京时间）`, example: '2027-01-18' });
const backorderedQuantitySchema = (description: string) => z.number().int().min(0).meta({ description });

const orderLineSchema = z
  .object({
    productId: z.number().int().meta({ description: '商品ID' }),
    partNumber: z.string().meta({ description: '制造商型号（下单时）' }),
    brand: z.string().meta({ description: '品牌' }),
    package: z.string().meta({ description: '封装' }),
    customerPartNo: z.string().meta({ description: '客户料号；没有时为空字符串' }),
    quantity: z.number().int().meta({ description: '订购数量' }),
    cancelledQuantity: z.number().int().meta({ description: '退款取消的数量' }),
    shippedQuantity: z.number().int().meta({ description: '已发货数量' }),
    backorderedQuantity: backorderedQuantitySchema(
      '缺货待发数量：订单未结束（待付款、待发货、部分发货）时，订购数量减去退款取消的数量、减去已从库存分到的数量；现货或订单已结束时为 0',
    ),
    expectedDate: expectedDateSchema('缺货部分的预计到货日期；到货日期待定或本行没有缺货时为 null'),
    unitPrice: z.string().meta({ description: '含税单价（元，最多4位小数）', example: '0.0123' }),
    amountCents: cents('小计（分）'),
    currency,
  })
  .meta({ id: 'OrderLine', description: '订单行' });

const shipmentSchema = z
  .object({
    carrierCode: z.string().meta({ description: '承运商代码：sf 顺丰，jd 京东，zto 中通，yto 圆通，pickup 上门自提' }),
    carrierName: z.string().meta({ description: '承运商名称' }),
    trackingNo: z.string().nullable().meta({ description: '快递单号；自提时为 null' }),
    shippedAt: time('发货时间'),
    lines: z
      .array(z.object({ productId: z.number().int().meta({ description: '商品ID' }), quantity: z.number().int().meta({ description: '本包裹中的数量' }) }))
      .meta({ description: '本包裹中的商品' }),
  })
  .meta({ id: 'Shipment', description: '一个包裹' });

const orderSummaryFields = {
  orderNo: z.string().meta({ description: '订单号（16位数字）', example: '2612061234567890' }),
  poNumber: z.string().meta({ description: '采购订单号；没有时为空字符串' }),
  state: orderStateSchema,
  stateLabel: z.string().meta({ description: '状态的中文名称', example: '待付款' }),
  isSandbox: z.boolean().meta({ description: '是否为沙箱订单（沙箱密钥所下，不发货、不占用库存）' }),
  createdAt: time('下单时间'),
  payableCents: cents('应付金额（分）'),
  currency,
  lineCount: z.number().int().meta({ description: '商品种数' }),
  payment: paymentSchema,
  backorderedQuantity: backorderedQuantitySchema('各行缺货待发数量之和；没有缺货时为 0'),
  expectedDate: expectedDateSchema('全部缺货商品的预计到货日期（各缺货行中最晚的一个）；有缺货行到货日期待定或没有缺货时为 null'),
};

export const openOrderSummarySchema = z.object(orderSummaryFields).meta({ id: 'OrderSummary', description: '订单概要（列表中的一项）' });

export const openOrderSchema = z
  .object({
    ...orderSummaryFields,
    goodsCents: cents('商品金额（分）'),
    freightCents: cents('运费（分）'),
    discountCents: cents('优惠金额（分）'),
    carrierCode: z.string().meta({ description: '配送方式代码' }),
    remark: z.string().meta({ description: '订单备注' }),
    lines: z.array(orderLineSchema).meta({ description: '订单行' }),
    shipments: z.array(shipmentSchema).meta({ description: '包裹，先发的在前；未发货时为空数组' }),
  })
  .meta({ id: 'Order', description: '订单详情' });

const bankAccountSchema = z.object({
  accountName: z.string().meta({ description: '户名' }),
  bankName: z.string().meta({ description: '开户行' }),
  accountNumber: z.string().meta({ description: '账号' }),
});

export const howToPaySchema = z
  .object({
    cashierUrl: z
      .string()
      .meta({ description: '收银台地址：会员登录后可用支付宝、微信或对公转账付款', example: 'https://www.example.com/offer/pay/2612061234567890' }),
    bankTransfer: z
      .object({
        account: bankAccountSchema,
        reference: z.string().meta({ description: '转账附言：请填写订单号，便于财务核对' }),
        amountCents: cents('转账金额（分）'),
        note: z.string().meta({ description: '对公转账说明' }),
      })
      .nullable()
      .meta({ description: '对公转账信息；本店未开通时为 null' }),
    sandboxPayPath: z.string().nullable().meta({ description: '沙箱订单：POST 此路径即以模拟支付付款；真实订单为 null' }),
  })
  .meta({ id: 'HowToPay', description: '如何付款' });

const orderLineInput = z
  .object({
    productId: positiveId('商品ID须为正整数').optional().meta({ description: '商品ID；与 partNumber 二选一', example: 1 }),
    partNumber: z
      .string({ error: '型号须为文本' })
      .trim()
      .min(1, '型号不能为空')
      .max(60, '型号不超过60个字符')
      .optional()
      .meta({ description: '制造商型号（精确匹配）；与 productId 二选一。多个品牌有同一型号时请改用 productId', example: 'STM32F103C8T6' }),
    quantity: z
      .number({ error: '数量须为1–1000000的整数' })
      .int('数量须为1–1000000的整数')
      .min(1, '数量须为1–1000000的整数')
      .max(1_000_000, '数量须为1–1000000的整数')
      .meta({ description: '数量（个）：不少于最小起订量，且为包装数量的整数倍', example: 10 }),
    customerPartNo: customerPartNoSchema.meta({ description: '客户料号（可选，最多40个字符）', example: 'R-0603-10K' }),
  })
  .refine((line) => (line.productId === undefined) !== (line.partNumber === undefined), '每行须填写 productId 或 partNumber 之一')
  .meta({ id: 'OrderLineInput', description: '下单的一行：商品ID或型号，数量，客户料号' });

export const openOrderSchemas = {
  listQuery: z.object({
    state: orderStateSchema.optional().meta({ description: '只列出该状态的订单' }),
    from: dateParam('下单日期起'),
    to: dateParam('下单日期止'),
    poNumber: z.string().trim().min(1, '采购订单号不能为空').max(40, '采购订单号不超过40个字符').optional().meta({ description: '采购订单号（精确匹配）' }),
    page: z.coerce
      .number({ error: `页码须为1–${openOrderLimits.pagesMax}的整数` })
      .int(`页码须为1–${openOrderLimits.pagesMax}的整数`)
      .min(1, `页码须为1–${openOrderLimits.pagesMax}的整数`)
      .max(openOrderLimits.pagesMax, `页码须为1–${openOrderLimits.pagesMax}的整数`)
      .default(1)
      .meta({ description: `页码，从1开始；每页${openOrderLimits.pageSize}条。超过最后一页时 items 为空数组`, example: 1 }),
  }),
  listResponse: z.object({
    total: z.number().int().meta({ description: '符合条件的订单总数' }),
    page: z.number().int().meta({ description: '请求的页码' }),
    pageSize: z.number().int().meta({ description: '每页条数' }),
    pageCount: z.number().int().meta({ description: '总页数' }),
    hasMore: z.boolean().meta({ description: '是否还有下一页' }),
    items: z.array(openOrderSummarySchema).meta({ description: '订单，新下的在前' }),
  }),
  orderParams: z.object({ orderNo: orderNoSchema.meta({ description: '订单号（16位数字）', example: '2612061234567890' }) }),
  orderResponse: openOrderSchema,
  placeBody: z.object({
    lines: z
      .array(orderLineInput, { error: '请提供订单行 lines' })
      .min(1, '请至少提供1行商品')
      .max(maxOrderLines, `一个订单最多包含${maxOrderLines}种商品`)
      .meta({ description: `订单行，1–${maxOrderLines}行；同一商品只能出现一次` }),
    poNumber: poNumberSchema.meta({ description: '采购订单号（可选，最多40个字符）', example: 'PO-2026-0012' }),
    carrierCode: z
      .enum(Object.values(CarrierCode), { error: '配送方式有误：可选 sf、jd、zto、yto、pickup' })
      .default(defaultCarrierCode)
      .meta({ description: '配送方式：zto 中通（默认），yto 圆通，sf 顺丰，jd 京东，pickup 上门自提' }),
    addressId: positiveId('收货地址ID须为正整数').optional().meta({ description: '会员中心的收货地址ID；不填时用默认地址（自提不需要）' }),
    invoice: invoiceRequestSchema
      .default({ kind: 'none' })
      .meta({ description: '发票（可选）：none 不开票，profile 用会员中心保存的发票信息，inline 本单填写' }),
    remark: z.string({ error: '备注须为文本' }).trim().max(200, '备注最多200个字').default('').meta({ description: '订单备注' }),
    expectedPayableCents: z
      .number({ error: 'expectedPayableCents 须为非负整数（分）' })
      .int('expectedPayableCents 须为非负整数（分）')
      .nonnegative('expectedPayableCents 须为非负整数（分）')
      .optional()
      .meta({ description: '期望的应付金额（分）；填写时金额不同则不下单（409 order.totalChanged）' }),
  }),
  placeResponse: z.object({
    order: openOrderSchema,
    howToPay: howToPaySchema,
  }),
  payResponse: z.object({ order: openOrderSchema }),
} as const;

const quotationLineInput = z
  .object({
    partNumber: z
      .string({ error: '请填写型号' })
      .trim()
      .min(1, '请填写型号')
      .max(quotationLimits.partNumberMax, `型号不超过${String(quotationLimits.partNumberMax)}个字符`)
      .meta({ description: '要询价的型号', example: 'STM32F103C8T6' }),
    brand: z.string({ error: '品牌须为文本' }).trim().max(quotationLimits.brandMax, '品牌过长').default('').meta({ description: '品牌（可选）' }),
    package: z.string({ error: '封装须为文本' }).trim().max(quotationLimits.packageMax, '封装过长').default('').meta({ description: '封装（可选）' }),
    quantity: z
      .number({ error: quotationMessages.quantityInvalid })
      .int(quotationMessages.quantityInvalid)
      .min(1, quotationMessages.quantityInvalid)
      .max(quotationLimits.quantityMax, quotationMessages.quantityInvalid)
      .meta({ description: '需要的数量（个）', example: 5000 }),
    productId: positiveId('商品ID须为正整数').optional().meta({ description: '已选定的商品ID（可选）' }),
    remark: z
      .string({ error: '备注须为文本' })
      .trim()
      .max(quotationLimits.remarkMax, quotationMessages.remarkLong)
      .default('')
      .meta({ description: '本行备注（可选）' }),
  })
  .meta({ id: 'QuotationLineInput', description: '询价的一行' });

const quotationOfferSchema = z
  .object({
    productId: z.number().int().meta({ description: '报价的商品ID' }),
    partNumber: z.string().meta({ description: '报价的型号' }),
    brand: z.string().meta({ description: '品牌' }),
    unitPrice: z.string().meta({ description: '含税单价（元，最多4位小数）' }),
    quantity: z.number().int().meta({ description: '报价数量' }),
    amountCents: cents('小计（分）'),
    currency,
    leadTime: z.string().meta({ description: '交期（如 现货、2-3周）；未填写时为空字符串' }),
  })
  .meta({ id: 'QuotationOffer', description: '一行的报价' });

export const openQuotationSchema = z
  .object({
    quotationId: z.number().int().meta({ description: '询价单ID' }),
    quotationNo: z.string().meta({ description: '询价单号' }),
    state: z
      .enum(quotationStatuses)
      .meta({ description: '状态：pending 待报价，quoted 已报价，accepted 已接受，ordered 已下单，expired 已过期，cancelled 已取消，closed 已关闭' }),
    stateLabel: z.string().meta({ description: '状态的中文名称' }),
    note: z.string().meta({ description: '询价说明' }),
    staffNote: z.string().meta({ description: '报价说明（客服填写）' }),
    createdAt: time('提交时间'),
    validUntil: time('报价有效期至').nullable(),
    totalCents: cents('报价商品金额（分）').nullable(),
    currency,
    orderNo: z.string().nullable().meta({ description: '由此报价下的订单号' }),
    lines: z
      .array(
        z.object({
          lineNo: z.number().int().meta({ description: '行号' }),
          partNumber: z.string().meta({ description: '询价的型号' }),
          brand: z.string().meta({ description: '品牌' }),
          package: z.string().meta({ description: '封装' }),
          quantity: z.number().int().meta({ description: '数量' }),
          remark: z.string().meta({ description: '备注' }),
          offer: quotationOfferSchema.nullable().meta({ description: '报价；未报价或无法报价时为 null' }),
        }),
      )
      .meta({ description: '询价行与报价' }),
  })
  .meta({ id: 'Quotation', description: '询价单与报价（报价后可在会员中心接受并下单）' });

export const openQuotationSchemas = {
  requestBody: z.object({
    note: z
      .string({ error: '说明须为文本' })
      .trim()
      .max(quotationLimits.noteMax, quotationMessages.noteLong)
      .default('')
      .meta({ description: '询价说明（可选）' }),
    lines: z
      .array(quotationLineInput, { error: quotationMessages.linesMissing })
      .min(1, quotationMessages.linesMissing)
      .max(quotationLimits.linesMax, quotationMessages.tooManyLines)
      .meta({ description: `询价行，1–${String(quotationLimits.linesMax)}行` }),
  }),
  params: z.object({
    quotationId: z.coerce
      .number({ error: '询价单ID须为正整数' })
      .int('询价单ID须为正整数')
      .positive('询价单ID须为正整数')
      .max(2_147_483_647, '询价单ID须为正整数')
      .meta({ description: '询价单ID', example: 1 }),
  }),
  response: openQuotationSchema,
} as const;
