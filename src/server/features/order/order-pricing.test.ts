import { describe, expect, it } from 'vitest';
import { isSold, type ProductSummary } from '../../../contract/catalog.ts';
import { ShortfallChoice } from '../../../contract/order.ts';
import {
  amountsOf,
  couponDraftOf,
  goodsCentsOf,
  lineChangesOf,
  orderedQuantityOf,
  settlementLineOf,
  weightGramsOf,
  type SeenCartLine,
} from './order-pricing.ts';

const product: ProductSummary = {
  productId: 7,
  code: '0603WAF1002T5E',
  brandId: 3,
  brandName: 'UNI-ROYAL(厚声)',
  package: '0603',
  description: '贴片电阻 10kΩ ±1% 100mW',
  stock: 12_000,
  packSize: 100,
  imagePath: null,
  isSpecialOffer: false,
  lifecycle: 'active',
  categoryFirstId: 1,
  categorySecondId: 2,
  priceTiers: [
    { qtyStart: 1, qtyEnd: 999, priceE4: 23, originalPriceE4: null },
    { qtyStart: 1000, qtyEnd: 9999, priceE4: 18, originalPriceE4: null },
    { qtyStart: 10_000, qtyEnd: null, priceE4: 15, originalPriceE4: null },
  ],
};

const seen = (quantity: number, fields: Partial<SeenCartLine> = {}): SeenCartLine => ({
  productId: 7,
  quantity,
  seenUnitPriceE4: null,
  seenPackSize: null,
  seenStock: null,
  customerPartNo: '',
  ...fields,
});

describe('order pricing', () => {
  it.each([
    // cart quantity, stock, pack, choice → ordered
    [500, 1000, 100, ShortfallChoice.shipAvailable, 500],
    [1000, 1000, 100, ShortfallChoice.shipAvailable, 1000],
    [1000, 950, 100, ShortfallChoice.shipAvailable, 900],
    [1000, 99, 100, ShortfallChoice.shipAvailable, 0],
    [1000, 0, 1, ShortfallChoice.shipAvailable, 0],
    [1000, 950, 100, ShortfallChoice.waitForAll, 1000],
    [1000, 0, 100, ShortfallChoice.waitForAll, 1000],
  ])('orders %i of stock %i (pack %i, %s): %i', (quantity, stock, pack, choice, ordered) => {
    expect(orderedQuantityOf(quantity, stock, pack, choice)).toBe(ordered);
  });

  it('prices each line by the tier of the quantity it orders, rounded once to the fen', () => {
    // 1,200 × ¥0.0018 = ¥2.16; 10,000 × ¥0.0015 = ¥15.00; 100 × ¥0.0023 = ¥0.23.
    expect(settlementLineOf(seen(1200), product, ShortfallChoice.shipAvailable)).toMatchObject({ unitPriceE4: 18, amountCents: 216, quantity: 1200 });
    expect(settlementLineOf(seen(10_000), product, ShortfallChoice.shipAvailable)).toMatchObject({ unitPriceE4: 15, amountCents: 1500 });
    expect(settlementLineOf(seen(100), product, ShortfallChoice.shipAvailable)).toMatchObject({ unitPriceE4: 23, amountCents: 23 });
    // 150 × ¥0.0023 = ¥0.345 → ¥0.35 (half up, once per line).
    expect(settlementLineOf(seen(150), product, ShortfallChoice.shipAvailable).amountCents).toBe(35);
    // Short: 20,000 asked, 12,000 in stock: shipped now at the 10,000+ tier.
    expect(settlementLineOf(seen(20_000), product, ShortfallChoice.shipAvailable)).toMatchObject({
      cartQuantity: 20_000,
      quantity: 12_000,
      isShortOfStock: true,
      amountCents: 1800,
    });
    expect(settlementLineOf(seen(20_000), product, ShortfallChoice.waitForAll)).toMatchObject({ quantity: 20_000, amountCents: 3000 });
  });

  it('reports changes since the cart: price at the quantity, pack size, and stock that became short', () => {
    expect(lineChangesOf(seen(1000, { seenUnitPriceE4: 18, seenPackSize: 100, seenStock: 12_000 }), product)).toEqual([]);
    expect(lineChangesOf(seen(1000, { seenUnitPriceE4: 20 }), product)).toEqual([{ kind: 'price', text: '价格已由 ¥0.002 调整为 ¥0.0018' }]);
    expect(lineChangesOf(seen(1000, { seenPackSize: 50 }), product)).toEqual([{ kind: 'packSize', text: '包装数量已由 50 调整为 100' }]);
    expect(lineChangesOf(seen(1050, { seenPackSize: 50 }), product)).toEqual([
      { kind: 'packSize', text: '包装数量已由 50 调整为 100，购买数量须为 100 的整数倍，请返回购物车修改' },
    ]);
    expect(lineChangesOf(seen(15_000, { seenStock: 20_000 }), product)).toEqual([{ kind: 'stock', text: '库存已由 20000 变为 12000' }]);
    // Short already when it entered the cart: nothing new to report.
    expect(lineChangesOf(seen(15_000, { seenStock: 12_500 }), product)).toEqual([]);
  });

  it('treats a part without prices, a missing part, or a discontinued part with no stock as not sold', () => {
    expect(isSold(product)).toBe(true);
    expect(isSold(undefined)).toBe(false);
    expect(isSold({ ...product, priceTiers: [] })).toBe(false);
    expect(isSold({ ...product, lifecycle: 'eol', stock: 0 })).toBe(false);
    expect(isSold({ ...product, lifecycle: 'eol', stock: 5 })).toBe(true);
    expect(settlementLineOf(seen(100), undefined, ShortfallChoice.shipAvailable)).toMatchObject({
      quantity: 0,
      amountCents: 0,
      changes: [{ kind: 'notSold' }],
    });
  });

  it('sums goods, weighs the parcel, drafts coupons from ordered lines, and caps discounts', () => {
    const lines = [
      settlementLineOf(seen(1200), product, ShortfallChoice.shipAvailable),
      settlementLineOf(seen(100), { ...product, productId: 8, stock: 0 }, ShortfallChoice.shipAvailable),
    ];
    expect(goodsCentsOf(lines)).toBe(216);
    // Box 100 g + (5 g + 1,200 × 3 mg = 3.6 g → 9 g); the empty line weighs nothing.
    expect(weightGramsOf(lines)).toBe(109);
    const products = new Map([[7, product]]);
    expect(couponDraftOf(lines, products, 600)).toEqual({
      lines: [{ productId: 7, brandId: 3, categoryFirstId: 1, categorySecondId: 2, amountCents: 216 }],
      freightCents: 600,
    });
    expect(amountsOf(216, { cents: 600 }, { goodsDiscountCents: 500, freightDiscountCents: 1000 })).toEqual({
      goodsCents: 216,
      freightCents: 600,
      goodsDiscountCents: 216,
      freightDiscountCents: 600,
      payableCents: 0,
    });
    expect(amountsOf(9900, null, { goodsDiscountCents: 1000, freightDiscountCents: 0 }).payableCents).toBe(8900);
  });
});
