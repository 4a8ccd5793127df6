import { webhookEventLabels, webhookEventTypes, webhookHeaders, webhookLimits, webhookMaxAttempts, webhookTestEventType } from '../../../contract/webhook.ts';

type JsonSchema = Record<string, unknown>;

const time = { type: 'string', format: 'date-time', description: '北京时间，RFC 3339' } as const;
const nullableTime = { type: ['string', 'null'], format: 'date-time', description: '北京时间，RFC 3339；未发生为 null' } as const;
const cents = (description: string): JsonSchema => ({ type: 'integer', description: `${description}（分）` });

const orderData: JsonSchema = {
  type: 'object',
  description: '事件被取到时订单的状态与金额（金额以分为单位，币种 CNY）',
  required: ['orderNo', 'status', 'isSandbox', 'currency', 'goodsCents', 'freightCents', 'discountCents', 'payableCents', 'refundedCents', 'lines'],
  properties: {
    orderNo: { type: 'string', description: '订单号' },
    status: { type: 'string', description: '订单状态：unpaid、unshipped、partlyShipped、shipped、completed、cancelled、closed 等' },
    isSandbox: { type: 'boolean', description: '沙箱订单（沙箱密钥所下，不发货）' },
    poNumber: { type: 'string', description: '采购订单号（PO），无则为空字符串' },
    currency: { type: 'string', const: 'CNY', description: '币种' },
    goodsCents: cents('商品金额'),
    freightCents: cents('运费'),
    discountCents: cents('优惠金额'),
    payableCents: cents('应付金额'),
    refundedCents: cents('已退款金额'),
    carrierCode: { type: 'string', description: '快递公司代码' },
    trackingNo: { type: ['string', 'null'], description: '运单号' },
    cancelReason: { type: ['string', 'null'], description: '取消原因' },
    eventText: { type: 'string', description: '订单动态中这条记录的文字' },
    createdAt: time,
    paidAt: nullableTime,
    shippedAt: nullableTime,
    completedAt: nullableTime,
    cancelledAt: nullableTime,
    lines: {
      type: 'array',
      description: '订单商品',
      items: {
        type: 'object',
        properties: {
          productCode: { type: 'string', description: '型号' },
          brandName: { type: 'string', description: '品牌' },
          quantity: { type: 'integer', description: '数量' },
          unitPriceE4: { type: 'integer', description: '单价（0.0001 元）' },
          amountCents: cents('小计'),
          customerPartNo: { type: 'string', description: '客户料号' },
        },
      },
    },
  },
};

const quotationData: JsonSchema = {
  type: 'object',
  description: '报价单此次报价的内容（金额以分为单位，币种 CNY）；重新报价时 offerRevision 加一，是一个新事件',
  required: ['quotationNo', 'status', 'offerRevision', 'currency', 'totalCents', 'lines'],
  properties: {
    quotationNo: { type: 'string', description: '询价单号' },
    status: { type: 'string', description: '询价状态：quoted、accepted、ordered' },
    offerRevision: { type: 'integer', description: '第几次报价' },
    currency: { type: 'string', const: 'CNY', description: '币种' },
    totalCents: { type: ['integer', 'null'], description: '报价商品总额（分）' },
    quotedAt: nullableTime,
    validUntil: nullableTime,
    note: { type: 'string', description: '客服备注' },
    lines: { type: 'array', description: '报价明细（offer* 为报价的型号、单价（0.0001 元）、数量、金额（分）与交期）', items: { type: 'object' } },
  },
};

const expectedDate = (description: string): JsonSchema => ({ type: ['string', 'null'], format: 'date', description: `${description}（YYYY-MM-DD，北京时间）` });

