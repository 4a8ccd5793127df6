import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.ts';

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
