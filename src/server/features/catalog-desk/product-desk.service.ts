import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  adminProductErrors,
  type AdminProduct,
  type AdminProductPage,
  type AdminProductRow,
  type BulkResult,
  type ProductFormOptions,
  type ProductFormValues,
  type ProductLifecycle,
  type ProductStockResult,
} from '../../../contract/console/products.ts';
import type { productListQuery as productListSchema } from '../../../contract/console/products-requests.ts';
import { brandDisplayName } from '../../../contract/catalog.ts';
import { formatBeijingTime } from '../../../contract/time.ts';
import type { WarehouseStock } from '../../../contract/warehouse.ts';
import { normalizePartNumber } from '../../../contract/part-number.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import {
  createProduct as createCatalogProduct,
  loadProductForStaff,
  saveProduct as saveCatalogProduct,
  setProductFlags,
  type BulkColumns,
  type BulkProductRow,
  type ProductChange,
} from '../catalog/product-staff.service.ts';
import { exportRowsOfQuery, pageOfQuery } from '../staff/grid-query.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import type { StaffActor } from '../staff/staff-desk.service.ts';
import { listWarehouses, setWarehouseFigures, warehouseStockOf, type WarehouseFigure } from '../warehouse/warehouse-stock.service.ts';
import {
  findAllCategoryAttributes,
  findBrandOptions,
  findProductId,
  findSecondCategoryOptions,
  productListQuery,
  productSortExpressions,
  type ProductListFilter,
  type ProductListRow,
} from './product-desk.repository.ts';

export { numberOfValue } from '../catalog/product-staff.service.ts';

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

export async function loadAdminProduct(deps: ProductDeskDeps, productId: number): Promise<AdminProduct> {
  return loadProductForStaff(deps.db, productId);
}

/** What the audit log keeps of a product: every field the form edits, with the tiers and parameters. */
function auditView(product: AdminProduct | null) {
  if (!product) return null;
  const { updatedAtStr: _str, ...view } = product;
  return view;
}

function audited(actor: StaffActor, action: string): AlongsideChange<ProductChange> {
  return async (trx, { before, after }) => {
    await recordStaffChange(trx, { ...actor, action, subject: 'Product', subjectId: after.id, before: auditView(before), after: auditView(after) });
  };
}

export function createProduct(deps: ProductDeskDeps, actor: StaffActor, form: ProductFormValues): Promise<AdminProduct> {
  return createCatalogProduct(deps, form, audited(actor, 'create'));
}

/**
 * Saves the form over the product it was loaded from (catalog/product-staff.service.ts: of two staff
 * saving one product the second is refused, 数据已被他人修改), audited in the save's transaction.
 */
export function saveProduct(
  deps: ProductDeskDeps,
  actor: StaffActor,
  productId: number,
  expectedUpdatedAt: number,
  form: ProductFormValues,
): Promise<AdminProduct> {
  return saveCatalogProduct(deps, { productId, expectedUpdatedAt, form }, audited(actor, 'update'));
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
    if (!(await findProductId(trx, productId))) throw new AppError(adminProductErrors.notFound);
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
  change: (row: BulkProductRow) => BulkColumns | null,
): Promise<BulkResult> {
  const count = await setProductFlags(deps.db, productIds, change, async (trx, { row, set }) => {
    const before = { lifecycle: row.lifecycle, isSpecialOffer: row.isSpecialOffer === 1, isIcZone: row.isIcZone === 1 };
    const after = {
      lifecycle: set.lifecycle ?? row.lifecycle,
      isSpecialOffer: (set.isSpecialOffer ?? row.isSpecialOffer) === 1,
      isIcZone: (set.isIcZone ?? row.isIcZone) === 1,
    };
    await recordStaffChange(trx, { ...actor, action, subject: 'Product', subjectId: row.id, before, after });
  });
  return { count };
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

export async function loadProductFormOptions(db: Kysely<Database>): Promise<ProductFormOptions> {
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
