import { expect } from 'vitest';
import { accountCalls } from '../../../../contract/account-calls.ts';
import { SendMsgType } from '../../../../contract/account.ts';
import { ShortfallChoice } from '../../../../contract/order.ts';
import type { TestApp } from '../../../testing/test-app.ts';
import type { UsedTestApp } from '../../../testing/use-test-app.ts';
import { nextIp, nextPhone, sendCode } from '../../account/account.test-helpers.ts';
import { addToCart } from '../../cart/cart.service.ts';
import { previewCheckout } from '../../order/checkout.service.ts';
import { placeOrder } from '../../order/order-placement.service.ts';
import { markOrderPaid, type PaymentOutcome } from '../../order/order-payment.service.ts';
import { newKey } from '../../order/testing/order-fixture.ts';

/** Registers a new member through /account/api/messageRegister with an inviter; answers its id and stored inviter. */
export async function registerInvited(
  t: UsedTestApp<unknown>,
  inviter: string | undefined,
): Promise<{ userId: number; userNumber: string; inviter: string | null }> {
  const browser = t.browser(nextIp());
  const phone = nextPhone();
  const smsCode = await sendCode(t, browser, phone, SendMsgType.register);
  const answer = await browser.call(accountCalls.messageRegister, { phone, smsCode, password: 'abc12345', inviter });
  expect(answer).toMatchObject({ code: 1 });
  return t.db.kysely.selectFrom('users').select(['id as userId', 'userNumber', 'inviter']).where('phone', '=', phone).executeTakeFirstOrThrow();
}

/** Places an unpaid order of one line for the member (picked up: no address, no freight). */
export async function placeUnpaidOrder(t: TestApp, userId: number, productId: number, quantity = 10): Promise<{ orderNo: string; payableCents: number }> {
  const db = t.db.kysely;
  await addToCart(db, userId, productId, quantity);
  const choice = { carrierCode: 'pickup', addressId: null, shortfallChoice: ShortfallChoice.shipAvailable, memberCouponIds: [] };
  const quote = await previewCheckout(db, userId, choice);
  return placeOrder(db, t.deps.config.orders, userId, {
    ...choice,
    idempotencyKey: newKey(),
    invoice: { kind: 'none' },
    remark: '',
    quotedPayableCents: quote.payableCents,
  });
}

export function payOrder(t: TestApp, order: { orderNo: string; payableCents: number }): Promise<PaymentOutcome> {
  return markOrderPaid(t.db.kysely, {
    orderNo: order.orderNo,
    amountCents: order.payableCents,
    method: 'alipay',
    tradeNo: `T${order.orderNo}`,
    paidAt: Date.now(),
  });
}

/** The inviter's invite reward coupons (by the configured default template). */
export async function rewardCouponsOf(t: TestApp, userId: number): Promise<{ claimNo: number; source: string }[]> {
  return t.db.kysely
    .selectFrom('memberCoupons as mc')
    .innerJoin('couponTemplates as ct', 'ct.id', 'mc.templateId')
    .select(['mc.claimNo', 'mc.source'])
    .where('mc.userId', '=', userId)
    .where('ct.name', '=', '邀请奖励 满200减20')
    .orderBy('mc.claimNo')
    .execute();
}
