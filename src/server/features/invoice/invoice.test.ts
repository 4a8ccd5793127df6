import { describe, expect, it } from 'vitest';
import { maxInvoiceProfiles, type InvoiceFields, type SpecialInvoice } from '../../../contract/invoice.ts';
import { invoiceCalls } from '../../../contract/invoice-calls.ts';
import type { AppError } from '../../http/app-error.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { listInvoiceProfiles, resolveInvoiceForOrder } from './invoice.service.ts';

const personal: InvoiceFields = { type: 'normal-personal', title: '张三' };
const company: InvoiceFields = { type: 'normal-company', companyName: '深圳市华芯微电子有限公司', taxNumber: '91440300MA5FXXXX1K' };
const special: SpecialInvoice = {
  type: 'special',
  companyName: '深圳市瑞达电子科技有限公司',
  taxNumber: '91440305MA5G12345X',
  registeredAddress: '广东省深圳市南山区科技南十二路18号',
  registeredPhone: '0755-86668888',
  bankName: '招商银行深圳南山支行',
  bankAccount: '7559 1234 5678 901',
};

describe('invoice profiles: invoiceCalls', () => {
  const t = useTestApp();

  it('answers 401 to visitors', async () => {
    const visitor = t.browser();
    expect(await visitor.call(invoiceCalls.list, {})).toMatchObject({ code: 401, errorCode: 'request.loginRequired' });
    expect(await visitor.call(invoiceCalls.save, { invoice: personal })).toMatchObject({ code: 401 });
    expect(await visitor.call(invoiceCalls.delete, { id: 1 })).toMatchObject({ code: 401 });
  });

  it('saves a profile of each type with only its own fields; the first becomes the default', async () => {
    const member = await t.member();
    const first = await member.browser.call(invoiceCalls.save, { invoice: { ...personal, title: ' 张三 ' } });
    expect(first).toMatchObject({ code: 1, msg: '发票信息已保存', data: { type: 'normal-personal', title: '张三', isDefault: true } });
    const second = await member.browser.callOk(invoiceCalls.save, { invoice: { ...company, taxNumber: '91440300ma5fxxxx1k' } });
    expect(second).toEqual({ ...company, id: expect.any(Number) as number, isDefault: false });
    const third = await member.browser.callOk(invoiceCalls.save, { invoice: special });
    expect(third).toEqual({ ...special, id: expect.any(Number) as number, isDefault: false });
    const list = await member.browser.callOk(invoiceCalls.list, {});
    expect(list.map((profile) => profile.type)).toEqual(['normal-personal', 'special', 'normal-company']);
  });

  it('edits a profile (its type too), makes another the default, and passes the default on when it is deleted', async () => {
    const member = await t.member();
    const first = await member.browser.callOk(invoiceCalls.save, { invoice: personal });
    const second = await member.browser.callOk(invoiceCalls.save, { invoice: company });
    const third = await member.browser.callOk(invoiceCalls.save, { invoice: personal });
    const edited = await member.browser.callOk(invoiceCalls.save, { id: second.id, isDefault: true, invoice: special });
    expect(edited).toEqual({ ...special, id: second.id, isDefault: true });
    const listed = await listInvoiceProfiles(t.db.kysely, member.userId);
    expect(listed.filter((profile) => profile.isDefault).map((profile) => profile.id)).toEqual([second.id]);
    const unticked = await member.browser.callOk(invoiceCalls.save, { id: second.id, isDefault: false, invoice: special });
    expect(unticked.isDefault).toBe(true);
    const afterDelete = await member.browser.call(invoiceCalls.delete, { id: second.id });
    expect(afterDelete).toMatchObject({ code: 1, msg: '发票信息已删除' });
    expect(afterDelete.data?.map((profile) => [profile.id, profile.isDefault])).toEqual([
      [third.id, true],
      [first.id, false],
    ]);
  });

  it("answers not found for another member's profile, and leaves it as it was", async () => {
    const owner = await t.member();
    const intruder = await t.member();
    const profile = await owner.browser.callOk(invoiceCalls.save, { invoice: special });
    const notFound = { code: 404, errorCode: 'invoice.notFound', msg: '发票信息不存在' };
    expect(await intruder.browser.call(invoiceCalls.save, { id: profile.id, invoice: personal })).toMatchObject(notFound);
    expect(await intruder.browser.call(invoiceCalls.delete, { id: profile.id })).toMatchObject(notFound);
    expect(await owner.browser.callOk(invoiceCalls.list, {})).toEqual([profile]);
  });

  it(`keeps at most ${maxInvoiceProfiles} profiles, and fills the last place once when 5 saves race for it`, async () => {
    const member = await t.member();
    for (let index = 0; index < maxInvoiceProfiles - 1; index++)
      await member.browser.callOk(invoiceCalls.save, { invoice: { ...personal, title: `抬头${index}` } });
    const answers = await Promise.all(Array.from({ length: 5 }, () => member.browser.call(invoiceCalls.save, { invoice: personal })));
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    expect(answers.filter((answer) => answer.errorCode === 'invoice.full').map((answer) => answer.msg)).toEqual(
      Array.from({ length: 4 }, () => '最多可保存10条发票信息，请先删除不用的发票信息'),
    );
    expect(await listInvoiceProfiles(t.db.kysely, member.userId)).toHaveLength(maxInvoiceProfiles);
  });

  describe('refuses each bad field with its rule’s message', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['no type', { title: '张三' }, '请选择发票类型'],
      ['an unknown type', { type: 'electronic', title: '张三' }, '请选择发票类型'],
      ['a personal invoice without a title', { type: 'normal-personal', title: ' ' }, '请输入发票抬头'],
      ['a title of 51 characters', { type: 'normal-personal', title: '张'.repeat(51) }, '发票抬头不能超过50个字'],
      ['a company invoice without a tax number', { ...company, taxNumber: undefined }, '请输入税号'],
      ['a tax number with a dash', { ...company, taxNumber: '9144-0300' }, '税号为1-30位字母或数字'],
      ['a tax number of 31 characters', { ...company, taxNumber: '9'.repeat(31) }, '税号为1-30位字母或数字'],
      ['a company name of one character', { ...company, companyName: '华' }, '单位名称为2-100个字'],
      ['a special invoice without a bank account', { ...special, bankAccount: undefined }, '请输入银行卡号'],
      ['a bank account with letters', { ...special, bankAccount: '6222 ABCD' }, '请输入正确的银行卡号'],
      ['a bank account of 2 digits', { ...special, bankAccount: '62' }, '请输入正确的银行卡号'],
      ['a registered phone with letters', { ...special, registeredPhone: '0755-TEL' }, '请输入正确的注册电话（固定电话或手机号码）'],
      ['a registered phone of 21 digits', { ...special, registeredPhone: '1'.repeat(21) }, '请输入正确的注册电话（固定电话或手机号码）'],
      ['a registered address of 4 characters', { ...special, registeredAddress: '深圳南山' }, '注册地址为5-120个字'],
      ['a bank name of one character', { ...special, bankName: '行' }, '开户银行为2-60个字'],
    ];
    for (const [name, invoice, message] of cases) {
      it(name, async () => {
        const member = await t.member();
        expect(await member.browser.post(invoiceCalls.save.path, { invoice })).toMatchObject({ code: 400, errorCode: 'request.invalid', msg: message });
        expect(await listInvoiceProfiles(t.db.kysely, member.userId)).toEqual([]);
      });
    }
  });

  it('accepts a special invoice whose registered phone is a mobile number, and a tax number of one character', async () => {
    const member = await t.member();
    expect(await member.browser.callOk(invoiceCalls.save, { invoice: { ...special, registeredPhone: '13800138000', taxNumber: 'a' } })).toMatchObject({
      registeredPhone: '13800138000',
      taxNumber: 'A',
    });
  });

  describe('resolveInvoiceForOrder', () => {
    it('gives none, a copy of the member’s own profile, or checked inline fields', async () => {
      const member = await t.member();
      const profile = await member.browser.callOk(invoiceCalls.save, { invoice: special });
      expect(await resolveInvoiceForOrder(t.db.kysely, member.userId, { kind: 'none' })).toBeNull();
      expect(await resolveInvoiceForOrder(t.db.kysely, member.userId, { kind: 'profile', invoiceProfileId: profile.id })).toEqual(special);
      const inline = await resolveInvoiceForOrder(t.db.kysely, member.userId, { kind: 'inline', invoice: { ...company, taxNumber: ' 91440300ma5fxxxx1k ' } });
      expect(inline).toEqual(company);
    });

    it("refuses another member's profile and inline fields that break a rule", async () => {
      const owner = await t.member();
      const other = await t.member();
      const profile = await owner.browser.callOk(invoiceCalls.save, { invoice: personal });
      await expect(resolveInvoiceForOrder(t.db.kysely, other.userId, { kind: 'profile', invoiceProfileId: profile.id })).rejects.toMatchObject({
        errorCode: 'invoice.notFound',
      } satisfies Partial<AppError>);
      await expect(resolveInvoiceForOrder(t.db.kysely, owner.userId, { kind: 'inline', invoice: { ...company, taxNumber: '91-44' } })).rejects.toMatchObject({
        errorCode: 'request.invalid',
        msg: '税号为1-30位字母或数字',
      } satisfies Partial<AppError>);
    });
  });
});
