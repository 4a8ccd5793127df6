import type { Kysely } from 'kysely';
import { taxonomyErrors, taxonomyMessages, type AdminCategory, type AdminCategoryGroup, type CategoryDeskState } from '../../../contract/console/taxonomy.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import {
  addSkuCount,
  countCategoryProducts,
  countChildren,
  countGroupCategories,
  deleteCategoryRow,
  deleteGroupRow,
  findAllGroups,
  findGroup,
  findAllStaffCategories,
  findSiblingNamed,
  findSiblings,
  findStaffCategory,
  insertCategory,
  insertGroup,
  isForeignKeyViolation,
  lockCategories,
  lockGroup,
  maxGroupSort,
  moveCategoryProducts,
  updateCategory,
  updateGroup,
  type CategoryPlace,
  type CategoryStaffRow,
  type GroupStaffRow,
} from './category-staff.repository.ts';

/**
 * What staff do to the category tree (the console's category desk calls these), each in one
 * transaction with the work the caller adds alongside (its audit entry). The shop reads the tree
 * through its category-tree cache, which names categories and category_groups in cache_versions: the
 * triggers of those tables bump the counters in the writing transaction, so every process's menu and
 * catalogue follow within a second (no cache is touched here).
 */

export type Direction = 'up' | 'down';

/** A category or a menu group before a change (null: it is new) and after it (null: deleted). */
export interface TaxonomyChange<T> {
  before: T | null;
  after: T | null;
}

/** A place's order before and after a move up or down (sort: the moved row's, for categories). */
export interface ReorderChange {
  before: number[];
  after: number[];
  sort?: number;
}

export function adminCategory(row: CategoryStaffRow): AdminCategory {
  return {
    id: row.id,
    name: row.name,
    level: row.level,
    parentId: row.parentId,
    groupId: row.groupId,
    sort: row.sort,
    isHidden: row.isHidden === 1,
    skuCount: row.skuCount,
  };
}

function adminGroup(row: GroupStaffRow): AdminCategoryGroup {
  return { id: row.id, name: row.name, sort: row.sort };
}

export async function loadCategoryTreeForStaff(db: Kysely<Database>): Promise<CategoryDeskState> {
  const [groups, categories] = await Promise.all([findAllGroups(db), findAllStaffCategories(db)]);
  return { groups: groups.map(adminGroup), categories: categories.map(adminCategory) };
}

async function groupOrMissing(db: Kysely<Database>, id: number): Promise<AdminCategoryGroup> {
  const row = await findGroup(db, id);
  if (!row) throw new AppError(taxonomyErrors.groupMissing);
  return adminGroup(row);
}

async function categoryOrMissing(db: Kysely<Database>, id: number): Promise<CategoryStaffRow> {
  const row = await findStaffCategory(db, id);
  if (!row) throw new AppError(taxonomyErrors.categoryMissing);
  return row;
}

/** One change of a category: lock, before, change, after and the caller's work, in one transaction. */
async function changeCategory(
  db: Kysely<Database>,
  categoryId: number,
  change: (trx: Kysely<Database>, before: CategoryStaffRow) => Promise<void>,
  alongside: AlongsideChange<TaxonomyChange<AdminCategory>>,
  alsoLock: readonly (number | null)[] = [],
): Promise<AdminCategory> {
  return withTransaction(db, async (trx) => {
    await lockCategories(trx, [categoryId, ...alsoLock]);
    const before = await categoryOrMissing(trx, categoryId);
    await change(trx, before);
    const after = adminCategory(await categoryOrMissing(trx, categoryId));
    await alongside(trx, { before: adminCategory(before), after });
    return after;
  });
}

async function refuseSiblingName(trx: Kysely<Database>, place: Pick<CategoryStaffRow, 'level' | 'parentId'>, name: string, exceptId: number | null) {
  const clash = await findSiblingNamed(trx, place, name);
  if (clash !== undefined && clash !== exceptId) throw new AppError(taxonomyErrors.categoryNameTaken);
}

async function nextCategorySort(db: Kysely<Database>, place: CategoryPlace): Promise<number> {
  const siblings = await findSiblings(db, place);
  return Math.max(0, ...siblings.map((row) => row.sort)) + 10;
}

/** A new category: under a first-level parent (second level), or at the top, optionally in a menu group. */
export async function createCategory(
  db: Kysely<Database>,
  input: { name: string; parentId: number | null; groupId?: number | null | undefined },
  alongside: AlongsideChange<TaxonomyChange<AdminCategory>>,
): Promise<AdminCategory> {
  return withTransaction(db, async (trx) => {
    let place: CategoryPlace;
    if (input.parentId !== null) {
      await lockCategories(trx, [input.parentId]);
      const parent = await categoryOrMissing(trx, input.parentId);
      if (parent.level !== 1) throw new AppError(taxonomyErrors.parentNotFirst);
      place = { level: 2, parentId: parent.id, groupId: null };
    } else {
      const groupId = input.groupId ?? null;
      if (groupId !== null) {
        await lockGroup(trx, groupId);
        await groupOrMissing(trx, groupId);
      }
      place = { level: 1, parentId: null, groupId };
    }
    await refuseSiblingName(trx, place, input.name, null);
    const sort = await nextCategorySort(trx, place);
    const id = await insertCategory(trx, { ...place, name: input.name, sort, skuCount: 0 });
    const after = adminCategory(await categoryOrMissing(trx, id));
    await alongside(trx, { before: null, after });
    return after;
  });
}

