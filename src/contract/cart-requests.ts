import { z } from 'zod';
import { maxCartLines } from './cart.ts';
import { maxPurchaseQuantity } from './pricing.ts';
import { customerPartNoSchema } from './procurement-requests.ts';
import { productIdSchema } from './product-id-requests.ts';

/** Pack multiples are checked by the service, which knows the part's pack size. */
const quantitySchema = z
  .number({ error: '请输入购买数量' })
  .int('请输入整数数量')
  .positive('购买数量须大于0')
  .max(maxPurchaseQuantity, `单次购买数量不能超过${maxPurchaseQuantity}`);

const productIdsSchema = z.array(productIdSchema, { error: '请选择商品' }).min(1, '请选择商品').max(maxCartLines, `一次最多操作${maxCartLines}个商品`);

/** The request schemas of cartCalls, one per call. */
export const cartRequests = {
  queryList: z.object({}),
  /** Adds to the line's quantity when the part is already in the cart. */
  add: z.object({ productId: productIdSchema, quantity: quantitySchema }),
  /** Sets the line's quantity. */
  updateQuantity: z.object({ productId: productIdSchema, quantity: quantitySchema }),
  /** Sets the line's 客户料号 ('' clears it). */
  updateCustomerPartNo: z.object({ productId: productIdSchema, customerPartNo: customerPartNoSchema }),
  remove: z.object({ productIds: productIdsSchema }),
  /** Without productIds, every line (select all). */
  select: z.object({ productIds: productIdsSchema.optional(), isSelected: z.boolean({ error: '请选择是否勾选' }) }),
};
