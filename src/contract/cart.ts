import type { ProductSummary } from './catalog.ts';
import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import { maxPurchaseQuantity } from './pricing.ts';

/** How many different parts one cart may hold. */
export const maxCartLines = 500;

export const cartMessages = {
  added: '已加入购物车',
} as const;

export const cartErrors = defineErrors('cart', {
  full: { code: ResultCode.badRequest, msg: `购物车最多可放${maxCartLines}种商品，请先清理购物车` },
  lineTooLarge: { code: ResultCode.badRequest, msg: `购物车中该商品数量不能超过${maxPurchaseQuantity}` },
  lineMissing: { code: ResultCode.notFound, msg: '购物车中没有该商品' },
  /** A quantity that breaks the part's pack multiple; the msg says how (quantityProblem). */
  quantityInvalid: { code: ResultCode.badRequest, msg: '购买数量有误' },
});

export interface CartAddResponse {
  /** true when the part was not in the cart before: the cart count grows by one. */
  isNewLine: boolean;
  quantity: number;
  cartCount: number;
}

export interface CartLine {
  product: ProductSummary;
  quantity: number;
  /** The buyer's own part number for it (客户料号, procurement.ts): filled from the member's last order of the part; '' for none. */
  customerPartNo: string;
  isSelected: boolean;
  /** The tier's unit price at this quantity, in 0.0001 yuan. */
  unitPriceE4: number;
  /** unitPrice × quantity rounded to cents (spec §5). */
  subtotalCents: number;
  /** The quantity is more than the stock. */
  isShortOfStock: boolean;
}

export interface CartSummary {
  lines: CartLine[];
  lineCount: number;
  selectedCount: number;
  /** Sum of the selected lines' subtotals, in cents. */
  selectedTotalCents: number;
}

export interface CartRemoveResponse extends CartSummary {
  removedCount: number;
}
