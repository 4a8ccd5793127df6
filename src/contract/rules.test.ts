import { describe, expect, it } from 'vitest';
import {
  isBankNumber,
  isEmail,
  isFloat,
  isImageFileName,
  isImageMimeType,
  isLandline,
  isMobilePhone,
  isPackMultiple,
  isPassword,
  isSmsCode,
  isStrongPassword,
  isTaxNumber,
  isVerificationCode,
  isWalletPassword,
  newPasswordPairProblem,
  newPasswordProblem,
  newPasswordRule,
  passesEncodeCheck,
  phoneRule,
  problemOf,
  smsCodeRule,
  type TextRule,
} from './rules.ts';
import { newPasswordSchema, phoneSchema, ruleSchema, smsCodeSchema } from './rules-requests.ts';

type Case = [string, boolean];

function table(name: string, rule: (value: string) => boolean, cases: Case[]) {
  describe(name, () => {
    it.each(cases)('%j → %s', (value, expected) => {
      expect(rule(value)).toBe(expected);
    });
  });
}

table('mobile phone: 11 digits, 1 then 3-9', isMobilePhone, [
  ['13800138000', true],
  ['19912345678', true],
  ['15000000000', true],
  ['12800138000', false],
  ['10800138000', false],
  ['23800138000', false],
  ['1380013800', false],
  ['138001380001', false],
  ['1380013800a', false],
  [' 13800138000', false],
  ['', false],
]);

table('email: no leading @, a domain, top-level part of 2-14 letters', isEmail, [
  ['buyer@example.com', true],
  ['a.b-c_d+tag@mail.example.com.cn', true],
  ['x@y.museum', true],
  ['x@y.abcdefghijklmn', true],
  ['x@y.abcdefghijklmno', false],
  ['@example.com', false],
  ['buyer@', false],
  ['buyer@example', false],
  ['buyer@example.c', false],
  ['buyer@example.c0m', false],
  ['buyer example@example.com', false],
  ['', false],
]);

table('landline: digits with an optional single dash or space', isLandline, [
  ['075583998888', true],
  ['0755-83998888', true],
  ['0755 83998888', true],
  ['0755--83998888', false],
  ['0755-8399-8888', false],
  ['-83998888', false],
  ['0755-', false],
  ['0755a8399', false],
  ['', false],
]);

table('tax number: 1-30 letters or digits', isTaxNumber, [
  ['91440300MA5F0XXX1Q', true],
  ['1', true],
  ['A'.repeat(30), true],
  ['A'.repeat(31), false],
  ['9144-0300', false],
  ['税号123', false],
  ['', false],
]);

table('verification code: 4-6 digits', isVerificationCode, [
  ['1234', true],
  ['123456', true],
  ['123', false],
  ['1234567', false],
  ['12a4', false],
  ['', false],
]);

table('SMS code of the register box: 4 digits', isSmsCode, [
  ['0000', true],
  ['9876', true],
  ['987', false],
  ['98765', false],
  ['98 6', false],
  ['abcd', false],
]);

table('wallet password: 6 digits', isWalletPassword, [
  ['123456', true],
  ['000000', true],
  ['12345', false],
  ['1234567', false],
  ['12345a', false],
]);

table('password: 6-20 letters or digits', isPassword, [
  ['abc123', true],
  ['abcdef', true],
  ['123456', true],
  ['a'.repeat(20), true],
  ['a'.repeat(21), false],
  ['abc12', false],
  ['abc 123', false],
  ['abc_123', false],
  ['密码abc123', false],
]);

table('strong password: 6+ characters with a digit and a letter', isStrongPassword, [
  ['abc123', true],
  ['A1bcdefghijklmnopqrstu', true],
  ['a1!@#$', true],
  ['abcdef', false],
  ['123456', false],
  ['ab12', false],
  ['', false],
]);

table('bank number: digits with spaces or dashes, 3-52 characters', isBankNumber, [
  ['6222021234567890123', true],
  ['6222 0212 3456 7890 123', true],
  ['6222-0212-3456', true],
  ['123', true],
  ['12', false],
  ['1'.repeat(52), true],
  ['1'.repeat(53), false],
  ['6222a0212', false],
  ['- -', false],
]);

