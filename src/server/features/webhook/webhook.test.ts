import { describe, expect, it } from 'vitest';
import { ResultCode } from '../../../contract/envelope.ts';
import { webhookCalls } from '../../../contract/webhook-calls.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { checkWebhookUrl, isPrivateAddress } from './webhook-address.ts';
import { sendWebhook } from './webhook-sender.ts';
import { WebhookReceiver } from './testing/webhook-receiver.ts';

describe('webhook endpoints of a member', () => {
  const t = useTestApp();

  it('adds an endpoint with a signing secret shown again on demand, edits, pauses and deletes it', async () => {
    const member = await t.member();
    const created = await member.browser.call(webhookCalls.create, {
      url: 'https://erp.example.com/hook',
      events: ['order.paid', 'order.paid', 'quotation.answered'],
    });
    expect(created.msg).toBe('已添加接收地址，请保存签名密钥');
    if (!created.data) throw new Error('no endpoint');
    const { endpoint, secret } = created.data;
    expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(endpoint).toMatchObject({ url: 'https://erp.example.com/hook', events: ['order.paid', 'quotation.answered'], isActive: true });
    expect((await member.browser.callOk(webhookCalls.revealSecret, { endpointId: endpoint.endpointId })).secret).toBe(secret);

    const rotated = await member.browser.callOk(webhookCalls.rotateSecret, { endpointId: endpoint.endpointId });
    expect(rotated.secret).not.toBe(secret);
    expect((await member.browser.callOk(webhookCalls.revealSecret, { endpointId: endpoint.endpointId })).secret).toBe(rotated.secret);

    const paused = await member.browser.callOk(webhookCalls.update, {
      endpointId: endpoint.endpointId,
      url: 'https://erp.example.com/v2',
      events: ['order.shipped'],
      isActive: false,
    });
    expect(paused.endpoints).toEqual([expect.objectContaining({ url: 'https://erp.example.com/v2', events: ['order.shipped'], isActive: false })]);
    expect((await member.browser.call(webhookCalls.sendTest, { endpointId: endpoint.endpointId })).errorCode).toBe('webhook.paused');

    const response = await member.browser.get('/user/webhooks');
    expect(response.statusCode).toBe(200);
    const page = pageStateOf(response.body);
    expect(page).toMatchObject({ data: { endpoints: [expect.objectContaining({ endpointId: endpoint.endpointId })] } });

    expect((await member.browser.callOk(webhookCalls.remove, { endpointId: endpoint.endpointId })).endpoints).toEqual([]);
    expect((await member.browser.call(webhookCalls.revealSecret, { endpointId: endpoint.endpointId })).errorCode).toBe('webhook.notFound');
  });

  it("never shows or changes another member's endpoint", async () => {
    const owner = await t.member();
    const other = await t.member();
    const { endpoint } = await owner.browser.callOk(webhookCalls.create, { url: 'https://erp.example.com/a', events: ['order.paid'] });
    const endpointId = endpoint.endpointId;
    const refusals = [
      await other.browser.call(webhookCalls.revealSecret, { endpointId }),
      await other.browser.call(webhookCalls.rotateSecret, { endpointId }),
      await other.browser.call(webhookCalls.remove, { endpointId }),
      await other.browser.call(webhookCalls.update, { endpointId, url: 'https://evil.example.com/', events: ['order.paid'], isActive: true }),
    ];
    for (const refusal of refusals) expect(refusal).toMatchObject({ code: ResultCode.notFound, errorCode: 'webhook.notFound' });
    expect((await other.browser.callOk(webhookCalls.list, {})).endpoints).toEqual([]);
  });

  it('refuses a sixth endpoint', async () => {
    const member = await t.member();
    for (let index = 0; index < 5; index++)
      await member.browser.callOk(webhookCalls.create, { url: `https://erp.example.com/${String(index)}`, events: ['order.paid'] });
    const sixth = await member.browser.call(webhookCalls.create, { url: 'https://erp.example.com/6', events: ['order.paid'] });
    expect(sixth).toMatchObject({ code: ResultCode.badRequest, errorCode: 'webhook.tooMany', msg: '每位会员最多添加5个接收地址' });
  });

  it('answers bad input with Chinese messages, never a 5xx', async () => {
    const member = await t.member();
    const cases: [unknown, string][] = [
      [{ url: '', events: ['order.paid'] }, '请输入接收地址'],
      [{ url: 'erp.example.com/hook', events: ['order.paid'] }, '接收地址格式不正确，应以 https:// 开头'],
      [{ url: 'ftp://erp.example.com/hook', events: ['order.paid'] }, '接收地址格式不正确，应以 https:// 开头'],
      [{ url: `https://erp.example.com/${'a'.repeat(500)}`, events: ['order.paid'] }, '接收地址不能超过500个字符'],
      [{ url: 'https://erp.example.com/hook', events: [] }, '请至少选择一个事件'],
      [{ url: 'https://erp.example.com/hook', events: ['order.lost'] }, '事件类型不存在'],
      [{ url: 'https://erp.example.com/hook' }, '请至少选择一个事件'],
      [{ url: 'https://user:pw@erp.example.com/hook', events: ['order.paid'] }, '接收地址不能包含用户名或密码'],
      [{ url: 'http://erp.example.com/hook', events: ['order.paid'] }, '接收地址必须使用 https://（http:// 仅限开发环境的本机地址）'],
    ];
    for (const [body, msg] of cases) expect(await member.browser.post(webhookCalls.create.path, body)).toMatchObject({ code: ResultCode.badRequest, msg });
    expect(await member.browser.post(webhookCalls.replay.path, { deliveryId: -1 })).toMatchObject({ code: ResultCode.badRequest, msg: '投递记录不存在' });
  });

  it('lets a visitor call nothing', async () => {
    expect((await t.browser().call(webhookCalls.list, {})).code).toBe(ResultCode.unauthorized);
  });
});

