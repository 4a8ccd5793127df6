import type { Kysely } from 'kysely';
import type { CategoryFirst, CategoryGroup } from '../../../contract/shell.ts';
import type { Database } from '../../db/database.ts';
import { createTtlCache, shellCacheTtlMs } from '../shell/ttl-cache.ts';
import { findCategories, findCategoryGroups, type CategoryGroupRow, type CategoryRow } from './category-tree.repository.ts';

/** Groups → first level → second level with skuCount, in display order; empty groups left out. */
export function buildCategoryTree(groups: CategoryGroupRow[], categories: CategoryRow[]): CategoryGroup[] {
  const firstsByGroup = new Map<number, CategoryFirst[]>();
  const firstsById = new Map<number, CategoryFirst>();
  for (const row of categories) {
    if (row.level !== 1 || row.groupId === null) continue;
    const first: CategoryFirst = { categoryId: row.id, categoryName: row.name, categorySecondList: [] };
    firstsById.set(row.id, first);
    const list = firstsByGroup.get(row.groupId) ?? [];
    list.push(first);
    firstsByGroup.set(row.groupId, list);
  }
  for (const row of categories) {
    if (row.level !== 2 || row.parentId === null) continue;
    firstsById.get(row.parentId)?.categorySecondList.push({ categoryId: row.id, categoryName: row.name, skuCount: row.skuCount });
  }
  return groups
    .map((group) => ({ categoryGroupName: group.name, categoryList: firstsByGroup.get(group.id) ?? [] }))
    .filter((group) => group.categoryList.length > 0);
}

const treeCache = createTtlCache<CategoryGroup[]>(shellCacheTtlMs);

/** The whole category tree, cached in process for a minute: the header of every page shows it. */
export function loadCategoryTree(db: Kysely<Database>): Promise<CategoryGroup[]> {
  return treeCache.get(db, async () => {
    const [groups, categories] = await Promise.all([findCategoryGroups(db), findCategories(db)]);
    return buildCategoryTree(groups, categories);
  });
}

/** After the catalogue changes (seed, admin edits) the next page shows it at once. */
export function forgetCategoryTree(db: Kysely<Database>): void {
  treeCache.clear(db);
}
