import { sql, type Kysely } from 'kysely';
import type { ProductFormValues, ProductLifecycle, ProductTierInput } from '../../../contract/console/products.ts';
import type { PurchasingData } from '../../../contract/purchasing.ts';
import type { Database } from '../../db/database.ts';
import { purchasingColumns } from './purchasing.repository.ts';

/** The products as the console's product desk reads and writes them (product-staff.service.ts). */

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
  ...purchasingColumns,
] as const;

export function findStaffProduct(db: Kysely<Database>, productId: number) {
  return db.selectFrom('products').select(productColumns).where('id', '=', productId).executeTakeFirst();
}

export type StaffProductRow = NonNullable<Awaited<ReturnType<typeof findStaffProduct>>>;

export function findProductTiers(db: Kysely<Database>, productId: number) {
  return db.selectFrom('productPrices').select(['qtyStart', 'priceE4', 'originalPriceE4']).where('productId', '=', productId).orderBy('qtyStart').execute();
}

export function findProductParamValues(db: Kysely<Database>, productId: number) {
  return db.selectFrom('productParams').select(['attributeId', 'valueText', 'valueNum']).where('productId', '=', productId).orderBy('attributeId').execute();
}

export function findBrandId(db: Kysely<Database>, brandId: number) {
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

/** The form's columns, with its purchasing data when it sent some (else a save keeps the part's, a new part starts unknown). */
export type ProductWrite = ProductColumns & Partial<PurchasingData>;

export function columnsOf(form: ProductFormValues, codeNorm: string, categoryFirstId: number): ProductWrite {
  return {
    ...form.purchasing,
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

export async function insertProductRow(trx: Kysely<Database>, columns: ProductWrite, now: number): Promise<number> {
  const { id } = await trx
    .insertInto('products')
    .values({ ...columns, stock: 0, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The optimistic check: only a product still at the updatedAt the form was loaded with is written. */
export async function updateProductIfUnchanged(
  trx: Kysely<Database>,
  productId: number,
  expectedUpdatedAt: number,
  columns: ProductWrite,
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
export async function replaceTiers(trx: Kysely<Database>, productId: number, tiers: readonly ProductTierInput[], isSpecialOffer: boolean) {
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
  trx: Kysely<Database>,
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

/** What the grid's bulk actions change. */
export interface BulkColumns {
  lifecycle?: ProductLifecycle;
  isSpecialOffer?: number;
  isIcZone?: number;
}

export function findProductsForBulk(trx: Kysely<Database>, productIds: readonly number[]) {
  return trx
    .selectFrom('products')
    .select(['id', 'lifecycle', 'isSpecialOffer', 'isIcZone', 'updatedAt'])
    .where('id', 'in', [...productIds])
    .orderBy('id')
    .execute();
}

export type BulkProductRow = Awaited<ReturnType<typeof findProductsForBulk>>[number];

export async function setBulkColumns(trx: Kysely<Database>, productId: number, set: BulkColumns, now: number) {
  await trx
    .updateTable('products')
    .set((eb) => ({ ...set, updatedAt: sql<number>`case when ${eb.ref('updatedAt')} >= ${now} then ${eb.ref('updatedAt')} + 1 else ${now} end` }))
    .where('id', '=', productId)
    .execute();
}

/** Out of the special-offer zone, tiers keep no original price (the shop would show one). */
export async function clearOriginalPrices(trx: Kysely<Database>, productId: number) {
  await trx.updateTable('productPrices').set({ originalPriceE4: null }).where('productId', '=', productId).where('originalPriceE4', 'is not', null).execute();
}
