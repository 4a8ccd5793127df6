import type { Kysely, Transaction } from 'kysely';
import { productErrors, type ProductSummary } from '../../../contract/catalog.ts';
import { cartErrors, maxCartLines, type CartAddResponse, type CartLine, type CartRemoveResponse, type CartSummary } from '../../../contract/cart.ts';
import { lineAmountCents, quantityProblem, unitPriceE4At } from '../../../contract/pricing.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { lockMember } from '../account/account.service.ts';
import { loadPackSize, loadProductSummaries } from '../catalog/product.service.ts';
import { countCartLines, countCartLinesBeside } from './cart-count.repository.ts';
import {
  addToCartItem,
  type CartItemSeen,
  deleteCartItems,
  findCartItems,
  findSelectedCartItems,
  setCartItemSeen,
  setCartItemsSelected,
  updateCartItemCustomerPartNo,
  updateCartItemQuantity,
  type SelectedCartItemRow,
} from './cart.repository.ts';

async function packSizeOf(db: Kysely<Database>, productId: number): Promise<number> {
  const packSize = await loadPackSize(db, productId);
  if (packSize === undefined) throw new AppError(productErrors.notFound);
  return packSize;
}

function assertQuantity(quantity: number, packSize: number) {
  const problem = quantityProblem(quantity, packSize);
  if (problem) throw new AppError(cartErrors.quantityInvalid, problem);
}

function seenOf(product: ProductSummary, quantity: number): CartItemSeen {
  return { seenUnitPriceE4: unitPriceE4At(product.priceTiers, quantity), seenPackSize: product.packSize, seenStock: product.stock };
}

/** Remembers what the buyer sees of the line now, so checkout can show what changed since. */
async function rememberSeen(db: Kysely<Database>, userId: number, productId: number, quantity: number): Promise<void> {
  const [product] = await loadProductSummaries(db, [productId]);
  if (!product) return;
  await setCartItemSeen(db, userId, productId, seenOf(product, quantity));
}

/** The header's and sidebar's cart number. */
export function countCartLinesOf(db: Kysely<Database>, userId: number): Promise<number> {
  return countCartLines(db, userId);
}

/**
 * Adding a part already in the cart adds to its quantity. `customerPartNo`: the 客户料号 a new line takes
 * (a reorder from a list or an order carries the one saved there); without it, the one the member last
 * used for the part. A line already in the cart keeps its own.
 * The part is read before the transaction (what the buyer sees of it is what they saw when adding), and
 * a new line is written with it in one statement: the add is six statements when the line is new.
 */
export async function addToCart(
  db: Kysely<Database>,
  userId: number,
  productId: number,
  quantity: number,
  options: { customerPartNo?: string } = {},
): Promise<CartAddResponse> {
  const [product] = await loadProductSummaries(db, [productId]);
  if (!product) throw new AppError(productErrors.notFound);
  assertQuantity(quantity, product.packSize);
  // The line cap is a check-then-insert: under the member's lock, concurrent adds take turns.
  return withTransaction(db, async (trx) => {
    await lockMember(trx, userId);
    const { lineCount, hasLine } = await countCartLinesBeside(trx, userId, productId);
    if (!hasLine && lineCount >= maxCartLines) throw new AppError(cartErrors.full);
    const given = options.customerPartNo ?? '';
    const line = { productId, quantity, customerPartNo: given !== '' ? given : null, seen: seenOf(product, quantity) };
    const total = await addToCartItem(trx, userId, line, Date.now());
    if (total === null) throw new AppError(cartErrors.lineTooLarge);
    if (total !== quantity) await setCartItemSeen(trx, userId, productId, seenOf(product, total));
    // A line's stored quantity is always positive, so the total equals the added quantity only for a new line.
    const isNewLine = total === quantity;
    return { isNewLine, quantity: total, cartCount: lineCount + (hasLine ? 0 : 1) };
  });
}

export async function updateCartQuantity(db: Kysely<Database>, userId: number, productId: number, quantity: number): Promise<CartSummary> {
  assertQuantity(quantity, await packSizeOf(db, productId));
  if (!(await updateCartItemQuantity(db, userId, productId, quantity, Date.now()))) throw new AppError(cartErrors.lineMissing);
  await rememberSeen(db, userId, productId, quantity);
  return loadCart(db, userId);
}

/** The line's 客户料号 ('' clears it); the member's memory of it changes when an order is placed with it. */
export async function updateCartCustomerPartNo(db: Kysely<Database>, userId: number, productId: number, customerPartNo: string): Promise<CartSummary> {
  if (!(await updateCartItemCustomerPartNo(db, userId, productId, customerPartNo, Date.now()))) throw new AppError(cartErrors.lineMissing);
  return loadCart(db, userId);
}

export async function removeFromCart(db: Kysely<Database>, userId: number, productIds: readonly number[]): Promise<CartRemoveResponse> {
  const removedCount = await deleteCartItems(db, userId, [...new Set(productIds)]);
  return { ...(await loadCart(db, userId)), removedCount };
}

export async function selectCartLines(
  db: Kysely<Database>,
  userId: number,
  productIds: readonly number[] | undefined,
  isSelected: boolean,
): Promise<CartSummary> {
  await setCartItemsSelected(db, userId, productIds ?? null, isSelected, Date.now());
  return loadCart(db, userId);
}

export type SelectedCartLine = SelectedCartItemRow;

/** The lines checkout takes: the selected ones, with what the buyer saw of each. */
export function loadSelectedCartLines(db: Kysely<Database>, userId: number): Promise<SelectedCartLine[]> {
  return findSelectedCartItems(db, userId);
}

/** Inside the order's transaction: the ordered lines leave the cart. */
export async function removeOrderedCartLines(trx: Transaction<Database>, userId: number, productIds: readonly number[]): Promise<void> {
  if (productIds.length > 0) await deleteCartItems(trx, userId, productIds);
}

/** The member's cart priced now: each line by the tier of its quantity, totals of the selected lines. */
export async function loadCart(db: Kysely<Database>, userId: number): Promise<CartSummary> {
  const items = await findCartItems(db, userId);
  const products = new Map(
    (
      await loadProductSummaries(
        db,
        items.map((item) => item.productId),
      )
    ).map((product) => [product.productId, product]),
  );
  const lines: CartLine[] = [];
  for (const item of items) {
    const product = products.get(item.productId);
    if (!product) continue;
    lines.push({
      product,
      quantity: item.quantity,
      customerPartNo: item.customerPartNo,
      isSelected: item.isSelected === 1,
      unitPriceE4: unitPriceE4At(product.priceTiers, item.quantity) ?? 0,
      subtotalCents: lineAmountCents(product.priceTiers, item.quantity),
      isShortOfStock: item.quantity > product.stock,
    });
  }
  const selected = lines.filter((line) => line.isSelected);
  return {
    lines,
    lineCount: lines.length,
    selectedCount: selected.length,
    selectedTotalCents: selected.reduce((sum, line) => sum + line.subtotalCents, 0),
  };
}
