import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/database.ts';
import type { OrderDeskDeps } from '../../order-desk/order-desk.service.ts';
import type { PaymentContext } from '../../payment/payment.service.ts';
import type { StaffActor } from '../../staff/staff-desk.service.ts';
import { toShipOf, type Model } from './order-model.ts';

/** The real store the model-based tests drive: one run's members, parts and coupons, and the staff who act. */
export interface RealSystem {
  db: Kysely<Database>;
  config: Config;
  deps: OrderDeskDeps;
  payment: PaymentContext;
  runId: string;
  members: { userId: number }[];
  productIds: number[];
  couponIds: number[];
  couponFaceCents: number;
  warehouse: StaffActor;
  finance: StaffActor;
  orderNos: string[];
  /** Each member's messages of type 3 and 4 before the run. */
  messagesBefore: number[];
  /** Units of the run's parts when it began. */
  unitsAtStart: number;
  restocked: () => number;
  /** The back-order service's restock, counted (the conservation invariant knows what arrived). */
  restock: (productId: number, quantity: number, now: number) => Promise<unknown>;
  lineIdOf: (orderNo: string, productIndex: number) => Promise<number>;
  /** The company's 管理员 (who may approve): member 0 is its 采购, member 1 has no company (decision 0029). */
  approverId: number;
  approvalThresholdCents: number;
}

const liveStates = ['awaitingApproval', 'unpaid', 'unshipped', 'partlyShipped'];

/**
 * What must hold whatever happened, read from the database only (the concurrent runs check these):
 * money, goods, coupons, shipments, invoices, the order's state against its payment and refunds.
 */
