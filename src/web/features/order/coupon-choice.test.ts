import { describe, expect, it } from 'vitest';
import type { DraftCoupon } from '../../../contract/coupon.ts';
import { toggledCouponIds } from './coupon-choice.ts';

function coupon(memberCouponId: number, terms: Partial<DraftCoupon> = {}): DraftCoupon {
  return {
    memberCouponId,
    templateId: memberCouponId,
    name: `券${String(memberCouponId)}`,
    kind: 'goods',
    faceValueCents: 1000,
    thresholdCents: 0,
    scope: 'all',
    scopeId: null,
    scopeParentId: null,
    scopeName: '',
    validFrom: 0,
    validUntil: 1,
    isUsable: true,
    unusableReason: '',
    discountCents: 1000,
    ...terms,
  };
}

describe('toggledCouponIds', () => {
  const platformA = coupon(1);
  const platformB = coupon(2);
  const brandTi = coupon(3, { scope: 'brand', scopeId: 7, scopeName: 'TI' });
  const brandSt = coupon(4, { scope: 'brand', scopeId: 8, scopeName: 'ST' });
  const freight = coupon(5, { kind: 'freight' });
  const coupons = [platformA, platformB, brandTi, brandSt, freight];

  it('unticks a chosen coupon and keeps the others', () => {
    expect(toggledCouponIds(coupons, [1, 3, 5], brandTi)).toEqual([1, 5]);
  });

  it('adds a coupon of a scope not yet taken', () => {
    expect(toggledCouponIds(coupons, [1], brandTi)).toEqual([1, 3]);
    expect(toggledCouponIds(coupons, [1, 3], brandSt)).toEqual([1, 3, 4]);
    expect(toggledCouponIds(coupons, [1, 3], freight)).toEqual([1, 3, 5]);
  });

  it('replaces the coupon of the same scope: one platform-wide coupon per order', () => {
    expect(toggledCouponIds(coupons, [1, 3, 5], platformB)).toEqual([3, 5, 2]);
  });

  it('starts from nothing', () => {
    expect(toggledCouponIds(coupons, [], freight)).toEqual([5]);
  });
});
