import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { text } from 'node:stream/consumers';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { bomExportPath, bomUploadPath, type BomSheet } from '../../../contract/bom.ts';
import { bomCalls } from '../../../contract/bom-calls.ts';
import { csrfCookieName, csrfHeaderName, ResultCode, type Envelope } from '../../../contract/envelope.ts';
import { createRedisCounterStore, type CounterStore } from '../../http/counter-store.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { createTestClock } from '../../testing/test-clock.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { multipartBody } from '../upload/testing/upload-test-kit.ts';
import { insertBomMatchFixture } from './match/bom-match.test-helpers.ts';
import { readBomFile } from './parse/read-bom-file.ts';
import { handSheet, oneBoard, uploadBom, xlsxOf } from './bom-test-kit.test-helpers.ts';
import { bomWorkKey, bomWorkSliceMs } from './bom-work-budget.ts';
import { heavyWorkbookBytes } from './testing/heavy-workbook.ts';

/** Files are read and quotation PDFs drawn in worker threads, within a CPU budget per file and per address. */

const altiumRows = [
  ['Comment', 'Description', 'Designator', 'Footprint', 'LibRef', 'Quantity'],
  ['STM32F103C8T6', 'MCU', 'U1', 'LQFP-48', 'STM32F103C8T6', '1'],
  ['LM358DR', 'Op amp', 'U2, U3', 'SOIC-8', 'LM358DR', '2'],
];

/** What reading the file on the request's own thread answered (the reader itself, called in place). */
function readInPlace(fileName: string, bytes: Buffer): { sheet: BomSheet } | { errorCode: string } {
  try {
    return { sheet: readBomFile(fileName, bytes) };
  } catch (error) {
    return { errorCode: (error as { errorCode: string }).errorCode };
  }
}

