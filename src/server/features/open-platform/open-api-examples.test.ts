import { createHmac } from 'node:crypto';
import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyCalls } from '../../../contract/open-api-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertOrderCatalog, insertPart, saveShanghaiAddress } from '../order/testing/order-fixture.ts';
import { priceAll } from '../quotation/testing/quotation-fixture.ts';
import {
  curlExample,
  exampleRequestsOf,
  javascriptExample,
  pythonExample,
  typescriptExample,
  webhookVerificationExample,
  type ExampleRequest,
  type ExampleValues,
} from './open-api.examples.ts';
import { openRequest } from './testing/open-platform-fixture.ts';

const run = promisify(execFile);
const catalogue = new Set(['batchLookup', 'getPrice', 'getProduct', 'getStock', 'lookupProduct', 'matchBom', 'searchProducts']);
/** Each run makes something new (an id, a paid order): its languages are compared by what they did, not by equal answers. */
const makesNew = new Set(['requestQuotation', 'paySandboxOrder']);

/**
 * The examples of /api/index for the orders, the quotations and the cart, in curl, Python,
 * JavaScript and TypeScript (openapi-fetch), run against the app on a port with an integrator's
 * member, keys, parts, order and offer; the webhook receiver's signature check run as a server.
 */
describe('/api/index examples of the order, quotation and cart operations, and the webhook receiver', () => {
  // Every example runs five times from one key: above the default 60 a minute.
  const t = useTestApp({
    fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }),
    app: { env: { OPEN_API_RATE_LIMIT_PER_MINUTE: '1000' } },
  });
  let origin = '';
  let live = '';
  let sandbox = '';
  let values: ExampleValues;
  let workDir = '';

  async function dataOf<T>(request: ReturnType<typeof openRequest>, _shape?: T): Promise<T> {
    const response = await request;
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: T }>().data;
  }

  async function newSandboxOrderNo(): Promise<string> {
    const body = { lines: [{ productId: values.productId, quantity: 10 }] };
    const key = `sandbox-${String(Math.random())}`;
    const placed = await dataOf<{ order: { orderNo: string } }>(
      openRequest(t, 'POST', '/open/v1/orders', { apiKey: sandbox, body, headers: { 'idempotency-key': key } }),
    );
    return placed.order.orderNo;
  }

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    origin = `http://127.0.0.1:${String(address.port)}`;
    const member = await t.member();
    await saveShanghaiAddress(member.browser);
    live = (await member.browser.callOk(apiKeyCalls.create, { name: 'ERP' })).key;
    sandbox = (await member.browser.callOk(apiKeyCalls.create, { name: '联调', isSandbox: true })).key;
    const [partA, partB] = [await insertPart(t.db.kysely, t.fixture.catalog), await insertPart(t.db.kysely, t.fixture.catalog)];
    const codes = await t.db.kysely.selectFrom('products').select(['id', 'code']).where('id', 'in', [partA, partB]).orderBy('id').execute();
    const [codeA, codeB] = codes.map((row) => row.code);
    values = { keyword: codeA ?? '', productId: partA, partNumber: codeA ?? '', otherPartNumber: codeB ?? '' };
    const order = await dataOf<{ order: { orderNo: string } }>(
      openRequest(t, 'POST', '/open/v1/orders', {
        apiKey: live,
        body: { lines: [{ productId: partA, quantity: 20 }] },
        headers: { 'idempotency-key': 'setup-1' },
      }),
    );
    const quotation = await dataOf<{ quotationId: number }>(
      openRequest(t, 'POST', '/open/v1/quotations', { apiKey: live, body: { lines: [{ partNumber: codeA, quantity: 3000 }] } }),
    );
    await priceAll(t.db.kysely, quotation.quotationId, [{ productId: partA, unitPriceE4: 60, quantity: 3000 }]);
    values = { ...values, orderNo: order.order.orderNo, quotationId: quotation.quotationId };
    // Under node_modules, so the TypeScript examples' `import createClient from 'openapi-fetch'` resolves to the project's copy.
    await mkdir(join(process.cwd(), 'node_modules', '.cache'), { recursive: true });
    workDir = await mkdtemp(join(process.cwd(), 'node_modules', '.cache', 'open-api-examples-'));
  });
  afterAll(async () => rm(workDir, { recursive: true, force: true }));

  /** Sets the state an example needs before each run: a line to delete, a cart to order, a sandbox order to pay. */
  async function prepared(operationId: string): Promise<ExampleRequest> {
    if (operationId === 'deleteCartLine' || operationId === 'orderCart') {
      await openRequest(t, 'PUT', '/open/v1/cart/lines', { apiKey: live, body: { lines: [{ productId: values.productId, quantity: 10 }] } });
    }
    if (operationId === 'paySandboxOrder') values = { ...values, sandboxOrderNo: await newSandboxOrderNo() };
    const example = exampleRequestsOf(values).find((each) => each.operationId === operationId);
    if (!example) throw new Error(`no example of ${operationId}`);
    return example;
  }

  async function asked(example: ExampleRequest, apiKey: string): Promise<unknown> {
    const headers: Record<string, string> = example.idempotencyKey === null ? {} : { 'idempotency-key': example.idempotencyKey };
    const response = await openRequest(t, example.method, example.url, { apiKey, headers, ...(example.body === null ? {} : { body: example.body }) });
    expect(response.statusCode, `${example.operationId}: ${response.body}`).toBe(200);
    return response.json();
  }

  async function printed(language: string, example: ExampleRequest, apiKey: string): Promise<unknown> {
    const file = join(workDir, `${example.operationId}-${language}`);
    if (language === 'curl') return JSON.parse((await run('bash', ['-c', curlExample(example, origin, apiKey)])).stdout);
    if (language === 'python') {
      await writeFile(`${file}.py`, pythonExample(example, origin, apiKey));
      return JSON.parse((await run('python3', [`${file}.py`])).stdout);
    }
    const source =
      language === 'javascript'
        ? javascriptExample(example, origin, apiKey)
        : ts.transpileModule(typescriptExample(example, origin, apiKey), { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } })
            .outputText;
    await writeFile(`${file}.mjs`, source);
    return JSON.parse((await run(process.execPath, [`${file}.mjs`])).stdout);
  }

  it('curl, Python, JavaScript and TypeScript print what the API answers, for every order, quotation and cart operation', async () => {
    const examples = exampleRequestsOf(values).filter((example) => !catalogue.has(example.operationId));
    expect(examples).toHaveLength(12);
    for (const { operationId } of examples) {
      const example = await prepared(operationId);
      const apiKey = example.isForSandboxKey ? sandbox : live;
      const answer = await asked(example, apiKey);
      for (const language of ['curl', 'python', 'javascript', 'typescript']) {
        const again = await prepared(operationId);
        const output = await printed(language, again, apiKey);
        if (makesNew.has(operationId)) expect(output, `${language} ${operationId}`).toMatchObject({ code: 1, msg: '' });
        else expect(output, `${language} ${operationId}`).toEqual(answer);
      }
    }
  }, 400_000); // 48 programs started one after another: minutes on a loaded machine.

  it('the TypeScript example prints the failure envelope and exits with 1 when the key is refused', async () => {
    const example = exampleRequestsOf(values).find((each) => each.operationId === 'getCart');
    if (!example) throw new Error('no cart example');
    const failed = await printed('typescript', example, 'xp_live_1_not-a-real-key').then(
      () => null,
      (error: unknown) => error as { code: number; stdout: string },
    );
    expect(failed?.code).toBe(1);
    expect(JSON.parse(failed?.stdout ?? '')).toMatchObject({ code: 401, errorCode: 'openApi.badKey' });
  });

  async function freePort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    if (!address || typeof address === 'string') throw new Error('no port');
    return address.port;
  }

  it("the webhook receiver in Node accepts the store's signature and refuses a changed body or an old timestamp", async () => {
    const file = join(workDir, 'webhook-receiver.mjs');
    await writeFile(file, webhookVerificationExample());
    const port = await freePort();
    const secret = 'whsec_example_secret';
    const receiver = spawn(process.execPath, [file], { env: { ...process.env, PORT: String(port), XINPIN_WEBHOOK_SECRET: secret } });
    try {
      await new Promise<void>((resolve, reject) => {
        receiver.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('listening')) resolve();
        });
        receiver.on('exit', (code) => reject(new Error(`receiver exited with ${String(code)}`)));
      });
      const body = JSON.stringify({ id: 'evt_1', type: 'order.paid', createdAt: '2026-12-06T10:30:00+08:00', data: { orderNo: '2612061234567890' } });
      const send = (payload: string, timestamp: string) =>
        fetch(`http://127.0.0.1:${String(port)}/`, {
          method: 'POST',
          body: payload,
          headers: {
            'content-type': 'application/json',
            'x-xinpin-timestamp': timestamp,
            'x-xinpin-signature': `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`,
            'x-xinpin-delivery': '1',
          },
        });
      const now = String(Math.floor(Date.now() / 1000));
      expect((await send(body, now)).status).toBe(204);
      expect((await send(body.replace('order.paid', 'order.refunded'), now)).status).toBe(401);
      expect((await send(body, String(Math.floor(Date.now() / 1000) - 600))).status).toBe(401);
    } finally {
      receiver.kill();
    }
  }, 30_000);
});
