import { sql, type Kysely, type Selectable } from 'kysely';
import { brandDisplayName, type ProductSummary } from '../../../contract/catalog.ts';
import type { PartParam } from '../../../contract/part-compare.ts';
import type { PriceTier } from '../../../contract/pricing.ts';
import type { Database } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { PurchasingData } from '../../../contract/purchasing.ts';
import type { BrandsTable, ProductsTable } from './catalog.tables.ts';
import { purchasingColumns, purchasingOfRow } from './purchasing.repository.ts';

const summaryColumns = [
  'p.id',
  'p.code',
  'p.brandId',
  'b.nameEn',
  'b.nameCn',
  'p.package',
  'p.description',
  'p.stock',
  'p.packSize',
  'p.imagePath',
  'p.isSpecialOffer',
  'p.lifecycle',
  'p.categoryFirstId',
  'p.categorySecondId',
] as const;

/** Price tiers of several parts, each list in ascending qtyStart. */
export async function findPriceTiers(db: Kysely<Database>, productIds: readonly number[]): Promise<Map<number, PriceTier[]>> {
  const tiers = new Map<number, PriceTier[]>();
  if (productIds.length === 0) return tiers;
  const rows = await db
    .selectFrom('productPrices')
    .select(['productId', 'qtyStart', 'qtyEnd', 'priceE4', 'originalPriceE4'])
    .where('productId', 'in', productIds)
    .orderBy('productId')
    .orderBy('qtyStart')
    .execute();
  for (const row of rows) {
    const list = tiers.get(row.productId) ?? [];
    list.push({ qtyStart: row.qtyStart, qtyEnd: row.qtyEnd, priceE4: row.priceE4, originalPriceE4: row.originalPriceE4 });
    tiers.set(row.productId, list);
  }
  return tiers;
}

/**
 * Whether the member keeps the part among their favourites: the product page's heart. Read here, not
 * through favorite.service.ts: favourites sit above the catalogue (their list prices parts through it).
 */
/** Read on every member's product page: compiled once (db/prepared-query.ts). */
const favoriteQuery = preparedQuery((db: Kysely<Database>, userId: number, productId: number) =>
  db.selectFrom('favorites').select('productId').where('userId', '=', userId).where('productId', '=', productId),
);

export async function isFavoriteOf(db: Kysely<Database>, userId: number, productId: number): Promise<boolean> {
  const rows = await favoriteQuery(db, userId, productId);
  return rows.length > 0;
}

type SummaryRow = Pick<
  Selectable<ProductsTable>,
  | 'id'
  | 'code'
  | 'brandId'
  | 'package'
  | 'description'
  | 'stock'
  | 'packSize'
  | 'imagePath'
  | 'isSpecialOffer'
  | 'lifecycle'
  | 'categoryFirstId'
  | 'categorySecondId'
> &
  Pick<Selectable<BrandsTable>, 'nameEn' | 'nameCn'>;

function summaryOf(row: SummaryRow, tiers: PriceTier[]): ProductSummary {
  return {
    productId: row.id,
    code: row.code,
    brandId: row.brandId,
    brandName: brandDisplayName(row.nameEn, row.nameCn),
    package: row.package,
    description: row.description,
    stock: row.stock,
    packSize: row.packSize,
    imagePath: row.imagePath,
    isSpecialOffer: row.isSpecialOffer === 1,
    lifecycle: row.lifecycle,
    categoryFirstId: row.categoryFirstId,
    categorySecondId: row.categorySecondId,
    priceTiers: tiers,
  };
}

