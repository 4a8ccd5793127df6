import type { Kysely } from 'kysely';
import type { CategoryFirst, CategoryGroup } from '../../../contract/shell.ts';
import type { CacheVersions } from '../../cache/cache-versions.ts';
import { createMemoCache, type MemoCacheOptions } from '../../cache/memo-cache.ts';
import type { Database } from '../../db/database.ts';
import { findCategories, findCategoryGroups, type CategoryGroupRow, type CategoryTreeRow } from './category-tree.repository.ts';

/** Groups → first level → second level with skuCount, in display order; empty groups left out. */
export function buildCategoryTree(groups: CategoryGroupRow[], categories: CategoryTreeRow[]): CategoryGroup[] {
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

/** How long an edit the cache versions do not see may take to reach the header menu and the catalogue page. */
export const categoryTreeTtlMs = 60_000;

/** The whole category tree of one app's database: the header of every page shows it. */
export interface CategoryTreeCache {
  /** Read again after a write to the categories (within a second, in every process), at least once a minute; concurrent pages share the read. */
  load(): Promise<CategoryGroup[]>;
  /** The next load reads the database again (after an edit). */
  forget(): void;
}

/** Made once per app, closing over its database: a test app never sees another's tree. */
export function createCategoryTreeCache(db: Kysely<Database>, versions: CacheVersions, options: Partial<MemoCacheOptions> = {}): CategoryTreeCache {
  const cache = createMemoCache<'tree', CategoryGroup[]>({
    ttlMs: categoryTreeTtlMs,
    maxEntries: 1,
    version: versions.of('category_groups', 'categories'),
    ...options,
  });
  return {
    load: () =>
      cache.get('tree', async () => {
        const [groups, categories] = await Promise.all([findCategoryGroups(db), findCategories(db)]);
        return buildCategoryTree(groups, categories);
      }),
    forget: () => {
      cache.clear();
    },
  };
}
