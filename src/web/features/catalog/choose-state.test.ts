import { describe, expect, it } from 'vitest';
import { parseChooseFilter, serializeChooseFilter } from '../../../contract/catalog.ts';
import { columnListHref, listQueryString, readColumnListState, readListState } from '../../../contract/list-state.ts';
import { clearFilterKey, isValueSelected, setFilterRange, toggleFilterValue } from './choose-state.ts';

const read = (search: string) => readListState(new URLSearchParams(search));

describe('list state in the URL', () => {
  it('round-trips a selection through the query string', () => {
    const state = { filter: { '3': ['10kΩ', '4.7kΩ'], brand: ['7'], '5': { min: 0.1 } }, stock: 1 as const, sort: 2 as const, page: 3 };
    const search = listQueryString(state);
    expect(read(search)).toEqual(state);
  });

  it('leaves defaults out of the URL', () => {
    expect(listQueryString({ filter: {}, stock: 0, sort: 0, page: 1 })).toBe('');
  });

  it.each([
    ['?page=0', 1],
    ['?page=abc', 1],
    ['?page=99999999', 1],
    ['?page=7', 7],
  ])('page of %s → %i', (search, page) => {
    expect(read(search).page).toBe(page);
  });

  it('falls back to no filter and the default sort for broken values', () => {
    expect(read('?filter=%7Bbroken&sort=9&stock=yes')).toEqual({ filter: {}, stock: 0, sort: 0, page: 1 });
  });
});

describe('changing the selection', () => {
  it('ticks and unticks values, dropping empty facets', () => {
    const once = toggleFilterValue({}, '3', '10kΩ');
    expect(once).toEqual({ '3': ['10kΩ'] });
    expect(isValueSelected(once, '3', '10kΩ')).toBe(true);
    const twice = toggleFilterValue(once, '3', '1kΩ');
    expect(twice).toEqual({ '3': ['10kΩ', '1kΩ'] });
    expect(toggleFilterValue(toggleFilterValue(twice, '3', '10kΩ'), '3', '1kΩ')).toEqual({});
  });

  it('sets and clears ranges', () => {
    expect(setFilterRange({}, '4', { min: 1000, max: 10000 })).toEqual({ '4': { min: 1000, max: 10000 } });
    expect(setFilterRange({ '4': { min: 1 } }, '4', {})).toEqual({});
    expect(clearFilterKey({ '4': ['a'], brand: ['1'] }, 'brand')).toEqual({ '4': ['a'] });
  });
});

describe('the filter JSON of queryAttrbuteProductList', () => {
  it.each(['{', '[]', '"x"', '{"abc":["1"]}', '{"3":"10k"}', '{"3":[1]}', '{"3":{"min":5,"max":1}}', '{"3":{"min":"1"}}', '{"3":{"low":1}}'])(
    'refuses %s',
    (text) => {
      expect(parseChooseFilter(text)).toBeNull();
    },
  );

  it('accepts values, ranges and brands, and treats empty as no filter', () => {
    expect(parseChooseFilter('')).toEqual({});
    expect(parseChooseFilter('{"3":["10kΩ"],"4":{"min":0.5},"brand":["2"]}')).toEqual({ '3': ['10kΩ'], '4': { min: 0.5 }, brand: ['2'] });
  });

  it('serialises without empty entries', () => {
    expect(serializeChooseFilter({ '3': [], '4': {}, brand: ['1'] })).toBe('{"brand":["1"]}');
  });
});

describe('brand and zone list links', () => {
  const state = readColumnListState(new URLSearchParams('category=12&package=0603&stock=1&sort=1&page=4'));

  it('reads the state from the query', () => {
    expect(state).toEqual({ category: 12, package: '0603', stock: 1, sort: 1, page: 4 });
    expect(readColumnListState(new URLSearchParams('category=x&page=-1&sort=8'))).toEqual({
      category: undefined,
      package: undefined,
      stock: 0,
      sort: 0,
      page: 1,
    });
  });

  it('keeps fixed parameters first and goes back to page 1 on any change but the page', () => {
    expect(columnListHref('/product/discount', state, { sort: 2 }, { subject: 'A01' })).toBe(
      '/product/discount?subject=A01&category=12&package=0603&stock=1&sort=2',
    );
    expect(columnListHref('/brand/3', state, { page: 5 })).toBe('/brand/3?category=12&package=0603&stock=1&sort=1&page=5');
    expect(columnListHref('/brand/3', state, { category: null, package: null, stock: 0, sort: 0 })).toBe('/brand/3');
  });
});
