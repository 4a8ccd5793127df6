import { z } from 'zod';
import { apiKeyLimits, openApiErrors, openPlatformPaths } from '../../../contract/open-api.ts';
import { openApiSchemas, openApiSuccessSchemaOf } from '../../../contract/open-api-requests.ts';
import { openApiBase, openRoutes, type OpenRoute } from './open-api.table.ts';

export type JsonSchema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description: string;
  schema: JsonSchema;
}

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

function parametersOf(object: z.ZodObject | undefined, place: 'path' | 'query'): Parameter[] {
  if (!object) return [];
  const json = schemaOf(object, 'input');
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

const failureRef = { $ref: '#/components/schemas/Failure' };
const failureResponse = (description: string) => ({ description, content: { 'application/json': { schema: failureRef } } });

function operationOf(route: OpenRoute) {
  const responses: Record<string, unknown> = {
    '200': {
      description: '成功：code 为 1，结果在 data 中',
      content: { 'application/json': { schema: schemaOf(openApiSuccessSchemaOf(route.response), 'output') } },
    },
    '400': failureResponse(`参数有误（${openApiErrors.invalid.errorCode}、${openApiErrors.malformed.errorCode}），field 为出错的参数`),
    '401': failureResponse('缺少密钥、密钥无效或已停用、签名有误'),
    '403': failureResponse(`密钥所属账号已被停用（${openApiErrors.memberDisabled.errorCode}），重新启用后恢复`),
    '429': {
      description: `超过密钥每分钟请求数上限（${openApiErrors.rateLimited.errorCode}），或本地址每分钟认证失败超过${apiKeyLimits.failedAuthPerIpPerMinute}次（${openApiErrors.tooManyFailures.errorCode}）`,
      headers: { 'Retry-After': { description: '多少秒后可以重试', schema: { type: 'integer' } } },
      content: { 'application/json': { schema: failureRef } },
    },
    '500': failureResponse('服务器内部错误，requestId 为请求编号'),
    '503': failureResponse('系统繁忙，请稍后重试'),
  };
  if (route.hasNotFound) responses['404'] = failureResponse('商品不存在');
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: route.description,
    tags: ['商品数据'],
    parameters: [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')],
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(route.body, 'input') } } } } : {}),
    responses,
  };
}

export const openApiDescription = [
  '芯品商城开放平台：以 JSON 查询商品、价格、库存，批量查型号，匹配 BOM。',
  `认证：在会员中心「API密钥」页面（${openPlatformPaths.apiKeys}）创建密钥，放在请求头 X-Api-Key 中；或使用签名请求（见 SignedRequest）。`,
  '限流：每个密钥每分钟有请求数上限，超出返回 429 与 Retry-After 响应头。',
  '响应：与商城其他接口相同的结构 {"code", "data", "msg"}。成功时 HTTP 200，code 为 1，结果在 data 中，msg 为空字符串。',
  '失败时 HTTP 状态码表示类别（400 参数有误，401 认证失败，403 账号已停用，404 不存在，429 超限，500/503 服务器错误），响应体的 code 与 HTTP 状态码相同，data 为 null，msg 为中文说明，errorCode 为错误代码（如 openApi.badKey），参数校验失败时 field 为出错的参数。',
  `认证失败：同一地址每分钟认证失败超过${apiKeyLimits.failedAuthPerIpPerMinute}次后，该地址的请求在这一分钟内都返回 429（${openApiErrors.tooManyFailures.errorCode}）。`,
].join('\n\n');

/** The OpenAPI 3.1 document of /open/v1, generated from the schemas the routes validate with. */
export function buildOpenApiDocument(origin: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of openRoutes) {
    const path = openApiBase + route.path;
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route) };
  }
  return {
    openapi: '3.1.0',
    info: { title: '芯品商城开放平台 API', version: '1.0.0', description: openApiDescription },
    servers: [{ url: origin }],
    security: [{ ApiKey: [] }, { SignedRequest: [] }],
    tags: [{ name: '商品数据', description: '搜索、详情、价格、库存、批量查询与 BOM 匹配' }],
    paths,
    components: {
      schemas: { Failure: schemaOf(openApiSchemas.failure, 'output') },
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: '完整的 API 密钥，形如 xp_live_12_xxxx' },
        SignedRequest: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Signature',
          description: [
            '签名请求（密钥不随请求发送）：请求头 X-Api-Key-Id（密钥中的数字编号）、X-Timestamp（Unix 秒）、X-Nonce（16–64 位字母数字、_ 或 -，每次不同）、X-Signature。',
            'X-Signature = hex(HMAC-SHA256(完整密钥, 方法 + "\\n" + 路径与查询串 + "\\n" + X-Timestamp + "\\n" + X-Nonce + "\\n" + hex(SHA256(请求体))))。',
            `时间戳与服务器相差不得超过${apiKeyLimits.signatureSkewSeconds / 60}分钟；同一密钥的随机串不可重复使用。`,
          ].join(''),
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
