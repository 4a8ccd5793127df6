import { z } from 'zod';
import { apiKeyLimits, methodNotAllowedStatus, openApiErrors, openApiResponseHeaders, openPlatformPaths } from '../../../contract/open-api.ts';
import { openApiSchemas, openApiSuccessSchemaOf } from '../../../contract/open-api-requests.ts';
import { searchPageSize } from '../../../contract/search.ts';
import { openOrderLimits } from '../../../contract/open-api-orders.ts';
import { openApiBase, openApiTags, openRoutes, type OpenRoute } from './open-api.table.ts';
import { webhookOpenApiSection } from '../webhook/webhook.service.ts';

export type JsonSchema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description: string;
  schema: JsonSchema;
}

const componentPrefix = '#/components/schemas/';

/** zod's `$defs` (the schemas given an id: Product, PriceTier) point into the document's components instead. */
function withComponentRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withComponentRefs);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' ? inner.replace(/^#\/\$defs\//, componentPrefix) : withComponentRefs(inner),
    ]),
  );
}

/**
 * The JSON Schema of a zod schema; the components it holds are moved to `components` (the same
 * id always converts to the same schema) and referenced from where they were.
 */
function schemaOf(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema> = {}): JsonSchema {
  const { $schema: _dialect, $defs, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  for (const [id, definition] of Object.entries($defs ?? {})) components[id] = withComponentRefs(definition) as JsonSchema;
  return withComponentRefs(rest) as JsonSchema;
}

function parametersOf(object: z.ZodObject | undefined, place: 'path' | 'query', components: Record<string, JsonSchema>): Parameter[] {
  if (!object) return [];
  const json = schemaOf(object, 'input', components);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: place,
    required: place === 'path' || required.has(name),
    description: typeof schema.description === 'string' ? schema.description : '',
    schema,
  }));
}

/** POST /orders: the same key and body within 24 hours is one order and one answer. */
const idempotencyKeyParameter: Parameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: true,
  description: `幂等键：1–${String(openOrderLimits.idempotencyKeyMax)} 个可见 ASCII 字符（建议用 UUID），每个新订单一个。同一个键与相同的请求体在${String(openOrderLimits.idempotencyHours)}小时内返回同一结果、只下一个订单（并发重试也是）；同一个键与不同的请求体返回 409 openOrder.idempotencyKeyReused；下单失败时不保存结果，可用同一个键重试`,
  schema: { type: 'string', minLength: 1, maxLength: openOrderLimits.idempotencyKeyMax, pattern: '^[\\x21-\\x7e]+$' },
};

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** The limit's headers: on every answer the key's limit counted (a success always; a failure after the key was proved). */
const rateLimitHeaderNames = [openApiResponseHeaders.limit, openApiResponseHeaders.remaining, openApiResponseHeaders.reset];
const rateLimitHeaders = Object.fromEntries(rateLimitHeaderNames.map((name) => [name, headerRef(name)]));

export const responseHeaders = {
  [openApiResponseHeaders.limit]: { description: '本密钥每分钟（滑动的60秒）允许的请求数', schema: { type: 'integer', minimum: 1 } },
  [openApiResponseHeaders.remaining]: { description: '此刻起本密钥还可发出的请求数（本次已计入）', schema: { type: 'integer', minimum: 0 } },
  [openApiResponseHeaders.reset]: {
    description: '多少秒后最早计入的请求移出60秒窗口、X-RateLimit-Remaining 开始回升（相对秒数，不是时间戳）',
    schema: { type: 'integer', minimum: 0 },
  },
  [openApiResponseHeaders.retryAfter]: { description: '多少秒后可以重试（仅 429）', schema: { type: 'integer', minimum: 1 } },
} as const;

const failureRef = { $ref: `${componentPrefix}Failure` };
const failureResponse = (description: string, headers: Record<string, unknown> = rateLimitHeaders) => ({
  description,
  headers,
  content: { 'application/json': { schema: failureRef } },
});

function operationOf(route: OpenRoute, components: Record<string, JsonSchema>) {
  const responses: Record<string, unknown> = {
    '200': {
      description: '成功：code 为 1，结果在 data 中',
      // Written out, not referenced: a reference cannot add `required`, and every success carries them.
      headers: Object.fromEntries(rateLimitHeaderNames.map((name) => [name, { ...responseHeaders[name], required: true }])),
      content: { 'application/json': { schema: schemaOf(openApiSuccessSchemaOf(route.response), 'output', components) } },
    },
    '400': failureResponse(`参数有误（${openApiErrors.invalid.errorCode}、${openApiErrors.malformed.errorCode}），field 为出错的参数`),
    '401': failureResponse('缺少密钥、密钥无效或已停用、签名有误', {}),
    '403': failureResponse(`密钥所属账号已被停用（${openApiErrors.memberDisabled.errorCode}），重新启用后恢复`, {}),
    '429': failureResponse(
      `超过密钥每分钟请求数上限（${openApiErrors.rateLimited.errorCode}），或同一地址用同一密钥认证失败过多（${openApiErrors.tooManyFailures.errorCode}）；等 Retry-After 秒后重试`,
      { ...rateLimitHeaders, [openApiResponseHeaders.retryAfter]: headerRef(openApiResponseHeaders.retryAfter) },
    ),
    '500': failureResponse('服务器内部错误，requestId 为请求编号'),
    '503': failureResponse('系统繁忙，请稍后重试'),
  };
  if (route.hasNotFound) responses['404'] = failureResponse('商品不存在');
  for (const [status, description] of Object.entries(route.statuses ?? {})) responses[status] = failureResponse(description);
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: route.description,
    tags: [openApiTags[route.tag ?? 'products'].name],
    parameters: [
      ...(route.isIdempotent ? [idempotencyKeyParameter] : []),
      ...parametersOf(route.params, 'path', components),
      ...parametersOf(route.query, 'query', components),
    ],
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(route.body, 'input', components) } } } } : {}),
    responses,
  };
}

