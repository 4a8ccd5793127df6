import type { Kysely, Transaction } from 'kysely';
import { orderErrors, OrderStatus } from '../../../contract/order.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { findOrderByNo, insertOrderEvents } from './order.repository.ts';
import { allocateTakenUnits, receiveUnits, recordLineAllocations } from '../warehouse/warehouse-stock.service.ts';
import {
  findDatedLine,
  findWaitingLines,
  hasWaitingLine,
  holdOpenOrder,
  reserveMore,
  takeStockForBackOrder,
  type WaitingLine,
} from './order-backorder.repository.ts';
import { notifyMember } from './order-transition.service.ts';

/**
 * Back orders: a line placed with "wait for all" holds what was in stock (reserved < quantity) and
 * waits for the rest. When stock arrives (`restock`, called by staff or the supply side), the part's
 * stock goes to the waiting lines of open orders, oldest order first, in the same transaction.
 *
 * Locks are taken orders first, then the product, the order a cancellation takes them in (it claims
 * the order, then puts its reserved units back): so a restock and a cancel never wait on each other
 * in a circle, and a cancel that follows a restock reads the units the restock reserved.
 */

export interface RestockResult {
  /** The part's stock after the arrival and the allocations. */
  stock: number;
  /** Units given to each order, oldest first. */
  allocations: { orderNo: string; quantity: number }[];
  /** Orders that have everything now (each was sent "缺货商品已到货"). */
  completedOrderNos: string[];
}

/** A line that a restock gave all its waiting units (its 预计到货 no longer shows), told to `alongside` in the pass's transaction. */
export interface FilledBackOrderLine {
  orderId: number;
  lineId: number;
  at: number;
}

/** Passes over orders that began waiting while a restock ran (placed between its look and its locks). */
const allocationPasses = 3;

/** `warehouseId`: where the units arrive (default: the first warehouse by sort order); `alongside` sees each pass's filled lines. */
export async function restock(
  db: Kysely<Database>,
  productId: number,
  quantity: number,
  now = Date.now(),
  warehouseId?: number,
  alongside?: AlongsideChange<FilledBackOrderLine[]>,
): Promise<RestockResult> {
  if (!Number.isSafeInteger(quantity) || quantity <= 0) throw new AppError(orderErrors.restockQuantityInvalid);
  const result: RestockResult = { stock: 0, allocations: [], completedOrderNos: [] };
  let arriving = quantity;
  for (let pass = 0; pass < allocationPasses; pass++) {
    const seen = await findWaitingLines(db, productId);
    if (arriving === 0 && seen.length === 0) break;
    const outcome = await withTransaction(db, (trx) => allocate(trx, { productId, arriving, warehouseId }, seen, now, alongside));
    if (outcome.stock === null) throw new AppError(orderErrors.restockProductNotFound);
    arriving = 0;
    result.stock = outcome.stock;
    result.allocations.push(...outcome.allocations);
    result.completedOrderNos.push(...outcome.completedOrderNos);
    if (!outcome.hasUnheldWaiting || outcome.stock === 0) break;
  }
  return result;
}

