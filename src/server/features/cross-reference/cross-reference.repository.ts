import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** One recorded value of a part's category attribute (封装 included), in the category's order. */
export interface PartParamRow {
  productId: number;
  name: string;
  unit: string | null;
  valueText: string;
  valueNum: number | null;
}

/** The parts' values of their second-level category's attributes, in the category's order. */
export async function findPartParams(db: Kysely<Database>, productIds: readonly number[]): Promise<Map<number, PartParamRow[]>> {
  const byProduct = new Map<number, PartParamRow[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .selectFrom('productParams as pp')
    .innerJoin('products as p', 'p.id', 'pp.productId')
    .innerJoin('categoryAttributes as ca', (join) => join.onRef('ca.categoryId', '=', 'p.categorySecondId').onRef('ca.attributeId', '=', 'pp.attributeId'))
    .innerJoin('attributes as a', 'a.id', 'pp.attributeId')
    .select(['pp.productId', 'a.name', 'a.unit', 'pp.valueText', 'pp.valueNum'])
    .where('pp.productId', 'in', [...productIds])
    .orderBy('pp.productId')
    .orderBy('ca.sort')
    .orderBy('ca.attributeId')
    .execute();
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(row);
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

/** The brands of these ids whose maker is Chinese (brands.country = 中国): 国产. */
export async function findDomesticBrandIds(db: Kysely<Database>, brandIds: readonly number[]): Promise<Set<number>> {
  if (brandIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('brands')
    .select('id')
    .where('id', 'in', [...brandIds])
    .where('country', '=', '中国')
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Category id → name, for the categories asked. */
export async function findCategoryNames(db: Kysely<Database>, categoryIds: readonly number[]): Promise<Map<number, string>> {
  if (categoryIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('categories')
    .select(['id', 'name'])
    .where('id', 'in', [...categoryIds])
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
