import { sql, type Kysely, type Transaction } from 'kysely';
import type { ProductFormValues, ProductLifecycle, ProductTierInput } from '../../../contract/admin-products.ts';
import type { Database } from '../../db/database.ts';

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

const productColumns = [
  'id',
  'code',
  'brandId',
  'categoryFirstId',
  'categorySecondId',
  'description',
  'package',
  'datasheetUrl',
  'lifecycle',
  'isRohs',
  'packSize',
  'label',
  'isSpecialOffer',
  'isIcZone',
  'stock',
  'imagePath',
  'updatedAt',
] as const;

export function findProduct(db: Kysely<Database>, productId: number) {
  return db.selectFrom('products').select(productColumns).where('id', '=', productId).executeTakeFirst();
}

export type ProductRow = NonNullable<Awaited<ReturnType<typeof findProduct>>>;

export function findProductTiers(db: Kysely<Database>, productId: number) {
  return db.selectFrom('productPrices').select(['qtyStart', 'priceE4', 'originalPriceE4']).where('productId', '=', productId).orderBy('qtyStart').execute();
}

export function findProductParams(db: Kysely<Database>, productId: number) {
  return db.selectFrom('productParams').select(['attributeId', 'valueText', 'valueNum']).where('productId', '=', productId).orderBy('attributeId').execute();
}

export function findBrand(db: Kysely<Database>, brandId: number) {
  return db.selectFrom('brands').select(['id']).where('id', '=', brandId).executeTakeFirst();
}

export function findSecondCategory(db: Kysely<Database>, categoryId: number) {
  return db.selectFrom('categories').select(['id', 'parentId']).where('id', '=', categoryId).where('level', '=', 2).executeTakeFirst();
}

export function findCategoryAttributeKinds(db: Kysely<Database>, categoryId: number) {
  return db
    .selectFrom('categoryAttributes as ca')
    .innerJoin('attributes as a', 'a.id', 'ca.attributeId')
    .select(['a.id', 'a.name', 'a.valueKind', 'a.unit'])
    .where('ca.categoryId', '=', categoryId)
    .execute();
}

/**
 * Another product of the brand with the same normalised code: the form's answer in Chinese. Two
 * saves racing past it meet products_code_norm_unique (migration 0045), answered alike.
 */
export async function hasSameCode(db: Kysely<Database>, brandId: number, codeNorm: string, exceptId: number | null): Promise<boolean> {
  let query = db.selectFrom('products').select('id').where('codeNorm', '=', codeNorm).where('brandId', '=', brandId);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
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

export interface ProductColumns {
  code: string;
  codeNorm: string;
  brandId: number;
  categoryFirstId: number;
  categorySecondId: number;
  description: string;
  package: string;
  datasheetUrl: string | null;
  lifecycle: ProductLifecycle;
  isRohs: number;
  packSize: number;
  label: string | null;
  isSpecialOffer: number;
  isIcZone: number;
  imagePath: string | null;
  /** Always 0: a kept duplicate from before migration 0045 that staff save must be unique from then on. */
  codeNormDup: 0;
}

export function columnsOf(form: ProductFormValues, codeNorm: string, categoryFirstId: number): ProductColumns {
  return {
    code: form.code,
    codeNorm,
    brandId: form.brandId,
    categoryFirstId,
    categorySecondId: form.categorySecondId,
    description: form.description,
    package: form.package,
    datasheetUrl: form.datasheetUrl === '' ? null : form.datasheetUrl,
    lifecycle: form.lifecycle,
    isRohs: form.isRohs ? 1 : 0,
    packSize: form.packSize,
    label: form.label === '' ? null : form.label,
    isSpecialOffer: form.isSpecialOffer ? 1 : 0,
    isIcZone: form.isIcZone ? 1 : 0,
    imagePath: form.imagePath === '' ? null : form.imagePath,
    codeNormDup: 0,
  };
}

export async function insertProductRow(trx: Transaction<Database>, columns: ProductColumns, now: number): Promise<number> {
  const { id } = await trx
    .insertInto('products')
    .values({ ...columns, stock: 0, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The optimistic check: only a product still at the updatedAt the form was loaded with is written. */
export async function updateProductIfUnchanged(
  trx: Transaction<Database>,
  productId: number,
  expectedUpdatedAt: number,
  columns: ProductColumns,
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('products')
    .set({ ...columns, updatedAt: now })
    .where('id', '=', productId)
    .where('updatedAt', '=', expectedUpdatedAt)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Tiers end where the next starts (qtyEnd), as the shop reads them; the triggers keep first_tier_price_e4. */
export async function replaceTiers(trx: Transaction<Database>, productId: number, tiers: readonly ProductTierInput[], isSpecialOffer: boolean) {
  await trx.deleteFrom('productPrices').where('productId', '=', productId).execute();
  if (tiers.length === 0) return;
  await trx
    .insertInto('productPrices')
    .values(
      tiers.map((tier, index) => {
        const next = tiers[index + 1];
        return {
          productId,
          qtyStart: tier.qtyStart,
          qtyEnd: next ? next.qtyStart - 1 : null,
          priceE4: tier.priceE4,
          originalPriceE4: isSpecialOffer ? tier.originalPriceE4 : null,
        };
      }),
    )
    .execute();
}

export async function replaceParams(
  trx: Transaction<Database>,
  productId: number,
  params: readonly { attributeId: number; valueText: string; valueNum: number | null }[],
) {
  await trx.deleteFrom('productParams').where('productId', '=', productId).execute();
  if (params.length > 0)
    await trx
      .insertInto('productParams')
      .values(params.map((param) => ({ productId, ...param })))
      .execute();
}

export async function moveSkuCount(trx: Transaction<Database>, categoryIds: readonly number[], delta: number) {
  if (categoryIds.length === 0 || delta === 0) return;
  await trx
    .updateTable('categories')
    .set((eb) => ({ skuCount: eb('skuCount', '+', delta) }))
    .where('id', 'in', [...categoryIds])
    .execute();
}

/** What the grid's bulk actions change. */
export interface BulkColumns {
  lifecycle?: ProductLifecycle;
  isSpecialOffer?: number;
  isIcZone?: number;
}

export function findProductsForBulk(trx: Transaction<Database>, productIds: readonly number[]) {
  return trx
    .selectFrom('products')
    .select(['id', 'lifecycle', 'isSpecialOffer', 'isIcZone', 'updatedAt'])
    .where('id', 'in', [...productIds])
    .orderBy('id')
    .execute();
}

export async function setBulkColumns(trx: Transaction<Database>, productId: number, set: BulkColumns, now: number) {
  await trx
    .updateTable('products')
    .set((eb) => ({ ...set, updatedAt: sql<number>`case when ${eb.ref('updatedAt')} >= ${now} then ${eb.ref('updatedAt')} + 1 else ${now} end` }))
    .where('id', '=', productId)
    .execute();
}

/** Out of the special-offer zone, tiers keep no original price (the shop would show one). */
export async function clearOriginalPrices(trx: Transaction<Database>, productId: number) {
  await trx.updateTable('productPrices').set({ originalPriceE4: null }).where('productId', '=', productId).where('originalPriceE4', 'is not', null).execute();
}
