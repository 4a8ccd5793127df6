import type { ExpressionBuilder, Kysely } from 'kysely';
import { InvoiceState } from '../../../contract/invoice-lifecycle.ts';
import { OrderStatus } from '../../../contract/order.ts';
import type { CompanyInvoiceStateFilter } from '../../../contract/company-invoices.ts';
import type { Database } from '../../db/database.ts';

/**
 * The invoices of the orders placed within the company's membership periods (decision 0027): read from the
 * order feature's orders and order_invoices, never written here. An order that asked for none has no row.
 */

/** A member's time in the company: orders placed from `from` until `until` (null: still a member) are the company's. */
export interface InvoicePeriod {
  userId: number;
  from: number;
  until: number | null;
}

export interface CompanyInvoiceFilter {
  state: CompanyInvoiceStateFilter;
  /** Epoch ms, inclusive; null when open-ended. */
  fromMs: number | null;
  toMs: number | null;
}

type Scope = ExpressionBuilder<Database & { o: Database['orders']; i: Database['orderInvoices'] }, 'o' | 'i'>;

/** 不开具 and 待开票 have no invoice row: they are read from the order (invoice-lifecycle.ts). */
const closedOrderStatuses = [OrderStatus.cancelled, OrderStatus.closed] as const;

function stateCondition(eb: Scope, state: Exclude<CompanyInvoiceStateFilter, 'all'>) {
  switch (state) {
    case InvoiceState.requested:
      return eb.and([eb('i.id', 'is', null), eb('o.status', 'not in', closedOrderStatuses)]);
    case InvoiceState.withdrawn:
      return eb.and([eb('i.id', 'is', null), eb('o.status', 'in', closedOrderStatuses)]);
    default:
      return eb('i.status', '=', state);
  }
}

/** The day an invoice is filed under: when it was issued, or when its order was placed while none was. */
function filedAt(eb: Scope) {
  return eb.fn.coalesce('i.issuedAt', 'o.createdAt');
}

function invoicesWithin(db: Kysely<Database>, periods: readonly InvoicePeriod[], filter: CompanyInvoiceFilter) {
  const { state, fromMs, toMs } = filter;
  return (
    db
      .selectFrom('orders as o')
      .leftJoin('orderInvoices as i', 'i.orderId', 'o.id')
      .where('o.invoiceJson', 'is not', null)
      // Sandbox orders (an open API test key's) are no one's purchases.
      .where('o.isSandbox', '=', 0)
      .where((eb) =>
        eb.or(
          periods.map((period) =>
            eb.and([
              eb('o.userId', '=', period.userId),
              eb('o.createdAt', '>=', period.from),
              ...(period.until === null ? [] : [eb('o.createdAt', '<', period.until)]),
            ]),
          ),
        ),
      )
      .where((eb) => (state === 'all' ? eb.and([]) : stateCondition(eb, state)))
      .where((eb) => eb.and([...(fromMs === null ? [] : [eb(filedAt(eb), '>=', fromMs)]), ...(toMs === null ? [] : [eb(filedAt(eb), '<=', toMs)])]))
  );
}

/** Newest first (by the day it is filed under), `limit` rows from `offset`. */
export function findInvoicesWithin(db: Kysely<Database>, periods: readonly InvoicePeriod[], filter: CompanyInvoiceFilter, offset: number, limit: number) {
  return invoicesWithin(db, periods, filter)
    .select((eb) => [
      'o.id as orderId',
      'o.orderNo',
      'o.userId',
      'o.status as orderStatus',
      'o.payableCents',
      'o.invoiceJson',
      'o.createdAt',
      'i.invoiceNumber',
      'i.issuedAt',
      'i.fileUrl',
      'i.status as invoiceStatus',
      'i.reversalNumber',
      filedAt(eb).as('filedAt'),
    ])
    .orderBy('filedAt', 'desc')
    .orderBy('o.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export type CompanyInvoiceRecord = Awaited<ReturnType<typeof findInvoicesWithin>>[number];

export async function countInvoicesWithin(db: Kysely<Database>, periods: readonly InvoicePeriod[], filter: CompanyInvoiceFilter): Promise<number> {
  const row = await invoicesWithin(db, periods, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
