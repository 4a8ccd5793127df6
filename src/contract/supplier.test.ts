import { describe, expect, it } from 'vitest';
import { creditCodeCheckCharacter, isUnifiedCreditCode } from './credit-code.ts';
import { creditCodeRule, supplierFormProblem, type SupplierApplicationForm } from './supplier.ts';
import { problemOf } from './rules.ts';

describe('the unified social credit code check character (GB 32100-2015)', () => {
  // Published codes of real companies, and the standard's own example.
  it.each(['91350100M000100Y43', '9144030071526726XG', '91330100799655058B', '914403001922038216', '91110000802100433B', '91310000MA1FL4B24G'])(
    'accepts %s',
    (code) => {
      expect(isUnifiedCreditCode(code)).toBe(true);
      expect(problemOf(creditCodeRule, code)).toBe('');
    },
  );

  it('writes a check value of 31 as 0 and uses the 31 characters without I, O, Z, S, V', () => {
    expect(creditCodeCheckCharacter('91440300192203821')).toBe('6');
    expect(creditCodeCheckCharacter('9144030071526726X')).toBe('G');
    // Every 17-character body has exactly one check character, always from the set.
    for (const body of ['00000000000000000', '11111111111111111', 'YYYYYYYYYYYYYYYYY']) {
      const check = creditCodeCheckCharacter(body);
      expect(check).toMatch(/^[0-9ABCDEFGHJKLMNPQRTUWXY]$/);
      expect(isUnifiedCreditCode(`${body}${check ?? ''}`)).toBe(true);
    }
    expect(creditCodeCheckCharacter('0000000000000000I')).toBeNull();
  });

  it.each([
    ['91350100M000100Y44', '统一社会信用代码校验位不正确，请核对'],
    ['9144030071526726XH', '统一社会信用代码校验位不正确，请核对'],
    ['91350100M000100YO3', '统一社会信用代码校验位不正确，请核对'],
    ['', '请输入统一社会信用代码或税号'],
    ['9144-0300715267', '税号为1-30位字母或数字'],
    ['1'.repeat(31), '税号为1-30位字母或数字'],
  ])('refuses %s: %s', (code, message) => {
    expect(problemOf(creditCodeRule, code)).toBe(message);
  });

  it('checks in upper case and leaves other lengths to the spec’s tax number rule', () => {
    expect(problemOf(creditCodeRule, '9144030071526726xg')).toBe('');
    expect(problemOf(creditCodeRule, '440301715267260')).toBe('');
    expect(problemOf(creditCodeRule, '44030171526726012345')).toBe('');
  });
});

describe('the supplier form check', () => {
  const form: SupplierApplicationForm = {
    companyName: '深圳市芯源电子有限公司',
    creditCode: '91350100M000100Y43',
    contactName: '陈经理',
    phone: '13800138000',
    smsCode: '1234',
    categoryIds: [1],
    brands: 'ST',
    annualVolume: 'under1m',
    licenceKeys: ['supplier/1/a.pdf'],
    certificateKeys: [],
  };

  it.each([
    [{}, ''],
    [{ companyName: '' }, '请输入公司名称'],
    [{ companyName: '公'.repeat(61) }, '公司名称不能超过60个字'],
    [{ contactName: '  ' }, '请输入联系人姓名'],
    [{ phone: '1380013800' }, '请输入正确的手机号码'],
    [{ smsCode: '12' }, '请输入4位短信验证码'],
    [{ categoryIds: [] }, '请选择供应品类'],
    [{ brands: '' }, '请填写供应品牌'],
    [{ annualVolume: '' as const }, '请选择年供货额'],
    [{ licenceKeys: [] }, '请上传营业执照'],
  ])('%o → %s', (change, message) => {
    expect(supplierFormProblem({ ...form, ...change })).toBe(message);
  });
});
