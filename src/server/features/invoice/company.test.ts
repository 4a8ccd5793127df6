import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { companyCalls, invoiceCalls } from '../../../contract/invoice-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { companyLookupKey, companyLookupLimits, loadCompanyRegister } from './company.service.ts';

const register = [
  { name: '深圳市华芯微电子有限公司', taxNumber: '91440305MA5FAAAA1A' },
  { name: '深圳市华芯半导体股份有限公司', taxNumber: '91440305MA5FAAAA2B' },
  { name: '上海华芯集成电路有限公司', taxNumber: '91310115MA1HAAAA3C' },
  { name: '广州100%电子有限公司', taxNumber: '91440106MA59AAAA4D' },
  { name: '广州100号电子有限公司', taxNumber: '91440106MA59AAAA5E' },
  { name: '北京A_B科技有限公司', taxNumber: '91110108MA01AAAA6F' },
  { name: '北京AXB科技有限公司', taxNumber: '91110108MA01AAAA7G' },
  { name: 'ABC电子（深圳）有限公司', taxNumber: '91440300MA5FAAAA8H' },
  { name: '深圳市反斜杠\\电子有限公司', taxNumber: '91440300MA5FAAAA9J' },
  ...Array.from({ length: 12 }, (_, index) => ({
    name: `苏州微纳${String(index).padStart(2, '0')}传感技术有限公司`,
    taxNumber: `9132050600000000${String(index).padStart(2, '0')}`,
  })),
].map((company) => ({
  ...company,
  registeredAddress: '广东省深圳市南山区科技南十二路18号',
  registeredPhone: '0755-86668888',
  bankName: '招商银行深圳南山支行',
  bankAccount: '755912345678901',
}));

