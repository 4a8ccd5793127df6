import { z } from 'zod';
import type { ProductSummary } from './catalog.ts';
import { maxPurchaseQuantity } from './pricing.ts';

/** How many different parts one cart may hold. */
export const maxCartLines = 500;

const productIdSchema = z.number({ error: '商品不存在' }).int('商品不存在').positive('商品不存在').max(2_147_483_647, '商品不存在');

/** Pack multiples are checked by the service, which knows the part's pack size. */
const quantitySchema = z
  .number({ error: '请输入购买数量' })
  .int('请输入整数数量')
  .positive('购买数量须大于0')
  .max(maxPurchaseQuantity, `单次购买数量不能超过${maxPurchaseQuantity}`);

const productIdsSchema = z.array(productIdSchema, { error: '请选择商品' }).min(1, '请选择商品').max(maxCartLines, '一次最多操作500个商品');

/** /cart/api/add {productId, quantity}: adds to the line's quantity when the part is already in the cart. */
export const cartAddRequest = z.object({ productId: productIdSchema, quantity: quantitySchema });
export type CartAddRequest = z.infer<typeof cartAddRequest>;
export interface CartAddResponse {
  /** true when the part was not in the cart before: the cart count grows by one. */
  isNewLine: boolean;
  quantity: number;
  cartCount: number;
}

/** /cart/api/updateQuantity {productId, quantity}: sets the line's quantity. */
export const cartUpdateQuantityRequest = z.object({ productId: productIdSchema, quantity: quantitySchema });
export type CartUpdateQuantityRequest = z.infer<typeof cartUpdateQuantityRequest>;

/** /cart/api/remove {productIds}. */
export const cartRemoveRequest = z.object({ productIds: productIdsSchema });
export type CartRemoveRequest = z.infer<typeof cartRemoveRequest>;

/** /cart/api/select {productIds?, isSelected}: without productIds, every line (select all). */
export const cartSelectRequest = z.object({
  productIds: productIdsSchema.optional(),
  isSelected: z.boolean({ error: '请选择是否勾选' }),
});
export type CartSelectRequest = z.infer<typeof cartSelectRequest>;

/** /cart/api/queryList {}. */
export const cartQueryListRequest = z.object({});

export interface CartLine {
  product: ProductSummary;
  quantity: number;
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
