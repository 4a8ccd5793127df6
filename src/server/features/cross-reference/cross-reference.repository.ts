import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

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
