import { describe, expect, it } from 'vitest';
import { accountCalls } from '../../../contract/account-calls.ts';
import { contactCalls } from '../../../contract/contact-calls.ts';
import { contactGraphCodeType, contactLimits, type ContactPageData } from '../../../contract/contact.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { nextIp } from '../account/account.test-helpers.ts';
import { insertContentFixture } from '../content/testing/content-fixture.ts';

const message = '请问 STM32F103C8T6 现货 5000 片的阶梯价格与交期？';
const form = { name: '张工', phone: '13912345678', email: 'zhang@example.com', company: '深圳某某电子有限公司', message };

describe('the contact form', () => {
  const t = useTestApp();

  async function graphicAnswerOf(browser: TestBrowser): Promise<string> {
    await browser.callOk(accountCalls.queryDynamicGraphCode, { type: contactGraphCodeType });
    const { answer } = (await browser.get('/dev/graphic-code')).json<{ answer: string | null }>();
    if (!answer) throw new Error('no graphic code stored');
    return answer;
  }

  const storedOf = (phone: string) => t.db.kysely.selectFrom('contactMessages').selectAll().where('phone', '=', phone).orderBy('id').execute();

  it.each([
    ['no name', { name: undefined }, '请输入您的姓名'],
    ['a blank name', { name: '   ' }, '请输入您的姓名'],
    ['a name of 31 characters', { name: '张'.repeat(31) }, '姓名不能超过30个字'],
    ['no phone', { phone: undefined }, '请输入手机号码'],
    ['a landline as phone', { phone: '075583266688' }, '请输入正确的手机号码'],
    ['a phone starting 12', { phone: '12912345678' }, '请输入正确的手机号码'],
    ['an email without a domain', { email: 'zhang@' }, '请输入正确的邮箱地址'],
    ['an email with a one-letter top level', { email: 'zhang@example.c' }, '请输入正确的邮箱地址'],
    ['a company of 61 characters', { company: '公'.repeat(61) }, '公司名称不能超过60个字'],
    ['no message', { message: undefined }, '请填写留言内容'],
    ['a message of 9 characters', { message: '一二三四五六七八九' }, '留言内容至少10个字'],
    ['a message of 1001 characters', { message: '询'.repeat(1001) }, '留言内容不能超过1000个字'],
  ])('refuses %s in Chinese, storing nothing', async (_name, change, msg) => {
    const browser = t.browser(nextIp());
    const countAll = async () => (await t.db.kysely.selectFrom('contactMessages').select('id').execute()).length;
    const before = await countAll();
    const answer = await browser.post(contactCalls.send.path, { ...form, phone: '13700000001', ...change });
    expect(answer).toMatchObject({ code: 400, data: null, msg });
    expect(await countAll()).toBe(before);
  });

  it('stores a message trimmed, 待处理, with the member and address; email and company are optional', async () => {
    const member = await t.member({}, nextIp());
    const answer = await member.browser.call(contactCalls.send, { ...form, phone: '13700000002', name: ' 张工 ', message: ` ${message} ` });
    expect(answer).toMatchObject({ code: 1, msg: '留言已提交，我们将在1个工作日内与您联系' });
    const visitor = t.browser(nextIp());
    await visitor.callOk(contactCalls.send, { name: '李经理', phone: '13700000003', message });
    const [stored] = await storedOf('13700000002');
    expect(stored).toMatchObject({
      id: answer.data?.id,
      name: '张工',
      message,
      email: 'zhang@example.com',
      company: '深圳某某电子有限公司',
      status: 'new',
      userId: member.userId,
      ip: member.browser.ip,
      handledAt: null,
    });
    expect(await storedOf('13700000003')).toMatchObject([{ email: '', company: '', userId: null, status: 'new' }]);
  });

  it('asks for the graphic code on the second send of a session, refuses a wrong one, and takes the right one', async () => {
    const browser = t.browser(nextIp());
    const phone = '13700000004';
    await browser.callOk(contactCalls.send, { ...form, phone });
    expect(await browser.call(contactCalls.send, { ...form, phone })).toMatchObject({
      code: 429,
      msg: '操作过于频繁，请输入图形验证码',
      errorCode: 'graphCode.required',
    });
    const answer = await graphicAnswerOf(browser);
    const wrong = answer === 'abcd' ? 'efgh' : 'abcd';
    expect(await browser.call(contactCalls.send, { ...form, phone, graphCode: wrong })).toMatchObject({ code: 400, msg: '图形验证码错误' });
    // The wrong answer spent the code: the right answer to it no longer works either.
    expect(await browser.call(contactCalls.send, { ...form, phone, graphCode: answer })).toMatchObject({ code: 400, errorCode: 'graphCode.expired' });
    // A code of another purpose (registration's) is no code for the form.
    await browser.callOk(accountCalls.queryDynamicGraphCode, { type: 0 });
    const registrationAnswer = (await browser.get('/dev/graphic-code')).json<{ answer: string }>().answer;
    expect(await browser.call(contactCalls.send, { ...form, phone, graphCode: registrationAnswer })).toMatchObject({ errorCode: 'graphCode.expired' });
    expect(await browser.call(contactCalls.send, { ...form, phone, graphCode: (await graphicAnswerOf(browser)).toUpperCase() })).toMatchObject({ code: 1 });
    expect(await storedOf(phone)).toHaveLength(2);
  });

  it('asks a new session for the graphic code once its address has sent three in the hour', async () => {
    const ip = nextIp();
    for (let index = 0; index < contactLimits.freePerIpPerHour; index += 1) await t.browser(ip).callOk(contactCalls.send, { ...form, phone: '13700000005' });
    expect(await t.browser(ip).call(contactCalls.send, { ...form, phone: '13700000005' })).toMatchObject({ errorCode: 'graphCode.required' });
    // Another address is not affected.
    expect(await t.browser(nextIp()).call(contactCalls.send, { ...form, phone: '13700000005' })).toMatchObject({ code: 1 });
  });

  it('refuses every send from an address past ten in the hour, graphic code or not', async () => {
    const ip = nextIp();
    const browser = t.browser(ip);
    for (let index = 0; index < contactLimits.perIpPerHour; index += 1) {
      const graphCode = index === 0 ? undefined : await graphicAnswerOf(browser);
      await browser.callOk(contactCalls.send, { ...form, phone: '13700000006', ...(graphCode ? { graphCode } : {}) });
    }
    const graphCode = await graphicAnswerOf(browser);
    expect(await browser.call(contactCalls.send, { ...form, phone: '13700000006', graphCode })).toMatchObject({
      code: 429,
      msg: '留言提交过于频繁，请1小时后再试',
      errorCode: 'contact.tooFrequent',
    });
    expect(await storedOf('13700000006')).toHaveLength(contactLimits.perIpPerHour);
  });

  it('lets only the free sends through when one session sends many at once', async () => {
    const browser = t.browser(nextIp());
    await browser.get('/contact');
    const answers = await Promise.all(Array.from({ length: 6 }, () => browser.call(contactCalls.send, { ...form, phone: '13700000007' })));
    // Two counters (the session's and the address's) are consumed one after the other, so which send
    // holds the session's free turn and which the address's early counts is a race: the free send may
    // land past the address's free count and need the code too. What can never happen is more than the
    // free sends getting through, or a send stored that was refused.
    const accepted = answers.filter((answer) => answer.code === 1);
    expect(accepted.length).toBeLessThanOrEqual(contactLimits.freePerSessionPerHour);
    expect(answers.filter((answer) => answer.errorCode === 'graphCode.required')).toHaveLength(6 - accepted.length);
    expect(await storedOf('13700000007')).toHaveLength(accepted.length);
  });
});

