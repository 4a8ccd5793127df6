import { z } from 'zod';
import { orderNoSchema } from './order-requests.ts';
import { maxPurchaseQuantity } from './pricing.ts';
import { purchaseListErrors, purchaseListLimits, purchaseListMessages } from './purchase-list.ts';
import { quickOrderTextSchema } from './quick-order-requests.ts';

function idField(message: string) {
  return z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
}

const listIdSchema = idField(purchaseListErrors.notFound.msg);
const lineIdSchema = idField(purchaseListErrors.lineNotFound.msg);
const lineIdsSchema = z
  .array(lineIdSchema)
  .min(1, purchaseListErrors.nothingToAdd.msg)
  .max(purchaseListLimits.linesPerList, purchaseListErrors.tooManyLines.msg);

const nameSchema = z
  .string({ error: purchaseListMessages.nameEmpty })
  .trim()
  .min(1, purchaseListMessages.nameEmpty)
  .max(purchaseListLimits.nameMax, purchaseListMessages.nameTooLong);

const originSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('manual') }),
    z.object({ kind: z.literal('cart') }),
    z.object({ kind: z.literal('order'), orderNo: orderNoSchema }),
    z.object({ kind: z.literal('bom'), bomId: idField('BOM 不存在或已删除') }),
  ],
  { error: '请求参数有误' },
);

const quantitySchema = z
  .number({ error: '请输入数量' })
  .int('请输入整数数量')
  .positive('数量须大于0')
  .max(maxPurchaseQuantity, `数量不能超过${maxPurchaseQuantity}`);

/** The request schemas of purchaseListCalls, one per call. */
export const purchaseListRequests = {
  list: z.object({}),
  create: z.object({ name: nameSchema, origin: originSchema }),
  rename: z.object({ listId: listIdSchema, name: nameSchema }),
  remove: z.object({ listId: listIdSchema }),
  detail: z.object({ listId: listIdSchema }),
  /** Sets a line's quantity (a pack multiple of the part) and 客户料号 ('' for none). */
  updateLine: z.object({
    listId: listIdSchema,
    lineId: lineIdSchema,
    quantity: quantitySchema,
    customerPartNo: z.string({ error: '请求参数有误' }).trim().max(purchaseListLimits.customerPartNoMax, purchaseListMessages.customerPartNoTooLong),
  }),
  removeLines: z.object({ listId: listIdSchema, lineIds: lineIdsSchema }),
  /** Without lineIds, every line (全部加入购物车). */
  addToCart: z.object({ listId: listIdSchema, lineIds: lineIdsSchema.optional() }),
  /** Lines of "型号, 数量" added to the list, read as the quick-order box reads them. */
  addLines: z.object({ listId: listIdSchema, text: quickOrderTextSchema }),
};
