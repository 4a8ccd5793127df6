import type { Db } from '../db/create-db.ts';
import { bulkTable, resetIdentity, withBulkWriter, type BulkWriter } from '../db/bulk-insert.ts';
import { analyzeTables } from '../db/planner-statistics.ts';
import { packageImagePath } from '../features/images/package-image-names.ts';
import { normalizePartNumber } from '../../contract/part-number.ts';
import { attributeDefinitions, attributeIdOf, attributeKeys } from './attributes.data.ts';
import { brandDefinitions, brandIdOf, brandInitial, brandKeys } from './brands.data.ts';
import { buildCategoryRows } from './category-rows.ts';
import { commerceTerms } from './commerce.ts';
import { famousParts } from './famous-parts.ts';
import { icFirstCategoryIds } from './ic-zone.ts';
import { allFamilies } from './families/all-families.ts';
import { catalogueGrades, planProducts } from './catalog-plan.ts';
import { purchasingTerms } from './purchasing-terms.ts';
import { createRandom } from './random.ts';
import type { SeedOptions } from './seed-options.ts';

const tables = {
  groups: bulkTable('categoryGroups', [
    ['id', 'int'],
    ['name', 'text'],
    ['sort', 'int'],
  ]),
  categories: bulkTable('categories', [
    ['id', 'int'],
    ['groupId', 'int'],
    ['parentId', 'int'],
    ['level', 'int'],
    ['name', 'text'],
    ['sort', 'int'],
    ['skuCount', 'int'],
  ]),
  brands: bulkTable('brands', [
    ['id', 'int'],
    ['nameEn', 'text'],
    ['nameCn', 'text'],
    ['initial', 'text'],
    ['logoPath', 'text'],
    ['intro', 'text'],
    ['country', 'text'],
    ['isPartner', 'int'],
    ['sort', 'int'],
  ]),
  attributes: bulkTable('attributes', [
    ['id', 'int'],
    ['name', 'text'],
    ['unit', 'text'],
    ['valueKind', 'text'],
  ]),
  categoryAttributes: bulkTable('categoryAttributes', [
    ['categoryId', 'int'],
    ['attributeId', 'int'],
    ['sort', 'int'],
  ]),
  products: bulkTable('products', [
    ['id', 'int'],
    ['code', 'text'],
    ['codeNorm', 'text'],
    ['brandId', 'int'],
    ['categoryFirstId', 'int'],
    ['categorySecondId', 'int'],
    ['package', 'text'],
    ['description', 'text'],
    ['lifecycle', 'text'],
    ['isRohs', 'int'],
    ['datasheetUrl', 'text'],
    ['stock', 'int'],
    ['packSize', 'int'],
    ['imagePath', 'text'],
    ['label', 'text'],
    ['isSpecialOffer', 'int'],
    ['isIcZone', 'int'],
    ['createdAt', 'bigint'],
    ['updatedAt', 'bigint'],
    ['firstTierPriceE4', 'bigint'],
    ['reachStatus', 'text'],
    ['msl', 'text'],
    ['eccn', 'text'],
    ['originCountry', 'text'],
    ['packaging', 'text'],
    ['factoryLeadWeeks', 'int'],
    ['cadSymbolUrl', 'text'],
    ['cadFootprintUrl', 'text'],
    ['cadModelUrl', 'text'],
  ]),
  prices: bulkTable('productPrices', [
    ['productId', 'int'],
    ['qtyStart', 'int'],
    ['qtyEnd', 'int'],
    ['priceE4', 'bigint'],
    ['originalPriceE4', 'bigint'],
  ]),
  warehouseStock: bulkTable('productWarehouseStock', [
    ['productId', 'int'],
    ['warehouseId', 'int'],
    ['quantity', 'int'],
  ]),
  params: bulkTable('productParams', [
    ['productId', 'int'],
    ['attributeId', 'int'],
    ['valueText', 'text'],
    ['valueNum', 'float8'],
  ]),
};

/** Listing dates spread over two years before a fixed day, so the same N gives the same rows. */
const catalogueEpoch = Date.UTC(2026, 0, 1);
const catalogueSpanMs = 730 * 24 * 3600 * 1000;
const randomSeed = 20_260_101;

export interface CatalogCounts {
  groups: number;
  categories: number;
  brands: number;
  attributes: number;
  products: number;
  prices: number;
  params: number;
}

type CategoryRows = ReturnType<typeof buildCategoryRows>;

function writeDictionaries(writer: BulkWriter, categoryRows: CategoryRows) {
  for (const group of categoryRows.groups) writer.add(tables.groups, [group.id, group.name, group.sort]);
  for (const row of categoryRows.categories) writer.add(tables.categories, [row.id, row.groupId, row.parentId, row.level, row.name, row.sort, 0]);
  brandKeys.forEach((key, index) => {
    const brand = brandDefinitions[key];
    const id = brandIdOf[key];
    writer.add(tables.brands, [
      id,
      brand.nameEn,
      brand.nameCn,
      brandInitial(brand.nameEn),
      `brand/${id}.svg`,
      brand.intro,
      brand.country,
      brand.isPartner ? 1 : 0,
      index,
    ]);
  });
  for (const key of attributeKeys) {
    const attribute = attributeDefinitions[key];
    writer.add(tables.attributes, [attributeIdOf[key], attribute.name, attribute.unit, attribute.unit === null ? 'text' : 'number']);
  }
  for (const [categoryId, keys] of categoryRows.attributesByCategory) {
    keys.forEach((key, sort) => writer.add(tables.categoryAttributes, [categoryId, attributeIdOf[key], sort]));
  }
}

