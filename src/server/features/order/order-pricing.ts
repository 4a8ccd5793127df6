import { isSold, type ProductSummary } from '../../../contract/catalog.ts';
import type { CouponDraft } from '../../../contract/coupon.ts';
import { lineWeightGrams, parcelWeightGrams, type Freight } from '../../../contract/delivery.ts';
import { formatUnitPriceE4, amountCentsOf } from '../../../contract/money.ts';
import { ShortfallChoice, type LineChange, type SettlementLine } from '../../../contract/order.ts';
import { unitPriceE4At } from '../../../contract/pricing.ts';
import { isPackMultiple } from '../../../contract/rules.ts';

/**
 * Checkout's arithmetic, pure: a cart line priced now by the tier of its quantity, what changed
 * since the buyer saw it, the shortfall choice, the parcel's weight and the payable amount.
 * The same functions price the page (preview) and the order (placement), so they agree to the fen.
 */

/** A selected cart line and what the buyer saw when it entered the cart or its quantity last changed. */
export interface SeenCartLine {
  productId: number;
  quantity: number;
  seenUnitPriceE4: number | null;
  seenPackSize: number | null;
  seenStock: number | null;
  /** The buyer's own part number for it (客户料号), carried to the order line. */
  customerPartNo: string;
}

/** What the order holds of a line: all of it, or with shipAvailable the largest pack multiple in stock. */
export function orderedQuantityOf(cartQuantity: number, stock: number, packSize: number, choice: ShortfallChoice): number {
  if (cartQuantity <= stock || choice === ShortfallChoice.waitForAll) return cartQuantity;
  const pack = Math.max(1, packSize);
  return Math.max(0, Math.floor(stock / pack) * pack);
}

export function lineChangesOf(line: SeenCartLine, product: ProductSummary | undefined): LineChange[] {
  if (!product || !isSold(product)) return [{ kind: 'notSold', text: '该商品已下架，请从购物车删除' }];
  const changes: LineChange[] = [];
  const unitPriceE4 = unitPriceE4At(product.priceTiers, line.quantity) ?? 0;
  if (line.seenUnitPriceE4 !== null && line.seenUnitPriceE4 !== unitPriceE4) {
    changes.push({ kind: 'price', text: `价格已由 ${formatUnitPriceE4(line.seenUnitPriceE4)} 调整为 ${formatUnitPriceE4(unitPriceE4)}` });
  }
  if (!isPackMultiple(line.quantity, product.packSize)) {
    const was =
      line.seenPackSize !== null && line.seenPackSize !== product.packSize
        ? `包装数量已由 ${String(line.seenPackSize)} 调整为 ${String(product.packSize)}，`
        : '';
    changes.push({ kind: 'packSize', text: `${was}购买数量须为 ${String(product.packSize)} 的整数倍，请返回购物车修改` });
  } else if (line.seenPackSize !== null && line.seenPackSize !== product.packSize) {
    changes.push({ kind: 'packSize', text: `包装数量已由 ${String(line.seenPackSize)} 调整为 ${String(product.packSize)}` });
  }
  if (line.quantity > product.stock && (line.seenStock === null || line.seenStock >= line.quantity)) {
    changes.push({
      kind: 'stock',
      text: line.seenStock === null ? `库存不足，现有库存 ${String(product.stock)}` : `库存已由 ${String(line.seenStock)} 变为 ${String(product.stock)}`,
    });
  }
  return changes;
}