export async function renameCategory(
  db: Kysely<Database>,
  categoryId: number,
  name: string,
  alongside: AlongsideChange<TaxonomyChange<AdminCategory>>,
): Promise<AdminCategory> {
  return changeCategory(
    db,
    categoryId,
    async (trx, before) => {
      await refuseSiblingName(trx, before, name, categoryId);
      await updateCategory(trx, categoryId, { name });
    },
    alongside,
  );
}

/**
 * Moves a category under a first-level parent, or to the top (parentId null). The tree has two levels,
 * so the parent must be a first-level category other than the category itself and its children, and
 * a category with children stays at the top. Parts keep their second-level category; a second-level
 * category's parts follow it to the new parent (products.category_first_id) and the parents' counts move.
 * Both rows are locked before they are read: two crossing moves never make a cycle.
 */
export async function moveCategory(
  db: Kysely<Database>,
  categoryId: number,
  parentId: number | null,
  alongside: AlongsideChange<TaxonomyChange<AdminCategory>>,
): Promise<AdminCategory> {
  if (parentId === categoryId) throw new AppError(taxonomyErrors.cycle);
  const move = async (trx: Kysely<Database>, before: CategoryStaffRow) => {
    if (before.parentId === parentId) return;
    const productCount = await countCategoryProducts(trx, categoryId);
    if (parentId === null) {
      if (productCount > 0) throw new AppError(taxonomyErrors.productsCannotChangeLevel);
      await updateCategory(trx, categoryId, { parentId: null, level: 1, groupId: null });
      if (before.parentId !== null) await addSkuCount(trx, [before.parentId], -before.skuCount);
      return;
    }
    const parent = await categoryOrMissing(trx, parentId);
    if (parent.parentId === categoryId) throw new AppError(taxonomyErrors.cycle);
    if (parent.level !== 1) throw new AppError(taxonomyErrors.parentNotFirst);
    if ((await countChildren(trx, categoryId)) > 0) throw new AppError(taxonomyErrors.hasChildrenCannotNest);
    if (before.level === 1 && productCount > 0) throw new AppError(taxonomyErrors.productsCannotChangeLevel);
    const sort = await nextCategorySort(trx, { level: 2, parentId, groupId: null });
    await updateCategory(trx, categoryId, { parentId, level: 2, groupId: null, sort });
    if (productCount > 0) await moveCategoryProducts(trx, categoryId, parentId, Date.now());
    if (before.parentId !== null) await addSkuCount(trx, [before.parentId], -before.skuCount);
    await addSkuCount(trx, [parentId], before.skuCount);
  };
  return changeCategory(db, categoryId, move, alongside, [parentId]);
}

/** Swaps a row with its neighbour in display order and numbers the set 10, 20, 30… (sorts may repeat before). */
function reordered<Row extends { id: number }>(rows: readonly Row[], id: number, direction: Direction): Row[] | null {
  const index = rows.findIndex((row) => row.id === id);
  const other = direction === 'up' ? index - 1 : index + 1;
  if (index < 0 || other < 0 || other >= rows.length) return null;
  const next = [...rows];
  const moving = next[index];
  const neighbour = next[other];
  if (!moving || !neighbour) return null;
  next[index] = neighbour;
  next[other] = moving;
  return next;
}

/** Moves a category one place up or down among its siblings (the same group, or the same parent); at an end nothing changes. */
export async function reorderCategory(
  db: Kysely<Database>,
  categoryId: number,
  direction: Direction,
  alongside: AlongsideChange<ReorderChange>,
): Promise<void> {
  await withTransaction(db, async (trx) => {
    const place = await categoryOrMissing(trx, categoryId);
    const siblingIds = (await findSiblings(trx, place)).map((row) => row.id);
    await lockCategories(trx, siblingIds);
    const before = await categoryOrMissing(trx, categoryId);
    const siblings = await findSiblings(trx, before);
    const order = reordered(siblings, categoryId, direction);
    if (!order) return;
    for (const [index, row] of order.entries()) {
      if (row.sort !== (index + 1) * 10) await updateCategory(trx, row.id, { sort: (index + 1) * 10 });
    }
    const after = await categoryOrMissing(trx, categoryId);
    await alongside(trx, { before: siblings.map((row) => row.id), after: order.map((row) => row.id), sort: after.sort });
  });
}

