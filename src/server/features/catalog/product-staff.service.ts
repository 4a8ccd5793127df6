import type { Kysely } from 'kysely';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { adminProductErrors, isUploadedProductImage, type AdminProduct, type ProductFormValues } from '../../../contract/console/products.ts';
import { normalizePartNumber } from '../../../contract/part-number.ts';
import { formatBeijingTime } from '../../../contract/time.ts';
import { parseQuantity } from '../../../contract/value-query.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { warehouseStockOf } from '../warehouse/warehouse-stock.service.ts';
import { addSkuCount } from './category-staff.repository.ts';
import {
  clearOriginalPrices,
  columnsOf,
  findBrandId,
  findCategoryAttributeKinds,
  findProductParamValues,
  findProductsForBulk,
  findProductTiers,
  findSecondCategory,
  findStaffProduct,
  hasSameCode,
  insertProductRow,
  replaceParams,
  replaceTiers,
  setBulkColumns,
  updateProductIfUnchanged,
  type BulkColumns,
  type BulkProductRow,
  type StaffProductRow,
} from './product-staff.repository.ts';
import { isDuplicatePartNumber } from './product.service.ts';
import { purchasingOfRow } from './purchasing.repository.ts';

export type { BulkColumns, BulkProductRow } from './product-staff.repository.ts';

/**
 * What staff do to the products (the console's product desk calls these): create one, save its form,
 * change flags of many; each in one transaction with the work the caller adds alongside (its audit
 * entry). A product's stock is the warehouse's (warehouse-stock.service.ts).
 */

export type ProductStaffDeps = Pick<ServiceDeps, 'db' | 'config'>;

/** A product before a change (null: it is new) and after it, as the console shows it. */
export interface ProductChange {
  before: AdminProduct | null;
  after: AdminProduct;
}

async function productOf(db: Kysely<Database>, row: StaffProductRow): Promise<AdminProduct> {
  const [tiers, params, warehouses] = await Promise.all([findProductTiers(db, row.id), findProductParamValues(db, row.id), warehouseStockOf(db, [row.id])]);
  return {
    id: row.id,
    code: row.code,
    brandId: row.brandId,
    categoryFirstId: row.categoryFirstId,
    categorySecondId: row.categorySecondId,
    description: row.description,
    package: row.package,
    datasheetUrl: row.datasheetUrl ?? '',
    lifecycle: row.lifecycle,
    isRohs: row.isRohs === 1,
    packSize: row.packSize,
    label: row.label ?? '',
    isSpecialOffer: row.isSpecialOffer === 1,
    isIcZone: row.isIcZone === 1,
    tiers: tiers.map((tier) => ({ qtyStart: tier.qtyStart, priceE4: tier.priceE4, originalPriceE4: tier.originalPriceE4 })),
    params: params.map((param) => ({ attributeId: param.attributeId, valueText: param.valueText })),
    stock: row.stock,
    warehouses: warehouses.get(row.id) ?? [],
    imagePath: row.imagePath ?? '',
    purchasing: purchasingOfRow(row),
    updatedAt: row.updatedAt,
    updatedAtStr: formatBeijingTime(row.updatedAt),
  };
}

async function productRowOrMissing(db: Kysely<Database>, productId: number): Promise<StaffProductRow> {
  const row = await findStaffProduct(db, productId);
  if (!row) throw new AppError(adminProductErrors.notFound);
  return row;
}

/** The product as the console's form shows it (notFound when it does not exist). */
export async function loadProductForStaff(db: Kysely<Database>, productId: number): Promise<AdminProduct> {
  return productOf(db, await productRowOrMissing(db, productId));
}

interface CheckedForm {
  codeNorm: string;
  categoryFirstId: number;
  params: { attributeId: number; valueText: string; valueNum: number | null }[];
}

/**
 * The rules a schema cannot know: the brand and a second-level category exist, each parameter is one the
 * category filters by, numeric parameters read as quantities (their valueNum is what the choose index compares).
 */
async function checkForm(deps: ProductStaffDeps, db: Kysely<Database>, form: ProductFormValues, current: StaffProductRow | null): Promise<CheckedForm> {
  const productId = current?.id ?? null;
  if (!(await findBrandId(db, form.brandId))) throw new AppError(adminProductErrors.brandUnknown);
  if (form.imagePath !== '' && form.imagePath !== current?.imagePath && !(await isStoredProductImage(deps, form.imagePath)))
    throw new AppError(adminProductErrors.imageInvalid);
  const category = await findSecondCategory(db, form.categorySecondId);
  if (!category?.parentId) throw new AppError(adminProductErrors.categoryUnknown);
  const codeNorm = normalizePartNumber(form.code);
  if (await hasSameCode(db, form.brandId, codeNorm, productId)) throw new AppError(adminProductErrors.codeDuplicate);
  const attributes = new Map((await findCategoryAttributeKinds(db, form.categorySecondId)).map((attribute) => [attribute.id, attribute]));
  // A value left as it was keeps its number, however it is written (the seed's 64KB is 65536 bytes).
  const stored = new Map(
    (productId === null ? [] : await findProductParamValues(db, productId)).map((param) => [`${param.attributeId}:${param.valueText}`, param.valueNum]),
  );
  const params = form.params.map((param) => {
    const attribute = attributes.get(param.attributeId);
    if (!attribute) throw new AppError(adminProductErrors.paramUnknown);
    if (attribute.valueKind === 'text') return { ...param, valueNum: null };
    const kept = stored.get(`${param.attributeId}:${param.valueText}`);
    const valueNum = kept ?? numberOfValue(param.valueText, attribute.unit);
    if (valueNum === null) throw new AppError(adminProductErrors.paramNotNumber, `「${attribute.name}」${adminProductErrors.paramNotNumber.msg}`);
    return { ...param, valueNum };
  });
  return { codeNorm, categoryFirstId: category.parentId, params };
}