export const openApiDescription = [
  '芯品商城开放平台：以 JSON 查询商品、价格、库存，批量查型号，匹配 BOM，下单并跟踪订单。',
  `沙箱：在「API密钥」页面创建沙箱密钥（xp_test_ 开头）。沙箱密钥下的订单标记为沙箱订单：不占用库存、不发货、不出现在网站的我的订单中，只有沙箱密钥能查到，可用 POST /open/v1/orders/{orderNo}/sandbox-pay 模拟付款；正式密钥（xp_live_ 开头）看不到沙箱订单。`,
  `认证：在会员中心「API密钥」页面（${openPlatformPaths.apiKeys}）创建密钥，放在请求头 X-Api-Key 中；或使用签名请求（X-Api-Key-Id、X-Timestamp、X-Nonce、X-Signature 四个请求头一起发送）。`,
  '限流：每个密钥在任意60秒内的请求数有上限（滑动窗口，不按整分钟清零）。每个计入的响应都带 X-RateLimit-Limit（上限）、X-RateLimit-Remaining（剩余）和 X-RateLimit-Reset（多少秒后剩余次数开始回升）；超出时返回 429 与 Retry-After（多少秒后可重试），被拒绝的请求不占用次数。',
  `分页：搜索每页${searchPageSize}条，page 从 1 开始；响应中的 total 为结果总数，pageCount 为总页数，hasMore 为 false 时即已到最后一页。超过最后一页的页码返回空的 items（total 不变），不会重复返回最后一页。`,
  '价格：所有价格为含税人民币（currency 为 "CNY"），单价最多4位小数，小计为两位小数。交期 leadTimeDays 为工作日：有现货为 1，无现货时为 null。',
  '响应：与商城其他接口相同的结构 {"code", "data", "msg"}。成功时 HTTP 200，code 为 1，结果在 data 中，msg 为空字符串。',
  `失败时 HTTP 状态码表示类别（400 参数有误，401 认证失败，403 账号已停用，404 不存在，${methodNotAllowedStatus} 请求方法不对（Allow 响应头列出允许的方法），409 与当前状态冲突（库存不足、金额变化、幂等键已用于其他请求），429 超限，500/503 服务器错误），响应体的 code 与 HTTP 状态码相同，data 为 null，msg 为中文说明，errorCode 为错误代码（如 openApi.badKey），参数校验失败时 field 为出错的参数。`,
  `认证失败：同一地址用同一密钥（或用本站没有的密钥）在任意60秒内认证失败超过${apiKeyLimits.failedChecksPerMinute}次后，其后失败的请求返回 429（${openApiErrors.tooManyFailures.errorCode}）；正确的密钥与签名始终可以通过，不受其他请求失败的影响。`,
].join('\n\n');

const signedRequestScheme = (name: string, description: string) => ({ type: 'apiKey', in: 'header', name, description });

/** The OpenAPI 3.1 document of /open/v1, generated from the schemas the routes validate with. */
export function buildOpenApiDocument(origin: string) {
  const components: Record<string, JsonSchema> = {};
  const paths: Record<string, Record<string, unknown>> = {};
  const webhooks = webhookOpenApiSection();
  for (const route of openRoutes) {
    const path = openApiBase + route.path;
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route, components) };
  }
  return {
    openapi: '3.1.0',
    info: { title: '芯品商城开放平台 API', version: '1.1.0', description: openApiDescription },
    servers: [{ url: origin }],
    // Either the key itself, or the four headers of a signed request together (one requirement object: all of them).
    security: [{ ApiKey: [] }, { SignedRequestKeyId: [], SignedRequestTimestamp: [], SignedRequestNonce: [], SignedRequestSignature: [] }],
    tags: [...Object.values(openApiTags), webhooks.tag],
    paths,
    // What the store POSTs to members' endpoints (webhook feature): each event's payload and its signature headers.
    webhooks: webhooks.webhooks,
    components: {
      schemas: { ...components, Failure: schemaOf(openApiSchemas.failure, 'output') },
      headers: responseHeaders,
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: '完整的 API 密钥，形如 xp_live_12_xxxx' },
        SignedRequestKeyId: signedRequestScheme('X-Api-Key-Id', '签名请求：密钥中的数字编号（xp_live_12_… 中的 12）；密钥本身不随请求发送'),
        SignedRequestTimestamp: signedRequestScheme(
          'X-Timestamp',
          `签名请求：Unix 时间戳（秒），与服务器相差不得超过${apiKeyLimits.signatureSkewSeconds / 60}分钟`,
        ),
        SignedRequestNonce: signedRequestScheme('X-Nonce', '签名请求：16–64 位字母数字、_ 或 -，每次不同；同一密钥的随机串不可重复使用'),
        SignedRequestSignature: signedRequestScheme(
          'X-Signature',
          'X-Signature = hex(HMAC-SHA256(完整密钥, 方法 + "\\n" + 路径与查询串 + "\\n" + X-Timestamp + "\\n" + X-Nonce + "\\n" + hex(SHA256(请求体))))',
        ),
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
