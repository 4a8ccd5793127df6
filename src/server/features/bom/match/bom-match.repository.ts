import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.ts';

/** A part's value of one of its category's attributes (the category's filters, in their order). */
export interface KeyParamRow {
  productId: number;
  name: string;
  unit: string | null;
  valueText: string;
  valueNum: number | null;
}

/** Ids per statement: far below both engines' bound parameters, and few statements for a 3,000-line BOM. */
const idChunk = 5000;

/**
 * The key parameters of many parts at once: each part's values of its second-level category's
 * attributes, in the category's order (封装 included; the caller drops it, products carry package).
 */
export async function findKeyParams(db: Kysely<Database>, productIds: readonly number[]): Promise<Map<number, KeyParamRow[]>> {
  const byProduct = new Map<number, KeyParamRow[]>();
  for (let start = 0; start < productIds.length; start += idChunk) {
    const ids = productIds.slice(start, start + idChunk);
    const rows = await db
      .selectFrom('productParams as pp')
      .innerJoin('products as p', 'p.id', 'pp.productId')
      .innerJoin('categoryAttributes as ca', (join) => join.onRef('ca.categoryId', '=', 'p.categorySecondId').onRef('ca.attributeId', '=', 'pp.attributeId'))
      .innerJoin('attributes as a', 'a.id', 'pp.attributeId')
      .select(['pp.productId', 'a.name', 'a.unit', 'pp.valueText', 'pp.valueNum'])
      .where('pp.productId', 'in', ids)
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

/** Brand id → whether the maker is Chinese (brands.country = 中国); a few hundred rows. */
export async function findDomesticBrandIds(db: Kysely<Database>): Promise<Set<number>> {
  const rows = await db.selectFrom('brands').select('id').where('country', '=', '中国').execute();
  return new Set(rows.map((row) => row.id));
}

/** Category id → name, for telling a part's kind (a few hundred rows). */
export async function findCategoryNames(db: Kysely<Database>): Promise<Map<number, string>> {
  const rows = await db.selectFrom('categories').select(['id', 'name']).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
