import { describe, expect, it } from 'vitest';
import { ProductSort } from '../../../../contract/catalog.ts';
import type { ScopeIndex } from './choose-index.ts';
import { evaluate, orderOf, pageOf } from './choose-query.ts';

/** Five parts: stock and first-tier price per position (position = id order). */
function indexOf(stocks: number[], prices: number[]): ScopeIndex {
  const size = stocks.length;
  return {
    scope: { level: 2, categoryId: 1 },
    version: 0,
    size,
    ids: Int32Array.from({ length: size }, (_, i) => 100 + i),
    brandIds: new Int32Array(size).fill(1),
    stocks: Float64Array.from(stocks),
    prices: Float64Array.from(prices),
    secondIds: new Int32Array(size).fill(1),
    attributes: [],
    orders: new Map(),
    countCheckedAt: 0,
  };
}

describe('sort orders of the choose index', () => {
  const index = indexOf([0, 50, 0, 50, 7], [300, 100, Number.POSITIVE_INFINITY, 100, 2_000_000_000_000]);

  it.each([
    [ProductSort.default, [1, 3, 4, 0, 2]],
    [ProductSort.priceAsc, [1, 3, 0, 4, 2]],
    [ProductSort.priceDesc, [4, 0, 1, 3, 2]],
    [ProductSort.stockDesc, [1, 3, 4, 0, 2]],
  ])('sort %i orders positions %j, ties by id, parts without a price last', (sort, expected) => {
    expect([...orderOf(index, sort)]).toEqual(expected);
  });

  it('pages through matches in the sort order without overlap', () => {
    const all = evaluate(index, { isStockOnly: false, filter: {} }, false);
    expect(pageOf(index, all, ProductSort.priceAsc, 1, 2)).toEqual([1, 3]);
    expect(pageOf(index, all, ProductSort.priceAsc, 2, 2)).toEqual([0, 4]);
    expect(pageOf(index, all, ProductSort.priceAsc, 3, 2)).toEqual([2]);
    expect(pageOf(index, all, ProductSort.priceAsc, 4, 2)).toEqual([]);
    const inStock = evaluate(index, { isStockOnly: true, filter: {} }, false);
    expect(inStock.total).toBe(3);
    expect(pageOf(index, inStock, ProductSort.stockDesc, 1, 10)).toEqual([1, 3, 4]);
  });
});
