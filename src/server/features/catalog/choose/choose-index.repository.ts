import { SqliteAdapter, sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../../db/database.ts';
import type { ProductParamsTable, ProductsTable } from '../catalog.tables.ts';

/** Which products an index covers: a first-level or a second-level category. */
export interface ChooseScope {
  level: 1 | 2;
  categoryId: number;
}

function categoryColumn(scope: ChooseScope) {
  return scope.level === 1 ? ('categoryFirstId' as const) : ('categorySecondId' as const);
}

/**
 * The newest updatedAt of the scope's products: one entry of the (category, updated_at) index.
 * SQLite is told to use that index: for a category holding half the catalogue its statistics
 * prefer a skip-scan of another index, which reads every row of the category (1 s at 1M parts).
 */
export async function findScopeVersion(db: Kysely<Database>, scope: ChooseScope): Promise<number> {
  const level = scope.level === 1 ? 'first' : 'second';
  const indexHint = db.getExecutor().adapter instanceof SqliteAdapter ? sql.raw(`indexed by products_category_${level}_updated`) : sql.raw('');
  const { rows } = await sql<{ version: number | null }>`
    select max(updated_at) as version from products ${indexHint} where ${sql.raw(`category_${level}_id`)} = ${scope.categoryId}`.execute(db.withoutPlugins());
  return rows[0]?.version ?? 0;
}

export async function countScopeProducts(db: Kysely<Database>, scope: ChooseScope): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(categoryColumn(scope), '=', scope.categoryId)
    .executeTakeFirst();
  return row?.count ?? 0;
}

export type IndexedProductRow = Pick<
  Selectable<ProductsTable>,
  'id' | 'brandId' | 'stock' | 'categorySecondId' | 'updatedAt' | 'packaging' | 'msl' | 'reachStatus'
>;

/**
 * Building an index reads whole categories (hundreds of thousands of rows), so these reads
 * skip the camel-case plugin and map columns by hand: three times faster at 100k parts.
 */
function scopeCondition(scope: ChooseScope) {
  return scope.level === 1 ? sql`p.category_first_id = ${scope.categoryId}` : sql`p.category_second_id = ${scope.categoryId}`;
}

export interface IndexedChunkRow extends IndexedProductRow {
  /** First-tier unit price; null without prices. */
  firstPriceE4: number | null;
}

/** One chunk of the scope's products in id order after `afterId`, each with its first-tier price (kept on the product by triggers, migration 0010). */
export async function findScopeProductChunk(db: Kysely<Database>, scope: ChooseScope, afterId: number, limit: number): Promise<IndexedChunkRow[]> {
  const { rows } = await sql<{
    id: number;
    brand_id: number;
    stock: number;
    category_second_id: number;
    updated_at: number;
    first_price_e4: number | null;
    packaging: IndexedProductRow['packaging'];
    msl: IndexedProductRow['msl'];
    reach_status: IndexedProductRow['reachStatus'];
  }>`
    select p.id, p.brand_id, p.stock, p.category_second_id, p.updated_at, p.first_tier_price_e4 as first_price_e4, p.packaging, p.msl, p.reach_status
    from products p
    where ${scopeCondition(scope)} and p.id > ${afterId} order by p.id limit ${limit}`.execute(db.withoutPlugins());
  return rows.map((row) => ({
    id: row.id,
    brandId: row.brand_id,
    stock: row.stock,
    categorySecondId: row.category_second_id,
    updatedAt: row.updated_at,
    firstPriceE4: row.first_price_e4,
    packaging: row.packaging,
    msl: row.msl,
    reachStatus: row.reach_status,
  }));
}

/** Values of the given attributes for the scope's products with ids in [firstId, lastId]. */
export async function findChunkParams(
  db: Kysely<Database>,
  scope: ChooseScope,
  firstId: number,
  lastId: number,
  attributeIds: readonly number[],
): Promise<IndexedParamRow[]> {
  if (attributeIds.length === 0) return [];
  const { rows } = await sql<{ product_id: number; attribute_id: number; value_text: string; value_num: number | null }>`
    select pp.product_id, pp.attribute_id, pp.value_text, pp.value_num from product_params pp join products p on p.id = pp.product_id
    where ${scopeCondition(scope)} and p.id >= ${firstId} and p.id <= ${lastId} and pp.attribute_id in (${sql.join(attributeIds)})`.execute(
    db.withoutPlugins(),
  );
  return rows.map((row) => ({ productId: row.product_id, attributeId: row.attribute_id, valueText: row.value_text, valueNum: row.value_num }));
}

/** The scope's products written at or after `since` (updatedAt). */
export async function findScopeProductsChangedSince(db: Kysely<Database>, scope: ChooseScope, since: number, limit: number): Promise<IndexedProductRow[]> {
  return db
    .selectFrom('products')
    .select(['id', 'brandId', 'stock', 'categorySecondId', 'updatedAt', 'packaging', 'msl', 'reachStatus'])
    .where(categoryColumn(scope), '=', scope.categoryId)
    .where('updatedAt', '>=', since)
    .limit(limit)
    .execute();
}

/** The unit price of each part's first tier (the price of buying the least). */
export async function findFirstTierPrices(db: Kysely<Database>, productIds: readonly number[]): Promise<Map<number, number>> {
  const prices = new Map<number, number>();
  if (productIds.length === 0) return prices;
  const rows = await db
    .selectFrom('productPrices')
    .select(['productId', 'qtyStart', 'priceE4'])
    .where('productId', 'in', productIds)
    .orderBy('productId')
    .orderBy('qtyStart')
    .execute();
  for (const row of rows) if (!prices.has(row.productId)) prices.set(row.productId, row.priceE4);
  return prices;
}

export type IndexedParamRow = Selectable<ProductParamsTable>;

export async function findParamsOf(db: Kysely<Database>, productIds: readonly number[], attributeIds: readonly number[]): Promise<IndexedParamRow[]> {
  if (productIds.length === 0 || attributeIds.length === 0) return [];
  return db
    .selectFrom('productParams')
    .select(['productId', 'attributeId', 'valueText', 'valueNum'])
    .where('productId', 'in', productIds)
    .where('attributeId', 'in', attributeIds)
    .execute();
}
