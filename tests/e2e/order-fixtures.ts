import type { InvoiceRequest } from '../../src/contract/invoice.ts';
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Address } from '../../src/contract/address.ts';
import { addressCalls } from '../../src/contract/address-calls.ts';
import type { AnyCall, CallBody, CallResponse } from '../../src/contract/call.ts';
import { cartCalls } from '../../src/contract/cart-calls.ts';
import { ShortfallChoice, type PlacedOrder } from '../../src/contract/order.ts';
import { orderCalls } from '../../src/contract/order-calls.ts';
import { sessionCookieName } from '../../src/server/http/session.ts';
import { createMember, startMemberSession } from '../../src/server/testing/factories.ts';
import { expect, latestSmsCode, waitForHydration, type StoreDb } from './fixtures.ts';
import type { OrderPart } from './part-fixtures.ts';

/** A call made with the page's session and anti-forgery token; the test fails unless it succeeds. */
export async function callOk<C extends AnyCall>(page: Page, call: C, body: CallBody<C>): Promise<CallResponse<C>> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'csrfToken')?.value ?? '';
  const response = await page.request.post(call.path, { data: body, headers: { 'x-csrf-token': token } });
  const envelope = (await response.json()) as { code: number; msg: string; data: CallResponse<C> };
  expect(envelope, `${call.path} ${envelope.msg}`).toMatchObject({ code: 1 });
  return envelope.data;
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
