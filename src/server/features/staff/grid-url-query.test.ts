import { describe, expect, it } from 'vitest';
import { contactDeskRequests } from '../../../contract/console/contact-desk-requests.ts';
import { memberDeskRequests } from '../../../contract/console/member-desk-requests.ts';
import { productListQuery } from '../../../contract/console/products-requests.ts';
import { gridPageOfUrl, gridStartOfUrl } from './grid-url-query.ts';

/** A page loader's first page of a grid as its URL asks, and the fallbacks for what the list refuses. */
describe('gridStartOfUrl', () => {
  it('reads page, size, a sort of the list and its filters into the request and the view', () => {
    const start = gridStartOfUrl(memberDeskRequests.list, { page: '3', size: '50', sort: '-paidTotal', phone: '138', disabled: 'yes' });
    expect(start.request).toEqual({ page: 3, pageSize: 50, sort: { column: 'paidTotal', direction: 'desc' }, filters: { phone: '138', disabled: 'yes' } });
    expect(start.view).toEqual({ page: 3, pageSize: 50, sort: { column: 'paidTotal', direction: 'desc' }, filters: { phone: '138', disabled: 'yes' } });
  });

  it.each([
    ['a page that is no number', { page: 'abc' }],
    ['page 0', { page: '0' }],
    ['a page past the last allowed', { page: '9999999' }],
    ['a size the grid does not offer', { size: '37' }],
    ['a sort column the list does not have', { sort: 'password' }],
    ['a sort that is no column name', { sort: "-x'; drop table users" }],
    ['a filter value the list refuses', { level: '黑卡会员' }],
    ['a filter value too long', { phone: '1380000000000' }],
    ['a day that is no calendar day', { registeredFrom: '2026-02-30' }],
  ])('falls back to the default for %s', (_name, query) => {
    const start = gridStartOfUrl(memberDeskRequests.list, query);
    expect(start.request).toEqual({ page: 1, pageSize: 20, filters: {} });
    expect(start.view).toEqual({ page: 1, pageSize: 20, filters: {} });
  });

  it('keeps the good filters beside a refused one, and leaves the page’s own parameters alone', () => {
    const start = gridStartOfUrl(memberDeskRequests.list, { phone: '138', level: '不存在', id: '7', page: '2' });
    expect(start.request).toEqual({ page: 2, pageSize: 20, filters: { phone: '138' } });
    expect(start.view.filters).toEqual({ phone: '138' });
  });

  it('reads an id filter written as text as its number, and the view keeps the control’s text', () => {
    const start = gridStartOfUrl(productListQuery, { brandId: '12', code: 'STM' });
    expect(start.request.filters).toEqual({ brandId: 12, code: 'STM' });
    expect(start.view.filters).toEqual({ brandId: '12', code: 'STM' });
    expect(gridStartOfUrl(productListQuery, { brandId: '-4' }).request.filters).toEqual({});
  });

  it('starts from the grid’s default filters, which the URL may change or clear with an empty value', () => {
    const defaults = { status: 'new' };
    expect(gridStartOfUrl(contactDeskRequests.list, {}, defaults)).toMatchObject({
      request: { filters: { status: 'new' } },
      view: { filters: { status: 'new' } },
    });
    expect(gridStartOfUrl(contactDeskRequests.list, { status: 'handled' }, defaults).request.filters).toEqual({ status: 'handled' });
    const cleared = gridStartOfUrl(contactDeskRequests.list, { status: '' }, defaults);
    expect(cleared.request.filters).toEqual({});
    expect(cleared.view.filters).toEqual({ status: '' });
    expect(gridStartOfUrl(contactDeskRequests.list, { status: 'bogus' }, defaults).request.filters).toEqual({ status: 'new' });
  });

  it('hands the list its request and puts the view on the page', async () => {
    const page = await gridPageOfUrl(memberDeskRequests.list, { phone: '139' }, (request) =>
      Promise.resolve({ rows: [request.filters.phone ?? ''], total: 1, page: request.page, pageSize: request.pageSize }),
    );
    expect(page).toEqual({ rows: ['139'], total: 1, page: 1, pageSize: 20, view: { page: 1, pageSize: 20, filters: { phone: '139' } } });
  });
});
