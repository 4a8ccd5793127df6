import { describe, expect, it } from 'vitest';
import { applyCartChange, applyCartSet } from './cart-events.ts';

describe('cart count events', () => {
  it('rises and falls by the change', () => {
    expect(applyCartChange(3, 1)).toBe(4);
    expect(applyCartChange(3, -1)).toBe(2);
  });

  it('never goes below 0', () => {
    expect(applyCartChange(0, -1)).toBe(0);
    expect(applyCartChange(1, -5)).toBe(0);
  });

  it('ignores a malformed change', () => {
    expect(applyCartChange(2, 'x')).toBe(2);
    expect(applyCartChange(2, Number.NaN)).toBe(2);
    expect(applyCartChange(2, undefined)).toBe(2);
  });

  it('sets an exact count, never negative, ignoring a malformed one', () => {
    expect(applyCartSet(2, 120)).toBe(120);
    expect(applyCartSet(2, -4)).toBe(0);
    expect(applyCartSet(2, null)).toBe(2);
  });
});
