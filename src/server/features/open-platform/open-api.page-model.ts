import { openOrderErrors } from '../../../contract/open-api-orders.ts';
import { ResultCode, type Envelope } from '../../../contract/envelope.ts';
import {
  apiKeyLimits,
  inStockLeadTimeDays,
  openApiErrors,
  openPlatformPaths,
  type ApiEndpointDoc,
  type ApiExampleDoc,
  type ApiFieldDoc,
  type ApiWebhookDoc,
  type ApiIndexData,
  type OpenApiFailureBody,
} from '../../../contract/open-api.ts';
import { searchPageSize } from '../../../contract/search.ts';
import type { JsonSchema, OpenApiDocument } from './open-api.document.ts';
import {
  curlExample,
  exampleRequestsOf,
  javascriptExample,
  pythonExample,
  signedJavascriptExample,
  signedPythonExample,
  typescriptExample,
  webhookVerificationExample,
  type ExampleRequest,
  type ExampleValues,
} from './open-api.examples.ts';
import { sampleOf } from './open-api.samples.ts';

export const exampleKeyPlaceholder = 'YOUR_API_KEY';

/** The document's components, by the name a `$ref` gives them. */
type Components = Record<string, JsonSchema>;

function componentNameOf(schema: JsonSchema): string | null {
  return typeof schema.$ref === 'string' ? (schema.$ref.split('/').pop() ?? null) : null;
}

function resolved(schema: JsonSchema, components: Components): JsonSchema {
  const name = componentNameOf(schema);
  return name ? { ...components[name], ...(typeof schema.description === 'string' ? { description: schema.description } : {}) } : schema;
}

function typeOf(schema: JsonSchema): string {
  const component = componentNameOf(schema);
  if (component) return component;
  const type = schema.type;
  if (Array.isArray(type)) return type.join(' | ');
  if (typeof type === 'string') return type === 'array' ? `${typeOf((schema.items ?? {}) as JsonSchema)}[]` : type;
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).map(typeOf).join(' | ');
  if (schema.const !== undefined) return typeof schema.const;
  return 'any';
}

function enumNote(schema: JsonSchema): string {
  if (typeof schema.const === 'string') return `（固定为 ${schema.const}）`;
  return Array.isArray(schema.enum) ? `（取值：${(schema.enum as unknown[]).map(String).join('、')}）` : '';
}

/** Every field of an object schema, nested objects and array items flattened with dotted names, components read where referenced. */
export function fieldsOf(schema: JsonSchema, components: Components, prefix = '', place = ''): ApiFieldDoc[] {
  const object = resolved(schema, components);
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).flatMap(([key, property]) => {
    const name = prefix + key;
    const option = Array.isArray(property.anyOf) ? ((property.anyOf as JsonSchema[]).find((each) => each.type !== 'null') ?? property) : property;
    const nullable = resolved(option, components);
    const ownDescription = typeof property.description === 'string' ? property.description : '';
    const row: ApiFieldDoc = {
      name,
      type: typeOf(property),
      isRequired: required.has(key),
      description: `${ownDescription || (typeof nullable.description === 'string' ? nullable.description : '')}${enumNote(nullable)}`,
      place,
    };
    const items = nullable.type === 'array' ? resolved((nullable.items ?? {}) as JsonSchema, components) : null;
    const nested =
      items?.type === 'object'
        ? fieldsOf(items, components, `${name}[].`, place)
        : nullable.type === 'object'
          ? fieldsOf(nullable, components, `${name}.`, place)
          : [];
    return [row, ...nested];
  });
}

/** A success's schema is the envelope; the endpoint's own fields are those of its data. */
function dataSchemaOf(envelope: JsonSchema): JsonSchema {
  return ((envelope.properties ?? {}) as Record<string, JsonSchema>).data ?? {};
}

function responseExamplesOf(values: ExampleValues): ApiIndexData['responseExamples'] {
  const success: Envelope<{ productId: number; partNumber: string; stock: number; packSize: number; isInStock: boolean; leadTimeDays: number | null }> = {
    code: ResultCode.success,
    data: { productId: values.productId, partNumber: values.partNumber, stock: 1200, packSize: 1, isInStock: true, leadTimeDays: inStockLeadTimeDays },
    msg: '',
  };
  const failure: OpenApiFailureBody = {
    code: openApiErrors.invalid.code,
    data: null,
    msg: '数量须为1–1000000的整数',
    errorCode: openApiErrors.invalid.errorCode,
    field: 'quantity',
  };
  return { success: JSON.stringify(success, null, 2), failure: JSON.stringify(failure, null, 2) };
}

