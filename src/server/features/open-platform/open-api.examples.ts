import { webhookLimits } from '../../../contract/webhook.ts';
import { openApiBase } from './open-api.table.ts';

/** The values the examples use: a part that exists in the store they are shown for (or tested against). */
export interface ExampleValues {
  keyword: string;
  productId: number;
  partNumber: string;
  otherPartNumber: string;
  /** An order of the key's member (GET /orders/{orderNo}); a made-up number on the page. */
  orderNo?: string;
  /** A sandbox key's unpaid order (sandbox-pay). */
  sandboxOrderNo?: string;
  /** An answered quotation of the key's member. */
  quotationId?: number;
}

export interface ExampleRequest {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The document's path, parameters in braces: /open/v1/orders/{orderNo}. */
  path: string;
  pathParams: Record<string, string | number>;
  query: Record<string, string | number>;
  /** Path and query as sent. */
  url: string;
  body: unknown;
  /** Sent as the Idempotency-Key header (the order operations). */
  idempotencyKey: string | null;
  /** Only a sandbox key (xp_test_…) may call it. */
  isForSandboxKey: boolean;
}

type ExampleSpec = Pick<ExampleRequest, 'operationId' | 'method' | 'path'> &
  Partial<Pick<ExampleRequest, 'pathParams' | 'query' | 'body' | 'idempotencyKey' | 'isForSandboxKey'>>;

function exampleOf(spec: ExampleSpec): ExampleRequest {
  const pathParams = spec.pathParams ?? {};
  const query = spec.query ?? {};
  const path = openApiBase + spec.path;
  const filled = path.replace(/\{(\w+)\}/g, (_whole, name: string) => encodeURIComponent(String(pathParams[name] ?? '')));
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
  return {
    operationId: spec.operationId,
    method: spec.method,
    path,
    pathParams,
    query,
    url: search === '' ? filled : `${filled}?${search}`,
    body: spec.body ?? null,
    idempotencyKey: spec.idempotencyKey ?? null,
    isForSandboxKey: spec.isForSandboxKey ?? false,
  };
}

/** The options of an order (POST /orders, the cart's and an offer's): 采购订单号 and the default carrier and address. */
const orderOptions = { poNumber: 'PO-2026-0012', remark: '' };

function catalogueExamples(values: ExampleValues): ExampleSpec[] {
  const productId = { productId: values.productId };
  return [
    { operationId: 'searchProducts', method: 'GET', path: '/search', query: { keyword: values.keyword, page: 1 } },
    { operationId: 'lookupProduct', method: 'GET', path: '/products/lookup', query: { partNumber: values.partNumber } },
    { operationId: 'batchLookup', method: 'POST', path: '/products/batch', body: { partNumbers: [values.partNumber, values.otherPartNumber] } },
    { operationId: 'getProduct', method: 'GET', path: '/products/{productId}', pathParams: productId },
    { operationId: 'getPrice', method: 'GET', path: '/products/{productId}/price', pathParams: productId, query: { quantity: 100 } },
    { operationId: 'getStock', method: 'GET', path: '/products/{productId}/stock', pathParams: productId },
    {
      operationId: 'matchBom',
      method: 'POST',
      path: '/bom/match',
      body: {
        lines: [
          { partNumber: values.partNumber, quantity: 10 },
          { partNumber: values.otherPartNumber, quantity: 100 },
        ],
      },
    },
  ];
}

function orderExamples(values: ExampleValues): ExampleSpec[] {
  return [
    { operationId: 'listOrders', method: 'GET', path: '/orders', query: { state: 'unpaid', page: 1 } },
    {
      operationId: 'placeOrder',
      method: 'POST',
      path: '/orders',
      idempotencyKey: 'erp-order-20261206-0001',
      body: { lines: [{ productId: values.productId, quantity: 10, customerPartNo: 'MCU-001' }], ...orderOptions },
    },
    { operationId: 'getOrder', method: 'GET', path: '/orders/{orderNo}', pathParams: { orderNo: values.orderNo ?? '2612061234567890' } },
    {
      operationId: 'paySandboxOrder',
      method: 'POST',
      path: '/orders/{orderNo}/sandbox-pay',
      pathParams: { orderNo: values.sandboxOrderNo ?? '2612061234567891' },
      isForSandboxKey: true,
    },
  ];
}

