import { describe, expect, it } from 'vitest';
import type { CouponDraft, CouponDraftLine, DraftCoupon } from './coupon.ts';
import { bestCouponCombination, chosenCombination, combinationProblem, couponProblem, soloDiscountCents } from './coupon-combination.ts';

const ti = { brandId: 1, name: 'TI(德州仪器)' };
const st = { brandId: 2, name: 'ST(意法半导体)' };
const resistors = { first: 10, second: 11, name: '电阻', secondName: '贴片电阻' };
const mcu = { first: 20, second: 21 };

let productSequence = 0;
function line(amountYuan: number, brandId = 99, categoryFirstId = mcu.first, categorySecondId = mcu.second): CouponDraftLine {
  productSequence += 1;
  return { productId: productSequence, brandId, categoryFirstId, categorySecondId, amountCents: Math.round(amountYuan * 100) };
}

function draft(lines: CouponDraftLine[], freightYuan = 0): CouponDraft {
  return { lines, freightCents: Math.round(freightYuan * 100) };
}

type CouponSpec = Partial<DraftCoupon> & { face: number; threshold?: number };

/** A usable coupon (the server's time check passed): face and threshold in yuan. */
function coupon(id: number, { face, threshold = 0, ...rest }: CouponSpec): DraftCoupon {
  return {
    kind: 'goods',
    scope: 'all',
    scopeId: null,
    scopeParentId: null,
    scopeName: '',
    memberCouponId: id,
    templateId: id,
    name: `券${String(id)}`,
    validFrom: 0,
    validUntil: 1_000_000 + id,
    isUsable: true,
    unusableReason: '',
    discountCents: 0,
    faceValueCents: face * 100,
    thresholdCents: threshold * 100,
    ...rest,
  };
}

const brand = (b: { brandId: number; name: string }) => ({ scope: 'brand' as const, scopeId: b.brandId, scopeName: b.name });
const category = (id: number, name: string) => ({ scope: 'category' as const, scopeId: id, scopeName: name });
const freight = { kind: 'freight' as const };

describe('whether a coupon applies to a draft (thresholds on the scope’s amount before discounts)', () => {
  it.each([
    ['a platform-wide coupon on exactly its threshold', coupon(1, { face: 50, threshold: 500 }), draft([line(300), line(200)]), ''],
    ['a platform-wide coupon one fen short', coupon(1, { face: 50, threshold: 500 }), draft([line(499.99)]), '商品满¥500.00可用，还差¥0.01'],
    [
      'a brand coupon without any of its brand',
      coupon(1, { face: 30, threshold: 300, ...brand(ti) }),
      draft([line(1000, st.brandId)]),
      '仅限TI(德州仪器)品牌商品使用，本单没有此类商品',
    ],
    [
      'a brand coupon counts only its brand’s lines',
      coupon(1, { face: 30, threshold: 300, ...brand(ti) }),
      draft([line(200, ti.brandId), line(1000, st.brandId)]),
      'TI(德州仪器)品牌商品满¥300.00可用，还差¥100.00',
    ],
    [
      'a first-level category coupon',
      coupon(1, { face: 5, threshold: 50, ...category(resistors.first, '电阻') }),
      draft([line(60, 99, resistors.first, resistors.second)]),
      '',
    ],
    [
      'a second-level category coupon',
      coupon(1, { face: 5, threshold: 50, ...category(resistors.second, '贴片电阻') }),
      draft([line(60, 99, resistors.first, resistors.second)]),
      '',
    ],
    [
      'a category coupon on other categories',
      coupon(1, { face: 5, ...category(resistors.first, '电阻') }),
      draft([line(60)]),
      '仅限电阻类商品使用，本单没有此类商品',
    ],
    ['a freight coupon on free freight', coupon(1, { face: 10, ...freight }), draft([line(200)], 0), '本单无运费，无需使用运费券'],
    ['a freight coupon’s threshold is on all goods', coupon(1, { face: 10, threshold: 49, ...freight }), draft([line(48)], 8), '商品满¥49.00可用，还差¥1.00'],
    ['an empty draft', coupon(1, { face: 5 }), draft([]), '订单中没有商品'],
    ['goods of one fen cannot go lower', coupon(1, { face: 5 }), draft([line(0.01)]), '订单金额过低，不能使用优惠券'],
  ])('%s', (_case, terms, order, problem) => {
    expect(couponProblem(terms, order)).toBe(problem);
  });
});

describe('what a coupon takes off on its own', () => {
  it.each([
    ['its face value', coupon(1, { face: 50, threshold: 500 }), draft([line(600)]), 5000],
    ['at most its scope’s amount', coupon(1, { face: 50, ...brand(ti) }), draft([line(30, ti.brandId), line(500)]), 3000],
    ['never the whole goods amount: ¥0.01 stays', coupon(1, { face: 50 }), draft([line(20)]), 1999],
    ['a freight coupon at most the freight', coupon(1, { face: 10, ...freight }), draft([line(20)], 8), 800],
    ['nothing when it does not apply', coupon(1, { face: 50, threshold: 500 }), draft([line(100)]), 0],
  ])('%s', (_case, terms, order, fen) => {
    expect(soloDiscountCents(terms, order)).toBe(fen);
  });
});

