import type { Kysely, Transaction } from 'kysely';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import {
  adminProductErrors,
  isUploadedProductImage,
  type AdminProduct,
  type AdminProductPage,
  type AdminProductRow,
  type BulkResult,
  type ProductFormOptions,
  type ProductFormValues,
  type ProductLifecycle,
  type ProductStockResult,
} from '../../../contract/admin-products.ts';
import type { productListQuery as productListSchema } from '../../../contract/admin-products-requests.ts';
import { brandDisplayName } from '../../../contract/catalog.ts';
import type { WarehouseStock } from '../../../contract/warehouse.ts';
import { formatBeijingTime } from '../../../contract/coupon.ts';
import { normalizePartNumber } from '../../../contract/part-number.ts';
import { parseQuantity } from '../../../contract/value-query.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { isDuplicatePartNumber } from '../catalog/product.service.ts';
import { exportRowsOfQuery, pageOfQuery } from '../staff/grid-query.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import type { StaffActor } from '../staff/staff-desk.service.ts';
import { listWarehouses, setWarehouseFigures, warehouseStockOf, type WarehouseFigure } from '../warehouse/warehouse-stock.service.ts';
import {
  clearOriginalPrices,
  columnsOf,
  findAllCategoryAttributes,
  findBrand,
  findBrandOptions,
  findCategoryAttributeKinds,
  findProduct,
  findProductParams,
  findProductsForBulk,
  findProductTiers,
  findSecondCategory,
  findSecondCategoryOptions,
  hasSameCode,
  insertProductRow,
  moveSkuCount,
  productListQuery,
  productSortExpressions,
  replaceParams,
  replaceTiers,
  setBulkColumns,
  updateProductIfUnchanged,
  type BulkColumns,
  type ProductListFilter,
  type ProductListRow,
  type ProductRow,
} from './product-desk.repository.ts';

type Db = Kysely<Database>;
export type ProductDeskDeps = Pick<ServiceDeps, 'db' | 'logger' | 'cacheVersions' | 'config'>;
export type ProductListQuery = z.output<typeof productListSchema>;

const defaultSort = { column: 'updatedAt', direction: 'desc' } as const;

function filterOf(filters: ProductListQuery['filters']): ProductListFilter {
  const flag = (value: 'yes' | 'no' | undefined) => (value === undefined ? undefined : value === 'yes');
  const codeNormPrefix = filters.code ? normalizePartNumber(filters.code) : '';
  return {
    codeNormPrefix,
    brandId: filters.brandId,
    categoryId: filters.categoryId,
    lifecycle: filters.lifecycle,
    hasStock: flag(filters.hasStock),
    isSpecialOffer: flag(filters.isSpecialOffer),
    isIcZone: flag(filters.isIcZone),
  };
}

function gridRow(row: ProductListRow, warehouses: ReadonlyMap<number, WarehouseStock[]>): AdminProductRow {
  return {
    id: row.id,
    code: row.code,
    brandName: brandDisplayName(row.brandNameEn, row.brandNameCn),
    categoryName: row.categoryName,
    package: row.package,
    lifecycle: row.lifecycle,
    stock: row.stock,
    warehouses: warehouses.get(row.id) ?? [],
    packSize: row.packSize,
    firstTierPriceE4: row.firstTierPriceE4,
    isSpecialOffer: row.isSpecialOffer === 1,
    isIcZone: row.isIcZone === 1,
    updatedAt: row.updatedAt,
    updatedAtStr: formatBeijingTime(row.updatedAt),
  };
}

export async function listProducts(deps: ProductDeskDeps, query: ProductListQuery): Promise<AdminProductPage> {
  const page = await pageOfQuery(productListQuery(deps.db, filterOf(query.filters)), query, productSortExpressions, defaultSort, 'p.id');
  const warehouses = await warehouseStockOf(
    deps.db,
    page.rows.map((row) => row.id),
  );
  return { ...page, rows: page.rows.map((row) => gridRow(row, warehouses)) };
}

/** The grid's filter and order as rows for the Excel export (at most staffExportLimit). */
export async function exportProducts(deps: ProductDeskDeps, query: Pick<ProductListQuery, 'filters' | 'sort'>): Promise<AdminProductRow[]> {
  const rows = await exportRowsOfQuery(productListQuery(deps.db, filterOf(query.filters)), query.sort, productSortExpressions, defaultSort, 'p.id');
  const warehouses = new Map<number, WarehouseStock[]>();
  for (let start = 0; start < rows.length; start += 500) {
    const batch = await warehouseStockOf(
      deps.db,
      rows.slice(start, start + 500).map((row) => row.id),
    );
    for (const [productId, list] of batch) warehouses.set(productId, list);
  }
  return rows.map((row) => gridRow(row, warehouses));
}

async function productOf(db: Db, row: ProductRow): Promise<AdminProduct> {
  const [tiers, params, warehouses] = await Promise.all([findProductTiers(db, row.id), findProductParams(db, row.id), warehouseStockOf(db, [row.id])]);
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
    updatedAt: row.updatedAt,
    updatedAtStr: formatBeijingTime(row.updatedAt),
  };
}

