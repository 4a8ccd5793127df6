import { describe, expect, it } from 'vitest';
import { couponPaths } from '../../../contract/coupon.ts';
import { favoriteCalls } from '../../../contract/favorite-calls.ts';
import type { MobileHomeData, MobileProductData } from '../../../contract/mobile.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { grantNewMemberPack } from '../coupon/coupon.service.ts';
import { insertHomeFixture } from '../home/testing/home-fixture.ts';
import { isMobileUserAgent, mobileRedirectTarget } from './mobile-site.ts';

const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const desktop = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const macSafari = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const androidTablet = 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const weChat = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47';

describe('mobile user agents', () => {
  it.each([
    [iPhone, true],
    [android, true],
    [weChat, true],
    [desktop, false],
    [macSafari, false],
    [androidTablet, false],
    ['', false],
  ])('%s → %s', (userAgent, isMobile) => {
    expect(isMobileUserAgent(userAgent)).toBe(isMobile);
  });
});

describe('mobile redirect targets', () => {
  it.each([
    ['/', '/m', '/m'],
    ['/?inviter=U1', '/m', '/m?inviter=U1'],
    ['/product/detail/42', '/m', '/m/product/detail/42'],
    ['/product/detail/42/?from=share&x=1', '/m', '/m/product/detail/42?from=share&x=1'],
    ['/', 'https://m.example.com', 'https://m.example.com/'],
    ['/product/detail/7?a=b', 'https://m.example.com', 'https://m.example.com/product/detail/7?a=b'],
    ['/search?key=1', '/m', '/m/search?key=1'],
    ['/cart', '/m', '/m/cart'],
    ['/choose/3-12?stock=1', '/m', '/m/choose/3-12?stock=1'],
    ['/account/login?return=%2Fcart', '/m', '/m/account/login?return=%2Fcart'],
    ['/user/order/detail/2611260123456789', '/m', '/m/user/order/detail/2611260123456789'],
    ['/bom?id=5', '/m', '/m/bom?id=5'],
  ])('%s with mobile site %s → %s', (url, mobileSite, target) => {
    expect(mobileRedirectTarget(url, mobileSite)).toBe(target);
  });

  it.each(['/news', '/product/detail/abc', '/product/detail/', '/m', '/user/bom', '/choose/x'])('keeps %s on the desktop site', (url) => {
    expect(mobileRedirectTarget(url, '/m')).toBeNull();
  });
});

describe('mobile site', () => {
  const t = useTestApp({
    fixture: async (app) => {
      const catalog = await insertCatalogFixture(app.db);
      await insertHomeFixture(app.db);
      return catalog;
    },
  });

  const get = (url: string, userAgent: string, cookie = '') => t.app.inject({ method: 'GET', url, headers: { 'user-agent': userAgent, cookie } });

  it('sends phones from the home page to /m with a 302, keeping the query', async () => {
    const response = await get('/?inviter=U2606110001', iPhone);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/m?inviter=U2606110001');
  });

  it('sends phones from a product page to its mobile page', async () => {
    const productId = t.fixture.products.get('STM32F103C8T6') ?? 0;
    const response = await get(`/product/detail/${productId}?from=share`, android);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/m/product/detail/${productId}?from=share`);
  });

  it('never redirects a desktop browser', async () => {
    expect((await get('/', desktop)).statusCode).toBe(200);
    expect((await get('/', macSafari)).statusCode).toBe(200);
  });

  it('lets a phone ask for the desktop site with ?pc=1, remembered until ?pc=0', async () => {
    const escape = await get('/?pc=1', iPhone);
    expect(escape.statusCode).toBe(200);
    const cookie = escape.cookies.find((entry) => entry.name === 'preferPc');
    expect(cookie?.value).toBe('1');
    expect((await get('/', iPhone, 'preferPc=1')).statusCode).toBe(200);
    const back = await get('/?pc=0', iPhone, 'preferPc=1');
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/m?pc=0');
  });

  it('serves the mobile home page with search, categories, banner and parts', async () => {
    const response = await get('/m', iPhone);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('role="search"');
    expect(response.body).toMatch(/href="\/m\/choose\/\d+"/);
    expect(response.body).toContain('href="/m/catalogue"');
    expect(response.body).toContain('action="/m/search"');
    expect(response.body).toContain('data-testid="m-tabbar"');
    expect(response.body).toContain('/static/banners/banner-mcu.svg');
    expect(response.body).toMatch(/href="\/m\/product\/detail\/\d+"/);
    expect(response.body).toContain('href="/?pc=1"');
  });

  it('offers the new-member pack banner to visitors and members without it, like the desktop home, not to a member who has it', async () => {
    const clickUrlsOf = (body: string) => pageStateOf<MobileHomeData>(body).data.bannerList.map((banner) => banner.clickUrl);
    const visitorUrls = clickUrlsOf((await get('/m', iPhone)).body);
    expect(visitorUrls).toContain(couponPaths.newMemberPack);
    const member = await t.member();
    expect(clickUrlsOf((await member.browser.get('/m')).body)).toContain(couponPaths.newMemberPack);
    await grantNewMemberPack(t.db.kysely, member.userId, Date.now());
    const memberUrls = clickUrlsOf((await member.browser.get('/m')).body);
    expect(memberUrls).not.toContain(couponPaths.newMemberPack);
    expect(memberUrls).toContain(couponPaths.centre);
    expect(memberUrls).toHaveLength(visitorUrls.length);
  });

  it("serves a part's mobile page with code, brand, package, tiers and stock", async () => {
    const productId = t.fixture.products.get('STM32F103C8T6') ?? 0;
    const response = await get(`/m/product/detail/${productId}`, iPhone);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('STM32F103C8T6');
    expect(response.body).toContain('LQFP-48');
    expect(response.body).toContain('class="price-tiers"');
    expect(response.body).toContain('加入购物车');
    expect(response.body).toContain(`/m/account/login?return=${encodeURIComponent(`/m/product/detail/${productId}`)}`);
    expect(response.body).toContain('data-testid="m-product-params"');
    expect(response.body).toContain(`href="/product/detail/${productId}?pc=1"`);
  });

  it('tells a member whether the part is a favourite', async () => {
    const productId = t.fixture.products.get('STM32F103C8T6') ?? 0;
    const member = await t.member();
    const before = pageStateOf<MobileProductData>((await member.browser.get(`/m/product/detail/${productId}`)).body).data;
    expect(before.isFavorite).toBe(false);
    expect(before.params.length).toBeGreaterThan(0);
    await member.browser.callOk(favoriteCalls.add, { productId });
    const after = pageStateOf<MobileProductData>((await member.browser.get(`/m/product/detail/${productId}`)).body).data;
    expect(after.isFavorite).toBe(true);
  });

  it.each(['/m/product/detail/999999', '/m/product/detail/abc'])('answers 404 for %s', async (url) => {
    expect((await get(url, iPhone)).statusCode).toBe(404);
  });
});
