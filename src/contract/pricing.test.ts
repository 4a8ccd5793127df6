import { describe, expect, it } from 'vitest';
import {
  formatCents,
  initialQuantityOf,
  lineAmountCents,
  maxPurchaseQuantity,
  nextTierSaving,
  quantityProblem,
  roundUpToPack,
  tierIndexAt,
  unitPriceE4At,
  type PriceTier,
} from './pricing.ts';

/** A 0603 resistor sold in packs of 100: ¥0.0050 → ¥0.0021 per piece. */
const resistorTiers: PriceTier[] = [
  { qtyStart: 100, qtyEnd: 999, priceE4: 50, originalPriceE4: null },
  { qtyStart: 1000, qtyEnd: 4999, priceE4: 32, originalPriceE4: null },
  { qtyStart: 5000, qtyEnd: 19999, priceE4: 25, originalPriceE4: null },
  { qtyStart: 20000, qtyEnd: null, priceE4: 21, originalPriceE4: null },
];

/** An MCU sold singly. */
const mcuTiers: PriceTier[] = [
  { qtyStart: 1, qtyEnd: 9, priceE4: 128_000, originalPriceE4: null },
  { qtyStart: 10, qtyEnd: 29, priceE4: 115_000, originalPriceE4: null },
  { qtyStart: 30, qtyEnd: 99, priceE4: 108_000, originalPriceE4: null },
  { qtyStart: 100, qtyEnd: null, priceE4: 99_000, originalPriceE4: null },
];

describe('price tier at a quantity', () => {
  it.each([
    [1, 0],
    [99, 0],
    [100, 0],
    [999, 0],
    [1000, 1],
    [4999, 1],
    [5000, 2],
    [20000, 3],
    [1_000_000, 3],
  ])('quantity %i → tier %i', (quantity, index) => {
    expect(tierIndexAt(resistorTiers, quantity)).toBe(index);
  });

  it('prices quantities below the first tier by the first tier', () => {
    expect(unitPriceE4At(resistorTiers, 10)).toBe(50);
  });

  it('has no price without tiers', () => {
    expect(tierIndexAt([], 5)).toBe(-1);
    expect(unitPriceE4At([], 5)).toBeNull();
    expect(lineAmountCents([], 5)).toBe(0);
  });

  it('reads tiers in order even when qtyEnd is missing', () => {
    const open: PriceTier[] = [
      { qtyStart: 1, qtyEnd: null, priceE4: 300, originalPriceE4: null },
      { qtyStart: 50, qtyEnd: null, priceE4: 200, originalPriceE4: null },
    ];
    expect(unitPriceE4At(open, 49)).toBe(300);
    expect(unitPriceE4At(open, 50)).toBe(200);
  });
});

describe('line amounts round once to cents (2 decimals, at least 0.01 unless zero)', () => {
  it.each([
    [100, 50],
    [1000, 320],
    [5000, 1250],
    [20000, 4200],
  ])('resistors × %i → %i cents', (quantity, cents) => {
    expect(lineAmountCents(resistorTiers, quantity)).toBe(cents);
  });

  it('keeps a tiny amount at one cent', () => {
    const cheap: PriceTier[] = [{ qtyStart: 1, qtyEnd: null, priceE4: 3, originalPriceE4: null }];
    expect(lineAmountCents(cheap, 1)).toBe(1);
  });

  it.each([
    [0, '¥0.00'],
    [1, '¥0.01'],
    [123, '¥1.23'],
    [100_000, '¥1000.00'],
  ])('formatCents(%i) = %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});

describe('再买 N 个，总价可省 ¥x', () => {
  it('suggests the next tier when it costs less in total', () => {
    // 900 × ¥0.0050 = ¥4.50; 1000 × ¥0.0032 = ¥3.20.
    expect(nextTierSaving(resistorTiers, 900, 100)).toEqual({ moreQuantity: 100, targetQuantity: 1000, savingCents: 130 });
    // 9 × ¥12.80 = ¥115.20; 10 × ¥11.50 = ¥115.00.
    expect(nextTierSaving(mcuTiers, 9, 1)).toEqual({ moreQuantity: 1, targetQuantity: 10, savingCents: 20 });
  });

  it('says nothing when the next tier costs more in total', () => {
    // 100 × ¥0.0050 = ¥0.50 < 1000 × ¥0.0032.
    expect(nextTierSaving(resistorTiers, 100, 100)).toBeNull();
    expect(nextTierSaving(mcuTiers, 1, 1)).toBeNull();
  });

  it('says nothing in the last tier or without tiers', () => {
    expect(nextTierSaving(resistorTiers, 20000, 100)).toBeNull();
    expect(nextTierSaving([], 1, 1)).toBeNull();
  });

  it('rounds the next tier start up to a pack multiple', () => {
    const tiers: PriceTier[] = [
      { qtyStart: 1, qtyEnd: 9, priceE4: 10_000, originalPriceE4: null },
      { qtyStart: 10, qtyEnd: null, priceE4: 1_000, originalPriceE4: null },
    ];
    expect(nextTierSaving(tiers, 8, 4)).toEqual({ moreQuantity: 4, targetQuantity: 12, savingCents: 680 });
  });
});

describe('integer purchase: quantities are positive pack multiples up to 1,000,000', () => {
  it.each([
    [100, 100, ''],
    [5000, 100, ''],
    [1, 1, ''],
    [maxPurchaseQuantity, 100, ''],
    [150, 100, '该商品按100个整包销售，数量须为100的整数倍'],
    [99, 100, '该商品按100个整包销售，数量须为100的整数倍'],
    [0, 100, '购买数量须大于0'],
    [-100, 100, '购买数量须大于0'],
    [2.5, 1, '请输入整数数量'],
    [Number.NaN, 1, '请输入整数数量'],
    [maxPurchaseQuantity + 1, 1, '单次购买数量不能超过1000000'],
  ])('quantity %d with pack %i → %j', (quantity, packSize, problem) => {
    expect(quantityProblem(quantity, packSize)).toBe(problem);
  });

  it.each([
    [1, 100, 100],
    [100, 100, 100],
    [101, 100, 200],
    [0, 5, 5],
    [7, 1, 7],
  ])('roundUpToPack(%i, %i) = %i', (quantity, packSize, rounded) => {
    expect(roundUpToPack(quantity, packSize)).toBe(rounded);
  });
});

describe('initialQuantityOf', () => {
  it.each([
    ['the first tier when it is a pack multiple', resistorTiers, 100, 100],
    ['the first tier rounded up to the pack', [{ qtyStart: 150, qtyEnd: null, priceE4: 10, originalPriceE4: null }], 100, 200],
    ['one pack for a part without tiers', [], 250, 250],
    ['one piece for a loose part starting at 1', [{ qtyStart: 1, qtyEnd: null, priceE4: 10, originalPriceE4: null }], 1, 1],
  ])('starts at %s', (_case, priceTiers: PriceTier[], packSize, expected) => {
    expect(initialQuantityOf({ packSize, priceTiers })).toBe(expected);
  });
});