/** A picture the console stored (its name as the upload gave it, and the file there). */
async function isStoredProductImage(deps: ProductStaffDeps, path: string): Promise<boolean> {
  if (!isUploadedProductImage(path)) return false;
  const stats = await stat(join(deps.config.uploads.dir, path)).catch(() => null);
  return stats?.isFile() === true;
}

const bytePrefixes: Readonly<Record<string, number>> = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 };

/**
 * A numeric parameter's value in its attribute's base unit: sizes in bytes (64KB = 65536, as the seed
 * counts), else a quantity as search reads it (10kΩ, 100nF, 3.3V), else a bare number (16); null when none.
 */
export function numberOfValue(text: string, unit: string | null): number | null {
  const trimmed = text.trim();
  const bytes = unit === 'B' ? /^(\d+(?:\.\d+)?)\s*([KMG]?)B$/i.exec(trimmed) : null;
  if (bytes) return Number(bytes[1]) * (bytePrefixes[(bytes[2] ?? '').toUpperCase()] ?? 1);
  const quantity = parseQuantity(trimmed);
  if (quantity) return quantity.value;
  return /^-?\d+(?:\.\d+)?$/.test(trimmed) ? Number(trimmed) : null;
}

async function writeChildren(trx: Kysely<Database>, productId: number, form: ProductFormValues, checked: CheckedForm) {
  await replaceTiers(trx, productId, form.tiers, form.isSpecialOffer);
  await replaceParams(trx, productId, checked.params);
}

/** Two writes of one part number that both passed hasSameCode: the unique index refuses the second, answered as the check would. */
function refusingDuplicateCodes<T>(work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    throw isDuplicatePartNumber(error) ? new AppError(adminProductErrors.codeDuplicate) : error;
  });
}

export function createProduct(deps: ProductStaffDeps, form: ProductFormValues, alongside: AlongsideChange<ProductChange>): Promise<AdminProduct> {
  const created = withTransaction(deps.db, async (trx) => {
    const checked = await checkForm(deps, trx, form, null);
    const id = await insertProductRow(trx, columnsOf(form, checked.codeNorm, checked.categoryFirstId), Date.now());
    await writeChildren(trx, id, form, checked);
    await addSkuCount(trx, [checked.categoryFirstId, form.categorySecondId], 1);
    const after = await loadProductForStaff(trx, id);
    await alongside(trx, { before: null, after });
    return after;
  });
  return refusingDuplicateCodes(created);
}

/**
 * Saves the form over the product it was loaded from: the update is conditional on the updatedAt the
 * form carries, so of two staff saving one product the second is refused (数据已被他人修改) and
 * nothing of it is written; its tiers and parameters are replaced behind that row's lock.
 */
export function saveProduct(
  deps: ProductStaffDeps,
  request: { productId: number; expectedUpdatedAt: number; form: ProductFormValues },
  alongside: AlongsideChange<ProductChange>,
): Promise<AdminProduct> {
  const { productId, expectedUpdatedAt, form } = request;
  const saved = withTransaction(deps.db, async (trx) => {
    const row = await productRowOrMissing(trx, productId);
    if (row.updatedAt !== expectedUpdatedAt) throw new AppError(adminProductErrors.stale);
    const before = await productOf(trx, row);
    const checked = await checkForm(deps, trx, form, row);
    const now = Math.max(Date.now(), expectedUpdatedAt + 1);
    if (!(await updateProductIfUnchanged(trx, productId, expectedUpdatedAt, columnsOf(form, checked.codeNorm, checked.categoryFirstId), now)))
      throw new AppError(adminProductErrors.stale);
    await writeChildren(trx, productId, form, checked);
    if (row.categorySecondId !== form.categorySecondId) {
      await addSkuCount(trx, [row.categoryFirstId, row.categorySecondId], -1);
      await addSkuCount(trx, [checked.categoryFirstId, form.categorySecondId], 1);
    }
    const after = await loadProductForStaff(trx, productId);
    await alongside(trx, { before, after });
    return after;
  });
  return refusingDuplicateCodes(saved);
}

/**
 * The grid's bulk actions, in one transaction: each product `change` answers columns for is written
 * (out of the special-offer zone its tiers lose their original prices) and handed to the caller's work
 * alongside. Answers how many changed.
 */
export async function setProductFlags(
  db: Kysely<Database>,
  productIds: readonly number[],
  change: (row: BulkProductRow) => BulkColumns | null,
  alongside: AlongsideChange<{ row: BulkProductRow; set: BulkColumns }>,
): Promise<number> {
  return withTransaction(db, async (trx) => {
    const now = Date.now();
    let count = 0;
    for (const row of await findProductsForBulk(trx, [...new Set(productIds)])) {
      const set = change(row);
      if (!set) continue;
      await setBulkColumns(trx, row.id, set, now);
      if (set.isSpecialOffer === 0) await clearOriginalPrices(trx, row.id);
      await alongside(trx, { row, set });
      count += 1;
    }
    return count;
  });
}
