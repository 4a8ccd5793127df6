import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bomTotals, optimiseLine, orderQuantityOf } from './bom-optimiser.ts';
import { lineAmountCents, roundUpToPack, type PriceTier } from './pricing.ts';

function tiers(...steps: [qtyStart: number, priceE4: number][]): PriceTier[] {
  return steps.map(([qtyStart, priceE4], i) => ({ qtyStart, qtyEnd: (steps[i + 1]?.[0] ?? 0) - 1 || null, priceE4, originalPriceE4: null }));
}

describe('orderQuantityOf', () => {
  it.each([
    [80, 1, 80],
    [80, 100, 100],
    [101, 100, 200],
    [1, 5000, 5000],
    [0, 100, 0],
    [-3, 10, 0],
    [2.5, 1, 3],
  ])('orderQuantityOf(%d, %d) = %d', (required, packSize, expected) => {
    expect(orderQuantityOf(required, packSize)).toBe(expected);
  });

  it('is the cart rounding for every positive quantity', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 5000 }), (required, packSize) => {
        expect(orderQuantityOf(required, packSize)).toBe(roundUpToPack(required, packSize));
      }),
    );
  });
});

describe('optimiseLine', () => {
  // ¥0.10 each from 1, ¥0.05 from 100, ¥0.03 from 1000.
  const cheapAtHundred = tiers([1, 1000], [100, 500], [1000, 300]);

  it('buys up to the next price break when the total is lower, and says how much is saved', () => {
    const line = optimiseLine(80, 1, cheapAtHundred);
    expect(line).toEqual({
      baseQuantity: 80,
      baseAmountCents: 800,
      quantity: 100,
      amountCents: 500,
      savingCents: 300,
      reason: 'priceBreak',
      message: '需要 80 个，买 100 个更省 ¥3.00',
    });
  });

  it('picks the cheapest of several breaks', () => {
    // 950 at ¥0.05 = ¥47.50; 1000 at ¥0.03 = ¥30.00.
    const line = optimiseLine(950, 1, cheapAtHundred);
    expect(line.quantity).toBe(1000);
    expect(line.savingCents).toBe(4750 - 3000);
  });

  it('keeps the quantity when the next break costs more in total', () => {
    const line = optimiseLine(20, 1, cheapAtHundred);
    expect(line).toMatchObject({ quantity: 20, amountCents: 200, savingCents: 0, reason: 'none', message: '' });
  });

  it('rounds to the pack multiple first, and the break too', () => {
    // Pack of 30: 80 → 90 (¥9.00); the break at 100 → 120 at ¥0.05 = ¥6.00.
    const line = optimiseLine(80, 30, cheapAtHundred);
    expect(line).toMatchObject({ baseQuantity: 90, baseAmountCents: 900, quantity: 120, amountCents: 600, savingCents: 300 });
  });

  it('prices amounts to the fen as the cart does', () => {
    // ¥0.0021 × 4800 = ¥10.08; ¥0.0019 × 5000 = ¥9.50.
    const reel = tiers([1, 21], [5000, 19]);
    const line = optimiseLine(4800, 100, reel);
    expect(line.baseAmountCents).toBe(lineAmountCents(reel, 4800));
    expect(line.amountCents).toBe(lineAmountCents(reel, 5000));
    expect(line.message).toBe('需要 4800 个，买 5000 个更省 ¥0.58');
  });

  it('a full reel at tier prices never beats the break that prices it, so the reel is named only where it is the break', () => {
    // Tiers break at 3,000 and a reel is 3,000: the same quantity, found first as the price break.
    expect(optimiseLine(2600, 100, tiers([1, 150], [3000, 100]), 3000)).toMatchObject({ quantity: 3000, reason: 'priceBreak', savingCents: 900 });
    // A reel of 4,000 with no cheaper tier there costs more: nothing changes.
    expect(optimiseLine(3900, 100, tiers([1, 150], [10_000, 100]), 4000)).toMatchObject({ quantity: 3900, reason: 'none' });
  });

  it('does nothing for a part without prices or a line needing none', () => {
    expect(optimiseLine(80, 1, [])).toMatchObject({ quantity: 80, amountCents: 0, reason: 'none' });
    expect(optimiseLine(0, 100, cheapAtHundred)).toMatchObject({ baseQuantity: 0, quantity: 0, amountCents: 0, reason: 'none' });
  });
});