describe('company register: queryCompanyNameList and queryCompanyInfo', () => {
  const t = useTestApp({ fixture: (app) => loadCompanyRegister(app.db.kysely, register) });

  const namesFor = async (name: string) => (await t.member()).browser.callOk(companyCalls.queryCompanyNameList, { name });

  it('answers 401 to visitors: the answers carry tax data', async () => {
    const visitor = t.browser();
    expect(await visitor.call(companyCalls.queryCompanyNameList, { name: '华芯' })).toMatchObject({ code: 401, errorCode: 'request.loginRequired' });
    expect(await visitor.call(companyCalls.queryCompanyInfo, { name: '深圳市华芯微电子有限公司' })).toMatchObject({ code: 401 });
  });

  it('lists names containing the text, those starting with it first, then the shorter', async () => {
    expect(await namesFor('华芯')).toEqual(['深圳市华芯微电子有限公司', '上海华芯集成电路有限公司', '深圳市华芯半导体股份有限公司']);
    expect(await namesFor('深圳市华芯')).toEqual(['深圳市华芯微电子有限公司', '深圳市华芯半导体股份有限公司']);
    expect(await namesFor('  微电子 ')).toEqual(['深圳市华芯微电子有限公司']);
  });

  it('matches Latin letters in any case', async () => {
    expect(await namesFor('abc电子')).toEqual(['ABC电子（深圳）有限公司']);
    expect(await namesFor('axb')).toEqual(['北京AXB科技有限公司']);
  });

  it('lists at most 10 names', async () => {
    const names = await namesFor('苏州微纳');
    expect(names).toHaveLength(10);
    expect(names[0]).toBe('苏州微纳00传感技术有限公司');
  });

  it('answers none below 2 characters, and none for a text no company has', async () => {
    expect(await namesFor('华')).toEqual([]);
    expect(await namesFor(' ')).toEqual([]);
    expect(await namesFor('不存在的公司')).toEqual([]);
  });

  it('takes LIKE wildcards and the escape character literally', async () => {
    expect(await namesFor('100%')).toEqual(['广州100%电子有限公司']);
    expect(await namesFor('%%')).toEqual([]);
    expect(await namesFor('A_B')).toEqual(['北京A_B科技有限公司']);
    expect(await namesFor('__')).toEqual([]);
    expect(await namesFor('杠\\电')).toEqual(['深圳市反斜杠\\电子有限公司']);
    expect(await namesFor('\\%')).toEqual([]);
  });

  it("gives the company's fields by its exact name in any case, and null for an unknown name", async () => {
    const member = await t.member();
    expect(await member.browser.call(companyCalls.queryCompanyInfo, { name: 'abc电子（深圳）有限公司' })).toEqual({
      code: 1,
      msg: '',
      data: {
        name: 'ABC电子（深圳）有限公司',
        taxNumber: '91440300MA5FAAAA8H',
        registeredAddress: '广东省深圳市南山区科技南十二路18号',
        registeredPhone: '0755-86668888',
        bankName: '招商银行深圳南山支行',
        bankAccount: '755912345678901',
      },
    });
    expect(await member.browser.call(companyCalls.queryCompanyInfo, { name: '深圳市华芯' })).toMatchObject({ code: 1, data: null });
    expect(await member.browser.post(companyCalls.queryCompanyInfo.path, { name: '华'.repeat(101) })).toMatchObject({
      code: 400,
      msg: '单位名称不能超过100个字',
    });
  });

  it('learns the companies of members’ invoice profiles by tax number, keeping what a plainer profile does not say', async () => {
    const member = await t.member();
    await member.browser.callOk(invoiceCalls.save, {
      invoice: { type: 'normal-company', companyName: '杭州新学电子有限公司', taxNumber: '91330108MA2AAAAA1X' },
    });
    expect(await member.browser.callOk(companyCalls.queryCompanyNameList, { name: '新学' })).toEqual(['杭州新学电子有限公司']);
    expect(await member.browser.callOk(companyCalls.queryCompanyInfo, { name: '杭州新学电子有限公司' })).toMatchObject({
      taxNumber: '91330108MA2AAAAA1X',
      bankAccount: '',
    });
    const special = {
      type: 'special' as const,
      companyName: '杭州新学微电子有限公司',
      taxNumber: '91330108ma2aaaaa1x',
      registeredAddress: '浙江省杭州市滨江区江南大道1号',
      registeredPhone: '0571-88886666',
      bankName: '中国银行杭州滨江支行',
      bankAccount: '3801 2345 6789',
    };
    await member.browser.callOk(invoiceCalls.save, { invoice: special });
    await member.browser.callOk(invoiceCalls.save, {
      invoice: { type: 'normal-company', companyName: '杭州新学微电子有限公司', taxNumber: '91330108MA2AAAAA1X' },
    });
    expect(await member.browser.callOk(companyCalls.queryCompanyNameList, { name: '新学' })).toEqual(['杭州新学微电子有限公司']);
    expect(await member.browser.callOk(companyCalls.queryCompanyInfo, { name: '杭州新学微电子有限公司' })).toEqual({
      name: '杭州新学微电子有限公司',
      taxNumber: '91330108MA2AAAAA1X',
      registeredAddress: special.registeredAddress,
      registeredPhone: special.registeredPhone,
      bankName: special.bankName,
      bankAccount: special.bankAccount,
    });
    await member.browser.callOk(invoiceCalls.save, { invoice: { type: 'normal-personal', title: '杭州新学个人' } });
    expect(await member.browser.callOk(companyCalls.queryCompanyNameList, { name: '新学个人' })).toEqual([]);
  });

  it('never lets a member’s profile change a company of the register', async () => {
    const member = await t.member();
    await member.browser.callOk(invoiceCalls.save, { invoice: { type: 'normal-company', companyName: '冒名顶替有限公司', taxNumber: '91440305MA5FAAAA1A' } });
    expect(await member.browser.callOk(companyCalls.queryCompanyNameList, { name: '冒名' })).toEqual([]);
    expect(await member.browser.callOk(companyCalls.queryCompanyInfo, { name: '深圳市华芯微电子有限公司' })).toMatchObject({ taxNumber: '91440305MA5FAAAA1A' });
  });

  it(`refuses a member's lookups beyond ${companyLookupLimits.perWindow} a minute, and counts no other member's`, async () => {
    const member = await t.member();
    const other = await t.member();
    // A fixed window must not turn over in the middle of the test: start it just after a window begins.
    const windowMs = companyLookupLimits.windowSeconds * 1000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((Math.floor(Date.now() / windowMs) + 1) * windowMs + 1000);
    onTestFinished(() => {
      vi.useRealTimers();
    });
    for (let index = 0; index < companyLookupLimits.perWindow; index++) {
      await t.deps.counters.consume(companyLookupKey(member.userId), companyLookupLimits.perWindow, companyLookupLimits.windowSeconds);
    }
    const refused = { code: 429, errorCode: 'invoice.lookupTooFrequent', msg: '查询过于频繁，请稍后再试' };
    expect(await member.browser.call(companyCalls.queryCompanyNameList, { name: '华芯' })).toMatchObject(refused);
    expect(await member.browser.call(companyCalls.queryCompanyInfo, { name: '深圳市华芯微电子有限公司' })).toMatchObject(refused);
    expect(await other.browser.call(companyCalls.queryCompanyNameList, { name: '华芯' })).toMatchObject({ code: 1 });
  });
});
