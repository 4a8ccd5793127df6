import type { Kysely, Transaction } from 'kysely';
import type { Address } from '../../../contract/address.ts';
import { isSold, type ProductSummary } from '../../../contract/catalog.ts';
import type { InvoiceSnapshot } from '../../../contract/invoice.ts';
import {
  maxOrderLines,
  orderErrors,
  OrderStatus,
  type OrderAddress,
  type OrderCoupon,
  type PlacedOrder,
  type SettlementLine,
  ShortfallChoice,
} from '../../../contract/order.ts';
import type { orderRequests } from '../../../contract/order-requests.ts';
import { isPackMultiple } from '../../../contract/rules.ts';
import type { z } from 'zod';
import type { OrderConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { lockMember } from '../account/account.service.ts';
import { removeOrderedCartLines, type SelectedCartLine } from '../cart/cart.service.ts';
import { rememberCustomerPartNos } from '../cart/customer-part-number.service.ts';
import { loadProductSummaries } from '../catalog/product.service.ts';
import { redeemCoupons } from '../coupon/coupon.service.ts';
import { resolveInvoiceForOrder } from '../invoice/invoice.service.ts';
import { markQuotationOrdered } from '../quotation/quotation.service.ts';
import { allocateTakenUnits, recordLineAllocations, type Allocation } from '../warehouse/warehouse-stock.service.ts';
import { carrierOrThrow, checkoutLineOf, loadCheckoutLines, pricingOf, shippingAddressOf } from './checkout.service.ts';
import { expectedDateOfPlaced, withBackOrderDates } from './order-backorder-date.ts';
import { newOrderNo } from './order-number.ts';
import { orderedQuantityOf, settlementLineOf } from './order-pricing.ts';
import type { OrderRow } from './order.tables.ts';
import { findOrderByKey, insertOrder, insertOrderEvents, insertOrderLines, readStock, takeStockIfEnough, takeStockIfUnchanged } from './order.repository.ts';
import { notifyMember } from './order-transition.service.ts';
import { holdForApprovalIfNeeded } from './order-approval.service.ts';

/** A line a program orders (/open/v1): a part, how many, and the buyer's 客户料号. */
export interface ProgramOrderLine {
  productId: number;
  quantity: number;
  customerPartNo: string;
}

/**
 * The place call's request; the 采购订单号 may be left out by callers other than the call. A program
 * (/open/v1 POST /orders) sends its lines instead of the cart's selection and no amount it saw: the
 * order is placed at today's prices, and every line must be in stock in full. A sandbox order checks
 * the stock but takes none, and tells the member nothing.
 */
export type PlaceOrderRequest = Omit<z.output<(typeof orderRequests)['place']>, 'poNumber' | 'quotedPayableCents'> & {
  poNumber?: string;
  quotedPayableCents?: number;
  lines?: readonly ProgramOrderLine[];
  isSandbox?: boolean;
  /**
   * Run under the member's lock before anything is placed, after the repeat check; throws to refuse.
   * A program's placement confirms there that its Idempotency-Key is still claimed (a racing
   * request's release takes the same lock), so a released key never gets a second order.
   */
  confirmUnderLock?: (trx: Transaction<Database>) => Promise<void>;
};

const orderNoAttempts = 8;
/** A compare-and-set of one product's stock lost to another order this many times in a row: give up (never seen in practice). */
const stockAttempts = 200;

export function placedOf(order: Pick<OrderRow, 'orderNo' | 'payableCents' | 'expiresAt' | 'status'>): PlacedOrder {
  return {
    orderNo: order.orderNo,
    payableCents: order.payableCents,
    expiresAt: order.status === OrderStatus.unpaid ? order.expiresAt : null,
    status: order.status,
  };
}

function addressSnapshotOf(address: Address | null): string | null {
  if (!address) return null;
  const snapshot: OrderAddress = {
    receiver: address.receiver,
    phone: address.mobile || address.landline,
    provinceName: address.provinceName,
    cityName: address.cityName,
    districtName: address.districtName,
    detail: address.detail,
  };
  return JSON.stringify(snapshot);
}

/**
 * Takes each line's units from stock, products in id order (so two orders never wait on each other
 * in opposite orders). The common case is one guarded decrement of the whole quantity; a line short
 * of stock takes, with shipAvailable, the largest pack multiple there is, with waitForAll all there
 * is, by a compare-and-set on the stock it read (read again when another order changed it).
 * Each decrement is followed by the units' allocation to warehouses (warehouse-stock.service.ts):
 * the decrement holds the product row's lock until commit, which serialises every taker of the part,
 * so the allocation reads and writes its warehouse rows alone on both engines.
 * Returns each product's stock as it was when taken, which the lines are then priced by, and where the units came from.
 */
async function takeStock(
  trx: Transaction<Database>,
  lines: readonly SelectedCartLine[],
  products: ReadonlyMap<number, ProductSummary>,
  choice: ShortfallChoice,
  now: number,
) {
  const stockBefore = new Map<number, number>();
  const allocations = new Map<number, Allocation[]>();
  for (const line of [...lines].sort((a, b) => a.productId - b.productId)) {
    const product = products.get(line.productId);
    if (!product) continue;
    const left = await takeStockIfEnough(trx, line.productId, line.quantity, now);
    if (left !== null) {
      stockBefore.set(line.productId, left + line.quantity);
      allocations.set(line.productId, await allocateTakenUnits(trx, line.productId, line.quantity));
      continue;
    }
    for (let attempt = 0; ; attempt++) {
      if (attempt >= stockAttempts) throw new AppError(orderErrors.outOfStock);
      const stock = (await readStock(trx, line.productId)) ?? 0;
      const take = Math.min(stock, orderedQuantityOf(line.quantity, stock, product.packSize, choice));
      if (take === 0 || (await takeStockIfUnchanged(trx, line.productId, stock, take, now))) {
        stockBefore.set(line.productId, stock);
        allocations.set(line.productId, await allocateTakenUnits(trx, line.productId, take));
        break;
      }
    }
  }
  return { stockBefore, allocations };
}

/**
 * A program's line is refused below the part's minimum or beyond its stock: nothing is dropped or back ordered without the program knowing.
 * A refusal for stock names the part's factory lead time and 预计到货 when it has one (decision 0031).
 */
async function checkProgramLines(trx: Transaction<Database>, lines: readonly SelectedCartLine[], products: ReadonlyMap<number, ProductSummary>, now: number) {
  for (const line of lines) {
    const product = products.get(line.productId);
    if (!product) continue;
    const minimum = product.priceTiers[0]?.qtyStart ?? 1;
    if (line.quantity < minimum) {
      throw new AppError(orderErrors.belowMinimum, `${product.code}的最小起订量为${String(minimum)}，请修改数量`, { productId: product.productId });
    }
    if (line.quantity > product.stock) {
      const [dated] = await withBackOrderDates(trx, [{ ...settlementLineOf(line, product, ShortfallChoice.shipAvailable), isShortOfStock: true }], now);
      const leadTime = dated?.backOrder ? `；工厂交期${String(dated.backOrder.leadWeeks)}周，预计${dated.backOrder.expectedDate}到货` : '';
      throw new AppError(orderErrors.outOfStock, `${product.code}库存不足：现有${String(product.stock)}，订购${String(line.quantity)}${leadTime}`, {
        productId: product.productId,
        factoryLeadWeeks: dated?.backOrder?.leadWeeks ?? null,
        expectedDate: dated?.backOrder?.expectedDate ?? null,
      });
    }
  }
}

/** A program's lines, as the cart's selection would be: no price or stock seen, its own 客户料号. */
function programCheckoutLines(lines: readonly ProgramOrderLine[]) {
  const cartLines: SelectedCartLine[] = lines.map((line) => ({
    productId: line.productId,
    quantity: line.quantity,
    seenUnitPriceE4: null,
    seenPackSize: null,
    seenStock: null,
    customerPartNo: line.customerPartNo,
  }));
  return { cartLines, quotedPrices: null, quotation: null };
}

/** A sandbox order takes no stock: each product's stock is what it was, and no units come from a warehouse. */
function untakenStock(products: ReadonlyMap<number, ProductSummary>) {
  return { stockBefore: new Map([...products].map(([id, product]) => [id, product.stock])), allocations: new Map<number, Allocation[]>() };
}

/** An offer's lines need only their products: staff fixed price, quantity and lead time (a part out of stock is back ordered). */
function checkSellable(lines: readonly SelectedCartLine[], products: ReadonlyMap<number, ProductSummary>, isQuoted: boolean): void {
  if (lines.length === 0) throw new AppError(orderErrors.emptySelection);
  if (lines.length > maxOrderLines) throw new AppError(orderErrors.tooManyLines);
  for (const line of lines) {
    const product = products.get(line.productId);
    if (isQuoted) {
      if (!product) throw new AppError(orderErrors.lineNotSold, '报价中的部分商品已下架，请联系客服重新报价');
      continue;
    }
    if (!product || !isSold(product)) throw new AppError(orderErrors.lineNotSold, `${product?.code ?? '部分商品'}已下架，请返回购物车删除后再结算`);
    if (!isPackMultiple(line.quantity, product.packSize)) {
      throw new AppError(orderErrors.notPackMultiple, `${product.code}的购买数量须为${String(product.packSize)}的整数倍，请返回购物车修改`);
    }
  }
}

async function insertWithFreshNumber(trx: Transaction<Database>, order: Omit<Parameters<typeof insertOrder>[1], 'orderNo'>, now: number) {
  for (let attempt = 0; attempt < orderNoAttempts; attempt++) {
    const orderNo = newOrderNo(now);
    const id = await insertOrder(trx, { ...order, orderNo });
    if (id !== null) return { id, orderNo };
  }
  throw new Error('no free order number after several draws');
}
/**
 * When the stock is taken. `last` (tried first): when every line's stock as read is plentiful, the order is
 * written first and its units taken at the very end, so the part's row lock, which every buyer of
 * the part queues on, is held only from the decrement to the commit. Should a decrement then find
 * too little (another order took the units meanwhile), the whole transaction is undone and placed
 * again `first`: the stock taken before anything else, as a line short of stock always is.
 */
type StockTiming = 'first' | 'last';

/** Thrown inside the transaction to undo it: the units read were gone by the time they were taken. */
class StockMovedMeanwhile extends Error {}

/**
 * Stock taken last only where it is plentiful (twice the line and a margin), so that another order
 * rarely takes it meanwhile: for a part's last units, which many buyers race for, placing again
 * after the decrement is refused would double each loser's work.
 */
const plentyMarginUnits = 100;

function hasPlentyOfStock(lines: readonly SelectedCartLine[], products: ReadonlyMap<number, ProductSummary>): boolean {
  return lines.every((line) => 2 * line.quantity + plentyMarginUnits <= (products.get(line.productId)?.stock ?? 0));
}

/** The `last` timing's decrements (products in id order, as takeStock), each line whole or the transaction undone. */
async function takeStockLast(trx: Transaction<Database>, lines: readonly SettlementLine[], now: number): Promise<Map<number, Allocation[]>> {
  const allocations = new Map<number, Allocation[]>();
  for (const line of [...lines].sort((a, b) => a.productId - b.productId)) {
    if ((await takeStockIfEnough(trx, line.productId, line.quantity, now)) === null) throw new StockMovedMeanwhile();
    allocations.set(line.productId, await allocateTakenUnits(trx, line.productId, line.quantity));
  }
  return allocations;
}

/**
 * Step 1: the lines to order, with their stock taken (or, timed `last`, to be taken at the end). The cart's selected lines, or an accepted
 * offer's at its quoted prices (refused when not accepted, expired or ordered); each line is priced
 * by its product's stock as it was when taken.
 */
async function reserveLines(trx: Transaction<Database>, userId: number, request: PlaceOrderRequest, stockTiming: StockTiming, now: number) {
  const { cartLines, quotedPrices, quotation } = request.lines
    ? programCheckoutLines(request.lines)
    : await loadCheckoutLines(trx, userId, request.quotationId, now);
  const summaries = await loadProductSummaries(
    trx,
    cartLines.map((line) => line.productId),
  );
  const products = new Map(summaries.map((product) => [product.productId, product]));
  checkSellable(cartLines, products, quotation !== null);
  if (request.lines) await checkProgramLines(trx, cartLines, products, now);

  // An offer's order holds every quoted unit: what is not in stock waits for it, whichever way the buyer ships.
  const takeChoice = quotation ? ShortfallChoice.waitForAll : request.shortfallChoice;
  const takesStockLast = stockTiming === 'last' && !request.isSandbox && hasPlentyOfStock(cartLines, products);
  const { stockBefore, allocations } =
    request.isSandbox || takesStockLast ? untakenStock(products) : await takeStock(trx, cartLines, products, takeChoice, now);
  const pricedProducts = new Map(summaries.map((product) => [product.productId, { ...product, stock: stockBefore.get(product.productId) ?? product.stock }]));
  const priced = cartLines.map((line) => checkoutLineOf(line, pricedProducts.get(line.productId), request.shortfallChoice, quotedPrices));
  const lines: SettlementLine[] = (await withBackOrderDates(trx, priced, now)).filter((line) => line.quantity > 0);
  if (lines.length === 0) throw new AppError(orderErrors.nothingInStock);
  // Another order took the units between the check and the take: a program's order is refused whole, not shrunk.
  if (request.lines && lines.some((line) => line.quantity < (cartLines.find((cart) => cart.productId === line.productId)?.quantity ?? 0))) {
    throw new AppError(orderErrors.outOfStock);
  }
  return { cartLines, pricedProducts, lines, allocations, quotation, isFromProgram: request.lines !== undefined, takesStockLast };
}

type ReservedLines = Awaited<ReturnType<typeof reserveLines>>;

/** Step 2: the amounts, refused when they differ from those the buyer saw (quotedPayableCents). */
async function priceReservedLines(
  trx: Transaction<Database>,
  userId: number,
  request: PlaceOrderRequest,
  reserved: ReservedLines,
  address: Address | null,
  now: number,
) {
  const { cartLines, pricedProducts, lines } = reserved;
  const choice = {
    carrierCode: request.carrierCode,
    addressId: request.addressId,
    shortfallChoice: request.shortfallChoice,
    memberCouponIds: request.memberCouponIds,
  };
  const { pricing, draft, coupons } = await pricingOf(
    trx,
    userId,
    { cartLines, products: pricedProducts, lines },
    { ...choice, quotationId: request.quotationId },
    address,
    now,
    { listsCoupons: false },
  );
  if (request.quotedPayableCents !== undefined && pricing.payableCents !== request.quotedPayableCents) throw new AppError(orderErrors.totalChanged);
  return { pricing, draft, coupons };
}

type PricedOrder = Awaited<ReturnType<typeof priceReservedLines>>;

interface OrderSnapshot {
  userId: number;
  request: PlaceOrderRequest;
  address: Address | null;
  invoice: InvoiceSnapshot | null;
  paymentMinutes: number;
  now: number;
}

function usedCouponsOf({ pricing, coupons }: PricedOrder): OrderCoupon[] {
  return coupons
    .filter((coupon) => pricing.memberCouponIds.includes(coupon.memberCouponId))
    .map((coupon) => ({ memberCouponId: coupon.memberCouponId, name: coupon.name, kind: coupon.kind, faceValueCents: coupon.faceValueCents }));
}

/**
 * Step 3: the order under a fresh number with its amounts as priced (the coupons' redemption checks
 * them next), its lines and, when the stock was taken first, where their units came from.
 */
async function insertPlacedOrder(trx: Transaction<Database>, snapshot: OrderSnapshot, reserved: ReservedLines, priced: PricedOrder) {
  const { pricing } = priced;
  const usedCoupons = usedCouponsOf(priced);
  const { userId, request, address, invoice, now } = snapshot;
  const { lines, allocations, quotation } = reserved;
  const { id: orderId, orderNo } = await insertWithFreshNumber(
    trx,
    {
      userId,
      status: OrderStatus.unpaid,
      idempotencyKey: request.idempotencyKey,
      productCount: lines.reduce((sum, line) => sum + line.quantity, 0),
      goodsCents: pricing.goodsCents,
      freightCents: pricing.freightCents,
      goodsDiscountCents: pricing.goodsDiscountCents,
      freightDiscountCents: pricing.freightDiscountCents,
      payableCents: pricing.payableCents,
      couponsJson: usedCoupons.length > 0 ? JSON.stringify(usedCoupons) : null,
      carrierCode: request.carrierCode,
      shortfallChoice: request.shortfallChoice,
      addressJson: addressSnapshotOf(address),
      invoiceJson: invoice ? JSON.stringify(invoice) : null,
      remark: request.remark,
      poNumber: request.poNumber ?? '',
      quotationId: quotation?.id ?? null,
      isSandbox: request.isSandbox ? 1 : 0,
      expiresAt: now + snapshot.paymentMinutes * 60_000,
      createdAt: now,
      updatedAt: now,
    },
    now,
  );
  const lineIds = await insertOrderLines(
    trx,
    lines.map((line) => ({
      orderId,
      productId: line.productId,
      productCode: line.productCode,
      productName: line.productName,
      brandName: line.brandName,
      package: line.package,
      quantity: line.quantity,
      reservedQuantity: request.isSandbox ? 0 : Math.min(line.quantity, line.stock),
      unitPriceE4: line.unitPriceE4,
      amountCents: line.amountCents,
      customerPartNo: line.customerPartNo,
      expectedDate: request.isSandbox ? null : expectedDateOfPlaced(line, Math.min(line.quantity, line.stock)),
    })),
  );
  if (!reserved.takesStockLast) await recordAllocations(trx, lineIds, allocations);
  return { orderId, orderNo, lineIds };
}

async function recordAllocations(
  trx: Transaction<Database>,
  lineIds: readonly { id: number; productId: number }[],
  allocations: ReadonlyMap<number, Allocation[]>,
) {
  await recordLineAllocations(
    trx,
    lineIds.map(({ id, productId }) => ({ orderLineId: id, allocations: allocations.get(productId) ?? [] })),
  );
}

/** Step 4: redeems the chosen coupons, refused when their discount changed since they were priced. */
async function redeemOrderCoupons(trx: Transaction<Database>, userId: number, orderId: number, { pricing, draft }: PricedOrder, now: number) {
  const redeemed = await redeemCoupons(trx, { userId, memberCouponIds: pricing.memberCouponIds, orderId, draft, now });
  if (redeemed.goodsDiscountCents !== pricing.goodsDiscountCents || redeemed.freightDiscountCents !== pricing.freightDiscountCents) {
    throw new AppError(orderErrors.totalChanged);
  }
}

/** Step 5: what the order came from is used up: the offer is marked ordered, or the ordered lines leave the cart. */
async function closeOrderSource(trx: Transaction<Database>, userId: number, reserved: ReservedLines, orderNo: string, now: number) {
  const { quotation, lines, isFromProgram } = reserved;
  if (isFromProgram) return;
  if (quotation) {
    await markQuotationOrdered(trx, userId, quotation.id, orderNo, now);
  } else {
    await removeOrderedCartLines(
      trx,
      userId,
      lines.map((line) => line.productId),
    );
  }
}

/**
 * The address and invoice the order is placed with, read before its transaction. A repeated
 * request is answered under the member's lock (placeInTransaction); only when these are refused is
 * the key looked up here, so a retry of a placed order whose address was since deleted still finds it.
 */
async function orderDetailsOf(
  db: Kysely<Database>,
  userId: number,
  request: PlaceOrderRequest,
): Promise<{ address: Address | null; invoice: InvoiceSnapshot | null } | { earlier: OrderRow }> {
  try {
    const address = await shippingAddressOf(db, userId, carrierOrThrow(request.carrierCode), request.addressId);
    return { address, invoice: await resolveInvoiceForOrder(db, userId, request.invoice) };
  } catch (error) {
    const earlier = await findOrderByKey(db, userId, request.idempotencyKey);
    if (earlier) return { earlier };
    throw error;
  }
}

/**
 * Places the order of the cart's selected lines in one transaction: the member's lock (a repeated
 * idempotency key finds the first order), then the steps above: checks and stock, prices, the order
 * and its lines, coupons, the cart or offer, the lines' 客户料号 remembered for next time, the event
 * and the message; then, timed `last`, the stock. Any refusal rolls everything back.
 */
export async function placeOrder(
  db: Kysely<Database>,
  orders: OrderConfig,
  userId: number,
  request: PlaceOrderRequest,
  now = Date.now(),
): Promise<PlacedOrder> {
  const details = await orderDetailsOf(db, userId, request);
  if ('earlier' in details) return placedOf(details.earlier);
  const snapshot = { userId, request, ...details, paymentMinutes: orders.paymentMinutes, now };
  try {
    return await withTransaction(db, (trx) => placeInTransaction(trx, snapshot, 'last'));
  } catch (error) {
    if (!(error instanceof StockMovedMeanwhile)) throw error;
    return withTransaction(db, (trx) => placeInTransaction(trx, snapshot, 'first'));
  }
}

async function placeInTransaction(trx: Transaction<Database>, snapshot: OrderSnapshot, stockTiming: StockTiming): Promise<PlacedOrder> {
  const { userId, request, address, paymentMinutes, now } = snapshot;
  await lockMember(trx, userId);
  const repeated = await findOrderByKey(trx, userId, request.idempotencyKey);
  if (repeated) return placedOf(repeated);
  await request.confirmUnderLock?.(trx);

  const reserved = await reserveLines(trx, userId, request, stockTiming, now);
  const priced = await priceReservedLines(trx, userId, request, reserved, address, now);
  const { orderId, orderNo, lineIds } = await insertPlacedOrder(trx, snapshot, reserved, priced);
  await redeemOrderCoupons(trx, userId, orderId, priced, now);
  await closeOrderSource(trx, userId, reserved, orderNo, now);
  if (!request.isSandbox) await rememberCustomerPartNos(trx, userId, reserved.lines, now);
  await insertOrderEvents(trx, [{ orderId, kind: 'placed', text: '订单已提交，等待付款', at: now }]);
  const payableCents = priced.pricing.payableCents;
  // Above the company's 审批金额, a 采购's order waits for an approver (order-approval.service.ts), its stock held meanwhile.
  const isHeld = await holdForApprovalIfNeeded(trx, { orderId, orderNo, userId, payableCents, isSandbox: request.isSandbox === true, paymentMinutes }, now);
  if (!request.isSandbox && !isHeld)
    await notifyMember(trx, userId, `您的订单${orderNo}已提交，请在${String(paymentMinutes)}分钟内完成支付，超时订单将自动取消。`, now);
  if (reserved.takesStockLast) await recordAllocations(trx, lineIds, await takeStockLast(trx, reserved.lines, now));
  const status = isHeld ? OrderStatus.awaitingApproval : OrderStatus.unpaid;
  return { orderNo, payableCents, expiresAt: now + paymentMinutes * 60_000, status };
}