describe('which coupons combine', () => {
  const brands = Array.from({ length: 11 }, (_, i) => coupon(i + 1, { face: 1, ...brand({ brandId: 100 + i, name: `品牌${String(i)}` }) }));
  it.each([
    [
      'platform-wide + brand + category + freight',
      [coupon(1, { face: 5 }), coupon(2, { face: 5, ...brand(ti) }), coupon(3, { face: 5, ...category(10, '电阻') }), coupon(4, { face: 5, ...freight })],
      '',
    ],
    ['two brands', [coupon(1, { face: 5, ...brand(ti) }), coupon(2, { face: 5, ...brand(st) })], ''],
    ['a first-level and a second-level category', [coupon(1, { face: 5, ...category(10, '电阻') }), coupon(2, { face: 5, ...category(11, '贴片电阻') })], ''],
    ['two platform-wide coupons', [coupon(1, { face: 50 }), coupon(2, { face: 30 })], '全场通用券每单限用一张'],
    ['two coupons of one brand', [coupon(1, { face: 5, ...brand(ti) }), coupon(2, { face: 8, ...brand(ti) })], 'TI(德州仪器)品牌券每单限用一张'],
    [
      'two coupons of one category',
      [coupon(1, { face: 5, ...category(10, '电阻') }), coupon(2, { face: 8, ...category(10, '电阻') })],
      '电阻品类券每单限用一张',
    ],
    ['two freight coupons', [coupon(1, { face: 5, ...freight }), coupon(2, { face: 8, ...freight })], '运费券每单限用一张'],
    ['ten coupons', brands.slice(0, 10), ''],
    ['eleven coupons', brands, '每笔订单最多使用10张优惠券'],
  ])('%s', (_case, coupons, problem) => {
    expect(combinationProblem(coupons)).toBe(problem);
  });
});