describe('the contact page', () => {
  const t = useTestApp({ fixture: (app) => insertContentFixture(app.db) });

  it('lists the seeded offices and the warehouses (from the warehouses table) with their maps, and the channels of the config info', async () => {
    const response = await t.browser().get('/contact');
    expect(response.statusCode).toBe(200);
    const state = pageStateOf<ContactPageData>(response.body);
    expect(state.data.offices.map((office) => [office.name, office.kindLabel])).toEqual([
      ['深圳总部', '办公地址'],
      ['上海分公司', '办公地址'],
    ]);
    expect(state.data.warehouses.map((warehouse) => [warehouse.name, warehouse.cutoffTime, warehouse.mapUrl])).toEqual([
      ['深圳仓', '16:00', '/contact/map/warehouse-SZ.svg'],
      ['江苏仓', '16:00', '/contact/map/warehouse-JS.svg'],
    ]);
    expect(response.body).toContain('当日发货截单：周一至周六 <!-- -->16:00');
    expect(state.data.graphCodeType).toBe(contactGraphCodeType);
    expect(response.body).toContain('<title>联系我们 - ');
    expect(response.body).toContain('广东省深圳市福田区华强北路1019号');
    const config = state.shell.sidebarInfo.configInfo;
    expect(config.qq).not.toBe('');
    expect(response.body).toContain(`data-testid="contact-landline">${config.landLine}<`);
    expect(response.body).toContain(`data-testid="contact-qq">${config.qq}<`);
    expect(response.body).toContain(config.operateQrCode);
    expect(response.body).toContain(state.shell.footerData.hours);
  });

  it('serves each office’s map as a script-free SVG image, and 404 for an unknown office', async () => {
    const browser = t.browser();
    const state = pageStateOf<ContactPageData>((await browser.get('/contact')).body);
    const office = state.data.offices[0];
    if (!office) throw new Error('no office');
    const map = await browser.get(office.mapUrl);
    expect(map.statusCode).toBe(200);
    expect(map.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(map.headers['content-security-policy']).toContain("default-src 'none'");
    expect(map.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(map.body).toContain('深圳总部');
    expect(map.body).not.toMatch(/<script|on\w+=/i);
    // The same office draws the same map; another office another.
    expect((await browser.get(office.mapUrl)).body).toBe(map.body);
    expect((await browser.get(state.data.offices[1]?.mapUrl ?? '')).body).not.toBe(map.body);
    for (const path of ['/contact/map/999999.svg', '/contact/map/abc.svg', '/contact/map/1.png', '/contact/map/warehouse-XX.svg'])
      expect((await browser.get(path)).statusCode).toBe(404);
    const warehouseMap = await browser.get(state.data.warehouses[0]?.mapUrl ?? '');
    expect(warehouseMap.statusCode).toBe(200);
    expect(warehouseMap.body).toContain('深圳仓');
    expect(warehouseMap.body).not.toMatch(/<script|on\w+=/i);
  });
});