export async function checkInvariants(real: Pick<RealSystem, 'db' | 'orderNos' | 'productIds' | 'couponIds'>, unitsInSystem: number): Promise<void> {
  const db = real.db;
  if (real.orderNos.length === 0) return;
  const orders = await db.selectFrom('orders').selectAll().where('orderNo', 'in', real.orderNos).execute();
  const orderIds = orders.map((order) => order.id);
  const [lines, shipped, refunds, invoices, products, warehouseRows, coupons, attempts, shipAndCloseEvents] = await Promise.all([
    db.selectFrom('orderLines').selectAll().where('orderId', 'in', orderIds).execute(),
    db
      .selectFrom('orderShipmentLines')
      .innerJoin('orderShipments', 'orderShipments.id', 'orderShipmentLines.shipmentId')
      .select(['orderShipments.orderId', 'orderShipments.shippedAt', 'orderShipmentLines.orderLineId', 'orderShipmentLines.quantity'])
      .where('orderShipments.orderId', 'in', orderIds)
      .execute(),
    db.selectFrom('paymentRefunds').selectAll().where('orderNo', 'in', real.orderNos).execute(),
    db.selectFrom('orderInvoices').selectAll().where('orderId', 'in', orderIds).execute(),
    db.selectFrom('products').select(['id', 'stock']).where('id', 'in', real.productIds).execute(),
    db.selectFrom('productWarehouseStock').select(['productId', 'quantity']).where('productId', 'in', real.productIds).execute(),
    db.selectFrom('memberCoupons').select(['id', 'usedOrderId']).where('id', 'in', real.couponIds).execute(),
    db.selectFrom('paymentAttempts').select(['id', 'orderNo', 'status', 'paidCents', 'tradeNo']).where('orderNo', 'in', real.orderNos).execute(),
    db
      .selectFrom('orderEvents')
      .select(['id', 'orderId', 'kind'])
      .where('orderId', 'in', orderIds)
      .where('kind', 'in', ['shippedPart', 'shipped', 'closed'])
      .execute(),
  ]);
  // Money that came in is never kept silently: the order took it, or it goes back (a late payment's refund).
  for (const attempt of attempts) {
    const order = orders.find((row) => row.orderNo === attempt.orderNo);
    if (attempt.status === 'paid') expect(order?.paidAt, `${attempt.orderNo} attempt paid`).not.toBeNull();
    if (attempt.status !== 'lateRefunding' && attempt.status !== 'lateRefunded') continue;
    const back = refunds.filter((refund) => refund.attemptId === attempt.id && refund.kind === 'latePayment');
    expect(
      back.map((refund) => refund.amountCents),
      `${attempt.orderNo} late payment sent back`,
    ).toEqual([attempt.paidCents]);
    if (attempt.status === 'lateRefunded') expect(back[0]?.status).toBe('succeeded');
  }
  const shippedOf = (lineId: number) => shipped.filter((row) => row.orderLineId === lineId).reduce((sum, row) => sum + row.quantity, 0);
  let held = 0;
  let sent = 0;
  for (const order of orders) {
    const paid = order.paidAt === null ? 0 : order.payableCents;
    const own = refunds.filter((refund) => refund.orderNo === order.orderNo && refund.kind !== 'latePayment');
    const counted = own.filter((refund) => refund.status !== 'failed').reduce((sum, refund) => sum + refund.amountCents, 0);
    const label = `${order.orderNo} (${order.status})`;
    // Money: never refunded more than paid; the held total is the refunds under way or done; each number once.
    expect(order.refundedCents, `${label} refunded`).toBeLessThanOrEqual(paid);
    expect(order.refundedCents, `${label} refunds add up`).toBe(counted);
    expect(new Set(own.map((refund) => refund.refundNo)).size).toBe(own.length);
    // The state agrees with the payment and the refunds.
    expect(order.paidAt === null, `${label} paid (refunds ${JSON.stringify(own.map((refund) => [refund.kind, refund.status, refund.amountCents]))})`).toBe(
      order.status === 'unpaid' || order.status === 'awaitingApproval' || (order.status === 'cancelled' && order.refundedCents === 0 && own.length === 0),
    );
    if (order.status === 'closed' || (order.status === 'cancelled' && order.paidAt !== null)) expect(order.refundedCents, `${label} ends refunded`).toBe(paid);
    // Goods: nothing leaves a cancelled order; nothing leaves a closed one after it closed.
    const parcels = shipped.filter((row) => row.orderId === order.id);
    if (order.status === 'cancelled') expect(parcels, `${label} parcels`).toEqual([]);
    // In commit order (event ids), not by clock: each request stamps the time it started, and a refund that waited for a parcel's commit started first.
    const closing = shipAndCloseEvents.find((event) => event.orderId === order.id && event.kind === 'closed');
    if (order.status === 'closed' && closing)
      for (const parcel of shipAndCloseEvents.filter((event) => event.orderId === order.id && event.kind !== 'closed'))
        expect(parcel.id, `${label} parcel after the close`).toBeLessThan(closing.id);
    // Invoices: none stays issued on an order cancelled or refunded in full.
    const invoice = invoices.find((row) => row.orderId === order.id);
    if (invoice && (order.status === 'cancelled' || order.status === 'closed')) expect(invoice.status, `${label} invoice`).not.toBe('issued');
    for (const line of lines.filter((row) => row.orderId === order.id)) {
      const lineShipped = shippedOf(line.id);
      expect(lineShipped + line.cancelledQuantity, `${label} line ${String(line.id)}`).toBeLessThanOrEqual(line.quantity);
      expect(line.reservedQuantity).toBeGreaterThanOrEqual(lineShipped);
      expect(line.reservedQuantity).toBeLessThanOrEqual(line.quantity - line.cancelledQuantity);
      sent += lineShipped;
      if (liveStates.includes(order.status)) held += line.reservedQuantity - lineShipped;
    }
  }
  // Goods are conserved: on the shelf, held by open orders, or sent.
  const onShelf = products.reduce((sum, product) => sum + product.stock, 0);
  expect(onShelf + held + sent, 'units conserved').toBe(unitsInSystem);
  for (const product of products) {
    const inWarehouses = warehouseRows.filter((row) => row.productId === product.id).reduce((sum, row) => sum + row.quantity, 0);
    expect(inWarehouses, `warehouses of ${String(product.id)}`).toBe(product.stock);
  }
  // Coupons: used exactly while the order holding it lives (an order that sent goods keeps it when refunded).
  for (const coupon of coupons) {
    if (coupon.usedOrderId === null) continue;
    const holder = orders.find((order) => order.id === coupon.usedOrderId);
    if (!holder) continue;
    const hasParcel = shipped.some((row) => row.orderId === holder.id);
    expect(holder.status === 'cancelled' || (holder.status === 'closed' && !hasParcel), `coupon ${String(coupon.id)} held by a dead order`).toBe(false);
  }
}

