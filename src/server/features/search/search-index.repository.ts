import type SQLite from 'better-sqlite3';
import type { Db } from '../../db/create-db.ts';
import type { BrandEntry, CategoryEntry } from './index/dictionary.ts';
import type { ParamValue, ProductDoc } from './index/segment-builder.ts';

/** What the in-memory index is built from: products with their first price tier and parameters. */

export async function loadBrandEntries(db: Db): Promise<BrandEntry[]> {
  return db.kysely.selectFrom('brands').select(['id', 'nameEn', 'nameCn']).orderBy('sort').orderBy('id').execute();
}

export async function loadCategoryEntries(db: Db): Promise<CategoryEntry[]> {
  const rows = await db.kysely.selectFrom('categories').select(['id', 'name', 'parentId', 'level', 'skuCount']).orderBy('sort').orderBy('id').execute();
  return rows.map((row) => ({ ...row, level: row.level }));
}

/** Attribute id → unit (Ω, F, V…; null for text attributes). */
export async function loadAttributeUnits(db: Db): Promise<Map<number, string | null>> {
  const rows = await db.kysely.selectFrom('attributes').select(['id', 'unit']).execute();
  return new Map(rows.map((row) => [row.id, row.unit]));
}

export async function countProducts(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

/** A product row: id, code, codeNorm, brandId, categorySecondId, package, description, stock, first tier price. */
type ProductTuple = [number, string, string, number, number, string, string, number, number | null];
/** A parameter row: productId, attributeId, valueText, valueNum. */
type ParamTuple = [number, number, string, number | null];

function productsQuery(db: Db) {
  return db.kysely
    .selectFrom('products as p')
    .select(['p.id', 'p.code', 'p.codeNorm', 'p.brandId', 'p.categorySecondId', 'p.package', 'p.description', 'p.stock', 'p.firstTierPriceE4 as priceE4']);
}

async function productTuplesAfter(db: Db, afterId: number, limit: number): Promise<ProductTuple[]> {
  const rows = await productsQuery(db).where('p.id', '>', afterId).orderBy('p.id').limit(limit).execute();
  return rows.map((r) => [r.id, r.code, r.codeNorm, r.brandId, r.categorySecondId, r.package, r.description, r.stock, r.priceE4]);
}

async function paramTuples(db: Db, scope: { fromId: number; toId: number } | { ids: number[] }): Promise<ParamTuple[]> {
  const rows = await db.kysely
    .selectFrom('productParams')
    .select(['productId', 'attributeId', 'valueText', 'valueNum'])
    .$if('ids' in scope, (qb) => qb.where('productId', 'in', 'ids' in scope ? scope.ids : []))
    .$if('fromId' in scope, (qb) =>
      qb.where('productId', '>=', 'fromId' in scope ? scope.fromId : 0).where('productId', '<=', 'toId' in scope ? scope.toId : 0),
    )
    .orderBy('productId')
    .orderBy('attributeId')
    .execute();
  return rows.map((r) => [r.productId, r.attributeId, r.valueText, r.valueNum]);
}

/**
 * Reading a million products through Kysely's row objects takes most of a build, so on
 * SQLite the batch reads go straight to the handle as arrays (the same statements).
 */
interface SqliteReaders {
  products: SQLite.Statement<[number, number], ProductTuple>;
  params: SQLite.Statement<[number, number], ParamTuple>;
}
const sqliteReaders = new WeakMap<SQLite.Database, SqliteReaders>();

function readersFor(handle: SQLite.Database): SqliteReaders {
  let readers = sqliteReaders.get(handle);
  if (!readers) {
    readers = {
      products: handle
        .prepare<[number, number], ProductTuple>(
          // first_tier_price_e4 is kept by triggers on product_prices (migration 0010): no lookup per product.
          `SELECT p.id, p.code, p.code_norm, p.brand_id, p.category_second_id, p.package, p.description, p.stock, p.first_tier_price_e4
           FROM products p WHERE p.id > ? ORDER BY p.id LIMIT ?`,
        )
        .raw(true),
      params: handle
        .prepare<[number, number], ParamTuple>(
          `SELECT product_id, attribute_id, value_text, value_num FROM product_params WHERE product_id >= ? AND product_id <= ? ORDER BY product_id, attribute_id`,
        )
        .raw(true),
    };
    sqliteReaders.set(handle, readers);
  }
  return readers;
}

/** Joins products with their parameters (both in product id order) into docs, one at a time. */
function* docsOf(products: ProductTuple[], params: ParamTuple[], units: Map<number, string | null>, reuse: boolean): Generator<ProductDoc> {
  let at = 0;
  const shared: ProductDoc = {
    productId: 0,
    code: '',
    codeNorm: '',
    brandId: 0,
    categoryId: 0,
    packageName: '',
    description: '',
    stock: 0,
    priceE4: null,
    params: [],
  };
  for (const [productId, code, codeNorm, brandId, categoryId, packageName, description, stock, priceE4] of products) {
    while (at < params.length && (params[at]?.[0] ?? 0) < productId) at++;
    const own: ParamValue[] = reuse ? shared.params : [];
    own.length = 0;
    for (; at < params.length; at++) {
      const param = params[at];
      if (param?.[0] !== productId) break;
      const [, attributeId, valueText, valueNum] = param;
      own.push({ valueText, valueNum, unit: units.get(attributeId) ?? null });
    }
    const doc: ProductDoc = reuse ? shared : { ...shared, params: own };
    Object.assign(doc, { productId, code, codeNorm, brandId, categoryId, packageName, description, stock, priceE4 });
    yield doc;
  }
}

/**
 * The next batch of products after a product id, in id order, handed to `visit` one by one
 * (the doc object is reused: copy what you keep). Returns the last id read, or null at the end.
 */
export async function forEachProductDocAfter(
  db: Db,
  afterId: number,
  limit: number,
  units: Map<number, string | null>,
  visit: (doc: ProductDoc) => void,
): Promise<number | null> {
  const products = db.sqlite ? readersFor(db.sqlite).products.all(afterId, limit) : await productTuplesAfter(db, afterId, limit);
  const first = products[0];
  const last = products.at(-1);
  if (!first || !last) return null;
  const params = db.sqlite ? readersFor(db.sqlite).params.all(first[0], last[0]) : await paramTuples(db, { fromId: first[0], toId: last[0] });
  for (const doc of docsOf(products, params, units, true)) visit(doc);
  return products.length < limit ? null : last[0];
}

const idListChunk = 500;

/** Products by id, as separate objects (those that no longer exist are simply absent). */
export async function loadProductDocsByIds(db: Db, productIds: number[]): Promise<ProductDoc[]> {
  const units = await loadAttributeUnits(db);
  const docs: ProductDoc[] = [];
  for (let i = 0; i < productIds.length; i += idListChunk) {
    const ids = productIds.slice(i, i + idListChunk);
    const rows = await productsQuery(db).where('p.id', 'in', ids).orderBy('p.id').execute();
    const products: ProductTuple[] = rows.map((r) => [r.id, r.code, r.codeNorm, r.brandId, r.categorySecondId, r.package, r.description, r.stock, r.priceE4]);
    docs.push(...docsOf(products, await paramTuples(db, { ids }), units, false));
  }
  return docs;
}
