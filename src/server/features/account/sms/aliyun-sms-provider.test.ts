import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../testing/test-app.ts';
import { createTestDb, type TestDb } from '../../../testing/test-db.ts';
import { signRpcRequest, stringToSign } from './aliyun-signature.ts';
import { createAliyunSmsProvider } from './aliyun-sms-provider.ts';
import { createSmsProvider } from './create-sms-provider.ts';
import { listOutboxMessages } from './sms-outbox.repository.ts';

const secret = 'fake-secret-for-tests';

/** The gateway's side, written from the documentation rather than from our signer. */
function expectedSignature(method: string, form: URLSearchParams): string {
  const encode = (value: string) =>
    encodeURIComponent(value)
      .replace(/\+/g, '%20')
      .replace(/\*/g, '%2A')
      .replace(/%7E/g, '~')
      .replace(/[!'()]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  const pairs = [...form.entries()].filter(([name]) => name !== 'Signature').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonical = pairs.map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&');
  return createHmac('sha1', `${secret}&`)
    .update(`${method}&${encode('/')}&${encode(canonical)}`)
    .digest('base64');
}

interface Received {
  method: string;
  form: URLSearchParams;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
  });
}

describe('Aliyun SMS provider (Dysmsapi SendSms)', () => {
  let server: Server;
  let endpoint: string;
  const received: Received[] = [];
  const usedNonces = new Set<string>();
  let nextAnswer: { Code: string; Message: string } = { Code: 'OK', Message: 'OK' };

  beforeAll(async () => {
    server = createServer((request, response) => void answer(request, response));
    async function answer(request: IncomingMessage, response: ServerResponse) {
      const form = new URLSearchParams(await readBody(request));
      received.push({ method: request.method ?? '', form });
      const nonce = form.get('SignatureNonce') ?? '';
      const isSigned = form.get('Signature') === expectedSignature(request.method ?? '', form) && !usedNonces.has(nonce);
      usedNonces.add(nonce);
      response.setHeader('content-type', 'application/json');
      if (!isSigned) {
        response.statusCode = 400;
        response.end(JSON.stringify({ Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.', RequestId: 'r-1' }));
        return;
      }
      response.end(JSON.stringify({ ...nextAnswer, RequestId: 'r-2', BizId: 'b-1' }));
    }
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const settings = () => ({ endpoint, accessKeyId: 'test-key-id', accessKeySecret: secret, signName: '芯品商城', templateCode: 'SMS_123456789' });

  it('signs like the documented example (signature version 1.0)', () => {
    const parameters = {
      SignatureVersion: '1.0',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      Version: '2014-05-26',
      AccessKeyId: 'testid',
      SignatureMethod: 'HMAC-SHA1',
      Timestamp: '2016-02-23T12:46:24Z',
    };
    expect(stringToSign('GET', parameters)).toBe(
      'GET&%2F&AccessKeyId%3Dtestid%26Action%3DDescribeRegions%26Format%3DXML%26SignatureMethod%3DHMAC-SHA1%26SignatureNonce%3D3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf%26SignatureVersion%3D1.0%26Timestamp%3D2016-02-23T12%253A46%253A24Z%26Version%3D2014-05-26',
    );
    expect(signRpcRequest('GET', parameters, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('sends a signed SendSms request the gateway accepts', async () => {
    nextAnswer = { Code: 'OK', Message: 'OK' };
    await createAliyunSmsProvider(settings()).send({ phone: '13800138000', code: '4821', content: '验证码4821' });
    const request = received.at(-1);
    expect(request?.method).toBe('POST');
    const form = request?.form;
    expect(form?.get('Action')).toBe('SendSms');
    expect(form?.get('Version')).toBe('2017-05-25');
    expect(form?.get('PhoneNumbers')).toBe('13800138000');
    expect(form?.get('SignName')).toBe('芯品商城');
    expect(form?.get('TemplateCode')).toBe('SMS_123456789');
    expect(JSON.parse(form?.get('TemplateParam') ?? '{}')).toEqual({ code: '4821' });
    expect(form?.get('SignatureMethod')).toBe('HMAC-SHA1');
    expect(form?.get('SignatureVersion')).toBe('1.0');
    expect(form?.get('Timestamp')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it('uses a fresh nonce for every request', async () => {
    const provider = createAliyunSmsProvider(settings());
    await provider.send({ phone: '13800138001', code: '1111', content: '' });
    await provider.send({ phone: '13800138001', code: '2222', content: '' });
    const nonces = received.slice(-2).map((request) => request.form.get('SignatureNonce'));
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('fails when the signature is wrong', async () => {
    const provider = createAliyunSmsProvider({ ...settings(), accessKeySecret: 'not-the-secret' });
    await expect(provider.send({ phone: '13800138000', code: '1234', content: '' })).rejects.toThrow(/SignatureDoesNotMatch/);
  });

  it('fails when the gateway refuses the message', async () => {
    nextAnswer = { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发号码天级流控' };
    await expect(createAliyunSmsProvider(settings()).send({ phone: '13800138000', code: '1234', content: '' })).rejects.toThrow(/BUSINESS_LIMIT_CONTROL/);
    nextAnswer = { Code: 'OK', Message: 'OK' };
  });

  describe('selected by configuration', () => {
    let db: TestDb;
    beforeAll(async () => {
      db = await createTestDb();
    });
    afterAll(async () => {
      await db.drop();
    });

    it('SMS_PROVIDER=aliyun sends through the gateway, not the outbox', async () => {
      const config = testConfig({
        SMS_PROVIDER: 'aliyun',
        ALIYUN_SMS_ENDPOINT: endpoint,
        ALIYUN_SMS_ACCESS_KEY_ID: 'test-key-id',
        ALIYUN_SMS_ACCESS_KEY_SECRET: secret,
        ALIYUN_SMS_SIGN_NAME: '芯品商城',
        ALIYUN_SMS_TEMPLATE_CODE: 'SMS_123456789',
      });
      expect(config.sms.isOutboxEnabled).toBe(false);
      const before = received.length;
      await createSmsProvider(config, db.kysely).send({ phone: '13900000001', code: '5555', content: '' });
      expect(received.length).toBe(before + 1);
      expect(await listOutboxMessages(db.kysely, '13900000001')).toEqual([]);
    });

    it('the default provider writes to the outbox', async () => {
      await createSmsProvider(testConfig(), db.kysely).send({ phone: '13900000002', code: '6666', content: '验证码6666' });
      expect(await listOutboxMessages(db.kysely, '13900000002')).toMatchObject([{ phone: '13900000002', code: '6666', content: '验证码6666' }]);
    });
  });
});