/** The database against the model after a step: every order, the stock, the messages and the audit log. */
export async function checkAgainstModel(model: Model, real: RealSystem): Promise<void> {
  await checkInvariants(real, real.unitsAtStart + real.restocked());
  const db = real.db;
  if (model.orders.length > 0) {
    const rows = await db.selectFrom('orders').selectAll().where('orderNo', 'in', real.orderNos).execute();
    const orderIds = rows.map((row) => row.id);
    const [lines, invoices, refunds] = await Promise.all([
      db.selectFrom('orderLines').selectAll().where('orderId', 'in', orderIds).execute(),
      db.selectFrom('orderInvoices').select(['orderId', 'status']).where('orderId', 'in', orderIds).execute(),
      db.selectFrom('paymentRefunds').select(['orderNo', 'refundNo', 'amountCents', 'status']).where('orderNo', 'in', real.orderNos).orderBy('id').execute(),
    ]);
    for (const order of model.orders) {
      const row = rows.find((candidate) => candidate.orderNo === order.orderNo);
      expect(row, order.orderNo).toBeDefined();
      if (!row) continue;
      expect({ status: row.status, refundedCents: row.refundedCents, isPaid: row.paidAt !== null }, order.orderNo).toEqual({
        status: order.status,
        refundedCents: order.refundedCents,
        isPaid: order.method !== null,
      });
      for (const line of order.lines) {
        const lineRow = lines.find((candidate) => candidate.orderId === row.id && candidate.productId === real.productIds[line.productIndex]);
        expect({ reserved: lineRow?.reservedQuantity, cancelled: lineRow?.cancelledQuantity }, `${order.orderNo} line`).toEqual({
          reserved: line.reserved,
          cancelled: line.cancelled,
        });
        expect(toShipOf(line)).toBeGreaterThanOrEqual(0);
      }
      const ownRefunds = refunds.filter((refund) => refund.orderNo === order.orderNo);
      expect(
        ownRefunds.map((refund) => ({ refundNo: refund.refundNo, amountCents: refund.amountCents, status: refund.status })),
        `${order.orderNo} refunds`,
      ).toEqual(order.refunds);
      const invoice = invoices.find((candidate) => candidate.orderId === row.id);
      const invoiceState =
        invoice?.status ?? (order.invoice === 'none' ? 'none' : row.status === 'cancelled' || row.status === 'closed' ? 'withdrawn' : 'requested');
      expect(invoiceState, `${order.orderNo} invoice`).toBe(order.invoice);
    }
  }
  const stock = await db.selectFrom('products').select(['id', 'stock']).where('id', 'in', real.productIds).execute();
  expect(real.productIds.map((id) => stock.find((row) => row.id === id)?.stock)).toEqual(model.stock);
  const counted = await db
    .selectFrom('messages')
    .select(['userId', (eb) => eb.fn.countAll<number>().as('count')])
    .where(
      'userId',
      'in',
      real.members.map((member) => member.userId),
    )
    .where('messageType', 'in', [3, 4])
    .groupBy('userId')
    .execute();
  const messages = real.members.map((member) => counted.find((row) => row.userId === member.userId)?.count ?? 0);
  expect(
    messages.map((count, index) => count - (real.messagesBefore[index] ?? 0)),
    'one message per change that concerns the buyer',
  ).toEqual(model.messages);
  if (real.orderNos.length > 0) {
    const audit = await db
      .selectFrom('auditLog')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('subjectId', 'in', real.orderNos)
      .executeTakeFirstOrThrow();
    expect(audit.count, 'every staff action audited').toBe(model.staffActions);
  }
}