function quotationExamples(values: ExampleValues): ExampleSpec[] {
  const quotationId = { quotationId: values.quotationId ?? 1 };
  return [
    {
      operationId: 'requestQuotation',
      method: 'POST',
      path: '/quotations',
      body: { note: '年度备货', lines: [{ partNumber: values.partNumber, quantity: 5000 }] },
    },
    { operationId: 'getQuotation', method: 'GET', path: '/quotations/{quotationId}', pathParams: quotationId },
    {
      operationId: 'orderQuotation',
      method: 'POST',
      path: '/quotations/{quotationId}/order',
      pathParams: quotationId,
      idempotencyKey: 'erp-quotation-order-0001',
      body: orderOptions,
    },
  ];
}

function cartExamples(values: ExampleValues): ExampleSpec[] {
  return [
    { operationId: 'getCart', method: 'GET', path: '/cart' },
    {
      operationId: 'putCartLines',
      method: 'PUT',
      path: '/cart/lines',
      body: {
        lines: [
          { partNumber: values.partNumber, quantity: 10, customerPartNo: 'MCU-001' },
          { partNumber: values.otherPartNumber, quantity: 100 },
        ],
      },
    },
    { operationId: 'deleteCartLine', method: 'DELETE', path: '/cart/lines/{productId}', pathParams: { productId: values.productId } },
    { operationId: 'clearCart', method: 'DELETE', path: '/cart' },
    { operationId: 'orderCart', method: 'POST', path: '/cart/order', idempotencyKey: 'erp-cart-order-20261206-0001', body: orderOptions },
  ];
}

/** One example per operation: the page shows them and the test runs them. */
export function exampleRequestsOf(values: ExampleValues): ExampleRequest[] {
  return [...catalogueExamples(values), ...orderExamples(values), ...quotationExamples(values), ...cartExamples(values)].map(exampleOf);
}

function shellQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function pythonString(text: string): string {
  return JSON.stringify(text);
}

/**
 * Every answer is the store's envelope {code, data, msg}: code 1 with the result in data, or on
 * failure code = the HTTP status with msg and errorCode. The examples print it and exit with 1 on failure.
 */
const pythonAnswerLines = [
  'try:',
  '    with urllib.request.urlopen(request) as response:',
  '        answer = json.load(response)',
  'except urllib.error.HTTPError as error:  # 4xx/5xx: the body is the same envelope',
  '    answer = json.load(error)',
  'print(json.dumps(answer, ensure_ascii=False, indent=2))',
  'if answer["code"] != 1:  # failed: answer["msg"] says why, answer["errorCode"] is for programs',
  '    sys.exit(1)',
  '',
];

const javascriptAnswerLines = [
  'const answer = await response.json();',
  'console.log(JSON.stringify(answer, null, 2));',
  '// code 1: the result is in answer.data; otherwise answer.msg says why and answer.errorCode is for programs.',
  'if (answer.code !== 1) process.exitCode = 1;',
  '',
];

const hasBody = (request: ExampleRequest) => request.body !== null;

/** The request's headers besides the key: JSON in, and the Idempotency-Key of an order. */
function extraHeadersOf(request: ExampleRequest): [string, string][] {
  return [
    ...(hasBody(request) ? [['Content-Type', 'application/json'] as [string, string]] : []),
    ...(request.idempotencyKey === null ? [] : [['Idempotency-Key', request.idempotencyKey] as [string, string]]),
  ];
}

export function curlExample(request: ExampleRequest, origin: string, apiKey: string): string {
  const method = request.method === 'GET' ? '' : `-X ${request.method} `;
  return [
    `curl -sS ${method}${shellQuoted(origin + request.url)}`,
    `  -H ${shellQuoted(`X-Api-Key: ${apiKey}`)}`,
    ...extraHeadersOf(request).map(([name, value]) => `  -H ${shellQuoted(`${name}: ${value}`)}`),
    ...(hasBody(request) ? [`  -d ${shellQuoted(JSON.stringify(request.body))}`] : []),
  ].join(' \\\n');
}

