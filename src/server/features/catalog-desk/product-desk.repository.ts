import { sql, type Kysely } from 'kysely';
import type { ProductLifecycle } from '../../../contract/console/products.ts';
import type { Database } from '../../db/database.ts';

/** The product desk's grid and form choices: reads only (the catalogue writes its products, catalog/product-staff.service.ts). */

/** LIKE's wildcards (and its escape character) typed by staff match themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export interface ProductListFilter {
  codeNormPrefix?: string | undefined;
  brandId?: number | undefined;
  categoryId?: number | undefined;
  lifecycle?: ProductLifecycle | undefined;
  hasStock?: boolean | undefined;
  isSpecialOffer?: boolean | undefined;
  isIcZone?: boolean | undefined;
}

/** The grid's query: one row per product with its brand and second-level category, filtered, not yet ordered. */
export function productListQuery(db: Kysely<Database>, filter: ProductListFilter) {
  let query = db
    .selectFrom('products as p')
    .innerJoin('brands as b', 'b.id', 'p.brandId')
    .innerJoin('categories as c', 'c.id', 'p.categorySecondId')
    .select([
      'p.id',
      'p.code',
      'b.nameEn as brandNameEn',
      'b.nameCn as brandNameCn',
      'c.name as categoryName',
      'p.categoryFirstId',
      'p.package',
      'p.lifecycle',
      'p.stock',
      'p.packSize',
      'p.firstTierPriceE4',
      'p.isSpecialOffer',
      'p.isIcZone',
      'p.updatedAt',
    ]);
  if (filter.codeNormPrefix) query = query.where(sql<boolean>`p.code_norm like ${`${escapeLike(filter.codeNormPrefix)}%`} escape '\\'`);
  if (filter.brandId !== undefined) query = query.where('p.brandId', '=', filter.brandId);
  const categoryId = filter.categoryId;
  if (categoryId !== undefined) query = query.where((eb) => eb.or([eb('p.categoryFirstId', '=', categoryId), eb('p.categorySecondId', '=', categoryId)]));
  if (filter.lifecycle) query = query.where('p.lifecycle', '=', filter.lifecycle);
  if (filter.hasStock !== undefined) query = query.where('p.stock', filter.hasStock ? '>' : '=', 0);
  if (filter.isSpecialOffer !== undefined) query = query.where('p.isSpecialOffer', '=', filter.isSpecialOffer ? 1 : 0);
  if (filter.isIcZone !== undefined) query = query.where('p.isIcZone', '=', filter.isIcZone ? 1 : 0);
  return query;
}

export type ProductListRow = Awaited<ReturnType<ReturnType<typeof productListQuery>['execute']>>[number];

export const productSortExpressions = {
  code: 'p.codeNorm',
  stock: 'p.stock',
  price: 'p.firstTierPriceE4',
  updatedAt: 'p.updatedAt',
} as const;

/** A product's id, to know it exists (its stock form). */
export function findProductId(db: Kysely<Database>, productId: number) {
  return db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst();
}

export function findBrandOptions(db: Kysely<Database>) {
  return db.selectFrom('brands').select(['id', 'nameEn', 'nameCn']).orderBy('nameEn').execute();
}

export function findSecondCategoryOptions(db: Kysely<Database>) {
  return db
    .selectFrom('categories as c')
    .innerJoin('categories as parent', 'parent.id', 'c.parentId')
    .select(['c.id', 'c.name', 'parent.name as parentName'])
    .where('c.level', '=', 2)
    .orderBy('parent.sort')
    .orderBy('parent.id')
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute();
}

export function findAllCategoryAttributes(db: Kysely<Database>) {
  return db
    .selectFrom('categoryAttributes as ca')
    .innerJoin('attributes as a', 'a.id', 'ca.attributeId')
    .select(['ca.categoryId', 'a.id', 'a.name', 'a.unit', 'a.valueKind'])
    .orderBy('ca.categoryId')
    .orderBy('ca.sort')
    .execute();
}
