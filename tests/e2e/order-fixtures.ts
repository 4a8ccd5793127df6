import type { InvoiceRequest } from '../../src/contract/invoice.ts';
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Address } from '../../src/contract/address.ts';
import { addressCalls } from '../../src/contract/address-calls.ts';
import type { AnyCall, CallBody, CallResponse } from '../../src/contract/call.ts';
import { cartCalls } from '../../src/contract/cart-calls.ts';
import { ShortfallChoice, type PlacedOrder } from '../../src/contract/order.ts';
import { orderCalls } from '../../src/contract/order-calls.ts';
import { lineAmountCents, roundUpToPack, type PriceTier } from '../../src/contract/pricing.ts';
import { sessionCookieName } from '../../src/server/http/session.ts';
import { createMember, startMemberSession } from '../../src/server/testing/factories.ts';
import { expect, latestSmsCode, waitForHydration, type StoreDb } from './fixtures.ts';

/** A call made with the page's session and anti-forgery token; the test fails unless it succeeds. */
export async function callOk<C extends AnyCall>(page: Page, call: C, body: CallBody<C>): Promise<CallResponse<C>> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'csrfToken')?.value ?? '';
  const response = await page.request.post(call.path, { data: body, headers: { 'x-csrf-token': token } });
  const envelope = (await response.json()) as { code: number; msg: string; data: CallResponse<C> };
  expect(envelope, `${call.path} ${envelope.msg}`).toMatchObject({ code: 1 });
  return envelope.data;
}

export interface OrderPart {
  id: number;
  code: string;
  packSize: number;
  /** A pack multiple at or above the first tier's start, costing at least what was asked. */
  quantity: number;
  stock: number;
  /** The line at that quantity, in cents (its tier's price, rounded once). */
  amountCents: number;
}

/**
 * In-stock parts, each with the smallest pack multiple whose line costs at least `minLineCents` at
 * its tier price and leaves most of the stock (so parallel journeys never run a part dry).
 * `skip` takes parts further down the list, so journeys that change a part's price use their own.
 */
export async function orderParts(storeDb: StoreDb, count: number, { minLineCents = 0, skip = 0 } = {}): Promise<OrderPart[]> {
  const products = await storeDb
    .selectFrom('products')
    .select(['id', 'code', 'packSize', 'stock'])
    .where('stock', '>', 2000)
    .orderBy('firstTierPriceE4', 'desc')
    .orderBy('id')
    .limit(200)
    .execute();
  const tiers = await storeDb
    .selectFrom('productPrices')
    .selectAll()
    .where(
      'productId',
      'in',
      products.map((product) => product.id),
    )
    .orderBy('qtyStart')
    .execute();
  const parts: OrderPart[] = [];
  for (const product of products) {
    const own: PriceTier[] = tiers.filter((tier) => tier.productId === product.id);
    const first = own[0];
    if (!first) continue;
    let quantity = roundUpToPack(first.qtyStart, product.packSize);
    while (lineAmountCents(own, quantity) < minLineCents) quantity += product.packSize;
    if (quantity * 5 > product.stock) continue;
    parts.push({ ...product, quantity, amountCents: lineAmountCents(own, quantity) });
  }
  const chosen = parts.slice(skip, skip + count);
  if (chosen.length < count) throw new Error(`the seed has fewer than ${String(skip + count)} parts for orders`);
  return chosen;
}

export async function addToCart(page: Page, part: OrderPart, quantity = part.quantity): Promise<void> {
  await callOk(page, cartCalls.add, { productId: part.id, quantity });
}

export async function saveShenzhenAddress(page: Page, receiver = '王工'): Promise<Address> {
  return callOk(page, addressCalls.save, {
    receiver,
    mobile: '13800138000',
    landline: '',
    provinceCode: '440000',
    cityCode: '440300',
    districtCode: '440305',
    detail: '科技南十二路18号创维大厦12楼',
    isDefault: true,
  });
}

/** An order of these parts placed through the calls, as the checkout page would: no coupons, no invoice unless given. */
export async function placeOrder(page: Page, parts: readonly OrderPart[], address: Address, invoice: InvoiceRequest = { kind: 'none' }): Promise<PlacedOrder> {
  for (const part of parts) await addToCart(page, part);
  const choice = { carrierCode: 'zto', addressId: address.id, shortfallChoice: ShortfallChoice.shipAvailable };
  const pricing = await callOk(page, orderCalls.preview, { ...choice, memberCouponIds: [] });
  return callOk(page, orderCalls.place, {
    ...choice,
    idempotencyKey: randomUUID(),
    memberCouponIds: [],
    invoice,
    remark: '',
    quotedPayableCents: pricing.payableCents,
  });
}

/** The answer of the page's graphic code (GET /dev/graphic-code exists with the development outbox only). */
async function graphicCodeAnswer(page: Page): Promise<string> {
  await expect(page.getByRole('img', { name: '图形验证码' })).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  const { answer } = (await (await page.request.get('/dev/graphic-code')).json()) as { answer: string | null };
  if (!answer) throw new Error('no graphic code for this session');
  return answer;
}

/** Registers a new member on /account/register as a buyer would; the page ends on /user/person, logged in. */
export async function registerThroughPage(page: Page, phone: string): Promise<void> {
  await page.goto('/account/register');
  await waitForHydration(page);
  await page.getByLabel('手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('status').filter({ hasText: '验证码发送成功' })).toBeVisible();
  await page.getByLabel('图形验证码').fill(await graphicCodeAnswer(page));
  await page.getByLabel('短信验证码').fill(await latestSmsCode(page, phone));
  await page.getByLabel('设置密码').fill('shop2026');
  await page.getByLabel('确认密码').fill('shop2026');
  await page.getByRole('button', { name: '同意协议并注册' }).click();
  await page.waitForURL('**/user/person');
}

/** A second member, signed in in another browser context's page (the `member` fixture is the first). */
export async function signInAnotherMember(page: Page, storeDb: StoreDb): Promise<void> {
  await page.goto('/no/such/page');
  const sid = (await page.context().cookies()).find((cookie) => cookie.name === sessionCookieName)?.value;
  if (!sid) throw new Error('no sid cookie');
  const member = await createMember(storeDb, {});
  await startMemberSession(storeDb, sid, member.userId);
}
