import { describe, expect, it } from 'vitest';
import type {
  MobileCartData,
  MobileCashierData,
  MobileLoginData,
  MobileOrderDetailData,
  MobileOrderListData,
  MobilePersonData,
  MobileRegisterData,
  MobileSettlementData,
} from '../../../contract/mobile-buy.ts';
import type { SettlementData } from '../../../contract/order.ts';
import { orderCalls } from '../../../contract/order-calls.ts';
import { paymentDevCalls } from '../../../contract/payment-calls.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp, type SignedInMember } from '../../testing/use-test-app.ts';
import { giveCoupon, insertCentreCoupon } from '../coupon/testing/coupon-fixture.ts';
import { fillCart, insertOrderCatalog, insertPart, previewAndPlace, saveShanghaiAddress } from '../order/testing/order-fixture.ts';
import { mobileReturnPath } from './mobile-buy.service.ts';

const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('mobile return paths', () => {
  it.each([
    [undefined, '/m'],
    ['/m/cart', '/m/cart'],
    ['/m/user/order/list?tab=unpaid', '/m/user/order/list?tab=unpaid'],
    ['/cart', '/m/cart'],
    ['/user/order/detail/2611260123456789?x=1', '/m/user/order/detail/2611260123456789?x=1'],
    ['/', '/m'],
    ['/user/coupon', '/user/coupon'],
    ['//evil.example.com', '/m'],
    ['https://evil.example.com/', '/m'],
    ['/m/account/login?return=/m/cart', '/m'],
    ['/m/account/register', '/m'],
    ['/account/login', '/m'],
  ])('%s → %s', (value, expected) => {
    expect(mobileReturnPath(value, '/m', '/m')).toBe(expected);
  });
});