/** Python 3 with the standard library only (urllib), so it runs anywhere. */
export function pythonExample(request: ExampleRequest, origin: string, apiKey: string): string {
  const headers = [['X-Api-Key', 'API_KEY'], ...extraHeadersOf(request).map(([name, value]) => [name, pythonString(value)])]
    .map(([name, value]) => `${pythonString(name ?? '')}: ${value ?? ''}`)
    .join(', ');
  return [
    'import json',
    'import sys',
    'import urllib.error',
    'import urllib.request',
    '',
    `API_KEY = ${pythonString(apiKey)}`,
    ...(hasBody(request) ? [`body = json.dumps(${JSON.stringify(request.body)}, ensure_ascii=False).encode("utf-8")`] : []),
    'request = urllib.request.Request(',
    `    ${pythonString(origin + request.url)},`,
    ...(hasBody(request) ? ['    data=body,'] : []),
    ...(request.method === 'GET' ? [] : [`    method=${pythonString(request.method)},`]),
    `    headers={${headers}},`,
    ')',
    ...pythonAnswerLines,
  ].join('\n');
}

/** JavaScript for Node 18+ (fetch built in), as an ES module. */
export function javascriptExample(request: ExampleRequest, origin: string, apiKey: string): string {
  const headers = ["'X-Api-Key': apiKey", ...extraHeadersOf(request).map(([name, value]) => `'${name}': ${JSON.stringify(value)}`)].join(', ');
  return [
    `const apiKey = ${JSON.stringify(apiKey)};`,
    `const response = await fetch(${JSON.stringify(origin + request.url)}, {`,
    ...(request.method === 'GET' ? [] : [`  method: '${request.method}',`]),
    `  headers: { ${headers} },`,
    ...(hasBody(request) ? [`  body: JSON.stringify(${JSON.stringify(request.body)}),`] : []),
    '});',
    ...javascriptAnswerLines,
  ].join('\n');
}

/**
 * TypeScript with the client generated from the document: types by openapi-typescript, requests
 * by openapi-fetch, so a path, parameter or field the API does not have fails to compile.
 */
export function typescriptExample(request: ExampleRequest, origin: string, apiKey: string): string {
  const params = {
    ...(Object.keys(request.pathParams).length > 0 ? { path: request.pathParams } : {}),
    ...(Object.keys(request.query).length > 0 ? { query: request.query } : {}),
    ...(request.idempotencyKey === null ? {} : { header: { 'Idempotency-Key': request.idempotencyKey } }),
  };
  const options = {
    ...(Object.keys(params).length > 0 ? { params } : {}),
    ...(hasBody(request) ? { body: request.body } : {}),
  };
  const argument = Object.keys(options).length > 0 ? `, ${JSON.stringify(options, null, 2).replace(/\n/g, '\n  ')}` : '';
  return [
    `// 先生成类型：npx openapi-typescript ${origin}/open/v1/openapi.json -o xinpin-open-api.d.ts；再 npm install openapi-fetch`,
    "import createClient from 'openapi-fetch';",
    "import type { paths } from './xinpin-open-api';",
    '',
    `const client = createClient<paths>({ baseUrl: ${JSON.stringify(origin)}, headers: { 'X-Api-Key': ${JSON.stringify(apiKey)} } });`,
    `const { data, error } = await client.${request.method}(${JSON.stringify(request.path)}${argument});`,
    '// data：成功时的 {code: 1, data, msg}；error：失败时的 {code, data: null, msg, errorCode}',
    'console.log(JSON.stringify(data ?? error, null, 2));',
    'if (error) process.exitCode = 1;',
    '',
  ].join('\n');
}

/**
 * Receiving a webhook in Node: the signature is checked over the raw body before it is parsed,
 * in constant time, and a timestamp more than 5 minutes away is refused (a replayed request).
 */
