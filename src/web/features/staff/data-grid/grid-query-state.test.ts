import { describe, expect, it } from 'vitest';
import { gridSearchOf, gridViewOfSearch, presentFilters, type GridQueryState } from './grid-query-state.ts';

const defaults = { sort: { column: 'registered', direction: 'desc' as const }, filters: { status: 'new' } };
const names = ['status', 'phone'];
const start: GridQueryState = { page: 1, pageSize: 20, sort: defaults.sort, filters: { status: 'new', phone: '' } };

describe('a grid’s view in the URL', () => {
  it('writes nothing for the default view, and keeps the page’s own parameters', () => {
    expect(gridSearchOf('', start, defaults, names)).toBe('');
    expect(gridSearchOf('?id=7', start, defaults, names)).toBe('?id=7');
  });

  it('writes what differs from the defaults: page, size, sort, filters, a cleared default as name=', () => {
    const query: GridQueryState = { page: 3, pageSize: 50, sort: { column: 'paidTotal', direction: 'asc' }, filters: { status: '', phone: '138 0' } };
    expect(gridSearchOf('?id=7&page=9', query, defaults, names)).toBe('?id=7&page=3&size=50&sort=paidTotal&status=&phone=138+0');
    expect(gridSearchOf('', { ...start, sort: { column: 'paidTotal', direction: 'desc' } }, defaults, names)).toBe('?sort=-paidTotal');
  });

  it('removes a filter set back to its default', () => {
    expect(gridSearchOf('?phone=138&status=handled', start, defaults, names)).toBe('');
  });

  it('reads back the view it wrote (back/forward)', () => {
    const query: GridQueryState = { page: 3, pageSize: 50, sort: { column: 'paidTotal', direction: 'desc' }, filters: { status: '', phone: '138' } };
    expect(gridViewOfSearch(gridSearchOf('', query, defaults, names), defaults, names)).toEqual(query);
    expect(gridViewOfSearch('', defaults, names)).toEqual({ page: 1, pageSize: 20, sort: defaults.sort, filters: { status: 'new' } });
  });

  it('reads unreadable paging as the defaults and ignores parameters that are not the grid’s', () => {
    expect(gridViewOfSearch('?page=x&size=7&sort=%27;&other=1', defaults, names)).toEqual({
      page: 1,
      pageSize: 20,
      sort: defaults.sort,
      filters: { status: 'new' },
    });
  });

  it('sends the call only the filters with a value', () => {
    expect(presentFilters({ status: '', phone: '138', nick: '  ' })).toEqual({ phone: '138' });
  });
});