describe('the best combination, pre-selected at checkout', () => {
  const pack = [coupon(1, { face: 50, threshold: 500 }), coupon(2, { face: 30, threshold: 300 }), coupon(3, { face: 20, threshold: 200 })];
  it.each([
    ['no coupons: nothing off', [], draft([line(600)]), { memberCouponIds: [], goodsDiscountCents: 0, freightDiscountCents: 0 }],
    [
      'the pack on ¥600: the ¥50 alone (one platform-wide coupon an order)',
      pack,
      draft([line(600)]),
      { memberCouponIds: [1], goodsDiscountCents: 5000, freightDiscountCents: 0 },
    ],
    [
      'the pack on ¥350: the ¥30, the ¥50’s threshold unmet',
      pack,
      draft([line(350)]),
      { memberCouponIds: [2], goodsDiscountCents: 3000, freightDiscountCents: 0 },
    ],
    ['the pack on ¥199.99: none applies', pack, draft([line(199.99)]), { memberCouponIds: [], goodsDiscountCents: 0, freightDiscountCents: 0 }],
    [
      'platform-wide, brand and freight coupons stack',
      [...pack, coupon(4, { face: 30, threshold: 300, ...brand(ti) }), coupon(5, { face: 10, threshold: 49, ...freight })],
      draft([line(400, ti.brandId), line(200, st.brandId)], 8),
      { memberCouponIds: [1, 4, 5], goodsDiscountCents: 8000, freightDiscountCents: 800 },
    ],
    [
      'of one brand’s coupons the larger',
      [coupon(1, { face: 10, ...brand(ti) }), coupon(2, { face: 15, threshold: 100, ...brand(ti) })],
      draft([line(120, ti.brandId)]),
      { memberCouponIds: [2], goodsDiscountCents: 1500, freightDiscountCents: 0 },
    ],
    [
      'when the cap is reached by one coupon, no second one is spent',
      [coupon(1, { face: 50, validUntil: 9_000 }), coupon(2, { face: 20, ...brand(ti), validUntil: 5_000 })],
      draft([line(10, ti.brandId)]),
      { memberCouponIds: [2], goodsDiscountCents: 999, freightDiscountCents: 0 },
    ],
    [
      'on equal discounts the coupon expiring sooner',
      [coupon(1, { face: 20, ...brand(ti), validUntil: 9_000 }), coupon(2, { face: 20, ...brand(ti), validUntil: 5_000 })],
      draft([line(100, ti.brandId)]),
      { memberCouponIds: [2], goodsDiscountCents: 2000, freightDiscountCents: 0 },
    ],
    [
      'a coupon the server found unusable (not started) is left out',
      [coupon(1, { face: 50, isUsable: false, unusableReason: '2026-12-01 00:00起可用' }), coupon(2, { face: 5 })],
      draft([line(600)]),
      { memberCouponIds: [2], goodsDiscountCents: 500, freightDiscountCents: 0 },
    ],
    [
      'goods discounts together keep ¥0.01 of the goods',
      [coupon(1, { face: 50 }), coupon(2, { face: 40, ...brand(ti) })],
      draft([line(30, ti.brandId), line(30, st.brandId)]),
      { memberCouponIds: [1, 2], goodsDiscountCents: 5999, freightDiscountCents: 0 },
    ],
  ])('%s', (_case, coupons, order, best) => {
    expect(bestCouponCombination(coupons, order)).toEqual(best);
  });

  it('above 10 usable coupons takes the best of each scope, largest first, at most 10', () => {
    const brandCoupons = Array.from({ length: 12 }, (_, i) => coupon(i + 1, { face: i + 1, ...brand({ brandId: 100 + i, name: `品牌${String(i)}` }) }));
    const order = draft(Array.from({ length: 12 }, (_, i) => line(100, 100 + i)));
    const best = bestCouponCombination([...brandCoupons, coupon(13, { face: 2, ...brand({ brandId: 111, name: '品牌11' }) })], order);
    expect(best.memberCouponIds).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(best.goodsDiscountCents).toBe((12 + 11 + 10 + 9 + 8 + 7 + 6 + 5 + 4 + 3) * 100);
  });

  it('above 10 usable coupons still keeps one platform-wide and one freight coupon', () => {
    const platformWide = Array.from({ length: 11 }, (_, i) => coupon(i + 1, { face: i + 1 }));
    const best = bestCouponCombination([...platformWide, coupon(20, { face: 10, ...freight }), coupon(21, { face: 6, ...freight })], draft([line(500)], 8));
    expect(best).toEqual({ memberCouponIds: [11, 20], goodsDiscountCents: 1100, freightDiscountCents: 800 });
  });

  it('takes the best coupon of every scope of a mixed wallet of 10 (listed largest first)', () => {
    const wallet = [
      coupon(1, { face: 50, threshold: 500 }),
      coupon(2, { face: 30, threshold: 300 }),
      coupon(3, { face: 30, ...brand(ti) }),
      coupon(4, { face: 25, threshold: 100, ...brand(ti) }),
      coupon(5, { face: 15, ...brand(st) }),
      coupon(6, { face: 8, ...category(10, '电阻') }),
      coupon(7, { face: 12, threshold: 50, ...category(11, '贴片电阻') }),
      coupon(8, { face: 10, ...freight }),
      coupon(9, { face: 5, threshold: 99, ...freight }),
      coupon(10, { face: 3 }),
    ];
    const order = draft([line(400, ti.brandId), line(80, st.brandId, 10, 11), line(60, 99, 10, 12)], 12);
    expect(bestCouponCombination(wallet, order)).toEqual({ memberCouponIds: [1, 3, 5, 7, 8, 6], goodsDiscountCents: 11_500, freightDiscountCents: 1000 });
  });
});

describe('the buyer’s own choice, recomputed in the browser', () => {
  const wallet = [
    coupon(1, { face: 50, threshold: 500 }),
    coupon(2, { face: 30, threshold: 300 }),
    coupon(3, { face: 10, ...freight }),
    coupon(4, { face: 50, isUsable: false, unusableReason: '2026-12-01 00:00起可用', name: '未开始券' }),
  ];
  const order = draft([line(600)], 8);

  it.each([
    ['a valid choice', [2, 3], { goodsDiscountCents: 3000, freightDiscountCents: 800, problem: '' }],
    ['nothing chosen', [], { goodsDiscountCents: 0, freightDiscountCents: 0, problem: '' }],
    ['two platform-wide coupons', [1, 2], { goodsDiscountCents: 0, freightDiscountCents: 0, problem: '全场通用券每单限用一张' }],
    ['a coupon not yet valid', [4], { goodsDiscountCents: 0, freightDiscountCents: 0, problem: '未开始券：2026-12-01 00:00起可用' }],
    ['a coupon not in the wallet', [99], { goodsDiscountCents: 0, freightDiscountCents: 0, problem: '优惠券不存在或不属于您，请重新选择' }],
    ['one coupon twice', [3, 3], { goodsDiscountCents: 0, freightDiscountCents: 0, problem: '同一张优惠券不能重复使用' }],
  ])('%s', (_case, ids, expected) => {
    expect(chosenCombination(wallet, ids, order)).toEqual({ memberCouponIds: ids, ...expected });
  });

  it('names the rule a coupon breaks on this draft', () => {
    expect(chosenCombination(wallet, [1], draft([line(450)])).problem).toBe('券1：商品满¥500.00可用，还差¥50.00');
  });
});