const backOrderData: JsonSchema = {
  type: 'object',
  description:
    '缺货商品的预计到货日期变了：工作人员修改了预计到货日期（cause 为 moved），或到货登记使一行缺货全部到齐（cause 为 arrived，expectedDate 为 null、backorderedQuantity 为 0）',
  required: ['orderNo', 'isSandbox', 'cause', 'lines', 'occurredAt'],
  properties: {
    orderNo: { type: 'string', description: '订单号' },
    isSandbox: { type: 'boolean', description: '沙箱订单（沙箱订单不占库存、不缺货，因而不会有此事件）' },
    cause: { type: 'string', enum: ['moved', 'arrived'], description: '原因：moved 工作人员修改预计到货日期，arrived 缺货商品已全部到货' },
    lines: {
      type: 'array',
      description: '日期变了的订单行',
      items: {
        type: 'object',
        required: ['productCode', 'customerPartNo', 'expectedDate', 'previousExpectedDate', 'backorderedQuantity'],
        properties: {
          productCode: { type: 'string', description: '型号' },
          customerPartNo: { type: 'string', description: '客户料号，无则为空字符串' },
          expectedDate: expectedDate('现在的预计到货日期；到货日期待定或已全部到货时为 null'),
          previousExpectedDate: expectedDate('原来的预计到货日期；原为待定时为 null'),
          backorderedQuantity: { type: 'integer', minimum: 0, description: '仍缺货待发的数量' },
        },
      },
    },
    occurredAt: { ...time, description: '变更发生的时间（北京时间，RFC 3339）' },
  },
};

const testData: JsonSchema = {
  type: 'object',
  description: '测试事件的内容',
  properties: { endpointId: { type: 'integer', description: '接收地址编号' }, message: { type: 'string', description: '说明文字' } },
};

function eventSchema(type: string, data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['id', 'type', 'createdAt', 'data'],
    properties: {
      id: { type: 'string', description: '事件 id（evt_…）：同一事件的每次投递、重试与重新发送都相同，可据此去重' },
      type: { type: 'string', const: type, description: '事件类型' },
      createdAt: { ...time, description: '事件发生的时间（北京时间，RFC 3339）' },
      data,
    },
  };
}

const headerParameters = [
  { name: webhookHeaders.event, description: '事件类型，与请求体的 type 相同' },
  { name: webhookHeaders.delivery, description: '投递编号：每次投递（含重新发送）不同，重试时不变' },
  { name: webhookHeaders.timestamp, description: '发送时的 Unix 时间戳（秒）；建议拒绝与本地时间相差超过 5 分钟的请求' },
  {
    name: webhookHeaders.signature,
    description: `v1=hex(HMAC-SHA256(签名密钥, ${webhookHeaders.timestamp} + "." + 原始请求体))；签名密钥在会员中心 Webhook 推送页查看与更换`,
  },
].map((header) => ({ ...header, in: 'header', required: true, schema: { type: 'string' } }));

const retryText = `${String(webhookLimits.timeoutMs / 1000)} 秒内返回 2xx 即为成功；其他状态码、超时或连接失败将在 1 分钟、5 分钟、30 分钟、2 小时、6 小时、24 小时后重试，共 ${String(webhookMaxAttempts)} 次，仍失败则标记为已失败（可在投递记录中重新发送）。`;

function webhookOperation(type: string, label: string, data: JsonSchema) {
  return {
    post: {
      operationId: `webhook_${type.replace('.', '_')}`,
      summary: `${label}（${type}）`,
      description: `本站向会员在“Webhook 推送”页登记的接收地址 POST 的事件。${retryText}`,
      tags: ['Webhooks'],
      security: [],
      parameters: headerParameters,
      requestBody: { required: true, content: { 'application/json': { schema: eventSchema(type, data) } } },
      responses: {
        '2XX': { description: '已收到：本次投递成功，不再重试' },
        '4XX': { description: '拒收（如签名不符）：按退避时间重试' },
      },
    },
  };
}

/** The OpenAPI 3.1 `webhooks` map: every event the store sends, its payload and its signature headers. */
export function webhookOpenApiSection() {
  const dataOf = (type: string) => {
    if (type === 'quotation.answered') return quotationData;
    return type === 'order.backorder_date_changed' ? backOrderData : orderData;
  };
  return {
    tag: { name: 'Webhooks', description: '订单与询价事件的签名推送（HMAC-SHA256 与时间戳），失败按退避重试，投递记录可查看并重新发送' },
    webhooks: {
      ...Object.fromEntries(webhookEventTypes.map((type) => [type, webhookOperation(type, webhookEventLabels[type], dataOf(type))])),
      [webhookTestEventType]: webhookOperation(webhookTestEventType, webhookEventLabels[webhookTestEventType], testData),
    },
  };
}