table('float: at most 2 decimals', isFloat, [
  ['0', true],
  ['12', true],
  ['12.5', true],
  ['12.50', true],
  ['0.01', true],
  ['12.505', false],
  ['12.', false],
  ['.5', false],
  ['-1.5', false],
  ['1e3', false],
  ['', false],
]);

table('image types by file name: bmp, jpg, png, webp', isImageFileName, [
  ['logo.png', true],
  ['photo.JPG', true],
  ['photo.jpeg', true],
  ['scan.bmp', true],
  ['banner.webp', true],
  ['anim.gif', false],
  ['vector.svg', false],
  ['png', false],
  ['archive.png.zip', false],
]);

table('image types by MIME type', isImageMimeType, [
  ['image/png', true],
  ['image/jpeg', true],
  ['image/bmp', true],
  ['image/webp', true],
  ['IMAGE/PNG', true],
  ['image/gif', false],
  ['image/svg+xml', false],
  ['application/pdf', false],
]);

table('encode check: no special characters or whitespace', passesEncodeCheck, [
  ['STM32F103C8T6', true],
  ['0603-10K', true],
  ['电阻', true],
  ['STM32_F103', false],
  ['A*B', false],
  ['A^B', false],
  ['A&B', false],
  ['A@B', false],
  ['A!B', false],
  ['A#B', false],
  ['A$B', false],
  ['A¥B', false],
  ['A(B)', false],
  ['A（B）', false],
  ['A<B>', false],
  ['A B', false],
  ['A\tB', false],
]);

describe('integer purchase: quantity is a multiple of the pack size', () => {
  it.each([
    [100, 100, true],
    [300, 100, true],
    [5, 1, true],
    [150, 100, false],
    [99, 100, false],
    [0, 100, false],
    [-100, 100, false],
    [2.5, 1, false],
    [100, 0, false],
  ])('quantity %i with pack %i → %s', (quantity, packSize, expected) => {
    expect(isPackMultiple(quantity, packSize)).toBe(expected);
  });
});

describe('request schemas carry Chinese messages', () => {
  it.each([
    [undefined, '请输入手机号码'],
    [13800138000, '请输入手机号码'],
    ['1380013800', '请输入正确的手机号码'],
  ])('phone %j → %s', (input, message) => {
    const result = phoneSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('trims a pasted phone', () => {
    expect(phoneSchema.parse(' 13800138000 ')).toBe('13800138000');
  });

  it.each([
    [undefined, '请输入短信验证码'],
    ['12345', '请输入4位短信验证码'],
  ])('SMS code %j → %s', (input, message) => {
    expect(smsCodeSchema.safeParse(input).error?.issues[0]?.message).toBe(message);
  });

  it.each([
    ['abc123', ''],
    ['abc12', '密码为6-20位字母或数字'],
    ['abcdefg', '密码须同时包含字母和数字'],
    ['1234567', '密码须同时包含字母和数字'],
  ])('new password %j → %j', (password, problem) => {
    expect(newPasswordProblem(password)).toBe(problem);
  });
});

describe('form checks say what the request schemas say', () => {
  it.each([
    ['phone', phoneRule, ['', '1380013800', ' 13800138000 ', '13800138000', '12800138000']],
    ['SMS code', smsCodeRule, ['', '123', '1234', ' 1234', '12345', 'abcd']],
    ['new password', newPasswordRule, ['', 'abc12', 'abc123', ' abc123', 'abcdefg', 'a1'.repeat(11)]],
  ] as [string, TextRule, string[]][])('%s', (_name, rule, values) => {
    const schema = ruleSchema(rule);
    for (const value of values) {
      const result = schema.safeParse(value);
      expect(result.error?.issues[0]?.message ?? '', JSON.stringify(value)).toBe(problemOf(rule, value));
    }
  });

  it('keeps the spaces of a password, which are refused', () => {
    expect(newPasswordSchema.safeParse(' abc123').success).toBe(false);
    expect(newPasswordProblem(' abc123')).toBe('密码为6-20位字母或数字');
  });

  it.each([
    ['abc123', 'abc123', ''],
    ['abc123', 'abc124', '两次输入的密码不一致'],
    ['abc12', 'abc124', '密码为6-20位字母或数字'],
  ])('new password %j confirmed as %j → %j', (password, confirmation, problem) => {
    expect(newPasswordPairProblem(password, confirmation)).toBe(problem);
  });
});