describe('webhook URLs in production (WEBHOOK_ALLOW_PRIVATE=false): no SSRF', () => {
  const t = useTestApp({ app: { env: { WEBHOOK_ALLOW_PRIVATE: 'false' } } });

  it('refuses loopback, private, link-local, metadata and reserved addresses, by IP or by a name that resolves to one, and plain http', async () => {
    const member = await t.member();
    const refused: [string, string][] = [
      ['https://127.0.0.1/hook', 'webhook.privateAddress'],
      ['https://localhost:8443/hook', 'webhook.privateAddress'],
      ['https://10.0.0.5/hook', 'webhook.privateAddress'],
      ['https://172.16.3.4/hook', 'webhook.privateAddress'],
      ['https://192.168.1.1/hook', 'webhook.privateAddress'],
      ['https://169.254.169.254/latest/meta-data', 'webhook.privateAddress'],
      ['https://100.100.100.200/latest/meta-data', 'webhook.privateAddress'],
      ['https://[::1]/hook', 'webhook.privateAddress'],
      ['https://[fd00:ec2::254]/hook', 'webhook.privateAddress'],
      ['https://[::ffff:127.0.0.1]/hook', 'webhook.privateAddress'],
      ['https://0.0.0.0/hook', 'webhook.privateAddress'],
      ['https://2130706433/hook', 'webhook.privateAddress'],
      ['https://0x7f.1/hook', 'webhook.privateAddress'],
      ['http://127.0.0.1:9000/hook', 'webhook.httpsRequired'],
      ['https://no-such-host.invalid/hook', 'webhook.unresolvable'],
    ];
    for (const [url, errorCode] of refused) {
      const answer = await member.browser.call(webhookCalls.create, { url, events: ['order.paid'] });
      expect({ url, errorCode: answer.errorCode, code: answer.code }).toEqual({ url, errorCode, code: ResultCode.badRequest });
    }
    expect((await member.browser.callOk(webhookCalls.create, { url: 'https://93.184.215.14/hook', events: ['order.paid'] })).endpoint.url).toBe(
      'https://93.184.215.14/hook',
    );
  });
});

describe('isPrivateAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.255.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.0.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['224.0.0.1', true],
    ['255.255.255.255', true],
    ['8.8.8.8', false],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fc00::1', true],
    ['ff02::1', true],
    ['::ffff:10.0.0.1', true],
    ['::ffff:8.8.8.8', false],
    ['64:ff9b::a9fe:a9fe', true],
    ['2606:4700:4700::1111', false],
    ['not-an-ip', true],
  ])('%s → %s', (address, isPrivate) => {
    expect(isPrivateAddress(address)).toBe(isPrivate);
  });
});

describe('checkWebhookUrl with a resolver', () => {
  const resolverOf = (table: Record<string, string[]>) => (host: string) => Promise.resolve(table[host] ?? []);
  const resolve = resolverOf({
    'erp.example.com': ['93.184.215.14'],
    'rebind.example.com': ['93.184.215.14', '10.0.0.7'],
    'meta.example.com': ['169.254.169.254'],
  });

  it('refuses a name when any of its addresses is private, in production', async () => {
    await expect(checkWebhookUrl('https://erp.example.com/hook', false, resolve)).resolves.toBeUndefined();
    await expect(checkWebhookUrl('https://rebind.example.com/hook', false, resolve)).rejects.toMatchObject({ errorCode: 'webhook.privateAddress' });
    await expect(checkWebhookUrl('https://meta.example.com/hook', false, resolve)).rejects.toMatchObject({ errorCode: 'webhook.privateAddress' });
  });

  it('allows loopback http only when private addresses are allowed (development and tests)', async () => {
    await expect(checkWebhookUrl('http://127.0.0.1:9000/hook', true, resolve)).resolves.toBeUndefined();
    await expect(checkWebhookUrl('http://localhost:9000/hook', true, resolve)).resolves.toBeUndefined();
    await expect(checkWebhookUrl('http://10.0.0.7/hook', true, resolve)).rejects.toMatchObject({ errorCode: 'webhook.httpsRequired' });
    await expect(checkWebhookUrl('https://meta.example.com/hook', true, resolve)).resolves.toBeUndefined();
  });
});

describe('sendWebhook in production', () => {
  it('refuses at connection time a name that resolves to a private address, and sends nothing', async () => {
    const receiver = await new WebhookReceiver().start();
    try {
      const url = receiver.url.replace('127.0.0.1', 'localhost');
      const send = { url, body: '{}', secret: 'whsec_x', eventType: 'webhook.test', deliveryId: 1, now: Date.now() };
      const refused = await sendWebhook({ ...send, isPrivateAllowed: false });
      expect(refused).toMatchObject({ isSuccess: false, statusCode: null });
      expect(refused.error).toMatch(/^地址 127\.0\.0\.1 属于内网或保留地址$/);
      expect(receiver.received).toHaveLength(0);
      expect(await sendWebhook({ ...send, isPrivateAllowed: true })).toEqual({ isSuccess: true, statusCode: 200, error: '' });
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});
