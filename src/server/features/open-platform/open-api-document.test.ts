import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { compileErrors, validate } from '@readme/openapi-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiErrors, type ApiIndexData } from '../../../contract/open-api.ts';
import { buildApp } from '../../app.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { featureRegistrations } from '../all-features.ts';
import { insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import {
  curlExample,
  exampleRequestsOf,
  javascriptExample,
  pythonExample,
  signedJavascriptExample,
  signedPythonExample,
  type ExampleValues,
} from './open-api.examples.ts';
import { memberWithKey, openRequest } from './testing/open-platform-fixture.ts';

const run = promisify(execFile);

describe('the OpenAPI document of /open/v1 and its examples', () => {
  const t = useTestApp({ fixture: async (app) => insertCatalogFixture(app.db) });

  it('is valid OpenAPI 3.1 and describes every /open/v1 route Fastify has, and nothing else', async () => {
    const routes: { method: string; url: string }[] = [];
    // The real app again, with a first "feature" that hears every route the others register.
    const app: FastifyInstance = await buildApp(t.deps, {
      features: [
        (site) => {
          site.addHook('onRoute', (route) => {
            // The routes that only answer 405 are no operation.
            if (route.config?.answersWrongMethod === true) return;
            for (const method of [route.method].flat()) routes.push({ method, url: route.url });
          });
        },
        ...featureRegistrations,
      ],
    });
    await app.ready();
    await app.close();
    const document = (await openRequest(t, 'GET', '/open/v1/openapi.json')).json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as Parameters<typeof validate>[0]);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);

    const documented = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    const registered = routes
      .filter((route) => route.url.startsWith('/open/v1/') && route.method !== 'HEAD' && route.url !== '/open/v1/openapi.json')
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(registered.length).toBeGreaterThanOrEqual(7);
    expect(new Set(registered)).toEqual(new Set(documented));
  });

  it('documents parameters and response fields from the same schemas the routes validate with', async () => {
    const document = (await openRequest(t, 'GET', '/open/v1/openapi.json')).json<{
      paths: Record<
        string,
        Record<string, { parameters: { name: string; in: string; required: boolean; schema: { maximum?: number } }[]; requestBody?: unknown }>
      >;
    }>();
    const price = document.paths['/open/v1/products/{productId}/price']?.get;
    expect(price?.parameters.map(({ name, in: place, required }) => ({ name, place, required }))).toEqual([
      { name: 'productId', place: 'path', required: true },
      { name: 'quantity', place: 'query', required: true },
    ]);
    expect(price?.parameters[1]?.schema.maximum).toBe(1_000_000);
    const batch = JSON.stringify(document.paths['/open/v1/products/batch']?.post?.requestBody);
    expect(batch).toContain('"maxItems":100');
  });

  it("describes every answer as the store's envelope: the data schema inside code 1, failures as one shared schema", async () => {
    interface Schema {
      $ref?: string;
      properties?: Record<string, Schema>;
      required?: string[];
      const?: unknown;
      enum?: unknown[];
      type?: unknown;
    }
    type Responses = Record<string, { content: { 'application/json': { schema: Schema } } }>;
    const document = (await openRequest(t, 'GET', '/open/v1/openapi.json')).json<{
      paths: Record<string, Record<string, { responses: Responses }>>;
      components: { schemas: Record<string, Schema> & { Failure: Schema } };
    }>();
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    // The catalogue's 7, the orders' 4 (list, place, detail, sandbox pay), the quotations' 3 and the cart's 5.
    expect(operations).toHaveLength(19);
    for (const { responses } of operations) {
      const success = responses['200']?.content['application/json'].schema;
      expect(success?.required?.sort()).toEqual(['code', 'data', 'msg']);
      expect(success?.properties?.code?.const).toBe(1);
      const data = success?.properties?.data;
      // An answer that is itself a component (GET /orders/{orderNo}: Order) is referenced.
      const dataSchema = data?.$ref ? document.components.schemas[data.$ref.replace('#/components/schemas/', '')] : data;
      expect(dataSchema?.type).toBe('object');
      for (const status of ['400', '401', '403', '429', '500', '503']) {
        expect(responses[status]?.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Failure' });
      }
    }
    const stock = document.paths['/open/v1/products/{productId}/stock']?.get?.responses['200']?.content['application/json'].schema;
    expect(Object.keys(stock?.properties?.data?.properties ?? {})).toEqual(['productId', 'partNumber', 'stock', 'packSize', 'isInStock', 'leadTimeDays']);
    const failure = document.components.schemas.Failure;
    expect(failure.required?.sort()).toEqual(['code', 'data', 'errorCode', 'msg']);
    expect(failure.properties?.code?.enum).toEqual([400, 401, 403, 404, 405, 409, 429, 500, 503]);
    expect(failure.properties?.data?.type).toBe('null');
    expect(Object.keys(failure.properties ?? {})).toEqual(expect.arrayContaining(['field', 'requestId']));
  });

  it('documents every status the open API can answer: each error of its table in the Failure schema and in every operation it can end', async () => {
    interface Responses {
      responses: Record<string, { content?: { 'application/json': { schema: unknown } } }>;
    }
    const document = (await openRequest(t, 'GET', '/open/v1/openapi.json')).json<{
      paths: Record<string, Record<string, Responses>>;
      components: { schemas: { Failure: { properties: { code: { enum: number[] } } } } };
    }>();
    const failureStatuses = document.components.schemas.Failure.properties.code.enum;
    for (const error of Object.values(openApiErrors)) expect(failureStatuses, error.errorCode).toContain(error.code);
    // Errors of the key, the limits and the server can end any operation; a missing product those that read one; 405 and the
    // unknown route's 404 answer paths and methods that are no operation.
    const anyOperation = Object.values(openApiErrors).filter(
      (error) => !['notFound', 'unknownRoute', 'methodNotAllowed'].includes(error.errorCode.split('.')[1] ?? ''),
    );
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, { responses }] of Object.entries(methods)) {
        for (const error of anyOperation) expect(Object.keys(responses), `${method} ${path}: ${error.errorCode}`).toContain(String(error.code));
        for (const [status, response] of Object.entries(responses))
          expect(response.content?.['application/json'].schema, `${method} ${path} ${status}`).toBeDefined();
        if (path.includes('{productId}')) expect(Object.keys(responses)).toContain('404');
      }
    }
  });

  it('writes Product and PriceTier once, as components, referenced wherever a product or a tier is answered', async () => {
    const text = (await openRequest(t, 'GET', '/open/v1/openapi.json')).body;
    const document = JSON.parse(text) as {
      components: { schemas: Record<string, { properties?: Record<string, { const?: unknown; items?: unknown; anyOf?: { type?: unknown }[] }> }> };
    };
    const { Product: product, PriceTier: priceTier } = document.components.schemas;
    expect(Object.keys(product?.properties ?? {})).toEqual(expect.arrayContaining(['productId', 'partNumber', 'leadTimeDays', 'priceTiers']));
    expect(product?.properties?.priceTiers?.items).toEqual({ $ref: '#/components/schemas/PriceTier' });
    expect(priceTier?.properties?.currency?.const).toBe('CNY');
    expect(product?.properties?.leadTimeDays?.anyOf?.map((option) => option.type)).toEqual(['integer', 'null']);
    // Written once: the product's own fields appear nowhere else, and nothing points at zod's $defs.
    expect(text.split('最小包装数量：购买数量须为它的整数倍')).toHaveLength(2);
    expect(text).not.toContain('$defs');
    expect(text.match(/"\$ref":"#\/components\/schemas\/Product"/g)?.length).toBeGreaterThanOrEqual(5);
    // Every price carries its currency: the tiers', the price's and the BOM candidates'.
    for (const path of ['/open/v1/products/{productId}/price', '/open/v1/bom/match']) {
      expect(JSON.stringify((JSON.parse(text) as { paths: Record<string, unknown> }).paths[path])).toContain('"currency":{"type":"string","const":"CNY"');
    }
  });

  it('declares the signed request as one security requirement of its four headers, beside the key', async () => {
    const document = (await openRequest(t, 'GET', '/open/v1/openapi.json')).json<{
      security: Record<string, string[]>[];
      components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
    }>();
    expect(document.security).toEqual([
      { ApiKey: [] },
      { SignedRequestKeyId: [], SignedRequestTimestamp: [], SignedRequestNonce: [], SignedRequestSignature: [] },
    ]);
    const signedHeaders = Object.keys(document.security[1] ?? {}).map((name) => document.components.securitySchemes[name]);
    expect(signedHeaders.map((scheme) => `${scheme?.in ?? ''}:${scheme?.name ?? ''}`)).toEqual([
      'header:X-Api-Key-Id',
      'header:X-Timestamp',
      'header:X-Nonce',
      'header:X-Signature',
    ]);
  });

  it('documents the rate-limit headers on the answers that carry them', async () => {
    const document = (await openRequest(t, 'GET', '/open/v1/openapi.json')).json<{
      paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, { required?: boolean; $ref?: string }> }> }>>;
      components: { headers: Record<string, { schema: { type: string } }> };
    }>();
    expect(Object.keys(document.components.headers)).toEqual(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After']);
    for (const methods of Object.values(document.paths)) {
      for (const { responses } of Object.values(methods)) {
        expect(Object.entries(responses['200']?.headers ?? {}).map(([name, header]) => [name, header.required])).toEqual([
          ['X-RateLimit-Limit', true],
          ['X-RateLimit-Remaining', true],
          ['X-RateLimit-Reset', true],
        ]);
        expect(responses['429']?.headers?.['Retry-After']).toEqual({ $ref: '#/components/headers/Retry-After' });
      }
    }
  });

  describe('examples run against the app listening on a port', () => {
    let origin = '';
    let apiKey = '';
    let values: ExampleValues;
    let workDir = '';
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      origin = `http://127.0.0.1:${address.port}`;
      apiKey = (await memberWithKey(t, '示例')).created.key;
      values = { keyword: 'STM32', productId: t.fixture.products.get('STM32F103C8T6') ?? 0, partNumber: 'STM32F103C8T6', otherPartNumber: 'TLV1117-33IDCYR' };
      workDir = await mkdtemp(join(tmpdir(), 'open-api-examples-'));
    });
    afterAll(async () => rm(workDir, { recursive: true, force: true }));

    async function expected(request: ReturnType<typeof exampleRequestsOf>[number]): Promise<unknown> {
      const response = await openRequest(t, request.method, request.url, { apiKey, ...(request.method === 'POST' ? { body: request.body } : {}) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    }

    it('curl, Python (urllib) and JavaScript (fetch) print what the API answers, for every catalogue operation', async () => {
      // Every operation of the document has its example (the orders', quotations' and cart's run in open-api-examples.test.ts).
      const document = (await openRequest(t, 'GET', '/open/v1/openapi.json')).json<{ paths: Record<string, Record<string, { operationId: string }>> }>();
      const operationIds = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((operation) => operation.operationId));
      expect(
        exampleRequestsOf(values)
          .map((request) => request.operationId)
          .sort(),
      ).toEqual(operationIds.sort());
      const catalogue = ['batchLookup', 'getPrice', 'getProduct', 'getStock', 'lookupProduct', 'matchBom', 'searchProducts'];
      for (const request of exampleRequestsOf(values).filter((example) => catalogue.includes(example.operationId))) {
        const answer = await expected(request);
        const curl = await run('bash', ['-c', curlExample(request, origin, apiKey)]);
        expect(JSON.parse(curl.stdout), `curl ${request.operationId}`).toEqual(answer);
        const pythonFile = join(workDir, `${request.operationId}.py`);
        await writeFile(pythonFile, pythonExample(request, origin, apiKey));
        expect(JSON.parse((await run('python3', [pythonFile])).stdout), `python ${request.operationId}`).toEqual(answer);
        const jsFile = join(workDir, `${request.operationId}.mjs`);
        await writeFile(jsFile, javascriptExample(request, origin, apiKey));
        expect(JSON.parse((await run(process.execPath, [jsFile])).stdout), `javascript ${request.operationId}`).toEqual(answer);
      }
    }, 180_000); // 21 programs started one after another: minutes on a loaded machine.

    it('Python and JavaScript print the failure envelope and exit with 1 when the key is refused', async () => {
      const request = exampleRequestsOf(values).find((example) => example.operationId === 'getStock');
      if (!request) throw new Error('no stock example');
      const refusedKey = 'xp_live_1_not-a-real-key';
      const refused = await openRequest(t, 'GET', request.url, { apiKey: refusedKey });
      expect(refused.statusCode).toBe(401);
      const envelope = refused.json<unknown>();
      expect(envelope).toEqual({ code: 401, data: null, msg: 'API 密钥无效或已停用', errorCode: 'openApi.badKey' });
      await writeFile(join(workDir, 'refused.py'), pythonExample(request, origin, refusedKey));
      await writeFile(join(workDir, 'refused.mjs'), javascriptExample(request, origin, refusedKey));
      for (const [program, file] of [
        ['python3', 'refused.py'],
        [process.execPath, 'refused.mjs'],
      ] as const) {
        const failed = await run(program, [join(workDir, file)]).then(
          () => null,
          (error: unknown) => error as { code: number; stdout: string },
        );
        expect(failed?.code, file).toBe(1);
        expect(JSON.parse(failed?.stdout ?? ''), file).toEqual(envelope);
      }
    }, 30_000);

    it('the signed examples in Python and JavaScript are accepted', async () => {
      const request = exampleRequestsOf(values).find((example) => example.operationId === 'batchLookup');
      if (!request) throw new Error('no batch example');
      const answer = await expected(request);
      await writeFile(join(workDir, 'signed.py'), signedPythonExample(request, origin, apiKey));
      expect(JSON.parse((await run('python3', [join(workDir, 'signed.py')])).stdout)).toEqual(answer);
      await writeFile(join(workDir, 'signed.mjs'), signedJavascriptExample(request, origin, apiKey));
      expect(JSON.parse((await run(process.execPath, [join(workDir, 'signed.mjs')])).stdout)).toEqual(answer);
    }, 30_000);

    it('/api/index shows every documented operation with its fields and the examples, for a visitor', async () => {
      const response = await t.browser().get('/api/index');
      expect(response.statusCode).toBe(200);
      const page = pageStateOf<ApiIndexData>(response.body).data;
      expect(page.endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual(
        expect.arrayContaining(['GET /open/v1/search', 'POST /open/v1/products/batch', 'GET /open/v1/products/{productId}/price', 'POST /open/v1/bom/match']),
      );
      const price = page.endpoints.find((endpoint) => endpoint.operationId === 'getPrice');
      expect(price?.parameters.map((parameter) => parameter.name)).toEqual(['productId', 'quantity']);
      expect(price?.responseFields.map((field) => field.name)).toEqual(expect.arrayContaining(['unitPrice', 'amount', 'amountCents', 'tier.qtyStart']));
      expect(price?.example.python).toContain('urllib.request');
      expect(price?.example.curl).toContain('X-Api-Key: YOUR_API_KEY');
      expect(response.body).toContain('X-Signature');
      expect(JSON.parse(page.responseExamples.success)).toMatchObject({ code: 1, msg: '', data: { productId: expect.any(Number) as number } });
      expect(JSON.parse(page.responseExamples.failure)).toMatchObject({ code: 400, data: null, errorCode: 'openApi.invalid', field: 'quantity' });
      expect(page.errorCodes).toContainEqual({ status: 429, errorCode: 'openApi.tooManyFailures', msg: expect.stringContaining('认证失败次数过多') as string });
      expect(page.errorCodes).toContainEqual({ status: 405, errorCode: 'openApi.methodNotAllowed', msg: expect.stringContaining('Allow') as string });
      expect(page.errorCodes).toContainEqual({
        status: 409,
        errorCode: 'openOrder.idempotencyKeyReused',
        msg: expect.stringContaining('Idempotency-Key') as string,
      });
      // What an integrator needs beside the endpoints: the limit's headers, and how pages end.
      expect(page.rateLimitHeaders.map((header) => header.name)).toEqual(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After']);
      expect(page.searchPageSize).toBe(20);
      expect(page.searchPagesMax).toBe(500);
      const search = page.endpoints.find((endpoint) => endpoint.operationId === 'searchProducts');
      expect(search?.responseFields.map((field) => field.name)).toEqual(
        expect.arrayContaining(['pageCount', 'hasMore', 'items[].leadTimeDays', 'items[].priceTiers[].currency']),
      );
      expect(search?.responseFields.find((field) => field.name === 'items')?.type).toBe('Product[]');
      expect(response.body).toContain('超过最后一页的页码返回空的');
    });
  });
});
