import { describe, expect, it } from 'vitest';
import { displayNameOf, loginPath, maskPhone, registerPath, safeReturnPath } from './account.ts';

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
