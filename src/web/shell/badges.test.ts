import { describe, expect, it } from 'vitest';
import { bomBadge, headerCartBadge, messageBadge, sidebarCartBadge } from './badges.ts';

describe('shell badges', () => {
  it.each([
    [0, ''],
    [-3, ''],
    [1, '1'],
    [42, '42'],
    [99, '99'],
    [100, '99'],
    [12345, '99'],
  ])('message badge of %i is %j (capped at 99)', (count, text) => {
    expect(messageBadge(count)).toBe(text);
  });

  it.each([
    [-1, '0'],
    [0, '0'],
    [7, '7'],
    [99, '99'],
    [100, '99+'],
    [120, '99+'],
  ])('sidebar cart badge of %i is %j', (count, text) => {
    expect(sidebarCartBadge(count)).toBe(text);
  });

  it.each([
    [-1, '0'],
    [0, '0'],
    [8, '8'],
    [99, '99'],
    [100, '99..'],
    [120, '99..'],
  ])('header cart badge of %i is %j', (count, text) => {
    expect(headerCartBadge(count)).toBe(text);
  });

  it.each([
    [0, { kind: 'none' }],
    [-2, { kind: 'none' }],
    [1, { kind: 'number', text: '1' }],
    [9, { kind: 'number', text: '9' }],
    [10, { kind: 'dot' }],
    [250, { kind: 'dot' }],
  ])('BOM badge of %i is %j (number up to 9, then a dot)', (count, badge) => {
    expect(bomBadge(count)).toEqual(badge);
  });
});