async function mustFindProduct(db: Db, productId: number): Promise<ProductRow> {
  const row = await findProduct(db, productId);
  if (!row) throw new AppError(adminProductErrors.notFound);
  return row;
}

export async function loadAdminProduct(deps: ProductDeskDeps, productId: number): Promise<AdminProduct> {
  return productOf(deps.db, await mustFindProduct(deps.db, productId));
}

/** What the audit log keeps of a product: every field the form edits, with the tiers and parameters. */
function auditView(product: AdminProduct) {
  const { updatedAtStr: _str, ...view } = product;
  return view;
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
async function checkForm(deps: ProductDeskDeps, db: Db, form: ProductFormValues, current: ProductRow | null): Promise<CheckedForm> {
  const productId = current?.id ?? null;
  if (!(await findBrand(db, form.brandId))) throw new AppError(adminProductErrors.brandUnknown);
  if (form.imagePath !== '' && form.imagePath !== current?.imagePath && !(await isStoredProductImage(deps, form.imagePath)))
    throw new AppError(adminProductErrors.imageInvalid);
  const category = await findSecondCategory(db, form.categorySecondId);
  if (!category?.parentId) throw new AppError(adminProductErrors.categoryUnknown);
  const codeNorm = normalizePartNumber(form.code);
  if (await hasSameCode(db, form.brandId, codeNorm, productId)) throw new AppError(adminProductErrors.codeDuplicate);
  const attributes = new Map((await findCategoryAttributeKinds(db, form.categorySecondId)).map((attribute) => [attribute.id, attribute]));
  // A value left as it was keeps its number, however it is written (the seed's 64KB is 65536 bytes).
  const stored = new Map(
    (productId === null ? [] : await findProductParams(db, productId)).map((param) => [`${param.attributeId}:${param.valueText}`, param.valueNum]),
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

/** A picture this desk stored (its name as the upload gave it, and the file there). */
async function isStoredProductImage(deps: ProductDeskDeps, path: string): Promise<boolean> {
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

async function writeChildren(trx: Transaction<Database>, productId: number, form: ProductFormValues, checked: CheckedForm) {
  await replaceTiers(trx, productId, form.tiers, form.isSpecialOffer);
  await replaceParams(trx, productId, checked.params);
}

/** Two writes of one part number that both passed hasSameCode: the unique index refuses the second, answered as the check would. */
function refusingDuplicateCodes<T>(work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    throw isDuplicatePartNumber(error) ? new AppError(adminProductErrors.codeDuplicate) : error;
  });
}

export function createProduct(deps: ProductDeskDeps, actor: StaffActor, form: ProductFormValues): Promise<AdminProduct> {
  const created = withTransaction(deps.db, async (trx) => {
    const checked = await checkForm(deps, trx, form, null);
    const id = await insertProductRow(trx, columnsOf(form, checked.codeNorm, checked.categoryFirstId), Date.now());
    await writeChildren(trx, id, form, checked);
    await moveSkuCount(trx, [checked.categoryFirstId, form.categorySecondId], 1);
    const after = await productOf(trx, await mustFindProduct(trx, id));
    await recordStaffChange(trx, { ...actor, action: 'create', subject: 'Product', subjectId: id, before: null, after: auditView(after) });
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
  deps: ProductDeskDeps,
  actor: StaffActor,
  productId: number,
  expectedUpdatedAt: number,
  form: ProductFormValues,
): Promise<AdminProduct> {
  const saved = withTransaction(deps.db, async (trx) => {
    const row = await mustFindProduct(trx, productId);
    if (row.updatedAt !== expectedUpdatedAt) throw new AppError(adminProductErrors.stale);
    const before = await productOf(trx, row);
    const checked = await checkForm(deps, trx, form, row);
    const now = Math.max(Date.now(), expectedUpdatedAt + 1);
    if (!(await updateProductIfUnchanged(trx, productId, expectedUpdatedAt, columnsOf(form, checked.codeNorm, checked.categoryFirstId), now)))
      throw new AppError(adminProductErrors.stale);
    await writeChildren(trx, productId, form, checked);
    if (row.categorySecondId !== form.categorySecondId) {
      await moveSkuCount(trx, [row.categoryFirstId, row.categorySecondId], -1);
      await moveSkuCount(trx, [checked.categoryFirstId, form.categorySecondId], 1);
    }
    const after = await productOf(trx, await mustFindProduct(trx, productId));
    await recordStaffChange(trx, { ...actor, action: 'update', subject: 'Product', subjectId: productId, before: auditView(before), after: auditView(after) });
    return after;
  });
  return refusingDuplicateCodes(saved);
}

/**
 * The stock form (the warehouse's): each warehouse's figure set only over the one the form showed, so
 * no reserved unit is lost; products.stock moves by the difference (warehouse-stock.service.ts). One
 * audit entry with the figures before and after, by warehouse code.
 */
export async function setProductStock(
  deps: ProductDeskDeps,
  actor: StaffActor,
  productId: number,
  figures: readonly WarehouseFigure[],
): Promise<ProductStockResult> {
  const known = new Map((await listWarehouses(deps.db)).filter((warehouse) => warehouse.isActive === 1).map((warehouse) => [warehouse.id, warehouse.code]));
  if (figures.some((figure) => !known.has(figure.warehouseId))) throw new AppError(adminProductErrors.warehouseUnknown);
  return withTransaction(deps.db, async (trx) => {
    await mustFindProduct(trx, productId);
    const written = await setWarehouseFigures(trx, productId, figures, Date.now());
    if (!written) throw new AppError(adminProductErrors.stale);
    const warehouses = (await warehouseStockOf(trx, [productId])).get(productId) ?? [];
    const byCode = (pick: (figure: WarehouseFigure) => number) =>
      Object.fromEntries(figures.map((figure) => [known.get(figure.warehouseId) ?? '', pick(figure)]));
    await recordStaffChange(trx, {
      ...actor,
      action: 'update',
      subject: 'Stock',
      subjectId: productId,
      before: {
        stock: written.stock - figures.reduce((sum, figure) => sum + figure.quantity - figure.expectedQuantity, 0),
        warehouses: byCode((figure) => figure.expectedQuantity),
      },
      after: { stock: written.stock, warehouses: byCode((figure) => figure.quantity) },
    });
    return { productId, stock: written.stock, warehouses, updatedAt: written.updatedAt };
  });
}

async function bulkChange(
  deps: ProductDeskDeps,
  actor: StaffActor,
  productIds: readonly number[],
  action: string,
  change: (row: Awaited<ReturnType<typeof findProductsForBulk>>[number]) => BulkColumns | null,
): Promise<BulkResult> {
  return withTransaction(deps.db, async (trx) => {
    const now = Date.now();
    let count = 0;
    for (const row of await findProductsForBulk(trx, [...new Set(productIds)])) {
      const set = change(row);
      if (!set) continue;
      await setBulkColumns(trx, row.id, set, now);
      if (set.isSpecialOffer === 0) await clearOriginalPrices(trx, row.id);
      const before = { lifecycle: row.lifecycle, isSpecialOffer: row.isSpecialOffer === 1, isIcZone: row.isIcZone === 1 };
      const after = {
        lifecycle: set.lifecycle ?? row.lifecycle,
        isSpecialOffer: (set.isSpecialOffer ?? row.isSpecialOffer) === 1,
        isIcZone: (set.isIcZone ?? row.isIcZone) === 1,
      };
      await recordStaffChange(trx, { ...actor, action, subject: 'Product', subjectId: row.id, before, after });
      count += 1;
    }
    return { count };
  });
}

export function bulkSetLifecycle(deps: ProductDeskDeps, actor: StaffActor, productIds: readonly number[], lifecycle: ProductLifecycle): Promise<BulkResult> {
  return bulkChange(deps, actor, productIds, 'bulkSetLifecycle', (row) => (row.lifecycle === lifecycle ? null : { lifecycle }));
}

/** Into or out of the special-offer zone (A01); out of it, the tiers' original prices are cleared. */
export function bulkSetSpecialOffer(deps: ProductDeskDeps, actor: StaffActor, productIds: readonly number[], isSpecialOffer: boolean): Promise<BulkResult> {
  const flag = isSpecialOffer ? 1 : 0;
  return bulkChange(deps, actor, productIds, 'bulkSetSpecialOffer', (row) => (row.isSpecialOffer === flag ? null : { isSpecialOffer: flag }));
}

/** Into or out of the IC zone (A03), whatever the products' categories. */
export function bulkSetIcZone(deps: ProductDeskDeps, actor: StaffActor, productIds: readonly number[], isIcZone: boolean): Promise<BulkResult> {
  const flag = isIcZone ? 1 : 0;
  return bulkChange(deps, actor, productIds, 'bulkSetIcZone', (row) => (row.isIcZone === flag ? null : { isIcZone: flag }));
}

export async function loadProductFormOptions(db: Db): Promise<ProductFormOptions> {
  const [brands, categories, attributes] = await Promise.all([findBrandOptions(db), findSecondCategoryOptions(db), findAllCategoryAttributes(db)]);
  const byCategory = new Map<number, ProductFormOptions['categories'][number]['attributes']>();
  for (const attribute of attributes) {
    const list = byCategory.get(attribute.categoryId) ?? [];
    list.push({ id: attribute.id, name: attribute.name, unit: attribute.unit, valueKind: attribute.valueKind });
    byCategory.set(attribute.categoryId, list);
  }
  return {
    brands: brands.map((brand) => ({ id: brand.id, name: brandDisplayName(brand.nameEn, brand.nameCn) })),
    categories: categories.map((category) => ({ ...category, attributes: byCategory.get(category.id) ?? [] })),
  };
}