/** One settlement line; a line not sold is shown with quantity 0 and no amount. */
export function settlementLineOf(line: SeenCartLine, product: ProductSummary | undefined, choice: ShortfallChoice): SettlementLine {
  const changes = lineChangesOf(line, product);
  if (!product || !isSold(product)) {
    return {
      productId: line.productId,
      productCode: product?.code ?? '',
      productName: product?.description ?? '',
      brandName: product?.brandName ?? '',
      package: product?.package ?? '',
      cartQuantity: line.quantity,
      quantity: 0,
      packSize: product?.packSize ?? 1,
      stock: product?.stock ?? 0,
      isShortOfStock: false,
      unitPriceE4: 0,
      amountCents: 0,
      weightGrams: 0,
      changes,
      customerPartNo: line.customerPartNo,
      backOrder: null,
    };
  }
  const quantity = orderedQuantityOf(line.quantity, product.stock, product.packSize, choice);
  const unitPriceE4 = unitPriceE4At(product.priceTiers, quantity > 0 ? quantity : line.quantity) ?? 0;
  return {
    productId: product.productId,
    productCode: product.code,
    productName: product.description,
    brandName: product.brandName,
    package: product.package,
    cartQuantity: line.quantity,
    quantity,
    packSize: product.packSize,
    stock: product.stock,
    isShortOfStock: line.quantity > product.stock,
    unitPriceE4,
    amountCents: quantity > 0 ? amountCentsOf(unitPriceE4, quantity) : 0,
    weightGrams: quantity > 0 ? lineWeightGrams(product.package, quantity) : 0,
    changes,
    customerPartNo: line.customerPartNo,
    backOrder: null,
  };
}

/**
 * A line of an accepted offer (/offer/settlement?quotationId=N): the whole quoted quantity at the
 * quoted unit price, whatever the stock and the shortfall choice. What is not in stock waits for it
 * (a back order, as 等待全部到货 does) and is never dropped: staff quoted it, lead time and all.
 */
export function quotedLineOf(line: SeenCartLine, product: ProductSummary | undefined, unitPriceE4: number): SettlementLine {
  if (!product)
    return { ...settlementLineOf(line, product, ShortfallChoice.waitForAll), changes: [{ kind: 'notSold', text: '该商品已下架，请联系客服重新报价' }] };
  return {
    productId: product.productId,
    productCode: product.code,
    productName: product.description,
    brandName: product.brandName,
    package: product.package,
    cartQuantity: line.quantity,
    quantity: line.quantity,
    packSize: product.packSize,
    stock: product.stock,
    isShortOfStock: line.quantity > product.stock,
    unitPriceE4,
    amountCents: amountCentsOf(unitPriceE4, line.quantity),
    weightGrams: lineWeightGrams(product.package, line.quantity),
    changes: [],
    customerPartNo: line.customerPartNo,
    backOrder: null,
  };
}

export function goodsCentsOf(lines: readonly SettlementLine[]): number {
  return lines.reduce((sum, line) => sum + line.amountCents, 0);
}

export function weightGramsOf(lines: readonly SettlementLine[]): number {
  return parcelWeightGrams(lines.filter((line) => line.quantity > 0).map((line) => line.weightGrams));
}

/** The lines the coupon rules judge: those the order holds, with their brand and categories. */
export function couponDraftOf(lines: readonly SettlementLine[], products: ReadonlyMap<number, ProductSummary>, freightCents: number): CouponDraft {
  const draftLines = lines.flatMap((line) => {
    const product = products.get(line.productId);
    if (!product || line.quantity === 0) return [];
    return [
      {
        productId: line.productId,
        brandId: product.brandId,
        categoryFirstId: product.categoryFirstId,
        categorySecondId: product.categorySecondId,
        amountCents: line.amountCents,
      },
    ];
  });
  return { lines: draftLines, freightCents: freightCents };
}

export interface Amounts {
  goodsCents: number;
  freightCents: number;
  goodsDiscountCents: number;
  freightDiscountCents: number;
  payableCents: number;
}

/** goods − goods discount + freight − freight discount; discounts never pass what they take off. */
export function amountsOf(
  goodsCents: number,
  freight: Pick<Freight, 'cents'> | null,
  discounts: { goodsDiscountCents: number; freightDiscountCents: number },
): Amounts {
  const freightCents = freight?.cents ?? 0;
  const goodsDiscountCents = Math.min(goodsCents, discounts.goodsDiscountCents);
  const freightDiscountCents = Math.min(freightCents, discounts.freightDiscountCents);
  return {
    goodsCents,
    freightCents,
    goodsDiscountCents,
    freightDiscountCents,
    payableCents: goodsCents - goodsDiscountCents + freightCents - freightDiscountCents,
  };
}