describe('the mobile buying path', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

  async function buyer(): Promise<SignedInMember & { addressId: number }> {
    const member = await t.member();
    return { ...member, addressId: await saveShanghaiAddress(member.browser) };
  }

  async function placeOne(member: SignedInMember & { addressId: number }): Promise<string> {
    const part = await insertPart(t.db.kysely, t.fixture.catalog);
    await fillCart(member.browser, [{ productId: part, quantity: 20 }]);
    const { answer } = await previewAndPlace(member.browser, { addressId: member.addressId });
    if (!answer.data) throw new Error(answer.msg);
    return answer.data.orderNo;
  }

  it.each([
    '/m/cart',
    '/m/user/person',
    '/m/user/order/list?tab=unpaid',
    '/m/user/order/detail/2611260123456789',
    '/m/offer/settlement',
    '/m/offer/pay/2611260123456789',
  ])('sends a visitor from %s to the mobile login page, coming back', async (url) => {
    const response = await t.browser().get(url);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/m/account/login?return=${encodeURIComponent(url)}`);
  });

  it('serves the login page with a mobile return path, and sends a member straight on', async () => {
    const login = await t.browser().get(`/m/account/login?return=${encodeURIComponent('/cart')}&mode=sms`);
    expect(login.statusCode).toBe(200);
    expect(pageStateOf<MobileLoginData>(login.body).data).toEqual({ returnPath: '/m/cart', mode: 'sms', basePath: '/m' });
    const member = await t.member();
    const again = await member.browser.get(`/m/account/login?return=${encodeURIComponent('/m/cart')}`);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/m/cart');
  });

  it('serves the register page with the inviter, going to the mobile member centre by default', async () => {
    const register = await t.browser().get('/m/account/register?inviter=U2606110001');
    expect(register.statusCode).toBe(200);
    expect(pageStateOf<MobileRegisterData>(register.body).data).toEqual({ returnPath: '/m/user/person', inviter: 'U2606110001', basePath: '/m' });
    expect(register.body).toContain('同意协议并注册');
  });

  it('sends phones from the desktop login, cart and checkout to their mobile pages', async () => {
    for (const [url, target] of [
      ['/account/login?return=%2Fcart', '/m/account/login?return=%2Fcart'],
      ['/cart', '/m/cart'],
      ['/offer/settlement', '/m/offer/settlement'],
    ]) {
      const response = await t.app.inject({ method: 'GET', url: url ?? '', headers: { 'user-agent': iPhone } });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(target);
    }
  });

  it('shows the member’s cart with tier prices and totals, as the desktop cart', async () => {
    const member = await t.member();
    const part = await insertPart(t.db.kysely, t.fixture.catalog);
    await fillCart(member.browser, [{ productId: part, quantity: 1000 }]);
    const page = await member.browser.get('/m/cart');
    expect(page.statusCode).toBe(200);
    const { cart } = pageStateOf<MobileCartData>(page.body).data;
    expect(cart.lines.map((line) => [line.product.productId, line.quantity, line.unitPriceE4, line.subtotalCents])).toEqual([[part, 1000, 80, 800]]);
    expect(cart.selectedTotalCents).toBe(800);
    expect(pageStateOf<{ cart: unknown }>((await member.browser.get('/cart')).body).data.cart).toEqual(cart);
  });

  it('prices the checkout exactly as the desktop does, coupons and freight included', async () => {
    const member = await buyer();
    const part = await insertPart(t.db.kysely, t.fixture.catalog, { prices: [{ qtyStart: 1, priceE4: 123_456 }] });
    await giveCoupon(t.db.kysely, member.userId, await insertCentreCoupon(t.db.kysely));
    await fillCart(member.browser, [{ productId: part, quantity: 11 }]);
    const mobile = pageStateOf<MobileSettlementData>((await member.browser.get('/m/offer/settlement')).body).data.settlement;
    const desktop = pageStateOf<SettlementData>((await member.browser.get('/offer/settlement')).body).data;
    const figures = (data: SettlementData) => ({
      goods: data.goodsCents,
      freight: data.freightCents,
      goodsDiscount: data.goodsDiscountCents,
      freightDiscount: data.freightDiscountCents,
      payable: data.payableCents,
      coupons: data.memberCouponIds,
      addressId: data.addressId,
    });
    expect(figures(mobile)).toEqual(figures(desktop));
    expect(mobile.payableCents).toBeGreaterThan(0);
    expect(mobile.memberCouponIds).toHaveLength(1);
    expect(mobile.idempotencyKey).not.toBe(desktop.idempotencyKey);
  });

  it('lists the member’s orders by tab, shows an order’s detail and its cashier, and answers 404 for another member’s order', async () => {
    const member = await buyer();
    const orderNo = await placeOne(member);
    const paidNo = await placeOne(member);
    await member.browser.callOk(paymentDevCalls.devPay, { orderNo: paidNo });

    const unpaid = pageStateOf<MobileOrderListData>((await member.browser.get('/m/user/order/list?tab=unpaid')).body).data.list;
    expect(unpaid.status).toBe('unpaid');
    expect(unpaid.orders.map((order) => order.orderNo)).toEqual([orderNo]);
    expect(unpaid.countsByStatus).toMatchObject({ unpaid: 1, unshipped: 1 });
    const all = pageStateOf<MobileOrderListData>((await member.browser.get('/m/user/order/list')).body).data.list;
    expect(all.orders.map((order) => order.orderNo)).toEqual([paidNo, orderNo]);
    // A phone redirected from the desktop list brings ?status=.
    expect(pageStateOf<MobileOrderListData>((await member.browser.get('/m/user/order/list?status=unshipped')).body).data.list.orders).toHaveLength(1);

    const detail = pageStateOf<MobileOrderDetailData>((await member.browser.get(`/m/user/order/detail/${orderNo}`)).body).data.order;
    expect(detail).toEqual(await member.browser.callOk(orderCalls.detail, { orderNo }));
    const cashier = pageStateOf<MobileCashierData>((await member.browser.get(`/m/offer/pay/${orderNo}`)).body).data.cashier;
    expect(cashier).toMatchObject({ orderNo, status: 'unpaid', payableCents: detail.payableCents });
    expect(cashier.methods.map((option) => option.method)).toContain('development');

    const person = pageStateOf<MobilePersonData>((await member.browser.get('/m/user/person')).body).data;
    expect(person.overview.userNumber).toBe(member.userNumber);
    expect(person.overview.counts.orders).toMatchObject({ unpaid: 1, unshipped: 1, cancelled: 0 });

    const other = await t.member();
    expect((await other.browser.get(`/m/user/order/detail/${orderNo}`)).statusCode).toBe(404);
    expect((await other.browser.get(`/m/offer/pay/${orderNo}`)).statusCode).toBe(404);
    expect((await member.browser.get('/m/user/order/detail/not-an-order!')).statusCode).toBe(404);
  });
});