/** Parts as lists show them, in the order of `productIds`; unknown ids are left out. */
export async function findProductSummaries(db: Kysely<Database>, productIds: readonly number[]): Promise<ProductSummary[]> {
  if (productIds.length === 0) return [];
  const [rows, tiers] = await Promise.all([
    db.selectFrom('products as p').innerJoin('brands as b', 'b.id', 'p.brandId').select(summaryColumns).where('p.id', 'in', productIds).execute(),
    findPriceTiers(db, productIds),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const summaries: ProductSummary[] = [];
  for (const id of productIds) {
    const row = byId.get(id);
    if (row) summaries.push(summaryOf(row, tiers.get(row.id) ?? []));
  }
  return summaries;
}

/** What the product page shows beyond the list card: one row with the maker's logo and both category names. */
export interface ProductPageRow {
  product: ProductSummary;
  isRohs: boolean;
  datasheetUrl: string | null;
  label: string | null;
  brandLogoPath: string | null;
  categoryFirstName: string;
  categorySecondName: string;
  purchasing: PurchasingData;
}

/** The product page's row, its widest statement: compiled once (db/prepared-query.ts). */
const productPageQuery = preparedQuery((db: Kysely<Database>, productId: number) =>
  db
    .selectFrom('products as p')
    .innerJoin('brands as b', 'b.id', 'p.brandId')
    .leftJoin('categories as c1', 'c1.id', 'p.categoryFirstId')
    .leftJoin('categories as c2', 'c2.id', 'p.categorySecondId')
    .select([
      ...summaryColumns,
      ...purchasingColumns.map((column) => `p.${column}` as const),
      'p.isRohs',
      'p.datasheetUrl',
      'p.label',
      'b.logoPath',
      'c1.name as categoryFirstName',
      'c2.name as categorySecondName',
    ])
    .where('p.id', '=', productId),
);

/** The product page's part in two statements (the row with its brand and categories, and its tiers) instead of six. */
export async function findProductPageRow(db: Kysely<Database>, productId: number): Promise<ProductPageRow | undefined> {
  const [[row], tiers] = await Promise.all([productPageQuery(db, productId), findPriceTiers(db, [productId])]);
  if (!row) return undefined;
  return {
    product: summaryOf(row, tiers.get(productId) ?? []),
    isRohs: row.isRohs === 1,
    datasheetUrl: row.datasheetUrl,
    label: row.label,
    brandLogoPath: row.logoPath,
    categoryFirstName: row.categoryFirstName ?? '',
    categorySecondName: row.categorySecondName ?? '',
    purchasing: purchasingOfRow(row),
  };
}

export interface ProductParamRow {
  attributeId: number;
  name: string;
  valueText: string;
  /** The part's category filters by this attribute. */
  isCategoryAttribute: boolean;
}

/** Read on every product page: compiled once (db/prepared-query.ts). */
const productParamsQuery = preparedQuery((db: Kysely<Database>, productId: number) =>
  db
    .selectFrom('productParams as pp')
    .innerJoin('products as p', 'p.id', 'pp.productId')
    .innerJoin('attributes as a', 'a.id', 'pp.attributeId')
    .leftJoin('categoryAttributes as ca', (join) => join.onRef('ca.attributeId', '=', 'pp.attributeId').onRef('ca.categoryId', '=', 'p.categorySecondId'))
    .select(['pp.attributeId', 'a.name', 'pp.valueText', 'ca.sort'])
    .where('pp.productId', '=', productId),
);

/** A part's parameters in its category's display order (attributes outside it last); the category is read in the same statement. */
export async function findProductParams(db: Kysely<Database>, productId: number): Promise<ProductParamRow[]> {
  const rows = await productParamsQuery(db, productId);
  return rows
    .sort((a, b) => (a.sort ?? 1_000_000) - (b.sort ?? 1_000_000) || a.attributeId - b.attributeId)
    .map(({ attributeId, name, valueText, sort }) => ({ attributeId, name, valueText, isCategoryAttribute: sort !== null }));
}

/** A part's value of one of its second-level category's attributes (the category's filters). */
export interface KeyParamRow extends PartParam {
  productId: number;
}

/** Ids per statement: far below both engines' bound parameters, and few statements for a 3,000-line BOM. */
const keyParamIdChunk = 5000;

/**
 * The key parameters of many parts at once: each part's values of its second-level category's attributes, in the
 * category's order (封装 included: a caller showing them drops it, products carry their package).
 */
export async function findKeyParams(db: Kysely<Database>, productIds: readonly number[]): Promise<Map<number, KeyParamRow[]>> {
  const byProduct = new Map<number, KeyParamRow[]>();
  for (let start = 0; start < productIds.length; start += keyParamIdChunk) {
    const rows = await db
      .selectFrom('productParams as pp')
      .innerJoin('products as p', 'p.id', 'pp.productId')
      .innerJoin('categoryAttributes as ca', (join) => join.onRef('ca.categoryId', '=', 'p.categorySecondId').onRef('ca.attributeId', '=', 'pp.attributeId'))
      .innerJoin('attributes as a', 'a.id', 'pp.attributeId')
      .select(['pp.productId', 'a.name', 'a.unit', 'pp.valueText', 'pp.valueNum'])
      .where('pp.productId', 'in', productIds.slice(start, start + keyParamIdChunk))
      .orderBy('pp.productId')
      .orderBy('ca.sort')
      .orderBy('ca.attributeId')
      .execute();
    for (const row of rows) {
      const list = byProduct.get(row.productId) ?? [];
      list.push(row);
      byProduct.set(row.productId, list);
    }
  }
  return byProduct;
}

export async function findProductPackSize(db: Kysely<Database>, productId: number): Promise<number | undefined> {
  const row = await db.selectFrom('products').select('packSize').where('id', '=', productId).executeTakeFirst();
  return row?.packSize;
}

export interface ParamValue {
  attributeId: number;
  valueText: string;
}

/**
 * How many parts carry each value, in the order given: one statement of one count per value, each
 * read from the (attribute, value, product) index alone.
 */
export async function countProductsWithValues(db: Kysely<Database>, keys: readonly ParamValue[]): Promise<number[]> {
  if (keys.length === 0) return [];
  const row = await db
    .selectNoFrom((eb) =>
      keys.map((key, index) =>
        eb
          .selectFrom('productParams')
          .select(eb.fn.countAll<number>().as('count'))
          .where('attributeId', '=', key.attributeId)
          .where('valueText', '=', key.valueText)
          .as(`count${index}`),
      ),
    )
    .executeTakeFirstOrThrow();
  const counts: Record<string, unknown> = row;
  return keys.map((_key, index) => Number(counts[`count${index}`] ?? 0));
}

/**
 * Other parts of a category sharing every key value, in-stock first. The scan starts from the
 * rarest value (`keys[0]`) and looks at no more than `scanLimit` of its parts, so a common
 * value cannot make a product page slow.
 */
export async function findProductIdsSharingValues(
  db: Kysely<Database>,
  productId: number,
  categorySecondId: number,
  keys: readonly ParamValue[],
  limit: number,
  scanLimit: number,
): Promise<number[]> {
  const [driver, ...others] = keys;
  if (!driver) return [];
  let candidates = db
    .selectFrom('productParams as d')
    .select('d.productId')
    .where('d.attributeId', '=', driver.attributeId)
    .where('d.valueText', '=', driver.valueText)
    .where('d.productId', '<>', productId)
    .orderBy('d.productId')
    .limit(scanLimit);
  for (const [i, key] of others.entries()) {
    const alias = sql.raw(`o${i}`);
    candidates = candidates.where(
      sql<boolean>`exists (select 1 from product_params ${alias} where ${alias}.product_id = d.product_id and ${alias}.attribute_id = ${key.attributeId} and ${alias}.value_text = ${key.valueText})`,
    );
  }
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('id', 'in', candidates)
    .where('categorySecondId', '=', categorySecondId)
    .orderBy(sql`case when stock > 0 then 0 else 1 end`)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
