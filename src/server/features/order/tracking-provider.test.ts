import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { orderCalls } from '../../../contract/order-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { recordTrackingEvent, shipOrder } from './order-staff.service.ts';
import { kuaidi100Sign, kuaidi100TrackingProvider, type TrackingProvider } from './tracking-provider.ts';
import { fillCart, insertOrderCatalog, insertPart, previewAndPlace, saveShanghaiAddress } from './testing/order-fixture.ts';

/** Kuaidi100's real-time query on a local port: it checks the signature as Kuaidi100 does and answers what the test sets. */
interface FakeKuaidi100 {
  url: string;
  requests: URLSearchParams[];
  answer: { status: number; body: unknown };
  close(): Promise<void>;
}

const key = 'test-kuaidi100-key';
const customer = 'TESTCUSTOMER0001';

async function startFakeKuaidi100(): Promise<FakeKuaidi100> {
  const state = { requests: [] as URLSearchParams[], answer: { status: 200, body: {} as unknown } };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      state.requests.push(form);
      const param = form.get('param') ?? '';
      const expected = createHash('md5').update(`${param}${key}${customer}`).digest('hex').toUpperCase();
      const isSigned = form.get('customer') === customer && form.get('sign') === expected;
      response.writeHead(isSigned ? state.answer.status : 200, { 'content-type': 'application/json;charset=UTF-8' });
      response.end(JSON.stringify(isSigned ? state.answer.body : { result: false, returnCode: '400', message: '签名错误' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, {
    url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/poll/query.do`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

const carrierAnswer = {
  message: 'ok',
  nu: 'SF1234567890',
  ischeck: '0',
  com: 'shunfeng',
  status: '200',
  state: '0',
  data: [
    { time: '2026-06-12 09:30:00', ftime: '2026-06-12 09:30:00', context: '【深圳市】快件已到达 深圳南山集散中心' },
    { time: '2026-06-11 18:05:00', ftime: '2026-06-11 18:05:00', context: '【上海市】顺丰速运 已收取快件' },
  ],
};

describe('tracking: Kuaidi100 adapter against a local fake', () => {
  let fake: FakeKuaidi100;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    fake = await startFakeKuaidi100();
    Object.assign(env, { KUAIDI100_KEY: key, KUAIDI100_CUSTOMER: customer, KUAIDI100_URL: fake.url });
  });
  afterAll(async () => fake.close());
  const t = useTestApp({ app: { env }, fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

  const own: TrackingProvider = {
    queryTracking: () => Promise.resolve([{ at: Date.UTC(2026, 5, 11, 9), atStr: '2026-06-11 17:00:00', text: '已发货：顺丰速运，运单号 SF1234567890' }]),
  };
  const order = { orderId: 1, carrierCode: 'sf', trackingNo: 'SF1234567890', receiverPhone: '13800138000' };

  it('signs the query as Kuaidi100 asks and merges its lines with the store’s, newest first', async () => {
    fake.answer = { status: 200, body: carrierAnswer };
    const provider = kuaidi100TrackingProvider({ key, customer, url: fake.url }, own, pino({ level: 'silent' }));
    const events = await provider.queryTracking(order);
    expect(events.map((event) => [event.atStr, event.text])).toEqual([
      ['2026-06-12 09:30:00', '【深圳市】快件已到达 深圳南山集散中心'],
      ['2026-06-11 18:05:00', '【上海市】顺丰速运 已收取快件'],
      ['2026-06-11 17:00:00', '已发货：顺丰速运，运单号 SF1234567890'],
    ]);
    expect(events[0]?.at).toBe(Date.UTC(2026, 5, 12, 1, 30));
    const sent = fake.requests.at(-1);
    expect(JSON.parse(sent?.get('param') ?? '{}')).toEqual({ com: 'shunfeng', num: 'SF1234567890', phone: '8000', resultv2: '0' });
    expect(sent?.get('sign')).toBe(kuaidi100Sign(sent?.get('param') ?? '', key, customer));
  });

  it('answers the store’s own lines when Kuaidi100 fails, has no result, or the carrier is pickup', async () => {
    const provider = kuaidi100TrackingProvider({ key, customer, url: fake.url }, own, pino({ level: 'silent' }));
    const ownTexts = ['已发货：顺丰速运，运单号 SF1234567890'];
    fake.answer = { status: 200, body: { result: false, returnCode: '500', message: '查询无结果，请隔段时间再查' } };
    expect((await provider.queryTracking(order)).map((event) => event.text)).toEqual(ownTexts);
    fake.answer = { status: 502, body: {} };
    expect((await provider.queryTracking(order)).map((event) => event.text)).toEqual(ownTexts);
    const unsigned = kuaidi100TrackingProvider({ key: 'wrong', customer, url: fake.url }, own, pino({ level: 'silent' }));
    fake.answer = { status: 200, body: carrierAnswer };
    expect((await unsigned.queryTracking(order)).map((event) => event.text)).toEqual(ownTexts);
    const requestsBefore = fake.requests.length;
    expect((await provider.queryTracking({ ...order, carrierCode: 'pickup', trackingNo: null })).map((event) => event.text)).toEqual(ownTexts);
    expect(fake.requests).toHaveLength(requestsBefore);
  });

  it('serves /common/api/queryExpressInfo from Kuaidi100 when it is configured', async () => {
    fake.answer = { status: 200, body: carrierAnswer };
    const member = await t.member();
    const addressId = await saveShanghaiAddress(member.browser);
    await fillCart(member.browser, [{ productId: await insertPart(t.db.kysely, t.fixture.catalog), quantity: 10 }]);
    const { answer } = await previewAndPlace(member.browser, { addressId });
    const orderNo = answer.data?.orderNo ?? '';
    await t.db.kysely.updateTable('orders').set({ status: 'unshipped', paidAt: Date.now() }).where('orderNo', '=', orderNo).execute();
    await shipOrder(t.db.kysely, { orderNo, carrierCode: 'sf', trackingNo: 'SF1234567890', now: Date.UTC(2026, 5, 11, 9) });
    await recordTrackingEvent(t.db.kysely, { orderNo, text: '仓库已打包', at: Date.UTC(2026, 5, 11, 8) });
    const info = await member.browser.callOk(orderCalls.expressInfo, { orderNo });
    expect(info.events.map((event) => event.text)).toEqual([
      '【深圳市】快件已到达 深圳南山集散中心',
      '【上海市】顺丰速运 已收取快件',
      '已发货：顺丰速运，运单号 SF1234567890',
      '仓库已打包',
    ]);
    expect(JSON.parse(fake.requests.at(-1)?.get('param') ?? '{}')).toMatchObject({ com: 'shunfeng', num: 'SF1234567890', phone: '8000' });
  });
});
