import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export interface CategoryGroupRow {
  id: number;
  name: string;
}

export interface CategoryRow {
  id: number;
  groupId: number | null;
  parentId: number | null;
  level: number;
  name: string;
  skuCount: number;
}

/** Groups in display order. */
export async function findCategoryGroups(db: Kysely<Database>): Promise<CategoryGroupRow[]> {
  return db.selectFrom('categoryGroups').select(['id', 'name']).orderBy('sort').orderBy('id').execute();
}

/** First- and second-level categories in display order. */
export async function findCategories(db: Kysely<Database>): Promise<CategoryRow[]> {
  return db
    .selectFrom('categories')
    .select(['id', 'groupId', 'parentId', 'level', 'name', 'skuCount'])
    .orderBy('level')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