interface Operation {
  operationId: string;
  summary: string;
  description: string;
  parameters: { name: string; in: string; required: boolean; description: string; schema: JsonSchema }[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, { description: string; content?: { 'application/json': { schema: JsonSchema } } }>;
}

export const sandboxKeyPlaceholder = 'YOUR_SANDBOX_API_KEY';

function exampleDocOf(example: ExampleRequest | undefined, origin: string): ApiExampleDoc {
  if (!example) return { curl: '', python: '', javascript: '', typescript: '' };
  const key = example.isForSandboxKey ? sandboxKeyPlaceholder : exampleKeyPlaceholder;
  return {
    curl: curlExample(example, origin, key),
    python: pythonExample(example, origin, key),
    javascript: javascriptExample(example, origin, key),
    typescript: typescriptExample(example, origin, key),
  };
}

function endpointDocOf(method: string, path: string, operation: Operation, example: ExampleRequest | undefined, origin: string, components: Components) {
  const success = operation.responses['200']?.content?.['application/json'].schema ?? {};
  return {
    operationId: operation.operationId,
    method: method.toUpperCase(),
    path,
    summary: operation.summary,
    description: operation.description,
    parameters: operation.parameters.map((parameter) => ({
      name: parameter.name,
      type: typeOf(parameter.schema),
      isRequired: parameter.required,
      description: parameter.description + enumNote(parameter.schema),
      place: parameter.in,
    })),
    bodyFields: operation.requestBody ? fieldsOf(operation.requestBody.content['application/json'].schema, components) : [],
    responseFields: fieldsOf(dataSchemaOf(success), components),
    errorStatuses: Object.entries(operation.responses)
      .filter(([status]) => status !== '200')
      .map(([status, response]) => ({ status, description: response.description })),
    example: exampleDocOf(example, origin),
    responseExample: JSON.stringify(sampleOf(success, components), null, 2),
    isForSandboxKey: example?.isForSandboxKey ?? false,
  };
}

interface WebhookOperation {
  summary: string;
  description: string;
  parameters: { name: string; description: string }[];
  requestBody: { content: { 'application/json': { schema: JsonSchema } } };
}

/** The events of the document's `webhooks`, each with its headers and a sample body. */
function webhookDocsOf(document: OpenApiDocument, components: Components): ApiWebhookDoc[] {
  return Object.entries(document.webhooks as Record<string, { post: WebhookOperation }>).map(([eventType, { post }]) => ({
    eventType,
    summary: post.summary,
    description: post.description,
    headers: post.parameters.map((header) => ({ name: header.name, description: header.description })),
    bodyExample: JSON.stringify(sampleOf(post.requestBody.content['application/json'].schema, components), null, 2),
  }));
}

/** The /api/index page, read from the document (not from the route table), so the page shows what the document says. */
export function apiIndexDataOf(document: OpenApiDocument, origin: string, values: ExampleValues, ratePerMinute: number): ApiIndexData {
  const examples = new Map(exampleRequestsOf(values).map((request) => [request.operationId, request]));
  const components: Components = document.components.schemas;
  const endpoints: ApiEndpointDoc[] = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, value]) => {
      const operation = value as Operation;
      return endpointDocOf(method, path, operation, examples.get(operation.operationId), origin, components);
    }),
  );
  const signedExample = exampleRequestsOf(values).find((request) => request.operationId === 'batchLookup');
  return {
    title: document.info.title,
    version: document.info.version,
    origin,
    documentPath: openPlatformPaths.openApiDocument,
    apiKeysPath: openPlatformPaths.apiKeys,
    ratePerMinute,
    batchMax: apiKeyLimits.batchMax,
    bomLinesMax: apiKeyLimits.bomLinesMax,
    signatureSkewSeconds: apiKeyLimits.signatureSkewSeconds,
    signing: signedExample
      ? {
          python: signedPythonExample(signedExample, origin, exampleKeyPlaceholder),
          javascript: signedJavascriptExample(signedExample, origin, exampleKeyPlaceholder),
        }
      : { python: '', javascript: '' },
    failedChecksPerMinute: apiKeyLimits.failedChecksPerMinute,
    rateLimitHeaders: Object.entries(document.components.headers).map(([name, header]) => ({ name, description: header.description })),
    searchPageSize,
    searchPagesMax: apiKeyLimits.searchPagesMax,
    responseExamples: responseExamplesOf(values),
    errorCodes: [...Object.values(openApiErrors), ...Object.values(openOrderErrors)].map((error) => ({
      status: error.code,
      errorCode: error.errorCode,
      msg: error.msg,
    })),
    endpoints,
    webhooks: webhookDocsOf(document, components),
    webhookVerification: webhookVerificationExample(),
  };
}
