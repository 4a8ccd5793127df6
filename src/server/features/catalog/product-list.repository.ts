import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import { ProductSort, type CountedCategory, type CountedValue } from '../../../contract/catalog.ts';
import type { Database } from '../../db/database.ts';

/**
 * Lists of parts chosen by plain columns (a brand, the special-offer or IC-zone flag) with sorting and paging in SQL; parametric selection has its own index.
 */
export interface ProductListWhere {
  brandId?: number;
  isSpecialOffer?: boolean;
  isIcZone?: boolean;
  categorySecondId?: number;
  package?: string;
  isStockOnly?: boolean;
}

type ProductsQuery<O> = SelectQueryBuilder<Database, 'products', O>;

function applyWhere<O>(query: ProductsQuery<O>, where: ProductListWhere, omit?: 'categorySecondId' | 'package'): ProductsQuery<O> {
  let q = query;
  if (where.brandId !== undefined) q = q.where('brandId', '=', where.brandId);
  if (where.isSpecialOffer) q = q.where('isSpecialOffer', '=', 1);
  if (where.isIcZone) q = q.where('isIcZone', '=', 1);
  if (where.categorySecondId !== undefined && omit !== 'categorySecondId') q = q.where('categorySecondId', '=', where.categorySecondId);
  if (where.package !== undefined && omit !== 'package') q = q.where('package', '=', where.package);
  if (where.isStockOnly) q = q.where('stock', '>', 0);
  return q;
}

/** First-tier unit price; parts without prices sort last in both directions. */
function firstTierPrice(eb: ExpressionBuilder<Database, 'products'>, missing: number) {
  return eb.fn.coalesce('firstTierPriceE4', sql<number>`${missing}`);
}

export async function findProductIdsPage(db: Kysely<Database>, where: ProductListWhere, sort: ProductSort, page: number, pageSize: number): Promise<number[]> {
  let query = applyWhere(db.selectFrom('products').select('id'), where);
  if (sort === ProductSort.priceAsc) query = query.orderBy((eb) => firstTierPrice(eb, Number.MAX_SAFE_INTEGER), 'asc');
  else if (sort === ProductSort.priceDesc) query = query.orderBy((eb) => firstTierPrice(eb, -1), 'desc');
  else if (sort === ProductSort.stockDesc) query = query.orderBy('stock', 'desc');
  else query = query.orderBy(sql`case when stock > 0 then 0 else 1 end`);
  const rows = await query
    .orderBy('id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return rows.map((row) => row.id);
}

export async function countProducts(db: Kysely<Database>, where: ProductListWhere): Promise<number> {
  const row = await applyWhere(
    db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('count')),
    where,
  ).executeTakeFirst();
  return row?.count ?? 0;
}

/** Second-level categories of the list with their counts, the list's category choice left out. */
export async function countByCategory(db: Kysely<Database>, where: ProductListWhere): Promise<CountedCategory[]> {
  const rows = await applyWhere(
    db
      .selectFrom('products')
      .select(['categorySecondId', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('categorySecondId'),
    where,
    'categorySecondId',
  ).execute();
  if (rows.length === 0) return [];
  const names = await db
    .selectFrom('categories')
    .select(['id', 'name'])
    .where(
      'id',
      'in',
      rows.map((row) => row.categorySecondId),
    )
    .execute();
  const nameById = new Map(names.map((row) => [row.id, row.name]));
  return rows
    .map((row) => ({ categoryId: row.categorySecondId, categoryName: nameById.get(row.categorySecondId) ?? '', count: row.count }))
    .sort((a, b) => b.count - a.count || a.categoryId - b.categoryId);
}

/** Packages of the list with their counts, the list's package choice left out; a part with no package written (a price list may create one) offers no choice. */
export async function countByPackage(db: Kysely<Database>, where: ProductListWhere): Promise<CountedValue[]> {
  const rows = await applyWhere(
    db
      .selectFrom('products')
      .select(['package as value', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('package'),
    where,
    'package',
  ).execute();
  return rows
    .filter((row) => row.value.trim() !== '')
    .map((row) => ({ value: row.value, count: row.count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value, 'en', { numeric: true }));
}
