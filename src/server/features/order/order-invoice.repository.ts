import type { Insertable, Kysely, Selectable } from 'kysely';
import { OrderStatus, type IssuedInvoiceState } from '../../../contract/order.ts';
import type { Database } from '../../db/database.ts';
import type { OrderInvoicesTable } from './order.tables.ts';

/** Orders an invoice may be issued for: paid, whether shipped or not, not cancelled or closed (refunded in full). */
const invoiceableStatuses = [OrderStatus.unshipped, OrderStatus.partlyShipped, OrderStatus.shipped, OrderStatus.completed] as const;

/**
 * Holds a paid, open order for the length of the transaction (a no-op update takes its row lock, so
 * a staff cancellation or a full refund waits or has already won): false when it is not invoiceable.
 */
export async function holdInvoiceableOrder(trx: Kysely<Database>, orderId: number, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ updatedAt: now })
    .where('id', '=', orderId)
    .where('status', 'in', invoiceableStatuses)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The invoice, unless the order has one already (the unique order_id): false then. */
export async function insertOrderInvoice(trx: Kysely<Database>, invoice: Omit<Insertable<OrderInvoicesTable>, 'id'>): Promise<boolean> {
  const inserted = await trx
    .insertInto('orderInvoices')
    .values(invoice)
    .onConflict((conflict) => conflict.column('orderId').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** One conditional update of the invoice's status: true when it was in `from` and moved. */
export async function claimInvoiceStatus(
  trx: Kysely<Database>,
  orderId: number,
  from: readonly IssuedInvoiceState[],
  changes: { status: IssuedInvoiceState; updatedAt: number; reversalNumber?: string; reversedAt?: number },
): Promise<boolean> {
  const result = await trx.updateTable('orderInvoices').set(changes).where('orderId', '=', orderId).where('status', 'in', from).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function findOrderInvoice(db: Kysely<Database>, orderId: number): Promise<Selectable<OrderInvoicesTable> | undefined> {
  return db.selectFrom('orderInvoices').selectAll().where('orderId', '=', orderId).executeTakeFirst();
}