describe('reading in a worker thread', () => {
  const t = useTestApp();

  it('answers what reading in place answers, sheets and refusals alike', async () => {
    const files: [string, Buffer][] = [
      ['altium.xlsx', xlsxOf(altiumRows)],
      ['hand.csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('型号,数量,备注\nSTM32F103C8T6,2,主控\nLM358DR,1,\n')])],
      ['heavy.xlsx', heavyWorkbookBytes(300)],
      ['notes.pdf', Buffer.from('%PDF-1.4')],
      ['empty.csv', Buffer.from('\n\n')],
    ];
    for (const [fileName, bytes] of files) {
      const { response, envelope } = await uploadBom(t.app, t.browser(), fileName, bytes);
      expect(response.statusCode).toBe(200);
      const inPlace = readInPlace(fileName, bytes);
      if ('sheet' in inPlace) expect(envelope.data, fileName).toEqual(inPlace.sheet);
      else expect(envelope.errorCode, fileName).toBe(inPlace.errorCode);
    }
  });

  it('keeps answering other requests while a heavy workbook is read', async () => {
    const heavy = heavyWorkbookBytes();
    const started = performance.now();
    readBomFile('heavy.xlsx', heavy);
    const inPlaceMs = performance.now() - started;

    const browser = t.browser('198.51.100.7');
    await browser.get('/');
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const reading = { isDone: false };
    const upload = streamedUpload(t.app, browser, 'heavy.xlsx', heavy).finally(() => {
      reading.isDone = true;
    });
    let answered = 0;
    while (!reading.isDone) {
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      answered += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const response = await upload;
    delay.disable();

    const envelope = JSON.parse(await text(response.stream())) as Envelope<BomSheet>;
    expect(envelope.data?.partLineCount).toBe(3000);
    expect(answered).toBeGreaterThan(3);
    // On the request's thread the loop stood still for the whole read; now it waits for nothing near that long.
    expect(delay.max / 1e6).toBeLessThan(inPlaceMs / 3);
  });
});

describe('a file past its CPU budget', () => {
  const t = useTestApp({ app: { env: { BOM_FILE_CPU_MS: '60' } } });

  it('is stopped and refused in Chinese, and the next upload is read', async () => {
    const refused = await uploadBom(t.app, t.browser(), 'heavy.xlsx', heavyWorkbookBytes());
    expect(refused.response.statusCode).toBe(200);
    expect(refused.envelope).toMatchObject({ code: ResultCode.badRequest, errorCode: 'bom.fileTooComplex', data: null });
    expect(refused.envelope.msg).toContain('文件内容过于复杂');

    const next = await uploadBom(t.app, t.browser(), 'altium.xlsx', xlsxOf(altiumRows));
    expect(next.envelope.code).toBe(ResultCode.success);
    expect(next.envelope.data?.rows).toHaveLength(2);
  });
});

/** A window of the counters turning mid-test would reset the count: their clock stands still inside one minute. */
const windowClock = createTestClock(Date.now());
const redisUrl = process.env.TEST_REDIS_URL;
const backends: { name: string; counters: () => CounterStore | undefined }[] = [
  { name: 'database counters', counters: () => undefined },
  ...(redisUrl
    ? [
        {
          name: 'Redis counters',
          counters: () => createRedisCounterStore(redisUrl, `test-bom-work:${randomBytes(6).toString('hex')}:`, undefined, { clock: windowClock }),
        },
      ]
    : []),
];

for (const backend of backends) {
  describe(`an address's minute of worker CPU (${backend.name})`, () => {
    const counters = backend.counters();
    afterAll(async () => counters?.close());
    const addressCpuMs = 2000;
    const t = useTestApp({
      fixture: (app) => insertBomMatchFixture(app.db.kysely),
      app: { env: { BOM_ADDRESS_CPU_MS_PER_MINUTE: String(addressCpuMs) }, ...(counters ? { counters } : { counterClock: windowClock }) },
    });
    const slices = addressCpuMs / bomWorkSliceMs;

    it('counts what each read cost', async () => {
      const address = '203.0.113.30';
      const { envelope } = await uploadBom(t.app, t.browser(address), 'heavy.xlsx', heavyWorkbookBytes());
      expect(envelope.code).toBe(ResultCode.success);
      // The slice a read takes to start, and more: the heavy workbook costs a few tenths of a second.
      expect(await t.deps.counters.peek(bomWorkKey(address), 60)).toBeGreaterThanOrEqual(2);
    });

    it('refuses uploads and PDFs past it in Chinese, and serves another address', async () => {
      const member = await t.member({}, '203.0.113.31');
      const { bomId } = await member.browser.callOk(bomCalls.save, {
        name: '主板',
        sheet: handSheet([['STM32F103C8T6', '1', '']]),
        options: oneBoard,
        choices: [],
      });
      for (let slice = 0; slice < slices; slice += 1) {
        await t.deps.counters.consume(bomWorkKey(member.browser.ip), slices, 60);
      }
      const refused = await uploadBom(t.app, member.browser, 'altium.xlsx', xlsxOf(altiumRows));
      expect(refused.envelope).toMatchObject({ code: ResultCode.tooManyRequests, errorCode: 'bom.readingBudgetSpent', data: null });
      expect(refused.envelope.msg).toContain('1 分钟后再试');
      const pdf = await t.app.inject({
        method: 'GET',
        url: bomExportPath(bomId, 'pdf'),
        headers: { cookie: member.browser.cookieHeader() },
        remoteAddress: member.browser.ip,
      });
      expect(pdf.statusCode).toBe(429);
      expect(pdf.body).toContain('过于频繁');

      expect((await uploadBom(t.app, t.browser('203.0.113.32'), 'altium.xlsx', xlsxOf(altiumRows))).envelope.code).toBe(ResultCode.success);
    });

    it('draws the quotation PDF in a worker, paid from the address', async () => {
      const member = await t.member({}, '203.0.113.33');
      const productId = t.fixture.products.get('STM32F103C8T6') ?? 0;
      const { bomId } = await member.browser.callOk(bomCalls.save, {
        name: '报价',
        sheet: handSheet([['STM32F103C8T6', '10', '']]),
        options: oneBoard,
        choices: [{ lineNo: 1, productId, quantity: 10 }],
      });
      const pdf = await t.app.inject({
        method: 'GET',
        url: bomExportPath(bomId, 'pdf'),
        headers: { cookie: member.browser.cookieHeader() },
        remoteAddress: member.browser.ip,
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(await t.deps.counters.peek(bomWorkKey(member.browser.ip), 60)).toBeGreaterThanOrEqual(1);
    });
  });
}

/** The upload as uploadBom sends it, its answer left a stream: turning 20 MB into a string would stall the test's own loop. */
async function streamedUpload(app: FastifyInstance, browser: TestBrowser, fileName: string, data: Buffer) {
  const body = multipartBody([{ name: 'file', filename: fileName, data }]);
  return app.inject({
    method: 'POST',
    url: bomUploadPath,
    payload: body.payload,
    payloadAsStream: true,
    headers: { 'content-type': body.contentType, cookie: browser.cookieHeader(), [csrfHeaderName]: browser.cookie(csrfCookieName) ?? '' },
    remoteAddress: browser.ip,
  });
}
