import { describe, expect, it } from 'vitest';
import { isProductOnSale, orderableQuantityOf, type PriceTier } from './pricing.ts';
import { availabilityOf, defaultListName, priceChangeOf, priceChangeText } from './purchase-list.ts';

const tier = (qtyStart: number, priceE4: number): PriceTier => ({ qtyStart, qtyEnd: null, priceE4, originalPriceE4: null });

describe('priceChangeOf and priceChangeText', () => {
  it.each([
    [10_000, 11_250, { direction: 'up', permille: 125 }, '↑ 12.5%'],
    [10_000, 9_700, { direction: 'down', permille: 30 }, '↓ 3.0%'],
    [10_000, 10_000, { direction: 'same', permille: 0 }, '持平'],
    [3, 4, { direction: 'up', permille: 333 }, '↑ 33.3%'],
    [100, 300, { direction: 'up', permille: 2000 }, '↑ 200.0%'],
    [10_000, 9_999, { direction: 'down', permille: 0 }, '↓ 0.0%'],
  ] as const)('%i → %i', (saved, current, change, text) => {
    expect(priceChangeOf(saved, current)).toEqual(change);
    expect(priceChangeText(change)).toBe(text);
  });

  it('has no change without both prices', () => {
    expect(priceChangeOf(null, 100)).toBeNull();
    expect(priceChangeOf(100, null)).toBeNull();
    expect(priceChangeOf(0, 100)).toBeNull();
  });
});

describe('availabilityOf', () => {
  it.each([
    [true, 500, 100, 'inStock'],
    [true, 100, 100, 'inStock'],
    [true, 50, 100, 'short'],
    [true, 0, 100, 'outOfStock'],
    [false, 500, 100, 'delisted'],
  ] as const)('on sale %s, stock %i, quantity %i: %s', (isOnSale, stock, quantity, availability) => {
    expect(availabilityOf(isOnSale, stock, quantity)).toBe(availability);
  });
});

describe('orderableQuantityOf', () => {
  it.each([
    [7, 1, [tier(1, 100)], 7],
    [7, 5, [tier(1, 100)], 10],
    [10, 5, [tier(1, 100)], 10],
    [30, 1, [tier(100, 100)], 100],
    [30, 50, [tier(100, 100)], 100],
    [130, 50, [tier(100, 100)], 150],
    [3, 4, [], 4],
  ])('%i of a part in packs of %i: %i', (quantity, packSize, priceTiers, expected) => {
    expect(orderableQuantityOf(quantity, { packSize, priceTiers })).toBe(expected);
  });
});

describe('isProductOnSale', () => {
  it('is on sale with prices, unless discontinued and sold out', () => {
    expect(isProductOnSale({ priceTiers: [tier(1, 1)], lifecycle: 'active', stock: 0 })).toBe(true);
    expect(isProductOnSale({ priceTiers: [tier(1, 1)], lifecycle: 'eol', stock: 3 })).toBe(true);
    expect(isProductOnSale({ priceTiers: [tier(1, 1)], lifecycle: 'eol', stock: 0 })).toBe(false);
    expect(isProductOnSale({ priceTiers: [], lifecycle: 'active', stock: 10 })).toBe(false);
  });
});

describe('defaultListName', () => {
  it('proposes the order number, the BOM name or the cart and date', () => {
    expect(defaultListName({ kind: 'order', orderNo: '2606010000000001' })).toBe('订单 2606010000000001');
    expect(defaultListName({ kind: 'bom', bomId: 3 }, '主板 V1')).toBe('主板 V1');
    expect(defaultListName({ kind: 'bom', bomId: 3 }, '  ')).toBe('BOM');
    expect(defaultListName({ kind: 'cart' }, '', '2026-06-01')).toBe('购物车 2026-06-01');
    expect(defaultListName({ kind: 'manual' })).toBe('');
  });
});
