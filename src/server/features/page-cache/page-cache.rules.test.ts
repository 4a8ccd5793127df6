import { describe, expect, it } from 'vitest';
import { cacheablePagesOf, isCacheableAddress } from './page-cache.rules.ts';

const pages = cacheablePagesOf('/m');
const rule = (path: string) => {
  const found = pages.get(path);
  if (!found) throw new Error(`no rule for ${path}`);
  return found;
};

describe('which addresses of a page the page cache keeps', () => {
  it.each([
    ['/', '/', {}, true],
    ['/', '/?inviter=abc', {}, false],
    ['/', '/?', {}, false],
    ['/news', '/news?kind=announcement&page=2', {}, true],
    ['/news', '/news?page=1', {}, false],
    ['/news', '/news?page=1000', {}, false],
    ['/news', '/news?page=2&page=3', {}, false],
    ['/news', '/news?utm_source=x', {}, false],
    ['/news', '/news/', {}, false],
    ['/product/discount', '/product/discount?subject=A03', {}, true],
    ['/product/discount', '/product/discount?subject=A02', {}, false],
    ['/product/detail/:productId', '/product/detail/42', { productId: '42' }, true],
    ['/product/detail/:productId', '/product/detail/042', { productId: '042' }, false],
    ['/product/detail/:productId', '/product/detail/42?from=search', { productId: '42' }, false],
    ['/choose/:categoryIds', '/choose/3-14?page=2', { categoryIds: '3-14' }, true],
    ['/choose/:categoryIds', '/choose/3-14?stock=1', { categoryIds: '3-14' }, false],
    ['/m/product/detail/:productId', '/m/product/detail/7', { productId: '7' }, true],
    ['/search', '/search?key=STM32', {}, true],
    ['/search', '/search?key=%E7%94%B5%E9%98%BB%20%E5%9B%BD%E5%B7%A8&category=12&brand=3&package=0603&stock=1&sort=2&page=4', {}, true],
    ['/search', '/search?key=STM32%20', {}, false],
    ['/search', '/search?key=STM32&page=1', {}, false],
    ['/search', '/search?page=2&key=STM32', {}, false],
    ['/search', '/search?key=STM32&page=101', {}, false],
    ['/search', '/search?key=a+b', {}, false],
    ['/search', '/search?key=', {}, false],
    ['/search', '/search', {}, false],
  ])('%s: %s → %s', (path, url, params, expected) => {
    expect(isCacheableAddress(rule(path), url, params)).toBe(expected);
  });

  it('keeps no member page, phone search result or help page', () => {
    for (const path of ['/serve/:slug', '/cart', '/member/index', '/m/search']) expect(pages.has(path), path).toBe(false);
  });
});
