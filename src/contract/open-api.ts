// 开放平台 (issue 13): API keys of the member centre and the /open/v1 API for programs; zod-free.
import { ResultCode, type Envelope } from './envelope.ts';
import { defineErrors } from './errors.ts';

export const openPlatformPaths = { apiKeys: '/user/api-keys', docs: '/api/index', apiBase: '/open/v1', openApiDocument: '/open/v1/openapi.json' } as const;

export const apiKeyLimits = {
  /** Active (not revoked) keys one member may hold at once. */
  activePerMember: 5,
  nameMax: 30,
  /** Part numbers in one batch lookup. */
  batchMax: 100,
  /** Lines in one BOM match. */
  bomLinesMax: 500,
  /** How far a signed request's timestamp may be from the server's clock. */
  signatureSkewSeconds: 300,
  /**
   * Failed checks one address may make against one key (or, together, against keys this store does
   * not have) in any 60 seconds; its further failures are answered 429. A right key or signature always passes.
   */
  failedChecksPerMinute: 30,
  /** The last page search answers (20 a page). */
  searchPagesMax: 500,
  /** Days of usage the key page shows. */
  usageDays: 7,
} as const;

/** A key as the member sees it once: `xp_live_<id>_<secret>`. */
export const apiKeyPrefix = 'xp_live_';
/** A sandbox key: `xp_test_<id>_<secret>`; its orders are never fulfilled and only sandbox keys see them. */
export const sandboxApiKeyPrefix = 'xp_test_';

export function apiKeyPrefixOf(isSandbox: boolean): string {
  return isSandbox ? sandboxApiKeyPrefix : apiKeyPrefix;
}

/** Every price of /open/v1 is in yuan, tax included. */
export const openApiCurrency = 'CNY';

/**
 * 交期 in working days, where the store knows it: a part in stock leaves the warehouse within a
 * working day of payment (delivery.ts dispatchTimes); for a part out of stock the store keeps no
 * supplier lead time (a back order waits for the next arrival), so none is given.
 */
export const inStockLeadTimeDays = 1;

export function leadTimeDaysOf(stock: number, quantity = 1): number | null {
  return stock > 0 && stock >= quantity ? inStockLeadTimeDays : null;
}

/** The response headers of /open/v1, as the OpenAPI document names them. */
export const openApiResponseHeaders = {
  limit: 'X-RateLimit-Limit',
  remaining: 'X-RateLimit-Remaining',
  reset: 'X-RateLimit-Reset',
  retryAfter: 'Retry-After',
  allow: 'Allow',
} as const;

/** The HTTP status of a method a known path does not have (ResultCode has no such code: only programs meet it). */
export const methodNotAllowedStatus = 405;

/** The request headers programs send. */
export const openApiHeaders = {
  apiKey: 'x-api-key',
  keyId: 'x-api-key-id',
  timestamp: 'x-timestamp',
  nonce: 'x-nonce',
  signature: 'x-signature',
} as const;

export interface ApiKeyUsageDay {
  /** Beijing date, YYYY-MM-DD. */
  day: string;
  requestCount: number;
  limitedCount: number;
}

export interface ApiKeyView {
  keyId: number;
  name: string;
  /** `xp_live_12_…`: enough to tell keys apart, never the secret. */
  maskedKey: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
  /** A sandbox key (xp_test_…): its orders are marked sandbox and never fulfilled. */
  isSandbox: boolean;
  todayCount: number;
  /** Requests served in the last 7 days, today included. */
  weekCount: number;
}

export interface ApiKeyListData {
  keys: ApiKeyView[];
  /** Active live keys (xp_live_…). */
  activeCount: number;
  /** Active sandbox keys (xp_test_…), limited apart from the live ones. */
  sandboxActiveCount: number;
  /** The last 7 days (oldest first), every key together. */
  usage: ApiKeyUsageDay[];
  ratePerMinute: number;
}

/** The answer of create: the only time the whole key is shown. */
export interface ApiKeyCreated {
  key: string;
  view: ApiKeyView;
}

export const apiKeyMessages = {
  created: 'API 密钥已创建，请立即复制保存，关闭后将无法再次查看',
  sandboxCreated: '沙箱密钥已创建，请立即复制保存；用它下的订单只用于测试，不会发货',
  revoked: '密钥已停用',
  nameRequired: '请填写密钥名称',
  nameTooLong: `密钥名称不超过${apiKeyLimits.nameMax}个字`,
} as const;

export const apiKeyErrors = defineErrors('apiKey', {
  tooMany: { code: ResultCode.conflict, msg: `每位会员最多同时拥有${apiKeyLimits.activePerMember}个有效密钥，请先停用不用的密钥` },
  tooManySandbox: { code: ResultCode.conflict, msg: `每位会员最多同时拥有${apiKeyLimits.activePerMember}个有效沙箱密钥，请先停用不用的密钥` },
  notFound: { code: ResultCode.notFound, msg: '密钥不存在' },
});

