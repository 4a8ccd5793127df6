import type { Kysely } from 'kysely';
import { findCarrier } from '../../../contract/delivery.ts';
import type { InvoiceRequest } from '../../../contract/invoice.ts';
import { orderErrors, ShortfallChoice, type OrderStatus, type PlacedOrder } from '../../../contract/order.ts';
import type { OrderConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { listAddresses } from '../address/address.service.ts';
import { placeOrder, type PlaceOrderRequest, type ProgramOrderLine } from './order-placement.service.ts';
import { findShipments, type ShipmentWithLines } from './order-shipment.repository.ts';
import { findOrderOfMember } from './order.service.ts';
import { countOrderPage, findOrderLines, findOrderPage, type OrderListFilter } from './order.repository.ts';
import { expireOverdueOrders } from './order-sweeper.ts';
import type { OrderLineRow, OrderRow } from './order.tables.ts';

/*
 * The orders of programs (/open/v1): a key reads and places its member's orders through the same
 * placement, state table and sweep as the site. A sandbox key sees and places sandbox orders only;
 * a live key, and the site, never see them.
 */

/** Whose orders: the key's member, and whether the key is a sandbox key. */
export interface ProgramCaller {
  userId: number;
  isSandbox: boolean;
}

export interface ProgramOrderQuery {
  status: OrderStatus | null;
  createdFrom?: number;
  createdBefore?: number;
  poNumber?: string;
  page: number;
  pageSize: number;
}

export interface ProgramOrder {
  order: OrderRow;
  lines: OrderLineRow[];
  shipments: ShipmentWithLines[];
}

/** A page of the caller's orders, newest first (unpaid ones past their time are cancelled first, as on the site). */
export async function listOrdersForProgram(db: Kysely<Database>, caller: ProgramCaller, query: ProgramOrderQuery, now = Date.now()) {
  await expireOverdueOrders(db, now, { userId: caller.userId });
  const filter: OrderListFilter = {
    ...caller,
    keyword: '',
    status: query.status,
    createdFrom: query.createdFrom,
    createdBefore: query.createdBefore,
    poNumber: query.poNumber,
  };
  const [rows, total] = await Promise.all([findOrderPage(db, filter, (query.page - 1) * query.pageSize, query.pageSize), countOrderPage(db, filter)]);
  const lines = await findOrderLines(
    db,
    rows.map((row) => row.id),
  );
  return { orders: rows.map((order) => ({ order, lines: lines.filter((line) => line.orderId === order.id) })), total };
}

/** One of the caller's orders with its lines and parcels; another member's, or one of the other kind, is not found. */
export async function loadOrderForProgram(db: Kysely<Database>, caller: ProgramCaller, orderNo: string, now = Date.now()): Promise<ProgramOrder> {
  const order = await findOrderOfMember(db, caller.userId, orderNo, now, caller.isSandbox);
  const [lines, shipments] = await Promise.all([findOrderLines(db, [order.id]), findShipments(db, order.id)]);
  return { order, lines, shipments };
}

export interface ProgramPlaceRequest {
  /** What the order is placed under (orders.idempotency_key): the same claim twice is one order. */
  claim: string;
  lines: readonly ProgramOrderLine[];
  poNumber: string;
  carrierCode: string;
  /** The member's address; null: the default one (none needed for 自提). */
  addressId: number | null;
  invoice: InvoiceRequest;
  remark: string;
  /** When given, the order is refused if its payable amount is another (order.totalChanged). */
  expectedPayableCents?: number;
  /** Under the member's lock, before placing (placeOrder's confirmUnderLock). */
  confirmUnderLock?: PlaceOrderRequest['confirmUnderLock'];
}

/** The member's default address, for a delivering carrier when the program names none. */
async function defaultAddressIdOf(db: Kysely<Database>, userId: number, carrierCode: string): Promise<number | null> {
  if (findCarrier(carrierCode)?.isPickup !== false) return null;
  const [first] = await listAddresses(db, userId);
  if (!first) throw new AppError(orderErrors.addressMissing, '请先在会员中心添加收货地址，或在 addressId 中指定地址');
  return first.id;
}

/**
 * Places a program's order through the site's placement (placeOrder): its lines instead of the
 * cart, no coupons, every line in stock in full; a sandbox key's order takes no stock.
 */
export async function placeOrderForProgram(
  db: Kysely<Database>,
  orders: OrderConfig,
  caller: ProgramCaller,
  request: ProgramPlaceRequest,
  now = Date.now(),
): Promise<PlacedOrder> {
  const addressId = request.addressId ?? (await defaultAddressIdOf(db, caller.userId, request.carrierCode));
  return placeOrder(
    db,
    orders,
    caller.userId,
    {
      idempotencyKey: request.claim,
      carrierCode: request.carrierCode,
      addressId,
      shortfallChoice: ShortfallChoice.shipAvailable,
      memberCouponIds: [],
      invoice: request.invoice,
      remark: request.remark,
      poNumber: request.poNumber,
      quotedPayableCents: request.expectedPayableCents,
      lines: request.lines,
      isSandbox: caller.isSandbox,
      confirmUnderLock: request.confirmUnderLock,
    },
    now,
  );
}
