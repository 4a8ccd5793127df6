import { describe, expect, it } from 'vitest';
import {
  claimedPercent,
  couponUseUrl,
  faceValueText,
  memberCouponValidityText,
  offerText,
  scopeText,
  templateValidityText,
  thresholdText,
  validityOnClaim,
  type CouponTerms,
} from './coupon.ts';
import { formatBeijingTime } from './time.ts';

const day = 86_400_000;
const terms = (partial: Partial<CouponTerms>): CouponTerms => ({
  kind: 'goods',
  faceValueCents: 5000,
  thresholdCents: 0,
  scope: 'all',
  scopeId: null,
  scopeParentId: null,
  scopeName: '',
  ...partial,
});

describe('how a coupon reads', () => {
  it.each([
    [5000, '¥50'],
    [300, '¥3'],
    [1250, '¥12.50'],
    [5, '¥0.05'],
  ])('face value %i fen reads %s', (fen, text) => {
    expect(faceValueText(fen)).toBe(text);
  });

  it.each([
    [0, '无门槛'],
    [50_000, '满500元可用'],
    [9_950, '满99.50元可用'],
  ])('threshold %i fen reads %s', (thresholdCents, text) => {
    expect(thresholdText({ thresholdCents })).toBe(text);
  });

  it.each([
    [{ faceValueCents: 5000, thresholdCents: 50_000 }, '满500减50'],
    [{ faceValueCents: 300, thresholdCents: 0 }, '无门槛减3'],
    [{ faceValueCents: 550, thresholdCents: 9_950 }, '满99.50减5.50'],
  ])('%j offers %s', (coupon, text) => {
    expect(offerText(coupon)).toBe(text);
  });

  it.each([
    [terms({}), '全场通用', '/catalogue'],
    [terms({ scope: 'brand', scopeId: 7, scopeName: 'TI(德州仪器)' }), '限TI(德州仪器)品牌商品使用', '/brand/7'],
    [terms({ scope: 'category', scopeId: 2, scopeName: '电阻' }), '限电阻类商品使用', '/choose/2'],
    [terms({ scope: 'category', scopeId: 3, scopeParentId: 2, scopeName: '贴片电阻' }), '限贴片电阻类商品使用', '/choose/2-3'],
    [terms({ kind: 'freight' }), '运费券，抵扣订单运费', '/catalogue'],
  ])('%j: %s, used at %s', (coupon, text, url) => {
    expect(scopeText(coupon)).toBe(text);
    expect(couponUseUrl(coupon)).toBe(url);
  });

  it('shows times in Beijing time, to the minute', () => {
    expect(formatBeijingTime(Date.UTC(2026, 0, 31, 16, 5))).toBe('2026-02-01 00:05');
    expect(memberCouponValidityText({ validFrom: Date.UTC(2026, 0, 1, 2, 0), validUntil: Date.UTC(2026, 0, 31, 2, 0) })).toBe(
      '2026-01-01 10:00 至 2026-01-31 10:00',
    );
  });

  it('gives a template’s validity: days after claiming, or its fixed window', () => {
    expect(templateValidityText({ validFrom: null, validUntil: null, validDays: 30 })).toBe('领取后30天内有效');
    expect(templateValidityText({ validFrom: Date.UTC(2026, 0, 1, 0, 0), validUntil: Date.UTC(2026, 1, 1, 0, 0), validDays: null })).toBe(
      '2026-01-01 08:00 至 2026-02-01 08:00',
    );
  });
});

describe('a coupon’s window when claimed', () => {
  const claimedAt = Date.UTC(2026, 5, 1, 12, 0);
  it('runs N days from the claim for day-counted coupons', () => {
    expect(validityOnClaim({ validFrom: null, validUntil: null, validDays: 30 }, claimedAt)).toEqual({
      validFrom: claimedAt,
      validUntil: claimedAt + 30 * day,
    });
  });
  it('is the template’s window for fixed ones, even when claimed before it opens', () => {
    const window = { validFrom: claimedAt + 2 * day, validUntil: claimedAt + 10 * day };
    expect(validityOnClaim({ ...window, validDays: null }, claimedAt)).toEqual(window);
  });
});

describe('the stock bar', () => {
  it.each([
    [{ totalStock: 300, claimedCount: 297 }, 99],
    [{ totalStock: 1000, claimedCount: 999 }, 99],
    [{ totalStock: 200, claimedCount: 200 }, 100],
    [{ totalStock: 500, claimedCount: 0 }, 0],
    [{ totalStock: null, claimedCount: 42 }, null],
  ])('%j is %s% claimed', (coupon, percent) => {
    expect(claimedPercent(coupon)).toBe(percent);
  });
});
