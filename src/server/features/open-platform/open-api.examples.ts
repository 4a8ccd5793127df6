import { openApiBase } from './open-api.table.ts';

/** The values the examples use: a part that exists in the store they are shown for (or tested against). */
export interface ExampleValues {
  keyword: string;
  productId: number;
  partNumber: string;
  otherPartNumber: string;
}

export interface ExampleRequest {
  operationId: string;
  method: 'GET' | 'POST';
  /** Path and query as sent. */
  url: string;
  body: unknown;
}

/** One example per operation: the page shows them and the test runs them. */
export function exampleRequestsOf(values: ExampleValues): ExampleRequest[] {
  const query = (params: Record<string, string | number>) =>
    `?${new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString()}`;
  return [
    { operationId: 'searchProducts', method: 'GET', url: `${openApiBase}/search${query({ keyword: values.keyword, page: 1 })}`, body: null },
    { operationId: 'lookupProduct', method: 'GET', url: `${openApiBase}/products/lookup${query({ partNumber: values.partNumber })}`, body: null },
    { operationId: 'batchLookup', method: 'POST', url: `${openApiBase}/products/batch`, body: { partNumbers: [values.partNumber, values.otherPartNumber] } },
    { operationId: 'getProduct', method: 'GET', url: `${openApiBase}/products/${values.productId}`, body: null },
    { operationId: 'getPrice', method: 'GET', url: `${openApiBase}/products/${values.productId}/price${query({ quantity: 100 })}`, body: null },
    { operationId: 'getStock', method: 'GET', url: `${openApiBase}/products/${values.productId}/stock`, body: null },
    {
      operationId: 'matchBom',
      method: 'POST',
      url: `${openApiBase}/bom/match`,
      body: {
        lines: [
          { partNumber: values.partNumber, quantity: 10 },
          { partNumber: values.otherPartNumber, quantity: 100 },
        ],
      },
    },
  ];
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

export function curlExample(request: ExampleRequest, origin: string, apiKey: string): string {
  const lines = [`curl -sS ${shellQuoted(origin + request.url)}`, `  -H ${shellQuoted(`X-Api-Key: ${apiKey}`)}`];
  if (request.method === 'POST') {
    lines[0] = `curl -sS -X POST ${shellQuoted(origin + request.url)}`;
    lines.push(`  -H 'Content-Type: application/json'`, `  -d ${shellQuoted(JSON.stringify(request.body))}`);
  }
  return lines.join(' \\\n');
}

/** Python 3 with the standard library only (urllib), so it runs anywhere. */
export function pythonExample(request: ExampleRequest, origin: string, apiKey: string): string {
  const isPost = request.method === 'POST';
  return [
    'import json',
    'import sys',
    'import urllib.error',
    'import urllib.request',
    '',
    `API_KEY = ${pythonString(apiKey)}`,
    ...(isPost ? [`body = json.dumps(${JSON.stringify(request.body)}, ensure_ascii=False).encode("utf-8")`] : []),
    'request = urllib.request.Request(',
    `    ${pythonString(origin + request.url)},`,
    ...(isPost
      ? ['    data=body,', '    method="POST",', '    headers={"X-Api-Key": API_KEY, "Content-Type": "application/json"},']
      : ['    headers={"X-Api-Key": API_KEY},']),
    ')',
    ...pythonAnswerLines,
  ].join('\n');
}

/** JavaScript for Node 18+ (fetch built in), as an ES module. */
export function javascriptExample(request: ExampleRequest, origin: string, apiKey: string): string {
  const isPost = request.method === 'POST';
  return [
    `const apiKey = ${JSON.stringify(apiKey)};`,
    `const response = await fetch(${JSON.stringify(origin + request.url)}, {`,
    ...(isPost
      ? [
          "  method: 'POST',",
          "  headers: { 'X-Api-Key': apiKey, 'Content-Type': 'application/json' },",
          `  body: JSON.stringify(${JSON.stringify(request.body)}),`,
        ]
      : ["  headers: { 'X-Api-Key': apiKey },"]),
    '});',
    ...javascriptAnswerLines,
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
