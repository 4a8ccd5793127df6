import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { CouponDeskSortColumn, CouponDeskState } from '../../../contract/console/marketing.ts';
import type { CouponScope } from '../../../contract/coupon.ts';
import type { GridQuery } from '../../../contract/staff-grid.ts';
import type { Database } from '../../db/database.ts';
import { exportRowsOfQuery, pageOfQuery } from '../staff/grid-query.ts';

type TemplateBuilder = ExpressionBuilder<Database, 'couponTemplates'>;

export interface CouponDeskQuery {
  name?: string | undefined;
  state?: CouponDeskState | undefined;
  scope?: CouponScope | undefined;
}

function likeText(text: string): string {
  return `%${text.replaceAll('\\', '\\\\').replaceAll('%', '\\%').replaceAll('_', '\\_')}%`;
}

/** The SQL of each desk state at `now` (the same rules as couponDeskStateOf). */
function stateCondition(eb: TemplateBuilder, state: CouponDeskState, now: number): Expression<SqlBool> {
  const isStopped = eb('stoppedAt', 'is not', null);
  const isEnded = eb.or([
    eb.and([eb('claimUntil', 'is not', null), eb('claimUntil', '<=', now)]),
    eb.and([eb('validUntil', 'is not', null), eb('validUntil', '<=', now)]),
  ]);
  const isSoldOut = eb.and([eb('totalStock', 'is not', null), eb('claimedCount', '>=', eb.ref('totalStock'))]);
  const isStarted = eb('claimFrom', '<=', now);
  const live = [eb('stoppedAt', 'is', null), eb.not(isEnded)];
  if (state === 'stopped') return isStopped;
  if (state === 'ended') return eb.and([eb('stoppedAt', 'is', null), isEnded]);
  if (state === 'notStarted') return eb.and([...live, eb.not(isStarted)]);
  if (state === 'soldOut') return eb.and([...live, isStarted, isSoldOut]);
  return eb.and([...live, isStarted, eb.not(isSoldOut)]);
}

function filteredTemplates(db: Kysely<Database>, query: CouponDeskQuery, now: number) {
  let select = db.selectFrom('couponTemplates').selectAll();
  if (query.name) select = select.where('name', 'like', likeText(query.name));
  if (query.scope) select = select.where('scope', '=', query.scope);
  const { state } = query;
  if (state) select = select.where((eb) => stateCondition(eb, state, now));
  return select;
}

const couponSorts = { createdAt: 'createdAt', claimedCount: 'claimedCount' } as const;
const couponDefaultSort = { column: 'createdAt', direction: 'desc' } as const;

export function findCouponDeskPage(
  db: Kysely<Database>,
  query: CouponDeskQuery,
  grid: Pick<GridQuery<CouponDeskSortColumn>, 'page' | 'pageSize' | 'sort'>,
  now: number,
) {
  return pageOfQuery(filteredTemplates(db, query, now), grid, couponSorts, couponDefaultSort);
}

/** The coupons an export holds: the grid's filters and order, at most staffExportLimit. */
export function findCouponsForExport(db: Kysely<Database>, query: CouponDeskQuery, sort: GridQuery<CouponDeskSortColumn>['sort'], now: number) {
  return exportRowsOfQuery(filteredTemplates(db, query, now), sort, couponSorts, couponDefaultSort);
}

export function findBrandOptions(db: Kysely<Database>) {
  return db.selectFrom('brands').select(['id', 'nameEn', 'nameCn']).orderBy('initial').orderBy('nameEn').execute();
}

export function findCategoryOptions(db: Kysely<Database>) {
  return db.selectFrom('categories').select(['id', 'name', 'level', 'parentId']).orderBy('level').orderBy('sort').orderBy('id').execute();
}

export function findBrandName(db: Kysely<Database>, id: number) {
  return db.selectFrom('brands').select(['nameEn', 'nameCn']).where('id', '=', id).executeTakeFirst();
}

export function findCategory(db: Kysely<Database>, id: number) {
  return db.selectFrom('categories').select(['id', 'name', 'level', 'parentId']).where('id', '=', id).executeTakeFirst();
}

export function findPackRows(db: Kysely<Database>) {
  return db.selectFrom('couponTemplates').selectAll().where('isNewMemberPack', '=', 1).orderBy('sort').orderBy('id').execute();
}

export function findRewardChoices(db: Kysely<Database>) {
  return db.selectFrom('couponTemplates').select(['id', 'name']).where('isInCentre', '=', 0).where('stoppedAt', 'is', null).orderBy('id').execute();
}
