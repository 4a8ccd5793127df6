import type { Kysely } from 'kysely';
import { quantityProblem } from '../../../contract/pricing.ts';
import { purchaseListErrors, type PurchaseListDetail, type PurchaseListsData, type PurchaseListSummary } from '../../../contract/purchase-list.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { loadProductSummaries } from '../catalog/product.service.ts';
import { listLineOf, savedUnitPriceAt } from './purchase-list-lines.ts';
import {
  countLines,
  deleteLines,
  deleteList,
  findLine,
  findLines,
  findListOfUser,
  findListsOfUser,
  renameList,
  touchList,
  updateLine,
  type PurchaseListRow,
} from './purchase-list.repository.ts';

function summaryOf(row: PurchaseListRow, lineCount: number): PurchaseListSummary {
  return { listId: row.id, name: row.name, source: row.source, sourceRef: row.sourceRef, lineCount, createdAt: row.createdAt, updatedAt: row.updatedAt };
}

/** The member's list; another member's answers as one that does not exist. */
export async function ownListOf(db: Kysely<Database>, userId: number, listId: number): Promise<PurchaseListRow> {
  const row = await findListOfUser(db, userId, listId);
  if (!row) throw new AppError(purchaseListErrors.notFound);
  return row;
}

/** /user/purchase-list. */
export async function listPurchaseLists(db: Kysely<Database>, userId: number): Promise<PurchaseListsData> {
  const rows = await findListsOfUser(db, userId);
  return { lists: rows.map((row) => summaryOf(row, row.lineCount)) };
}

/** /user/purchase-list/{id}: each line as saved beside its part as it is now. */
export async function loadPurchaseList(db: Kysely<Database>, userId: number, listId: number): Promise<PurchaseListDetail> {
  const row = await ownListOf(db, userId, listId);
  const lines = await findLines(db, listId);
  const products = new Map(
    (
      await loadProductSummaries(
        db,
        lines.flatMap((line) => (line.productId === null ? [] : [line.productId])),
      )
    ).map((product) => [product.productId, product]),
  );
  return {
    list: summaryOf(row, lines.length),
    lines: lines.map((line) => listLineOf(line, line.productId === null ? undefined : products.get(line.productId))),
  };
}

export async function renamePurchaseList(db: Kysely<Database>, userId: number, listId: number, name: string): Promise<PurchaseListSummary> {
  if (!(await renameList(db, userId, listId, name, Date.now()))) throw new AppError(purchaseListErrors.notFound);
  return summaryOf(await ownListOf(db, userId, listId), await countLines(db, listId));
}

export async function deletePurchaseList(db: Kysely<Database>, userId: number, listId: number): Promise<PurchaseListsData> {
  if (!(await deleteList(db, userId, listId))) throw new AppError(purchaseListErrors.notFound);
  return listPurchaseLists(db, userId);
}

/**
 * A line's quantity (a whole number of the part's packs, as the cart asks) and 客户料号. Its saved price
 * follows the quantity along the ladder it was saved with, so the change shown stays like for like.
 */
export async function updatePurchaseListLine(
  db: Kysely<Database>,
  userId: number,
  change: { listId: number; lineId: number; quantity: number; customerPartNo: string },
): Promise<PurchaseListDetail> {
  await ownListOf(db, userId, change.listId);
  const line = await findLine(db, change.listId, change.lineId);
  if (!line) throw new AppError(purchaseListErrors.lineNotFound);
  const [product] = line.productId === null ? [] : await loadProductSummaries(db, [line.productId]);
  const problem = product ? quantityProblem(change.quantity, product.packSize) : '';
  if (problem) throw new AppError(purchaseListErrors.quantityInvalid, problem);
  const values = { quantity: change.quantity, customerPartNo: change.customerPartNo, savedUnitPriceE4: savedUnitPriceAt(line, change.quantity) };
  if (!(await updateLine(db, change.listId, change.lineId, values))) throw new AppError(purchaseListErrors.lineNotFound);
  await touchList(db, change.listId, Date.now());
  return loadPurchaseList(db, userId, change.listId);
}

/** Lines already gone (another tab removed them) are no failure. */
export async function removePurchaseListLines(db: Kysely<Database>, userId: number, listId: number, lineIds: readonly number[]): Promise<PurchaseListDetail> {
  await ownListOf(db, userId, listId);
  if ((await deleteLines(db, listId, [...new Set(lineIds)])) > 0) await touchList(db, listId, Date.now());
  return loadPurchaseList(db, userId, listId);
}