export function setCategoryHidden(
  db: Kysely<Database>,
  categoryId: number,
  isHidden: boolean,
  alongside: AlongsideChange<TaxonomyChange<AdminCategory>>,
): Promise<AdminCategory> {
  return changeCategory(
    db,
    categoryId,
    async (trx) => {
      await updateCategory(trx, categoryId, { isHidden: isHidden ? 1 : 0 });
    },
    alongside,
  );
}

/** Puts a first-level category into a menu group (null: out of the menu), last in the group. */
export function setCategoryGroup(
  db: Kysely<Database>,
  categoryId: number,
  groupId: number | null,
  alongside: AlongsideChange<TaxonomyChange<AdminCategory>>,
): Promise<AdminCategory> {
  return changeCategory(
    db,
    categoryId,
    async (trx, before) => {
      if (before.level !== 1) throw new AppError(taxonomyErrors.groupOnlyForFirst);
      if (before.groupId === groupId) return;
      if (groupId !== null) {
        await lockGroup(trx, groupId);
        await groupOrMissing(trx, groupId);
      }
      const sort = await nextCategorySort(trx, { level: 1, parentId: null, groupId });
      await updateCategory(trx, categoryId, { groupId, sort });
    },
    alongside,
  );
}

/** Deletes an empty category: one with parts or children is refused, with how many. */
export async function deleteCategory(db: Kysely<Database>, categoryId: number, alongside: AlongsideChange<TaxonomyChange<AdminCategory>>): Promise<void> {
  await refusingReferenced(
    withTransaction(db, async (trx) => {
      await lockCategories(trx, [categoryId]);
      const before = await categoryOrMissing(trx, categoryId);
      const children = await countChildren(trx, categoryId);
      if (children > 0) throw new AppError(taxonomyErrors.inUse, taxonomyMessages.hasChildren(children));
      const products = await countCategoryProducts(trx, categoryId);
      if (products > 0) throw new AppError(taxonomyErrors.inUse, taxonomyMessages.hasProducts(products));
      await deleteCategoryRow(trx, categoryId);
      await alongside(trx, { before: adminCategory(before), after: null });
    }),
  );
}

/** A part or category filed under the row between the count and the delete: the foreign key refuses, and so do we. */
export async function refusingReferenced<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError(taxonomyErrors.inUse);
    throw error;
  }
}

export async function createGroup(
  db: Kysely<Database>,
  name: string,
  alongside: AlongsideChange<TaxonomyChange<AdminCategoryGroup>>,
): Promise<AdminCategoryGroup> {
  return withTransaction(db, async (trx) => {
    const id = await insertGroup(trx, { name, sort: (await maxGroupSort(trx)) + 10 });
    const after = await groupOrMissing(trx, id);
    await alongside(trx, { before: null, after });
    return after;
  });
}

export async function renameGroup(
  db: Kysely<Database>,
  groupId: number,
  name: string,
  alongside: AlongsideChange<TaxonomyChange<AdminCategoryGroup>>,
): Promise<AdminCategoryGroup> {
  return withTransaction(db, async (trx) => {
    await lockGroup(trx, groupId);
    const before = await groupOrMissing(trx, groupId);
    await updateGroup(trx, groupId, { name });
    const after = await groupOrMissing(trx, groupId);
    await alongside(trx, { before, after });
    return after;
  });
}

/** Moves a group one place up or down in the menu (the first 8 show, the rest under 更多); at an end nothing changes. */
export async function reorderGroup(db: Kysely<Database>, groupId: number, direction: Direction, alongside: AlongsideChange<ReorderChange>): Promise<void> {
  await withTransaction(db, async (trx) => {
    for (const group of await findAllGroups(trx)) await lockGroup(trx, group.id);
    const groups = await findAllGroups(trx);
    if (!groups.some((group) => group.id === groupId)) throw new AppError(taxonomyErrors.groupMissing);
    const order = reordered(groups, groupId, direction);
    if (!order) return;
    for (const [index, group] of order.entries()) {
      if (group.sort !== (index + 1) * 10) await updateGroup(trx, group.id, { sort: (index + 1) * 10 });
    }
    await alongside(trx, { before: groups.map((group) => group.id), after: order.map((group) => group.id) });
  });
}

/** Deletes a group without categories (its categories must go to another group first). */
export async function deleteGroup(db: Kysely<Database>, groupId: number, alongside: AlongsideChange<TaxonomyChange<AdminCategoryGroup>>): Promise<void> {
  await refusingReferenced(
    withTransaction(db, async (trx) => {
      await lockGroup(trx, groupId);
      const before = await groupOrMissing(trx, groupId);
      const count = await countGroupCategories(trx, groupId);
      if (count > 0) throw new AppError(taxonomyErrors.inUse, taxonomyMessages.groupHasCategories(count));
      await deleteGroupRow(trx, groupId);
      await alongside(trx, { before, after: null });
    }),
  );
}
