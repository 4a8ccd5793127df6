import { describe, expect, it } from 'vitest';
import { displayNameOf, graphCodeRule, loginAccountRule, loginPasswordRule, loginPath, maskPhone, registerPath, safeReturnPath } from './account.ts';
import { accountRequests } from './account-requests.ts';
import { problemOf } from './rules.ts';

describe('safeReturnPath: only same-site paths starting with a single /', () => {
  it.each([
    ['/cart', '/cart'],
    ['/product/detail/12?from=search', '/product/detail/12?from=search'],
    ['/', '/'],
    [undefined, '/'],
    [null, '/'],
    ['', '/'],
    ['cart', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['/\t/evil.example', '/'],
    ['/account/login?return=/cart', '/'],
    ['/account/register', '/'],
  ])('%j → %j', (given, expected) => {
    expect(safeReturnPath(given)).toBe(expected);
  });
});

describe('member display helpers', () => {
  it('greets by nickname, falling back to the user number', () => {
    expect(displayNameOf({ nickName: '演示用户', userNumber: 'U2601010001' })).toBe('演示用户');
    expect(displayNameOf({ nickName: '', userNumber: 'U2601010001' })).toBe('U2601010001');
  });

  it('masks the middle of a phone', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
  });

  it('builds the login address with an encoded return path', () => {
    expect(loginPath('/search?key=STM32 F1')).toBe('/account/login?return=%2Fsearch%3Fkey%3DSTM32%20F1');
  });

  it('builds the login address without a return path, and for another card', () => {
    expect(loginPath()).toBe('/account/login');
    expect(loginPath(undefined, 'find')).toBe('/account/login?mode=find');
    expect(loginPath('/cart', 'sms')).toBe('/account/login?return=%2Fcart&mode=sms');
    expect(loginPath('/cart', 'password')).toBe('/account/login?return=%2Fcart');
  });

  it('builds the register address', () => {
    expect(registerPath()).toBe('/account/register');
    expect(registerPath('/cart')).toBe('/account/register?return=%2Fcart');
  });
});

describe('the login and graphic-code rules, shared by the forms and the request schemas', () => {
  it.each([
    ['', '请输入手机号或会员编号'],
    ['   ', '请输入手机号或会员编号'],
    ['13800138000', ''],
    [' U2601010001 ', ''],
    ['x'.repeat(33), '账号或密码错误'],
  ])('account %j → %j', (account, problem) => {
    expect(problemOf(loginAccountRule, account)).toBe(problem);
  });

  it.each([
    ['', '请输入密码'],
    [' ', ''],
    ['old-style password', ''],
    ['x'.repeat(65), '账号或密码错误'],
  ])('password %j → %j', (password, problem) => {
    expect(problemOf(loginPasswordRule, password)).toBe(problem);
  });

  it.each([
    ['', '请输入图形验证码'],
    [' aB3d ', ''],
    ['abcde', '图形验证码错误'],
  ])('graphic code %j → %j', (answer, problem) => {
    expect(problemOf(graphCodeRule, answer)).toBe(problem);
  });

  it('the doLogin schema says what the form says', () => {
    const cases = [
      { userAccount: '', password: 'x' },
      { userAccount: 'x'.repeat(33), password: 'x' },
      { userAccount: '13800138000', password: '' },
      { userAccount: '13800138000', password: 'x'.repeat(65) },
    ];
    for (const { userAccount, password } of cases) {
      const result = accountRequests.doLogin.safeParse({ loginType: 'password', userAccount, password });
      const formProblem = problemOf(loginAccountRule, userAccount) || problemOf(loginPasswordRule, password);
      expect(result.error?.issues[0]?.message).toBe(formProblem);
    }
  });
});