/** What the product_prices triggers would have written, had the load not switched them off. */
function firstTierPriceOf(tiers: readonly { qtyStart: number; priceE4: number }[]): number | null {
  let first: { qtyStart: number; priceE4: number } | null = null;
  for (const tier of tiers) if (!first || tier.qtyStart < first.qtyStart) first = tier;
  return first?.priceE4 ?? null;
}

/** The seeded warehouses' ids: 深圳仓 and 江苏仓 (migration 0044). */
interface SeedWarehouses {
  sz: number;
  js: number;
}

/** Every third part in stock is split about 70/30 between 深圳仓 and 江苏仓; the others are all in 深圳仓. */
function writeWarehouseStock(writer: BulkWriter, warehouses: SeedWarehouses, productId: number, stock: number): void {
  const sz = productId % 3 === 0 ? Math.ceil(stock * 0.7) : stock;
  if (sz > 0) writer.add(tables.warehouseStock, [productId, warehouses.sz, sz]);
  if (stock - sz > 0) writer.add(tables.warehouseStock, [productId, warehouses.js, stock - sz]);
}

/** Streams the parts to the writer; returns the number of parts per category id. */
async function writeProducts(
  writer: BulkWriter,
  categoryRows: CategoryRows,
  skus: number,
  counts: CatalogCounts,
  warehouses: SeedWarehouses,
): Promise<Map<number, number>> {
  const skuCounts = new Map<number, number>();
  const random = createRandom(randomSeed);
  const icFirstIds = icFirstCategoryIds(categoryRows.groups, categoryRows.categories);
  let id = 0;
  for (const draft of planProducts(famousParts(), allFamilies, skus, catalogueGrades)) {
    id++;
    const second = categoryRows.secondByKey.get(draft.category);
    if (!second) throw new Error(`unknown category ${draft.category}`);
    const terms = commerceTerms(draft, random);
    const purchasing = purchasingTerms(draft, second.connectorDrawing !== undefined);
    const createdAt = catalogueEpoch - catalogueSpanMs + Math.floor((id * catalogueSpanMs) / (skus + 1));
    writer.add(tables.products, [
      id,
      draft.code,
      normalizePartNumber(draft.code),
      brandIdOf[draft.brand],
      second.parentId,
      second.id,
      draft.package,
      draft.description,
      terms.lifecycle,
      terms.isRohs,
      draft.datasheetUrl,
      terms.stock,
      draft.packSize,
      packageImagePath(draft.package, second.connectorDrawing),
      terms.label,
      terms.isSpecialOffer,
      icFirstIds.has(second.parentId) ? 1 : 0,
      createdAt,
      createdAt,
      firstTierPriceOf(terms.tiers),
      purchasing.reachStatus,
      purchasing.msl,
      purchasing.eccn,
      purchasing.originCountry,
      purchasing.packaging,
      purchasing.factoryLeadWeeks,
      purchasing.cadSymbolUrl,
      purchasing.cadFootprintUrl,
      purchasing.cadModelUrl,
    ]);
    writeWarehouseStock(writer, warehouses, id, terms.stock);
    for (const tier of terms.tiers) writer.add(tables.prices, [id, tier.qtyStart, tier.qtyEnd, tier.priceE4, tier.originalPriceE4]);
    for (const param of draft.params) writer.add(tables.params, [id, attributeIdOf[param.key], param.text, param.num]);
    counts.prices += terms.tiers.length;
    counts.params += draft.params.length;
    skuCounts.set(second.id, (skuCounts.get(second.id) ?? 0) + 1);
    skuCounts.set(second.parentId, (skuCounts.get(second.parentId) ?? 0) + 1);
    if (writer.isFull) await writer.flush();
  }
  counts.products = id;
  return skuCounts;
}

const productTables = [tables.products, tables.warehouseStock, tables.prices, tables.params];

/**
 * The deterministic demo catalogue: category tree, brands, attributes, then `skus` parts with
 * prices and parameters, and every category's skuCount. Same N, same rows, on both engines.
 */
export async function seedCatalog(db: Db, options: SeedOptions): Promise<CatalogCounts> {
  const categoryRows = buildCategoryRows();
  const counts: CatalogCounts = {
    groups: categoryRows.groups.length,
    categories: categoryRows.categories.length,
    brands: brandKeys.length,
    attributes: attributeKeys.length,
    products: 0,
    prices: 0,
    params: 0,
  };
  const warehouseRows = await db.kysely.selectFrom('warehouses').select(['id', 'code']).execute();
  const idOf = (code: string) => {
    const row = warehouseRows.find((warehouse) => warehouse.code === code);
    if (!row) throw new Error(`warehouse ${code} missing: run the migrations first`);
    return row.id;
  };
  const warehouses = { sz: idOf('SZ'), js: idOf('JS') };
  let skuCounts = new Map<number, number>();
  // Product rows skip the per-row change log: the category, brand and attribute rows written
  // first already tell every search index to rebuild from scratch.
  await withBulkWriter(
    db,
    Object.values(tables),
    async (writer) => {
      writeDictionaries(writer, categoryRows);
      skuCounts = await writeProducts(writer, categoryRows, options.skus, counts, warehouses);
    },
    { quietTables: productTables, deferIndexesOf: productTables },
  );
  for (const [categoryId, skuCount] of skuCounts) {
    await db.kysely.updateTable('categories').set({ skuCount }).where('id', '=', categoryId).execute();
  }
  for (const table of ['categoryGroups', 'categories', 'brands', 'attributes', 'products'] as const) await resetIdentity(db, table);
  await analyzeTables(db);
  options.logger?.info(counts, 'demo catalogue seeded');
  return counts;
}
