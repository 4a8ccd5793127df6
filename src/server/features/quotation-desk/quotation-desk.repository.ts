import type { Kysely } from 'kysely';
import type { QuotationDeskSortColumn } from '../../../contract/console/quotation.ts';
import type { QuotationStatus } from '../../../contract/quotation.ts';
import type { GridQuery } from '../../../contract/staff-grid.ts';
import type { Database } from '../../db/database.ts';
import { exportRowsOfQuery, pageOfQuery } from '../staff/grid-query.ts';

export interface QuotationDeskQuery {
  status?: QuotationStatus | undefined;
  /** Digits of the member's phone (a prefix or any part). */
  phone?: string | undefined;
  quotationNo?: string | undefined;
  /** Epoch ms bounds of created_at, [fromMs, toMs). */
  fromMs?: number | undefined;
  toMs?: number | undefined;
}

/** LIKE's own wildcards in staff's text match themselves. */
function likeText(text: string): string {
  return `%${text.replaceAll('\\', '\\\\').replaceAll('%', '\\%').replaceAll('_', '\\_')}%`;
}

function filteredQuotations(db: Kysely<Database>, query: QuotationDeskQuery) {
  let select = db
    .selectFrom('quotations as q')
    .innerJoin('users as u', 'u.id', 'q.userId')
    .select((eb) => [
      'q.id',
      'q.quotationNo',
      'q.status',
      'q.userId',
      'u.phone as memberPhone',
      'q.lineCount',
      'q.totalCents',
      'q.createdAt',
      'q.validUntil',
      eb
        .selectFrom('quotationLines as l')
        .select(eb.fn.countAll<number | string>().as('n'))
        .whereRef('l.quotationId', '=', 'q.id')
        .where('l.productId', 'is not', null)
        .as('chosenCount'),
    ]);
  if (query.status) select = select.where('q.status', '=', query.status);
  if (query.phone) select = select.where('u.phone', 'like', likeText(query.phone));
  if (query.quotationNo) select = select.where('q.quotationNo', 'like', likeText(query.quotationNo.toUpperCase()));
  if (query.fromMs !== undefined) select = select.where('q.createdAt', '>=', query.fromMs);
  if (query.toMs !== undefined) select = select.where('q.createdAt', '<', query.toMs);
  return select;
}

const quotationSortExpressions = { createdAt: 'q.createdAt', lineCount: 'q.lineCount' } as const;
const defaultQuotationSort = { column: 'createdAt', direction: 'desc' } as const;

export function findQuotationDeskPage(
  db: Kysely<Database>,
  query: QuotationDeskQuery,
  grid: Pick<GridQuery<QuotationDeskSortColumn>, 'page' | 'pageSize' | 'sort'>,
) {
  return pageOfQuery(filteredQuotations(db, query), grid, quotationSortExpressions, defaultQuotationSort, 'q.id');
}

/** The grid's rows in its order for the Excel export (at most staffExportLimit). */
export function findQuotationDeskExportRows(db: Kysely<Database>, query: QuotationDeskQuery, sort: GridQuery<QuotationDeskSortColumn>['sort']) {
  return exportRowsOfQuery(filteredQuotations(db, query), sort, quotationSortExpressions, defaultQuotationSort, 'q.id');
}

export async function findMemberPhone(db: Kysely<Database>, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select('phone').where('id', '=', userId).executeTakeFirst();
  return row?.phone ?? '';
}