async function allocate(
  trx: Transaction<Database>,
  { productId, arriving, warehouseId }: { productId: number; arriving: number; warehouseId: number | undefined },
  seen: readonly WaitingLine[],
  now: number,
  alongside?: AlongsideChange<FilledBackOrderLine[]>,
) {
  // Orders first (in id order, as every restock takes them), then the product.
  const held = new Set<number>();
  for (const orderId of [...new Set(seen.map((line) => line.orderId))].sort((a, b) => a - b)) {
    if (await holdOpenOrder(trx, orderId, now)) held.add(orderId);
  }
  let stock = await receiveUnits(trx, productId, arriving, now, warehouseId);
  if (stock === null) return { stock: null, allocations: [], completedOrderNos: [], hasUnheldWaiting: false };

  const allocations: RestockResult['allocations'] = [];
  const touched = new Map<number, WaitingLine>();
  const filled: FilledBackOrderLine[] = [];
  let hasUnheldWaiting = false;
  // Read again under the locks: another restock may have filled some lines meanwhile.
  for (const line of await findWaitingLines(trx, productId)) {
    if (!held.has(line.orderId)) {
      hasUnheldWaiting = true;
      continue;
    }
    const give = Math.min(line.quantity - line.reservedQuantity, stock);
    if (give <= 0) break;
    if (!(await takeStockForBackOrder(trx, productId, give, now))) break;
    if (!(await reserveMore(trx, line.lineId, give))) throw new Error(`order line ${String(line.lineId)} refused units while its order was held`);
    // The decrement above holds the product row, so the warehouses are read and taken from alone.
    await recordLineAllocations(trx, [{ orderLineId: line.lineId, allocations: await allocateTakenUnits(trx, productId, give) }]);
    stock -= give;
    if (give === line.quantity - line.reservedQuantity) filled.push({ orderId: line.orderId, lineId: line.lineId, at: now });
    allocations.push({ orderNo: line.orderNo, quantity: give });
    touched.set(line.orderId, line);
  }

  const completedOrderNos: string[] = [];
  for (const [orderId, line] of touched) {
    if (await hasWaitingLine(trx, orderId)) continue;
    completedOrderNos.push(line.orderNo);
    await insertOrderEvents(trx, [{ orderId, kind: 'restocked', text: '缺货商品已到货，订单商品已备齐', at: now }]);
    const next = nextStepTexts[line.status] ?? '我们将尽快为您发货';
    await notifyMember(trx, line.userId, `缺货商品已到货：您的订单${line.orderNo}中的商品已全部备齐，${next}。`, now);
  }
  if (filled.length > 0) await alongside?.(trx, filled);
  return { stock, allocations: mergeByOrder(allocations), completedOrderNos, hasUnheldWaiting };
}

/** What the buyer of an order whose back order is filled does next, by the order's state (paid ones: we ship). */
const nextStepTexts: Partial<Record<OrderStatus, string>> = {
  [OrderStatus.unpaid]: '请在订单有效期内完成支付',
  [OrderStatus.awaitingApproval]: '订单正在等待企业审批，审批通过后请按时付款',
};

/** One entry per order, in the order first served. */
function mergeByOrder(allocations: readonly { orderNo: string; quantity: number }[]): { orderNo: string; quantity: number }[] {
  const merged = new Map<string, number>();
  for (const { orderNo, quantity } of allocations) merged.set(orderNo, (merged.get(orderNo) ?? 0) + quantity);
  return [...merged].map(([orderNo, quantity]) => ({ orderNo, quantity }));
}

/** Staff may ship only what is all there: an order with a line still on back order is refused. */
export async function refuseShipmentWhileWaiting(db: Kysely<Database>, orderId: number): Promise<void> {
  if (await hasWaitingLine(db, orderId)) throw new AppError(orderErrors.backOrderPending);
}

/**
 * 到货登记 from an order's page (the console's order desk): units of a waiting line's part arrived. They
 * are the part's restock: every order waiting for the part is served, oldest first, this one in its turn.
 */
export async function restockForLine(
  db: Kysely<Database>,
  request: { orderNo: string; lineId: number; quantity: number },
  now = Date.now(),
  alongside?: AlongsideChange<FilledBackOrderLine[]>,
): Promise<RestockResult & { productCode: string }> {
  const order = await findOrderByNo(db, request.orderNo);
  if (!order || order.isSandbox === 1) throw new AppError(orderErrors.notFound);
  const line = await findDatedLine(db, order.id, request.lineId);
  if (!line) throw new AppError(orderErrors.restockProductNotFound);
  return { ...(await restock(db, line.productId, request.quantity, now, undefined, alongside)), productCode: line.productCode };
}
