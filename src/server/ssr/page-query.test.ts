import { describe, expect, it } from 'vitest';
import { pageParamsOf, pageQueryOf } from './page-query.ts';

describe('pageQueryOf and pageParamsOf', () => {
  it('takes the first value of a repeated parameter and strips control characters', () => {
    expect(pageQueryOf({ key: ['a', 'b'], package: 'a\u0000b', page: '2' })).toEqual({ key: 'a', package: 'ab', page: '2' });
    expect(pageParamsOf({ productId: '12\u0000' })).toEqual({ productId: '12' });
  });

  it('reads nothing from what is not a string', () => {
    expect(pageQueryOf({ key: [], other: 1 })).toEqual({});
    expect(pageQueryOf(null)).toEqual({});
    expect(pageParamsOf(undefined)).toEqual({});
  });

  it('keeps a parameter named __proto__ as an own value, never a prototype', () => {
    const query = pageQueryOf(JSON.parse('{"__proto__":"x"}'));
    expect(Object.getPrototypeOf(query)).toBe(Object.prototype);
    expect(Object.hasOwn(query, '__proto__')).toBe(true);
  });
});
