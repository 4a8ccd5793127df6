import type { Kysely } from 'kysely';
import { OrderStatus } from '../../../contract/order.ts';
import type { Database } from '../../db/database.ts';
import type { OrderInvoicesTable } from './order.tables.ts';
import type { Insertable, Selectable } from 'kysely';

/** Orders an invoice may be issued for: paid, whether shipped or not, and not cancelled. */
const invoiceableStatuses = [OrderStatus.unshipped, OrderStatus.shipped, OrderStatus.completed] as const;

/**
 * Holds a paid, open order for the length of the transaction (a no-op update takes its row lock, so
 * a staff cancellation waits or has already won): false when the order is not paid or is cancelled.
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

export function findOrderInvoice(db: Kysely<Database>, orderId: number): Promise<Selectable<OrderInvoicesTable> | undefined> {
  return db.selectFrom('orderInvoices').selectAll().where('orderId', '=', orderId).executeTakeFirst();
}
