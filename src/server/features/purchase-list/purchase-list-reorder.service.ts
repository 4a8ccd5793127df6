import type { Kysely } from 'kysely';
import { purchaseListErrors, type ReorderAdded, type ReorderResult, type ReorderSkipped } from '../../../contract/purchase-list.ts';
import { quickOrderMessages } from '../../../contract/quick-order.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { addToCart, countCartLinesOf } from '../cart/cart.service.ts';
import { loadPurchaseList } from './purchase-list.service.ts';

/**
 * 加入购物车 from a list: the chosen lines (all without lineIds), each through the cart's own add at its
 * orderQuantity (the list's quantity raised to the part's minimum and whole packs, as the part is sold
 * now). A line no longer sold, or one the cart refuses, is listed with the reason; the rest still go in.
 */
export async function reorderPurchaseList(
  db: Kysely<Database>,
  userId: number,
  listId: number,
  lineIds: readonly number[] | undefined,
): Promise<ReorderResult> {
  const { lines } = await loadPurchaseList(db, userId, listId);
  const chosen = lineIds ? lines.filter((line) => lineIds.includes(line.lineId)) : lines;
  if (chosen.length === 0) throw new AppError(purchaseListErrors.nothingToAdd);
  const added: ReorderAdded[] = [];
  const skipped: ReorderSkipped[] = [];
  for (const line of chosen) {
    if (line.productId === null || line.availability === 'delisted') {
      skipped.push({ lineId: line.lineId, code: line.code, reason: quickOrderMessages.delisted });
      continue;
    }
    try {
      await addToCart(db, userId, line.productId, line.orderQuantity, { customerPartNo: line.customerPartNo });
      added.push({ lineId: line.lineId, code: line.code, quantity: line.orderQuantity, requestedQuantity: line.quantity });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      skipped.push({ lineId: line.lineId, code: line.code, reason: error.msg });
    }
  }
  return { added, skipped, cartCount: await countCartLinesOf(db, userId) };
}
