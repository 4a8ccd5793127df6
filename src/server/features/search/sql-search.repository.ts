import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { ProductSort } from '../../../contract/catalog.ts';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import type { CodeProbe, TokenProbe } from './index/compile-query.ts';
import type { CodeSuggestion, IndexQuery, IndexResult } from './index/search-index.ts';

/**
 * The answers of the index, asked of the database instead: used by a process whose index of
 * a large catalogue is still being built. Slower (LIKE scans) and plainer (values match the
 * description text), but the same shape, so pages answer from the first second.
 */
type ProductsEb = ExpressionBuilder<Database & { p: Database['products'] }, 'p'>;

export interface SqlQuery extends Omit<IndexQuery, 'keyword'> {
  whole: CodeProbe | null;
  tokens: TokenProbe[];
}

/** The upper bound of a prefix range under byte-wise (SQLite, C collation) comparison. */
function prefixCondition(eb: ProductsEb, prefix: string): Expression<SqlBool> {
  return eb.and([eb('p.codeNorm', '>=', prefix), eb('p.codeNorm', '<', `${prefix}\uffff`)]);
}

function likePattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

function containsCondition(db: Db, column: 'p.description' | 'p.codeNorm', text: string): Expression<SqlBool> {
  const operator = db.engine === 'postgres' ? sql`ilike` : sql`like`;
  return sql<SqlBool>`${sql.ref(column)} ${operator} ${likePattern(text)} escape '!'`;
}

function prefixConditions(eb: ProductsEb, code: CodeProbe): Expression<SqlBool>[] {
  return code.base !== code.norm ? [prefixCondition(eb, code.norm), prefixCondition(eb, code.base)] : [prefixCondition(eb, code.norm)];
}

function codeCondition(db: Db, eb: ProductsEb, code: CodeProbe): Expression<SqlBool>[] {
  const conditions = prefixConditions(eb, code);
  if (code.allowSubstring) conditions.push(containsCondition(db, 'p.codeNorm', code.norm));
  return conditions;
}

/**
 * A word that starts part numbers is matched by index range only: the LIKE scans of
 * descriptions and code substrings (slow on a large catalogue) are kept for other words.
 */
function tokenCondition(db: Db, eb: ProductsEb, token: TokenProbe, isCodePrefix: boolean): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (token.code && isCodePrefix) conditions.push(...prefixConditions(eb, token.code));
  else {
    conditions.push(containsCondition(db, 'p.description', token.text));
    if (token.code) conditions.push(...codeCondition(db, eb, token.code));
  }
  if (token.brandIds.length > 0) conditions.push(eb('p.brandId', 'in', token.brandIds));
  if (token.categoryIds.length > 0) conditions.push(eb('p.categorySecondId', 'in', token.categoryIds));
  if (token.packageName) conditions.push(eb('p.package', '=', token.packageName));
  return eb.or(conditions);
}

type FilterName = 'category' | 'brand' | 'package' | 'stock';
type Where = (eb: ProductsEb, except: FilterName | null) => Expression<SqlBool>;

/** Whether any product's part number starts with the code (or its base). */
async function hasCodePrefix(db: Db, code: CodeProbe): Promise<boolean> {
  const any = await db.kysely
    .selectFrom('products as p')
    .select('p.id')
    .where((eb) => eb.or(prefixConditions(eb, code)))
    .limit(1)
    .executeTakeFirst();
  return any !== undefined;
}

/**
 * The products a query matches, with its filters except `except` (a facet counts the values its
 * own filter would choose among). A whole-keyword part number that matches nothing falls back to
 * the words, as in the index; a word that starts part numbers is matched by range only.
 */
async function whereOf(db: Db, query: SqlQuery): Promise<{ where: Where; effective: SqlQuery }> {
  const whole = query.whole;
  let useWhole = false;
  if (whole) {
    const any = await db.kysely
      .selectFrom('products as p')
      .select('p.id')
      .where((eb) => eb.or(codeCondition(db, eb, whole)))
      .limit(1)
      .executeTakeFirst();
    useWhole = any !== undefined;
  }
  const effective: SqlQuery = useWhole ? query : { ...query, whole: null };
  const isCodePrefix = await Promise.all(effective.tokens.map((token) => (token.code ? hasCodePrefix(db, token.code) : Promise.resolve(false))));
  const match = (eb: ProductsEb): Expression<SqlBool> =>
    effective.whole
      ? eb.or(prefixConditions(eb, effective.whole))
      : eb.and(effective.tokens.map((token, i) => tokenCondition(db, eb, token, isCodePrefix[i] ?? false)));

  const where = (eb: ProductsEb, except: FilterName | null): Expression<SqlBool> => {
    const conditions = [match(eb)];
    if (except !== 'category' && query.categoryId !== null) conditions.push(eb('p.categorySecondId', '=', query.categoryId));
    if (except !== 'brand' && query.brandId !== null) conditions.push(eb('p.brandId', '=', query.brandId));
    if (except !== 'package' && query.packageName !== null) conditions.push(eb('p.package', '=', query.packageName));
    if (except !== 'stock' && query.isInStock) conditions.push(eb('p.stock', '>', 0));
    return eb.and(conditions);
  };
  return { where, effective };
}

