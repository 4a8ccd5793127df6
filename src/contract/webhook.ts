import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';

/**
 * Signed webhooks (issue 28, open API): a member's endpoints receive the store's order and quotation
 * events as signed JSON POSTs, retried with backoff; the member sees every delivery and can replay it.
 * Signature: X-Xinpin-Signature = "v1=" + hex(HMAC-SHA256(secret, timestamp + "." + body)).
 */
export const webhookPath = '/user/webhooks';

/** The events a member can subscribe to, each from what the store records (order events, quotation offers). */
export const webhookEventTypes = [
  'order.paid',
  'order.shipped',
  'order.completed',
  'order.cancelled',
  'order.refunded',
  'order.backorder_date_changed',
  'quotation.answered',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
/** The test event a member sends from the page: delivered to one endpoint whatever it subscribes to. */
export const webhookTestEventType = 'webhook.test';

export const webhookEventLabels: Record<WebhookEventType | typeof webhookTestEventType, string> = {
  'order.paid': '订单已付款',
  'order.shipped': '订单已发货',
  'order.completed': '订单已完成',
  'order.cancelled': '订单已取消',
  'order.refunded': '订单已退款',
  'order.backorder_date_changed': '缺货预计到货日期变更',
  'quotation.answered': '询价已报价',
  'webhook.test': '测试事件',
};

export const webhookHeaders = {
  event: 'X-Xinpin-Event',
  delivery: 'X-Xinpin-Delivery',
  timestamp: 'X-Xinpin-Timestamp',
  signature: 'X-Xinpin-Signature',
} as const;

export const webhookLimits = {
  endpointsPerMember: 5,
  urlMax: 500,
  /** The delivery log shows this many, newest first. */
  logSize: 100,
  timeoutMs: 5_000,
} as const;

/** The wait after each failed attempt; after the last one the delivery is given up (已失败). 7 attempts in all. */
export const webhookRetryDelaysMs = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 24 * 3_600_000] as const;
export const webhookMaxAttempts = webhookRetryDelaysMs.length + 1;

/** When a delivery that failed its attempts-th attempt is tried again; null: given up. */
export function nextWebhookAttemptAt(attempts: number, now: number): number | null {
  const delay = webhookRetryDelaysMs[attempts - 1];
  return delay === undefined ? null : now + delay;
}

export const webhookDeliveryStates = ['pending', 'sending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryState = (typeof webhookDeliveryStates)[number];
export const webhookDeliveryStateLabels: Record<WebhookDeliveryState, string> = {
  pending: '等待重试',
  sending: '发送中',
  succeeded: '成功',
  failed: '已失败',
};

export interface WebhookEndpointView {
  endpointId: number;
  url: string;
  events: WebhookEventType[];
  isActive: boolean;
  createdAt: number;
  secretRotatedAt: number;
}

export interface WebhookDeliveryView {
  deliveryId: number;
  endpointId: number;
  url: string;
  eventId: string;
  eventType: string;
  state: WebhookDeliveryState;
  attempts: number;
  createdAt: number;
  lastAttemptAt: number | null;
  /** The receiver's HTTP status of the last attempt; null when it gave none (timeout, refused). */
  lastStatusCode: number | null;
  lastError: string;
  nextAttemptAt: number | null;
  /** A replay's original delivery. */
  replayOf: number | null;
}

export interface WebhookPageData {
  endpoints: WebhookEndpointView[];
  deliveries: WebhookDeliveryView[];
}

export interface WebhookSecret {
  endpointId: number;
  secret: string;
}

export interface WebhookEndpointCreated {
  endpoint: WebhookEndpointView;
  secret: string;
  page: WebhookPageData;
}

export const webhookMessages = {
  created: '已添加接收地址，请保存签名密钥',
  saved: '已保存',
  deleted: '已删除接收地址',
  rotated: '已更换签名密钥，旧密钥立即失效',
  testQueued: '测试事件已发送，结果见投递记录',
  replayQueued: '已重新发送，结果见投递记录',
  urlEmpty: '请输入接收地址',
  urlTooLong: `接收地址不能超过${webhookLimits.urlMax}个字符`,
  urlInvalid: '接收地址格式不正确，应以 https:// 开头',
  eventsEmpty: '请至少选择一个事件',
  eventUnknown: '事件类型不存在',
} as const;

export const webhookErrors = defineErrors('webhook', {
  notFound: { code: ResultCode.notFound, msg: '接收地址不存在或已删除' },
  deliveryNotFound: { code: ResultCode.notFound, msg: '投递记录不存在' },
  tooMany: { code: ResultCode.badRequest, msg: `每位会员最多添加${webhookLimits.endpointsPerMember}个接收地址` },
  httpsRequired: { code: ResultCode.badRequest, msg: '接收地址必须使用 https://（http:// 仅限开发环境的本机地址）' },
  privateAddress: { code: ResultCode.badRequest, msg: '接收地址不能指向内网、本机或保留地址' },
  unresolvable: { code: ResultCode.badRequest, msg: '接收地址的域名无法解析' },
  credentialsInUrl: { code: ResultCode.badRequest, msg: '接收地址不能包含用户名或密码' },
  paused: { code: ResultCode.badRequest, msg: '接收地址已暂停，请先启用' },
});
