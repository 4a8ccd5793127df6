import { describe, expect, it } from 'vitest';
import {
  emptyInvoiceForm,
  invoiceFieldProblems,
  invoiceFieldsOf,
  invoiceFormOf,
  invoiceFormProblem,
  isCompanyQuery,
  withCompanyInfo,
  type InvoiceForm,
  type SpecialInvoice,
} from './invoice.ts';

const special: SpecialInvoice = {
  type: 'special',
  companyName: '深圳市瑞达电子科技有限公司',
  taxNumber: '91440305MA5G12345X',
  registeredAddress: '广东省深圳市南山区科技南十二路18号',
  registeredPhone: '0755-86668888',
  bankName: '招商银行深圳南山支行',
  bankAccount: '7559 1234 5678 901',
};

describe('invoice form rules', () => {
  it('checks only the fields of the chosen type', () => {
    const form: InvoiceForm = { ...emptyInvoiceForm, type: 'normal-personal', title: '张三' };
    expect(invoiceFieldProblems(form)).toEqual({ title: '' });
    expect(invoiceFieldProblems({ ...form, type: 'normal-company' })).toEqual({ companyName: '请输入单位名称', taxNumber: '请输入税号' });
    expect(Object.keys(invoiceFieldProblems({ ...form, type: 'special' }))).toEqual([
      'companyName',
      'taxNumber',
      'registeredAddress',
      'registeredPhone',
      'bankName',
      'bankAccount',
    ]);
  });

  it.each([
    [{ taxNumber: '9144-0300' }, '税号为1-30位字母或数字'],
    [{ registeredPhone: '0755-TEL' }, '请输入正确的注册电话（固定电话或手机号码）'],
    [{ bankAccount: '62' }, '请输入正确的银行卡号'],
    [{ bankName: '行' }, '开户银行为2-60个字'],
    [{ registeredAddress: '深圳南山' }, '注册地址为5-120个字'],
    [{ companyName: '华' }, '单位名称为2-100个字'],
  ])('refuses a special invoice with %o', (change, message) => {
    expect(invoiceFormProblem({ ...invoiceFormOf(special), ...change })).toBe(message);
  });

  it('sends what the type asks for, cleaned, with the tax number in capitals', () => {
    const form = { ...invoiceFormOf(special), type: 'normal-company' as const, companyName: ' 深圳市瑞达\n电子有限公司 ', taxNumber: ' 91440305ma5g12345x ' };
    expect(invoiceFieldsOf(form)).toEqual({ type: 'normal-company', companyName: '深圳市瑞达 电子有限公司', taxNumber: '91440305MA5G12345X' });
    expect(invoiceFieldsOf(invoiceFormOf(special))).toEqual(special);
    expect(invoiceFormOf({ type: 'normal-personal', title: '个人' })).toEqual({ ...emptyInvoiceForm, title: '个人' });
  });

  it('fills a chosen company in, keeping typed details the register does not know', () => {
    const typed: InvoiceForm = { ...emptyInvoiceForm, type: 'special', companyName: '瑞达', bankName: '已填写的银行' };
    const info = {
      name: '深圳市瑞达电子科技有限公司',
      taxNumber: '91440305MA5G12345X',
      registeredAddress: '深圳市南山区1号',
      registeredPhone: '',
      bankName: '',
      bankAccount: '',
    };
    expect(withCompanyInfo(typed, info)).toEqual({ ...typed, companyName: info.name, taxNumber: info.taxNumber, registeredAddress: info.registeredAddress });
  });

  it('asks the register from 2 characters on', () => {
    expect(isCompanyQuery('华')).toBe(false);
    expect(isCompanyQuery(' 华 ')).toBe(false);
    expect(isCompanyQuery('华芯')).toBe(true);
  });
});
