import { describe, expect, it } from 'vitest';
import { loginPath } from '../../contract/account.ts';
import type { BrandDetailPageData } from '../../web/pages/brand-detail-page.tsx';
import type { DiscountPageData } from '../../web/pages/discount-page.tsx';
import type { LoginPageData } from '../../web/pages/login-page.tsx';
import type { RegisterPageData } from '../../web/pages/register-page.tsx';
import type { SearchPageData } from '../../web/pages/search-page.tsx';
import { pageStateOf } from '../testing/page-state.ts';
import { useTestApp } from '../testing/use-test-app.ts';
import { insertCatalogFixture } from './catalog/testing/catalog-fixture.ts';

/** Issue 9, failures 2 and 4: crafted page addresses get their page or a safe redirect, never a 500. */

describe('page queries: the first value of a repeated parameter, no control characters', () => {
  const t = useTestApp({ fixture: (app) => insertCatalogFixture(app.db) });

  const page = async <Data>(url: string) => {
    const response = await t.browser().get(url);
    expect(response.statusCode).toBe(200);
    return pageStateOf<Data>(response.body).data;
  };

  it('reads the first of repeated search parameters', async () => {
    expect((await page<SearchPageData>('/search?key=a&key=b')).params.key).toBe('a');
    expect((await page<SearchPageData>('/search?key=x&package=a&package=b')).params).toMatchObject({ key: 'x', package: 'a' });
  });

  it('reads the first of repeated return and inviter parameters', async () => {
    expect((await page<LoginPageData>('/account/login?return=/a&return=/b')).returnPath).toBe('/a');
    expect((await page<RegisterPageData>('/account/register?inviter=a&inviter=b')).inviter).toBe('a');
  });

  it('strips a NUL from a package filter on the brand and zone pages', async () => {
    const { brands } = t.fixture;
    const clean = await page<BrandDetailPageData>(`/brand/${brands.yageo}?package=0603`);
    const withNul = await page<BrandDetailPageData>(`/brand/${brands.yageo}?package=06%0003`);
    expect(withNul.products.total).toBe(clean.products.total);
    expect(withNul.products.total).toBeGreaterThan(0);
    expect((await page<BrandDetailPageData>(`/brand/${brands.yageo}?package=a%00b`)).products.total).toBe(0);
    expect((await page<DiscountPageData>('/product/discount?subject=A01&package=a%00b')).products.total).toBe(0);
  });

  it('strips control characters from the search keyword and path parameters', async () => {
    expect((await page<SearchPageData>('/search?key=lm%00358%01')).params.key).toBe('lm358');
    const { brands } = t.fixture;
    expect((await page<BrandDetailPageData>(`/brand/${brands.yageo}%00`)).brand.brandId).toBe(brands.yageo);
    expect((await t.browser().get(`/product/detail/1%00x`)).statusCode).toBe(404);
  });
});

describe('redirects: a safe, percent-encoded Location on this site', () => {
  const t = useTestApp();

  it('sends a logged-in member on to a return path holding Chinese, encoded', async () => {
    const { browser } = await t.member();
    for (const url of ['/account/login?return=/search?key=电阻', `/account/login?return=${encodeURIComponent('/search?key=电阻')}`]) {
      const response = await browser.get(url);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/search?key=%E7%94%B5%E9%98%BB');
    }
    const register = await browser.get(`/account/register?return=${encodeURIComponent('/search?key=电阻 100%')}`);
    expect(register.headers.location).toBe('/search?key=%E7%94%B5%E9%98%BB%20100%25');
  });

  it('never redirects a member off the site', async () => {
    const { browser } = await t.member();
    for (const target of ['//evil.example/x', '/\\evil.example/x', 'https://evil.example/', '/%09/evil.example', '/\t/evil.example']) {
      const response = await browser.get(`/account/login?return=${encodeURIComponent(target)}`);
      expect(response.statusCode).toBe(302);
      expect(String(response.headers.location)).toMatch(/^\/(?![/\\])/);
      expect(new URL(String(response.headers.location), 'https://store.example').origin).toBe('https://store.example');
    }
  });

  it('sends a visitor of a member page to the login page with the encoded path to come back to', async () => {
    const response = await t.browser().get('/user/person?from=电阻');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(loginPath('/user/person?from=%E7%94%B5%E9%98%BB'));
  });
});