/** One page of product ids in the query's order (by part number match, then stock, unless sorted by price or stock). */
function findPageIds(db: Db, query: SqlQuery, effective: SqlQuery, where: Where) {
  const firstPrice = (eb: ProductsEb) => eb.ref('p.firstTierPriceE4');
  return db.kysely
    .selectFrom('products as p')
    .select('p.id')
    .where((eb) => where(eb, null))
    .$call((qb) => {
      if (query.sort === ProductSort.priceAsc)
        return qb.orderBy((eb) => eb.case().when(firstPrice(eb), 'is', null).then(1).else(0).end()).orderBy((eb) => firstPrice(eb), 'asc');
      if (query.sort === ProductSort.priceDesc)
        return qb.orderBy((eb) => eb.case().when(firstPrice(eb), 'is', null).then(1).else(0).end()).orderBy((eb) => firstPrice(eb), 'desc');
      if (query.sort === ProductSort.stockDesc) return qb.orderBy('p.stock', 'desc');
      const exact = effective.whole?.norm ?? effective.tokens.find((token) => token.code)?.code?.norm ?? '';
      return qb
        .orderBy((eb) => eb.case().when('p.codeNorm', '=', exact).then(0).else(1).end())
        .orderBy((eb) => eb.case().when('p.stock', '>', 0).then(0).else(1).end());
    })
    .orderBy('p.codeNorm')
    .orderBy('p.id')
    .offset(query.offset)
    .limit(query.limit)
    .execute();
}

export async function sqlSearch(db: Db, query: SqlQuery): Promise<IndexResult> {
  const k = db.kysely;
  const { where, effective } = await whereOf(db, query);
  const facet = async (column: 'p.categorySecondId' | 'p.brandId', except: FilterName) =>
    (
      await k
        .selectFrom('products as p')
        .select([sql<number>`${sql.ref(column)}`.as('id'), (eb) => eb.fn.countAll<number>().as('count')])
        .where((eb) => where(eb, except))
        .groupBy(column)
        .execute()
    ).map((row) => ({ id: row.id, count: row.count }));
  const [totalRow, categories, brands, packageRows, inStockRow, page] = await Promise.all([
    k
      .selectFrom('products as p')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where((eb) => where(eb, null))
      .executeTakeFirstOrThrow(),
    facet('p.categorySecondId', 'category'),
    facet('p.brandId', 'brand'),
    k
      .selectFrom('products as p')
      .select(['p.package', (eb) => eb.fn.countAll<number>().as('count')])
      .where((eb) => where(eb, 'package'))
      .groupBy('p.package')
      .execute(),
    k
      .selectFrom('products as p')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where((eb) => eb.and([where(eb, 'stock'), eb('p.stock', '>', 0)]))
      .executeTakeFirstOrThrow(),
    findPageIds(db, query, effective, where),
  ]);
  const byCount = (a: { count: number }, b: { count: number }) => b.count - a.count;
  return {
    total: totalRow.count,
    productIds: page.map((row) => row.id),
    categories: categories.sort(byCount),
    brands: brands.sort(byCount),
    packages: packageRows.map((row) => ({ name: row.package, count: row.count })).sort(byCount),
    inStockCount: inStockRow.count,
  };
}

export async function sqlSuggestCodes(db: Db, norm: string, limit: number): Promise<CodeSuggestion[]> {
  const rows = await db.kysely
    .selectFrom('products as p')
    .select(['p.code', 'p.codeNorm'])
    .where((eb) => prefixCondition(eb, norm))
    .orderBy('p.codeNorm')
    .limit(limit * 4)
    .execute();
  const codes = new Map<string, string>();
  for (const row of rows) if (!codes.has(row.codeNorm) && codes.size < limit) codes.set(row.codeNorm, row.code);
  return Promise.all(
    [...codes].map(async ([codeNorm, code]) => {
      const row = await db.kysely
        .selectFrom('products as p')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where((eb) => prefixCondition(eb, codeNorm))
        .executeTakeFirstOrThrow();
      return { code, count: row.count };
    }),
  );
}

export async function sqlCountProducts(db: Db, filter: { brandId?: number; categoryIds?: number[] }): Promise<number> {
  const row = await db.kysely
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .$if(filter.brandId !== undefined, (qb) => qb.where('brandId', '=', filter.brandId ?? 0))
    .$if(filter.categoryIds !== undefined, (qb) => qb.where('categorySecondId', 'in', filter.categoryIds?.length ? filter.categoryIds : [0]))
    .executeTakeFirstOrThrow();
  return row.count;
}
