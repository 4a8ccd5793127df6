import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { CategoriesTable, CategoryGroupsTable } from './catalog.tables.ts';

export type CategoryGroupRow = Pick<Selectable<CategoryGroupsTable>, 'id' | 'name'>;

export type CategoryTreeRow = Pick<Selectable<CategoriesTable>, 'id' | 'groupId' | 'parentId' | 'level' | 'name' | 'skuCount'>;

/** Groups in display order. */
export async function findCategoryGroups(db: Kysely<Database>): Promise<CategoryGroupRow[]> {
  return db.selectFrom('categoryGroups').select(['id', 'name']).orderBy('sort').orderBy('id').execute();
}

/** First- and second-level categories the shop shows (staff hide the others), in display order. */
export async function findCategories(db: Kysely<Database>): Promise<CategoryTreeRow[]> {
  return db
    .selectFrom('categories')
    .select(['id', 'groupId', 'parentId', 'level', 'name', 'skuCount'])
    .where('isHidden', '=', 0)
    .orderBy('level')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
