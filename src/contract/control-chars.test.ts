import { describe, expect, it } from 'vitest';
import { holdsControlChars, stripControlChars } from './control-chars.ts';

describe('control characters', () => {
  it('finds C0 characters and DEL in strings and keys at any depth, but not tab, line feed or carriage return', () => {
    expect(holdsControlChars({ a: 'x\u0000y' })).toBe(true);
    expect(holdsControlChars({ a: [{ b: ['\u001f'] }] })).toBe(true);
    expect(holdsControlChars({ 'a\u0007': 1 })).toBe(true);
    expect(holdsControlChars('\u007f')).toBe(true);
    expect(holdsControlChars({ a: 'line one\r\nline two\tend', b: 1, c: null, d: [true] })).toBe(false);
    expect(holdsControlChars(undefined)).toBe(false);
  });

  it('walks a body nested deeper than the call stack', () => {
    let nested: unknown = 'x\u0000';
    for (let depth = 0; depth < 200_000; depth++) nested = [nested];
    expect(holdsControlChars(nested)).toBe(true);
  });

  it('strips every control character from an address value', () => {
    expect(stripControlChars('06\u000003\t\n\u007f')).toBe('0603');
    expect(stripControlChars('电阻 0603')).toBe('电阻 0603');
  });
});
