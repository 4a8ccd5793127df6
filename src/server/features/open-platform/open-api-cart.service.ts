import type { z } from 'zod';
import { isSold, type ProductSummary } from '../../../contract/catalog.ts';
import { yuanTextOfE4 } from '../../../contract/money.ts';
import type { openCartSchemas } from '../../../contract/open-api-cart-requests.ts';
import { openCartLinesMax } from '../../../contract/open-api-cart-requests.ts';
import { leadTimeDaysOf, openApiCurrency, openApiErrors } from '../../../contract/open-api.ts';
import { openOrderErrors } from '../../../contract/open-api-orders.ts';
import { orderErrors } from '../../../contract/order.ts';
import { lineAmountCents, quantityProblem, tierIndexAt } from '../../../contract/pricing.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { lockMember } from '../account/account.service.ts';
import { loadProductSummaries } from '../catalog/product.service.ts';
import {
  countApiCartLines,
  deleteApiCartLines,
  deleteOrderedApiCartLines,
  findApiCartLines,
  upsertApiCartLines,
  type ApiCartLine,
} from './open-api-cart.repository.ts';
import { placeIdempotently, placeProgramLines, programLinesOf, type OpenOrderCaller, type OpenOrderDeps } from './open-api-orders.service.ts';
import { openProductsOf } from './open-api.service.ts';

type Schemas = typeof openCartSchemas;
type Out<Key extends keyof Schemas> = z.output<Schemas[Key]>;
type OpenCart = Out<'response'>;
type CartDeps = OpenOrderDeps & Parameters<typeof openProductsOf>[0];

/** Why a line cannot be ordered as it stands (the placement's own checks, said before the order is tried); '' when it can. */
function lineProblemOf(summary: ProductSummary, quantity: number): string {
  if (!isSold(summary)) return `${summary.code}已下架或暂无报价`;
  const minimum = summary.priceTiers[0]?.qtyStart ?? 1;
  if (quantity < minimum) return `${summary.code}的最小起订量为${String(minimum)}`;
  const packProblem = quantityProblem(quantity, summary.packSize);
  if (packProblem !== '') return packProblem;
  return quantity > summary.stock ? `${summary.code}库存不足：现有${String(summary.stock)}，需要${String(quantity)}` : '';
}

/** The cart as stored, each line priced at its quantity's tier with today's stock and lead time. */
async function cartOf(deps: CartDeps, lines: readonly ApiCartLine[]): Promise<OpenCart> {
  const summaries = await loadProductSummaries(
    deps.db,
    lines.map((line) => line.productId),
  );
  const byId = new Map(summaries.map((summary) => [summary.productId, summary]));
  const products = new Map((await openProductsOf(deps, summaries)).map((product) => [product.productId, product]));
  const priced = lines.flatMap((line): OpenCart['lines'] => {
    const summary = byId.get(line.productId);
    const product = products.get(line.productId);
    if (!summary || !product) return [];
    const tierIndex = tierIndexAt(summary.priceTiers, line.quantity);
    const problem = lineProblemOf(summary, line.quantity);
    return [
      {
        product,
        quantity: line.quantity,
        customerPartNo: line.customerPartNo,
        unitPrice: summary.priceTiers[tierIndex] ? yuanTextOfE4(summary.priceTiers[tierIndex].priceE4) : null,
        amountCents: lineAmountCents(summary.priceTiers, line.quantity),
        currency: openApiCurrency,
        tier: product.priceTiers[tierIndex] ?? null,
        leadTimeDays: leadTimeDaysOf(summary.stock, line.quantity),
        isOrderable: problem === '',
        problem,
      },
    ];
  });
  return {
    lines: priced,
    lineCount: priced.length,
    linesMax: openCartLinesMax,
    goodsCents: priced.reduce((sum, line) => sum + line.amountCents, 0),
    currency: openApiCurrency,
    isOrderable: priced.length > 0 && priced.every((line) => line.isOrderable),
  };
}

/** GET /cart: the key's cart (each key has its own; the member's cart at the site is another). */
export async function openGetCart(deps: CartDeps, caller: OpenOrderCaller): Promise<OpenCart> {
  return cartOf(deps, await findApiCartLines(deps.db, caller.keyId));
}

/**
 * PUT /cart/lines: each line sets its product's quantity and 客户料号 (by id or exact part number);
 * the others stay. A product the store does not have is refused before anything is written; past the
 * cart's size nothing is written either (the member's lock orders two keys' writes).
 */
export async function openPutCartLines(deps: CartDeps, caller: OpenOrderCaller, body: Out<'putBody'>, now = Date.now()): Promise<OpenCart> {
  const lines = await programLinesOf(deps, body.lines);
  const known = new Set(
    (
      await loadProductSummaries(
        deps.db,
        lines.map((line) => line.productId),
      )
    ).map((summary) => summary.productId),
  );
  const unknownIndex = lines.findIndex((line) => !known.has(line.productId));
  if (unknownIndex >= 0) {
    throw new AppError(openApiErrors.notFound, `商品ID ${String(lines[unknownIndex]?.productId)} 不存在`, { field: `lines.${String(unknownIndex)}.productId` });
  }
  await withTransaction(deps.db, async (trx) => {
    await lockMember(trx, caller.userId);
    await upsertApiCartLines(trx, caller.keyId, lines, now);
    if ((await countApiCartLines(trx, caller.keyId)) > openCartLinesMax) {
      throw new AppError(openOrderErrors.cartFull, `购物车最多${String(openCartLinesMax)}种商品，请先下单或删除部分商品`);
    }
  });
  return openGetCart(deps, caller);
}

/** DELETE /cart/lines/{productId}: one line out; a product not in the cart is 404. */
export async function openDeleteCartLine(deps: CartDeps, caller: OpenOrderCaller, productId: number): Promise<OpenCart> {
  if ((await deleteApiCartLines(deps.db, caller.keyId, [productId])) === 0) throw new AppError(openOrderErrors.cartLineNotFound);
  return openGetCart(deps, caller);
}

/** DELETE /cart: every line out (an empty cart stays empty). */
export async function openClearCart(deps: CartDeps, caller: OpenOrderCaller): Promise<OpenCart> {
  await deleteApiCartLines(deps.db, caller.keyId);
  return openGetCart(deps, caller);
}

/**
 * POST /cart/order: the cart's lines placed as POST /orders places a program's lines (today's prices,
 * each line in stock in full, under the Idempotency-Key), then the ordered lines leave the cart. A
 * retry with the same key and body gets the first answer, even though the cart is empty by then.
 */
export function openOrderCart(deps: CartDeps, caller: OpenOrderCaller, body: Out<'orderBody'>, now = Date.now()) {
  return placeIdempotently(
    deps,
    caller,
    { operation: 'orderCart', keyId: caller.keyId, body },
    async (claim, confirmUnderLock) => {
      const lines = await findApiCartLines(deps.db, caller.keyId);
      // Placed even when empty: a racing request under the same key finds the order its twin placed (and emptied the cart for).
      const placed = await placeProgramLines(deps, caller, { claim, confirmUnderLock }, lines, body, now).catch((error: unknown) => {
        throw lines.length === 0 && error instanceof AppError && error.errorCode === orderErrors.emptySelection.errorCode
          ? new AppError(openOrderErrors.cartEmpty)
          : error;
      });
      const placedFrom = Math.max(...lines.map((line) => line.updatedAt));
      await deleteOrderedApiCartLines(
        deps.db,
        caller.keyId,
        lines.map((line) => line.productId),
        placedFrom,
      );
      return placed;
    },
    now,
  );
}