export function webhookVerificationExample(): string {
  return [
    "import { createHmac, timingSafeEqual } from 'node:crypto';",
    "import { createServer } from 'node:http';",
    '',
    'const secret = process.env.XINPIN_WEBHOOK_SECRET; // 会员中心「Webhook 推送」页的签名密钥',
    '',
    '/** X-Xinpin-Signature = "v1=" + hex(HMAC-SHA256(签名密钥, X-Xinpin-Timestamp + "." + 原始请求体)) */',
    'export function isSignedByXinpin(rawBody, timestamp, signature, now = Date.now()) {',
    "  if (!/^\\d+$/.test(timestamp ?? '') || Math.abs(now / 1000 - Number(timestamp)) > 300) return false;",
    "  const expected = Buffer.from(`v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`);",
    "  const given = Buffer.from(signature ?? '');",
    '  return given.length === expected.length && timingSafeEqual(given, expected);',
    '}',
    '',
    'createServer((request, response) => {',
    '  const chunks = [];',
    "  request.on('data', (chunk) => chunks.push(chunk));",
    "  request.on('end', () => {",
    "    const rawBody = Buffer.concat(chunks).toString('utf8'); // 先验签，再解析 JSON",
    "    if (!isSignedByXinpin(rawBody, request.headers['x-xinpin-timestamp'], request.headers['x-xinpin-signature'])) {",
    '      response.writeHead(401).end();',
    '      return;',
    '    }',
    '    const event = JSON.parse(rawBody); // event.id 相同即同一事件：重试时据此去重',
    "    console.log(event.type, event.id, request.headers['x-xinpin-delivery']);",
    `    response.writeHead(204).end(); // ${String(webhookLimits.timeoutMs / 1000)} 秒内返回 2xx，否则按退避时间重试`,
    '  });',
    "}).listen(Number(process.env.PORT ?? 8080), () => console.log('listening'));",
    '',
  ].join('\n');
}

/** A signed request in Python: the key itself never travels. */
export function signedPythonExample(request: ExampleRequest, origin: string, apiKey: string): string {
  const isPost = request.method === 'POST';
  return [
    'import hashlib',
    'import hmac',
    'import json',
    'import secrets',
    'import sys',
    'import time',
    'import urllib.error',
    'import urllib.request',
    '',
    `API_KEY = ${pythonString(apiKey)}`,
    'KEY_ID = API_KEY.split("_")[2]',
    `path = ${pythonString(request.url)}`,
    isPost ? `body = json.dumps(${JSON.stringify(request.body)}, ensure_ascii=False).encode("utf-8")` : 'body = b""',
    'timestamp = str(int(time.time()))',
    'nonce = secrets.token_hex(16)',
    `text = "\\n".join([${pythonString(request.method)}, path, timestamp, nonce, hashlib.sha256(body).hexdigest()])`,
    'signature = hmac.new(API_KEY.encode("utf-8"), text.encode("utf-8"), hashlib.sha256).hexdigest()',
    'headers = {"X-Api-Key-Id": KEY_ID, "X-Timestamp": timestamp, "X-Nonce": nonce, "X-Signature": signature}',
    ...(isPost ? ['headers["Content-Type"] = "application/json"'] : []),
    `request = urllib.request.Request(${pythonString(origin)} + path, data=body if body else None, method=${pythonString(request.method)}, headers=headers)`,
    ...pythonAnswerLines,
  ].join('\n');
}

/** A signed request in JavaScript (Node 18+). */
export function signedJavascriptExample(request: ExampleRequest, origin: string, apiKey: string): string {
  const isPost = request.method === 'POST';
  return [
    "import { createHash, createHmac, randomBytes } from 'node:crypto';",
    '',
    `const apiKey = ${JSON.stringify(apiKey)};`,
    "const keyId = apiKey.split('_')[2];",
    `const path = ${JSON.stringify(request.url)};`,
    `const body = ${isPost ? `JSON.stringify(${JSON.stringify(request.body)})` : "''"};`,
    'const timestamp = String(Math.floor(Date.now() / 1000));',
    "const nonce = randomBytes(16).toString('hex');",
    `const text = [${JSON.stringify(request.method)}, path, timestamp, nonce, createHash('sha256').update(body).digest('hex')].join('\\n');`,
    "const signature = createHmac('sha256', apiKey).update(text).digest('hex');",
    `const response = await fetch(${JSON.stringify(origin)} + path, {`,
    `  method: ${JSON.stringify(request.method)},`,
    `  headers: { 'X-Api-Key-Id': keyId, 'X-Timestamp': timestamp, 'X-Nonce': nonce, 'X-Signature': signature${isPost ? ", 'Content-Type': 'application/json'" : ''} },`,
    ...(isPost ? ['  body,'] : []),
    '});',
    ...javascriptAnswerLines,
  ].join('\n');
}
