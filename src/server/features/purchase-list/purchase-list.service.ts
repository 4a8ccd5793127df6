import type { Kysely, Transaction } from 'kysely';
import { quantityProblem } from '../../../contract/pricing.ts';
import { purchaseListErrors, type PurchaseListDetail, type PurchaseListsData, type PurchaseListSummary } from '../../../contract/purchase-list.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { lockMember } from '../account/account.service.ts';
import { lockCompany, mayInCompany, membershipOf } from '../company-account/company-account.service.ts';
import { loadProductSummaries } from '../catalog/product.service.ts';
import { listLineOf, savedUnitPriceAt } from './purchase-list-lines.ts';
import {
  countLines,
  deleteLines,
  deleteList,
  findLine,
  findLines,
  findListOf,
  findListsOf,
  renameList,
  touchList,
  updateLine,
  type ListViewer,
  type PurchaseListRow,
} from './purchase-list.repository.ts';

/** The member, their company, and what their company role lets them do with its shared lists. */
export interface ListMember extends ListViewer {
  mayChangeShared: boolean;
  /** A new list goes to the company (their role may create company lists) or stays their own. */
  sharesNewLists: boolean;
}

export async function listMemberOf(db: Kysely<Database>, userId: number): Promise<ListMember> {
  const membership = await membershipOf(db, userId);
  return {
    userId,
    companyId: membership?.companyId ?? null,
    mayChangeShared: mayInCompany(membership, 'update', 'CompanyList'),
    sharesNewLists: mayInCompany(membership, 'create', 'CompanyList'),
  };
}

function summaryOf(row: PurchaseListRow, lineCount: number, member: ListMember): PurchaseListSummary {
  return {
    listId: row.id,
    name: row.name,
    source: row.source,
    sourceRef: row.sourceRef,
    lineCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    isShared: row.companyId !== null,
    canChange: row.companyId === null || member.mayChangeShared,
    ownerName: row.ownerNickName || row.ownerUserNumber,
  };
}

/** A list the member sees (their own, or their company's); any other answers as one that does not exist. */
export async function ownListOf(db: Kysely<Database>, userId: number, listId: number): Promise<PurchaseListRow> {
  const row = await findListOf(db, await listMemberOf(db, userId), listId);
  if (!row) throw new AppError(purchaseListErrors.notFound);
  return row;
}

/** A list the member sees and may change: a company's shared list is read-only to 审批 and 财务. */
export async function changeableListOf(db: Kysely<Database>, userId: number, listId: number): Promise<{ row: PurchaseListRow; member: ListMember }> {
  const member = await listMemberOf(db, userId);
  const row = await findListOf(db, member, listId);
  if (!row) throw new AppError(purchaseListErrors.notFound);
  if (row.companyId !== null && !member.mayChangeShared) throw new AppError(purchaseListErrors.readOnly);
  return { row, member };
}

/** Serializes checked writes where a list lives: the company's lists under its lock, one's own under the member's. */
export function lockListScope(trx: Transaction<Database>, scope: ListViewer): Promise<void> {
  return scope.companyId === null ? lockMember(trx, scope.userId) : lockCompany(trx, scope.companyId);
}

/** /user/purchase-list. */
export async function listPurchaseLists(db: Kysely<Database>, userId: number): Promise<PurchaseListsData> {
  const member = await listMemberOf(db, userId);
  const rows = await findListsOf(db, member);
  return { lists: rows.map((row) => summaryOf(row, row.lineCount, member)) };
}

/** /user/purchase-list/{id}: each line as saved beside its part as it is now. */
export async function loadPurchaseList(db: Kysely<Database>, userId: number, listId: number): Promise<PurchaseListDetail> {
  const member = await listMemberOf(db, userId);
  const row = await findListOf(db, member, listId);
  if (!row) throw new AppError(purchaseListErrors.notFound);
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
    list: summaryOf(row, lines.length, member),
    lines: lines.map((line) => listLineOf(line, line.productId === null ? undefined : products.get(line.productId))),
  };
}

export async function renamePurchaseList(db: Kysely<Database>, userId: number, listId: number, name: string): Promise<PurchaseListSummary> {
  const { member } = await changeableListOf(db, userId, listId);
  if (!(await renameList(db, member, listId, name, Date.now()))) throw new AppError(purchaseListErrors.notFound);
  const row = await findListOf(db, member, listId);
  if (!row) throw new AppError(purchaseListErrors.notFound);
  return summaryOf(row, await countLines(db, listId), member);
}

export async function deletePurchaseList(db: Kysely<Database>, userId: number, listId: number): Promise<PurchaseListsData> {
  const { member } = await changeableListOf(db, userId, listId);
  if (!(await deleteList(db, member, listId))) throw new AppError(purchaseListErrors.notFound);
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
  await changeableListOf(db, userId, change.listId);
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
  await changeableListOf(db, userId, listId);
  if ((await deleteLines(db, listId, [...new Set(lineIds)])) > 0) await touchList(db, listId, Date.now());
  return loadPurchaseList(db, userId, listId);
}