/**
 * What programs get back from /open/v1 when a request fails: the store's envelope (code equal
 * to the HTTP status, data null, msg in Chinese for people, errorCode stable for programs), with
 * the parameter at fault when one is. Success is the envelope of code 1 with the answer in data.
 */
export interface OpenApiFailureBody extends Envelope<null> {
  errorCode: string;
  field?: string;
}

export const openApiErrors = defineErrors('openApi', {
  missingKey: { code: ResultCode.unauthorized, msg: '缺少 API 密钥：请在 X-Api-Key 请求头中提供密钥，或使用签名请求' },
  badKey: { code: ResultCode.unauthorized, msg: 'API 密钥无效或已停用' },
  badSignature: { code: ResultCode.unauthorized, msg: '签名校验失败' },
  staleTimestamp: { code: ResultCode.unauthorized, msg: `请求时间戳无效或与服务器时间相差超过${apiKeyLimits.signatureSkewSeconds / 60}分钟` },
  nonceReused: { code: ResultCode.unauthorized, msg: '随机串 X-Nonce 已使用过，请每次请求生成新的随机串' },
  /** The key is right but staff disabled its member (member desk): refused until the member is enabled again. */
  memberDisabled: { code: ResultCode.forbidden, msg: '该密钥所属账号已被停用，暂不能调用接口，如有疑问请联系客服' },
  rateLimited: { code: ResultCode.tooManyRequests, msg: '请求过于频繁，请在 Retry-After 秒后重试' },
  tooManyFailures: {
    code: ResultCode.tooManyRequests,
    msg: `认证失败次数过多（同一地址、同一密钥每分钟${apiKeyLimits.failedChecksPerMinute}次），请检查密钥与签名，并在 Retry-After 秒后重试`,
  },
  invalid: { code: ResultCode.badRequest, msg: '请求参数有误' },
  malformed: { code: ResultCode.badRequest, msg: '请求体不是有效的 JSON' },
  notFound: { code: ResultCode.notFound, msg: '商品不存在' },
  unknownRoute: { code: ResultCode.notFound, msg: '接口不存在，请查看 /open/v1/openapi.json' },
  methodNotAllowed: { code: methodNotAllowedStatus, msg: '该接口不支持此请求方法，允许的方法见 Allow 响应头' },
  busy: { code: ResultCode.unavailable, msg: '系统繁忙，请稍后重试' },
  internal: { code: ResultCode.internal, msg: '服务器繁忙，请稍后再试' },
});

export function maskedApiKey(keyId: number, isSandbox = false): string {
  return `${apiKeyPrefixOf(isSandbox)}${keyId}_…`;
}

/** A row of a field table on /api/index: a parameter, a body field or a response field. */
export interface ApiFieldDoc {
  /** Dotted, with [] for array items: items[].priceTiers[].unitPrice */
  name: string;
  type: string;
  isRequired: boolean;
  description: string;
  /** path or query for parameters; '' for body and response fields. */
  place: string;
}

export interface ApiExampleDoc {
  curl: string;
  python: string;
  javascript: string;
  /** With the client generated from the document (openapi-typescript + openapi-fetch). */
  typescript?: string;
}

export interface ApiEndpointDoc {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  parameters: ApiFieldDoc[];
  bodyFields: ApiFieldDoc[];
  responseFields: ApiFieldDoc[];
  /** HTTP statuses besides 200, with what they mean. */
  errorStatuses: { status: string; description: string }[];
  example: ApiExampleDoc;
  /** A successful answer of this operation, as JSON text (a sample of its schema). */
  responseExample: string;
  /** Only a sandbox key may call it: the examples use YOUR_SANDBOX_API_KEY. */
  isForSandboxKey: boolean;
}

/** An event the store POSTs to members' webhook endpoints, from the document's `webhooks`. */
export interface ApiWebhookDoc {
  eventType: string;
  summary: string;
  description: string;
  headers: { name: string; description: string }[];
  /** A sample request body, as JSON text. */
  bodyExample: string;
}

/** /api/index (开放平台): rendered from the OpenAPI document the server serves. */
export interface ApiIndexData {
  title: string;
  version: string;
  origin: string;
  documentPath: string;
  apiKeysPath: string;
  ratePerMinute: number;
  batchMax: number;
  bomLinesMax: number;
  signatureSkewSeconds: number;
  signing: { python: string; javascript: string };
  failedChecksPerMinute: number;
  /** The headers every counted answer carries, with what they mean (from the document's components.headers). */
  rateLimitHeaders: { name: string; description: string }[];
  searchPageSize: number;
  searchPagesMax: number;
  /** A success and a failure, as JSON text: every answer of /open/v1 has the store's envelope. */
  responseExamples: { success: string; failure: string };
  errorCodes: { status: number; errorCode: string; msg: string }[];
  endpoints: ApiEndpointDoc[];
  webhooks: ApiWebhookDoc[];
  /** Checking a webhook's signature in Node. */
  webhookVerification: string;
}
