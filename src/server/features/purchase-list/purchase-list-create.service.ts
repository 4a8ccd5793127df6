import type { Kysely } from 'kysely';
import { maxPurchaseQuantity, orderableQuantityOf } from '../../../contract/pricing.ts';
import {
  purchaseListErrors,
  purchaseListLimits,
  type PurchaseListAddLinesResult,
  type PurchaseListCreated,
  type PurchaseListOrigin,
} from '../../../contract/purchase-list.ts';
import type { ParsedQuickOrder } from '../../../contract/quick-order.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { loadSavedBom } from '../bom/bom.service.ts';
import { loadCart } from '../cart/cart.service.ts';
import { loadProductSummaries } from '../catalog/product.service.ts';
import { loadOrderDetail } from '../order/order.service.ts';
import { resolvePartLines } from '../quick-order/quick-order.service.ts';
import { savedLineOf } from './purchase-list-lines.ts';
import { addLine, countListsInScope, findLines, insertLines, insertList, touchList } from './purchase-list.repository.ts';
import { changeableListOf, listMemberOf, loadPurchaseList, lockListScope } from './purchase-list.service.ts';

interface WantedLine {
  productId: number;
  quantity: number;
  customerPartNo: string;
}

/** The lines a new list is saved from: the cart's ticked lines, an order's lines, a saved BOM's chosen parts. */
async function linesOfOrigin(db: Kysely<Database>, userId: number, origin: PurchaseListOrigin): Promise<WantedLine[]> {
  switch (origin.kind) {
    case 'manual':
      return [];
    case 'cart': {
      const ticked = (await loadCart(db, userId)).lines.filter((line) => line.isSelected);
      if (ticked.length === 0) throw new AppError(purchaseListErrors.cartNothingSelected);
      return ticked.map((line) => ({ productId: line.product.productId, quantity: line.quantity, customerPartNo: line.customerPartNo }));
    }
    case 'order':
      return (await loadOrderDetail(db, userId, origin.orderNo)).lines.map((line) => ({
        productId: line.productId,
        quantity: line.quantity,
        customerPartNo: line.customerPartNo,
      }));
    case 'bom':
      return (await loadSavedBom({ db }, userId, origin.bomId)).choices.map((choice) => ({
        productId: choice.productId,
        quantity: choice.quantity,
        customerPartNo: '',
      }));
  }
}

/** One line per part: a part on several lines (a BOM's) is saved once with their quantities added. */
function mergedByPart(lines: readonly WantedLine[]): WantedLine[] {
  const byPart = new Map<number, WantedLine>();
  for (const line of lines) {
    if (line.quantity <= 0) continue;
    const seen = byPart.get(line.productId);
    if (seen)
      byPart.set(line.productId, {
        ...seen,
        quantity: Math.min(maxPurchaseQuantity, seen.quantity + line.quantity),
        customerPartNo: seen.customerPartNo || line.customerPartNo,
      });
    else byPart.set(line.productId, { ...line });
  }
  return [...byPart.values()];
}

function sourceRefOf(origin: PurchaseListOrigin): string | null {
  if (origin.kind === 'order') return origin.orderNo;
  if (origin.kind === 'bom') return String(origin.bomId);
  return null;
}

/**
 * A new named list, its lines saved with their price and stock now. Parts no longer in the catalogue
 * are left out. The count of lists is checked under the member's lock (the company's for a company's list), so concurrent saves cannot pass it.
 */
export async function createPurchaseList(
  db: Kysely<Database>,
  userId: number,
  request: { name: string; origin: PurchaseListOrigin },
): Promise<PurchaseListCreated> {
  const { name, origin } = request;
  const wanted = mergedByPart(await linesOfOrigin(db, userId, origin));
  if (wanted.length > purchaseListLimits.linesPerList) throw new AppError(purchaseListErrors.tooManyLines);
  const products = new Map(
    (
      await loadProductSummaries(
        db,
        wanted.map((line) => line.productId),
      )
    ).map((product) => [product.productId, product]),
  );
  const lines = wanted.flatMap((line) => {
    const product = products.get(line.productId);
    return product ? [savedLineOf(product, line.quantity, line.customerPartNo)] : [];
  });
  if (origin.kind !== 'manual' && lines.length === 0) throw new AppError(purchaseListErrors.sourceEmpty);
  const member = await listMemberOf(db, userId);
  const owner = { userId, companyId: member.sharesNewLists ? member.companyId : null };
  return withTransaction(db, async (trx) => {
    await lockListScope(trx, owner);
    if ((await countListsInScope(trx, owner)) >= purchaseListLimits.listsPerMember) throw new AppError(purchaseListErrors.tooManyLists);
    const now = Date.now();
    const listId = await insertList(trx, owner, { name, source: origin.kind, sourceRef: sourceRefOf(origin) }, now);
    await insertLines(trx, listId, lines, now);
    return { listId, name, lineCount: lines.length };
  });
}

/**
 * 添加商品: lines of "型号, 数量" read as the quick-order box reads them, each found part added to the
 * list (to its quantity when already there) at a quantity the cart takes (minimum, whole packs). The
 * line cap is checked under the member's lock (the company's for a shared list).
 */
export async function addPurchaseListLines(
  db: Kysely<Database>,
  userId: number,
  listId: number,
  parsed: ParsedQuickOrder,
): Promise<PurchaseListAddLinesResult> {
  const { row } = await changeableListOf(db, userId, listId);
  const { resolved, problems } = await resolvePartLines(db, parsed.lines);
  const products = new Map(resolved.map(({ product }) => [product.productId, product]));
  const lines = mergedByPart(
    resolved.map(({ line, product }) => ({ productId: product.productId, quantity: orderableQuantityOf(line.quantity, product), customerPartNo: '' })),
  );
  await withTransaction(db, async (trx) => {
    await lockListScope(trx, { userId, companyId: row.companyId });
    await changeableListOf(trx, userId, listId);
    const rows = await findLines(trx, listId);
    const onList = new Set(rows.map((row) => row.productId));
    if (rows.length + lines.filter((line) => !onList.has(line.productId)).length > purchaseListLimits.linesPerList) {
      throw new AppError(purchaseListErrors.tooManyLines);
    }
    const now = Date.now();
    for (const line of lines) {
      const product = products.get(line.productId);
      if (product) await addLine(trx, listId, savedLineOf(product, line.quantity, ''), now);
    }
    if (lines.length > 0) await touchList(trx, listId, now);
  });
  const allProblems = [...parsed.problems, ...problems].sort((a, b) => a.lineNo - b.lineNo);
  return { detail: await loadPurchaseList(db, userId, listId), addedCount: resolved.length, problems: allProblems };
}
