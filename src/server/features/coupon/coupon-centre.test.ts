import { describe, expect, it } from 'vitest';
import type { CouponCentreData } from '../../../contract/coupon.ts';
import { couponCalls } from '../../../contract/coupon-calls.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { day, insertCentreCoupon } from './testing/coupon-fixture.ts';

describe('the coupon centre', () => {
  const t = useTestApp();

  async function centreOf(browser = t.browser()): Promise<CouponCentreData> {
    const page = await browser.get('/coupon');
    expect(page.statusCode).toBe(200);
    return pageStateOf<CouponCentreData>(page.body).data;
  }

  it('lists coupons on sale with stock and limits, not ended ones nor the new-member pack', async () => {
    const onSale = await insertCentreCoupon(t.db.kysely, { totalStock: 300, claimedCount: 297, perMemberLimit: 2 });
    const ended = await insertCentreCoupon(t.db.kysely, { claimFrom: Date.now() - 10 * day, claimUntil: Date.now() - day });
    const lapsed = await insertCentreCoupon(t.db.kysely, { validDays: null, validFrom: Date.now() - 10 * day, validUntil: Date.now() - day, claimUntil: null });
    const data = await centreOf();
    const ids = data.coupons.map((coupon) => coupon.templateId);
    expect(ids).toContain(onSale);
    expect(ids).not.toContain(ended);
    expect(ids).not.toContain(lapsed);
    expect(data.coupons.every((coupon) => !coupon.name.startsWith('新人专享券'))).toBe(true);
    expect(data.coupons.find((coupon) => coupon.templateId === onSale)).toMatchObject({
      totalStock: 300,
      claimedCount: 297,
      perMemberLimit: 2,
      myClaimedCount: 0,
      state: 'claimable',
    });
    expect(data.isLogin).toBe(false);
  });

  it('sends a visitor’s claim to the login page (401) and takes nothing', async () => {
    const templateId = await insertCentreCoupon(t.db.kysely);
    expect(await t.browser().call(couponCalls.claim, { templateId })).toMatchObject({ code: 401 });
    const row = await t.db.kysely.selectFrom('couponTemplates').select('claimedCount').where('id', '=', templateId).executeTakeFirstOrThrow();
    expect(row.claimedCount).toBe(0);
  });

  it('claims a coupon valid for its days from now, and answers the card updated in place', async () => {
    const member = await t.member();
    const templateId = await insertCentreCoupon(t.db.kysely, { validDays: 15, totalStock: 10, claimedCount: 3 });
    const before = Date.now();
    const answer = await member.browser.call(couponCalls.claim, { templateId });
    expect(answer).toMatchObject({ code: 1, msg: '领取成功' });
    expect(answer.data?.coupon).toMatchObject({ templateId, claimedCount: 4, myClaimedCount: 1, state: 'claimed' });
    const coupon = await t.db.kysely.selectFrom('memberCoupons').selectAll().where('userId', '=', member.userId).executeTakeFirstOrThrow();
    expect(coupon).toMatchObject({ templateId, source: 'centre', claimNo: 1, usedOrderId: null });
    expect(coupon.validFrom).toBeGreaterThanOrEqual(before);
    expect(coupon.validUntil - coupon.validFrom).toBe(15 * day);
    expect((await centreOf(member.browser)).coupons.find((card) => card.templateId === templateId)).toMatchObject({ state: 'claimed', myClaimedCount: 1 });
  });

  it('gives a fixed-window coupon its window', async () => {
    const member = await t.member();
    const window = { validFrom: Date.now() + 2 * day, validUntil: Date.now() + 12 * day };
    const templateId = await insertCentreCoupon(t.db.kysely, { ...window, validDays: null });
    await member.browser.callOk(couponCalls.claim, { templateId });
    const coupon = await t.db.kysely
      .selectFrom('memberCoupons')
      .select(['validFrom', 'validUntil'])
      .where('userId', '=', member.userId)
      .executeTakeFirstOrThrow();
    expect(coupon).toEqual(window);
  });

  it('lets a member claim up to the per-member limit, then says 已领完', async () => {
    const member = await t.member();
    const templateId = await insertCentreCoupon(t.db.kysely, { perMemberLimit: 2 });
    expect((await member.browser.callOk(couponCalls.claim, { templateId })).coupon).toMatchObject({ myClaimedCount: 1, state: 'claimable' });
    expect((await member.browser.callOk(couponCalls.claim, { templateId })).coupon).toMatchObject({ myClaimedCount: 2, state: 'claimed' });
    expect(await member.browser.call(couponCalls.claim, { templateId })).toMatchObject({
      code: 409,
      errorCode: 'coupon.alreadyClaimed',
      msg: '每人限领2张，您已领完',
    });
    const row = await t.db.kysely.selectFrom('couponTemplates').select('claimedCount').where('id', '=', templateId).executeTakeFirstOrThrow();
    expect(row.claimedCount).toBe(2);
  });

  it.each([
    ['a second claim of a one-per-member coupon', { perMemberLimit: 1 }, true, 'coupon.alreadyClaimed', '您已领取过该优惠券'],
    ['the last one taken', { totalStock: 5, claimedCount: 5 }, false, 'coupon.soldOut', '手慢了，优惠券已抢光'],
    [
      'after the claim window',
      { claimFrom: Date.now() - 5 * day, claimUntil: Date.now() - 1000 },
      false,
      'coupon.claimEnded',
      '该优惠券已过期，领券活动已结束',
    ],
    [
      'a fixed-window coupon past its window',
      { validDays: null, validFrom: Date.now() - 5 * day, validUntil: Date.now() - 1000, claimUntil: null },
      false,
      'coupon.claimEnded',
      '该优惠券已过期，领券活动已结束',
    ],
    ['not on sale yet', { claimFrom: Date.UTC(2030, 0, 1, 1, 0) }, false, 'coupon.claimNotStarted', '领券活动未开始，请于2030-01-01 09:00后再来'],
    ['the new-member pack (not in the centre)', { isInCentre: 0, isNewMemberPack: 1, totalStock: null }, false, 'coupon.notFound', '优惠券不存在'],
  ])('refuses %s with a clear message and takes nothing', async (_case, fields, claimFirst, errorCode, msg) => {
    const member = await t.member();
    const templateId = await insertCentreCoupon(t.db.kysely, fields);
    if (claimFirst) await member.browser.callOk(couponCalls.claim, { templateId });
    const before = await t.db.kysely.selectFrom('couponTemplates').select('claimedCount').where('id', '=', templateId).executeTakeFirstOrThrow();
    expect(await member.browser.call(couponCalls.claim, { templateId })).toMatchObject({ errorCode, msg });
    const after = await t.db.kysely.selectFrom('couponTemplates').select('claimedCount').where('id', '=', templateId).executeTakeFirstOrThrow();
    expect(after.claimedCount).toBe(before.claimedCount);
  });

  it('says 已领取 rather than 已抢光 to a member who holds a sold-out coupon', async () => {
    const member = await t.member();
    const templateId = await insertCentreCoupon(t.db.kysely, { totalStock: 1 });
    await member.browser.callOk(couponCalls.claim, { templateId });
    expect(await member.browser.call(couponCalls.claim, { templateId })).toMatchObject({ errorCode: 'coupon.alreadyClaimed' });
    expect((await centreOf(member.browser)).coupons.find((card) => card.templateId === templateId)?.state).toBe('claimed');
    expect((await centreOf()).coupons.find((card) => card.templateId === templateId)?.state).toBe('soldOut');
  });

  it.each([
    [{ templateId: 999_999 }, 'coupon.notFound', '优惠券不存在'],
    [{ templateId: 0 }, 'request.invalid', '优惠券不存在'],
    [{ templateId: '1' }, 'request.invalid', '优惠券不存在'],
    [{}, 'request.invalid', '优惠券不存在'],
  ])('refuses the bad input %j in Chinese', async (body, errorCode, msg) => {
    const member = await t.member();
    expect(await member.browser.post(couponCalls.claim.path, body)).toMatchObject({ errorCode, msg });
  });

  it('shows a coupon not on sale yet as 未开始, and the login prompt to visitors', async () => {
    const templateId = await insertCentreCoupon(t.db.kysely, { claimFrom: Date.now() + 2 * day });
    const page = await t.browser().get('/coupon');
    expect(pageStateOf<CouponCentreData>(page.body).data.coupons.find((card) => card.templateId === templateId)?.state).toBe('notStarted');
    expect(page.body).toContain('登录领取');
    expect(page.body).toContain('领券中心');
  });
});