describe('bomTotals', () => {
  it('adds the lines before and after optimising', () => {
    const totals = bomTotals([
      { requiredQuantity: 80, packSize: 1, priceTiers: tiers([1, 1000], [100, 500]) },
      { requiredQuantity: 20, packSize: 1, priceTiers: tiers([1, 1000], [100, 500]) },
      { requiredQuantity: 0, packSize: 1, priceTiers: tiers([1, 1000]) },
    ]);
    expect(totals).toEqual({ lineCount: 2, baseCents: 800 + 200, optimisedCents: 500 + 200, savingCents: 300, optimisedLineCount: 1 });
  });
});

/** Tier lists as stores have them: ascending starts from 1, non-increasing unit prices (or any prices). */
const tierLists = fc
  .tuple(
    fc.uniqueArray(fc.integer({ min: 2, max: 20_000 }), { maxLength: 5 }),
    fc.array(fc.integer({ min: 1, max: 2_000_000 }), { minLength: 6, maxLength: 6 }),
    fc.boolean(),
  )
  .map(([starts, prices, isFalling]) => {
    const sortedStarts = [1, ...starts.sort((a, b) => a - b)];
    const unitPrices = isFalling ? [...prices].sort((a, b) => b - a) : prices;
    return sortedStarts.map((qtyStart, i) => ({ qtyStart, qtyEnd: null, priceE4: unitPrices[i] ?? 1, originalPriceE4: null }));
  });

describe('optimiseLine properties', () => {
  const lineArbitrary = fc.record({
    required: fc.integer({ min: 1, max: 50_000 }),
    packSize: fc.integer({ min: 1, max: 5000 }),
    tiers: tierLists,
    reelSize: fc.option(fc.integer({ min: 1, max: 20_000 }), { nil: null }),
  });

  it('never costs more than no optimisation, never buys less, keeps pack multiples, and the saving is the difference', () => {
    fc.assert(
      fc.property(lineArbitrary, ({ required, packSize, tiers: list, reelSize }) => {
        const line = optimiseLine(required, packSize, list, reelSize);
        expect(line.amountCents).toBeLessThanOrEqual(line.baseAmountCents);
        expect(line.quantity).toBeGreaterThanOrEqual(required);
        expect(line.baseQuantity).toBeGreaterThanOrEqual(required);
        expect(line.quantity % packSize).toBe(0);
        expect(line.baseQuantity % packSize).toBe(0);
        expect(line.savingCents).toBe(line.baseAmountCents - line.amountCents);
        expect(line.amountCents).toBe(lineAmountCents(list, line.quantity));
        expect(line.baseAmountCents).toBe(lineAmountCents(list, line.baseQuantity));
        expect(line.reason === 'none').toBe(line.savingCents === 0);
      }),
      { numRuns: 500 },
    );
  });

  it('a reel size never changes the amount: tier prices make the break at least as cheap as any full reel', () => {
    fc.assert(
      fc.property(lineArbitrary, ({ required, packSize, tiers: list, reelSize }) => {
        expect(optimiseLine(required, packSize, list, reelSize).amountCents).toBe(optimiseLine(required, packSize, list, null).amountCents);
      }),
      { numRuns: 300 },
    );
  });

  it('the BOM total after optimising is never above the total before', () => {
    fc.assert(
      fc.property(fc.array(lineArbitrary, { maxLength: 20 }), (lines) => {
        const totals = bomTotals(
          lines.map((line) => ({ requiredQuantity: line.required, packSize: line.packSize, priceTiers: line.tiers, reelSize: line.reelSize })),
        );
        expect(totals.optimisedCents).toBeLessThanOrEqual(totals.baseCents);
        expect(totals.savingCents).toBe(totals.baseCents - totals.optimisedCents);
        expect(totals.savingCents).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 200 },
    );
  });
});
