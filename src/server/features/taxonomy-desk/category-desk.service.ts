import type { Kysely } from 'kysely';
import { taxonomyErrors, taxonomyMessages, type AdminCategory, type AdminCategoryGroup, type CategoryDeskState } from '../../../contract/admin-taxonomy.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import type { StaffActor } from '../staff/staff-desk.service.ts';
import {
  countCategoryProducts,
  countChildren,
  countGroupCategories,
  findAllDeskCategories,
  findAllGroups,
  findDeskCategory,
  findGroup,
  findSiblings,
  isForeignKeyViolation,
  lockCategories,
  lockGroup,
  nextCategorySort,
  type CategoryDeskRow,
  type GroupDeskRow,
} from './taxonomy-desk.repository.ts';

type Db = Kysely<Database>;
export type Direction = 'up' | 'down';

/**
 * 分类管理. The shop reads the tree through its category-tree cache, which names categories and
 * category_groups in cache_versions: the triggers of those tables bump the counters in the writing
 * transaction, so every process's menu and catalogue follow within a second (no cache is touched here).
 */

export function adminCategory(row: CategoryDeskRow): AdminCategory {
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

function adminGroup(row: GroupDeskRow): AdminCategoryGroup {
  return { id: row.id, name: row.name, sort: row.sort };
}

export async function loadCategoryDesk(db: Db): Promise<CategoryDeskState> {
  const [groups, categories] = await Promise.all([findAllGroups(db), findAllDeskCategories(db)]);
  return { groups: groups.map(adminGroup), categories: categories.map(adminCategory) };
}

async function mustFindCategory(db: Db, id: number): Promise<CategoryDeskRow> {
  const row = await findDeskCategory(db, id);
  if (!row) throw new AppError(taxonomyErrors.categoryMissing);
  return row;
}

async function mustFindGroup(db: Db, id: number): Promise<GroupDeskRow> {
  const row = await findGroup(db, id);
  if (!row) throw new AppError(taxonomyErrors.groupMissing);
  return row;
}

/** One audited change of a category: lock, before, change, after and the audit entry, in one transaction. */
async function changeCategory(
  db: Db,
  actor: StaffActor,
  categoryId: number,
  action: string,
  change: (trx: Db, before: CategoryDeskRow) => Promise<void>,
  alsoLock: readonly (number | null)[] = [],
): Promise<AdminCategory> {
  return withTransaction(db, async (trx) => {
    await lockCategories(trx, [categoryId, ...alsoLock]);
    const before = await mustFindCategory(trx, categoryId);
    await change(trx, before);
    const after = await mustFindCategory(trx, categoryId);
    await recordStaffChange(trx, { ...actor, action, subject: 'Category', subjectId: categoryId, before: adminCategory(before), after: adminCategory(after) });
    return adminCategory(after);
  });
}

async function refuseSiblingName(trx: Db, place: Pick<CategoryDeskRow, 'level' | 'parentId'>, name: string, exceptId: number | null) {
  let query = trx.selectFrom('categories').select('id').where('name', '=', name).where('level', '=', place.level);
  if (place.level === 2) query = query.where('parentId', '=', place.parentId ?? -1);
  const clash = await query.executeTakeFirst();
  if (clash && clash.id !== exceptId) throw new AppError(taxonomyErrors.categoryNameTaken);
}

/** A new category: under a first-level parent (second level), or at the top, optionally in a menu group. */
export async function createCategory(
  db: Db,
  actor: StaffActor,
  input: { name: string; parentId: number | null; groupId?: number | null | undefined },
): Promise<AdminCategory> {
  return withTransaction(db, async (trx) => {
    let place: Pick<CategoryDeskRow, 'level' | 'parentId' | 'groupId'>;
    if (input.parentId !== null) {
      await lockCategories(trx, [input.parentId]);
      const parent = await mustFindCategory(trx, input.parentId);
      if (parent.level !== 1) throw new AppError(taxonomyErrors.parentNotFirst);
      place = { level: 2, parentId: parent.id, groupId: null };
    } else {
      const groupId = input.groupId ?? null;
      if (groupId !== null) {
        await lockGroup(trx, groupId);
        await mustFindGroup(trx, groupId);
      }
      place = { level: 1, parentId: null, groupId };
    }
    await refuseSiblingName(trx, place, input.name, null);
    const sort = await nextCategorySort(trx, place);
    const inserted = await trx
      .insertInto('categories')
      .values({ ...place, name: input.name, sort, skuCount: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const after = await mustFindCategory(trx, inserted.id);
    await recordStaffChange(trx, { ...actor, action: 'create', subject: 'Category', subjectId: after.id, before: null, after: adminCategory(after) });
    return adminCategory(after);
  });
}

export async function renameCategory(db: Db, actor: StaffActor, categoryId: number, name: string): Promise<AdminCategory> {
  return changeCategory(db, actor, categoryId, 'rename', async (trx, before) => {
    await refuseSiblingName(trx, before, name, categoryId);
    await trx.updateTable('categories').set({ name }).where('id', '=', categoryId).execute();
  });
}

/**
 * Moves a category under a first-level parent, or to the top (parentId null). The tree has two levels,
 * so the parent must be a first-level category other than the category itself and its children, and
 * a category with children stays at the top. Parts keep their second-level category; a second-level
 * category's parts follow it to the new parent (products.category_first_id) and the parents' counts move.
 * Both rows are locked before they are read: two crossing moves never make a cycle.
 */
export async function moveCategory(db: Db, actor: StaffActor, categoryId: number, parentId: number | null): Promise<AdminCategory> {
  if (parentId === categoryId) throw new AppError(taxonomyErrors.cycle);
  return changeCategory(
    db,
    actor,
    categoryId,
    'move',
    async (trx, before) => {
      if (before.parentId === parentId) return;
      const productCount = await countCategoryProducts(trx, categoryId);
      if (parentId === null) {
        if (productCount > 0) throw new AppError(taxonomyErrors.productsCannotChangeLevel);
        await trx.updateTable('categories').set({ parentId: null, level: 1, groupId: null }).where('id', '=', categoryId).execute();
        if (before.parentId !== null) await addSkuCount(trx, before.parentId, -before.skuCount);
        return;
      }
      const parent = await mustFindCategory(trx, parentId);
      if (parent.parentId === categoryId) throw new AppError(taxonomyErrors.cycle);
      if (parent.level !== 1) throw new AppError(taxonomyErrors.parentNotFirst);
      if ((await countChildren(trx, categoryId)) > 0) throw new AppError(taxonomyErrors.hasChildrenCannotNest);
      if (before.level === 1 && productCount > 0) throw new AppError(taxonomyErrors.productsCannotChangeLevel);
      const sort = await nextCategorySort(trx, { level: 2, parentId, groupId: null });
      await trx.updateTable('categories').set({ parentId, level: 2, groupId: null, sort }).where('id', '=', categoryId).execute();
      // updated_at moves so the parametric index of the new parent takes the parts in (the old one notices by its count).
      if (productCount > 0)
        await trx.updateTable('products').set({ categoryFirstId: parentId, updatedAt: Date.now() }).where('categorySecondId', '=', categoryId).execute();
      if (before.parentId !== null) await addSkuCount(trx, before.parentId, -before.skuCount);
      await addSkuCount(trx, parentId, before.skuCount);
    },
    [parentId],
  );
}

async function addSkuCount(trx: Db, categoryId: number, delta: number) {
  if (delta === 0) return;
  await trx
    .updateTable('categories')
    .set((eb) => ({ skuCount: eb('skuCount', '+', delta) }))
    .where('id', '=', categoryId)
    .execute();
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

/** Moves a category one place up or down among its siblings (the same group, or the same parent). */
export async function reorderCategory(db: Db, actor: StaffActor, categoryId: number, direction: Direction): Promise<CategoryDeskState> {
  await withTransaction(db, async (trx) => {
    const place = await mustFindCategory(trx, categoryId);
    const siblingIds = (await findSiblings(trx, place)).map((row) => row.id);
    await lockCategories(trx, siblingIds);
    const before = await mustFindCategory(trx, categoryId);
    const siblings = await findSiblings(trx, before);
    const order = reordered(siblings, categoryId, direction);
    if (!order) return;
    for (const [index, row] of order.entries()) {
      if (row.sort !== (index + 1) * 10)
        await trx
          .updateTable('categories')
          .set({ sort: (index + 1) * 10 })
          .where('id', '=', row.id)
          .execute();
    }
    const after = await mustFindCategory(trx, categoryId);
    await recordStaffChange(trx, {
      ...actor,
      action: 'reorder',
      subject: 'Category',
      subjectId: categoryId,
      before: { order: siblings.map((row) => row.id) },
      after: { order: order.map((row) => row.id), sort: after.sort },
    });
  });
  return loadCategoryDesk(db);
}

export function setCategoryHidden(db: Db, actor: StaffActor, categoryId: number, isHidden: boolean): Promise<AdminCategory> {
  return changeCategory(db, actor, categoryId, isHidden ? 'hide' : 'show', async (trx) => {
    await trx
      .updateTable('categories')
      .set({ isHidden: isHidden ? 1 : 0 })
      .where('id', '=', categoryId)
      .execute();
  });
}

/** Puts a first-level category into a menu group (null: out of the menu), last in the group. */
export function setCategoryGroup(db: Db, actor: StaffActor, categoryId: number, groupId: number | null): Promise<AdminCategory> {
  return changeCategory(db, actor, categoryId, 'setGroup', async (trx, before) => {
    if (before.level !== 1) throw new AppError(taxonomyErrors.groupOnlyForFirst);
    if (before.groupId === groupId) return;
    if (groupId !== null) {
      await lockGroup(trx, groupId);
      await mustFindGroup(trx, groupId);
    }
    const sort = await nextCategorySort(trx, { level: 1, parentId: null, groupId });
    await trx.updateTable('categories').set({ groupId, sort }).where('id', '=', categoryId).execute();
  });
}

/** Deletes an empty category: one with parts or children is refused, with how many. */
export async function deleteCategory(db: Db, actor: StaffActor, categoryId: number): Promise<void> {
  await refusingReferenced(
    withTransaction(db, async (trx) => {
      await lockCategories(trx, [categoryId]);
      const before = await mustFindCategory(trx, categoryId);
      const children = await countChildren(trx, categoryId);
      if (children > 0) throw new AppError(taxonomyErrors.inUse, taxonomyMessages.hasChildren(children));
      const products = await countCategoryProducts(trx, categoryId);
      if (products > 0) throw new AppError(taxonomyErrors.inUse, taxonomyMessages.hasProducts(products));
      await trx.deleteFrom('categoryAttributes').where('categoryId', '=', categoryId).execute();
      await trx.deleteFrom('categories').where('id', '=', categoryId).execute();
      await recordStaffChange(trx, { ...actor, action: 'delete', subject: 'Category', subjectId: categoryId, before: adminCategory(before), after: null });
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

/** The audit's subject id of a menu group: apart from the categories' ids. */
const groupSubjectId = (id: number) => `group:${id}`;

export async function createGroup(db: Db, actor: StaffActor, name: string): Promise<AdminCategoryGroup> {
  return withTransaction(db, async (trx) => {
    const last = await trx
      .selectFrom('categoryGroups')
      .select((eb) => eb.fn.max('sort').as('sort'))
      .executeTakeFirst();
    const inserted = await trx
      .insertInto('categoryGroups')
      .values({ name, sort: (last?.sort ?? 0) + 10 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const after = adminGroup(await mustFindGroup(trx, inserted.id));
    await recordStaffChange(trx, { ...actor, action: 'createGroup', subject: 'Category', subjectId: groupSubjectId(after.id), before: null, after });
    return after;
  });
}

export async function renameGroup(db: Db, actor: StaffActor, groupId: number, name: string): Promise<AdminCategoryGroup> {
  return withTransaction(db, async (trx) => {
    await lockGroup(trx, groupId);
    const before = adminGroup(await mustFindGroup(trx, groupId));
    await trx.updateTable('categoryGroups').set({ name }).where('id', '=', groupId).execute();
    const after = adminGroup(await mustFindGroup(trx, groupId));
    await recordStaffChange(trx, { ...actor, action: 'renameGroup', subject: 'Category', subjectId: groupSubjectId(groupId), before, after });
    return after;
  });
}

/** Moves a group one place up or down in the menu (the first 8 show, the rest under 更多). */
export async function reorderGroup(db: Db, actor: StaffActor, groupId: number, direction: Direction): Promise<CategoryDeskState> {
  await withTransaction(db, async (trx) => {
    for (const group of await findAllGroups(trx)) await lockGroup(trx, group.id);
    const groups = await findAllGroups(trx);
    if (!groups.some((group) => group.id === groupId)) throw new AppError(taxonomyErrors.groupMissing);
    const order = reordered(groups, groupId, direction);
    if (!order) return;
    for (const [index, group] of order.entries()) {
      if (group.sort !== (index + 1) * 10)
        await trx
          .updateTable('categoryGroups')
          .set({ sort: (index + 1) * 10 })
          .where('id', '=', group.id)
          .execute();
    }
    await recordStaffChange(trx, {
      ...actor,
      action: 'reorderGroup',
      subject: 'Category',
      subjectId: groupSubjectId(groupId),
      before: { order: groups.map((group) => group.id) },
      after: { order: order.map((group) => group.id) },
    });
  });
  return loadCategoryDesk(db);
}

/** Deletes a group without categories (its categories must go to another group first). */
export async function deleteGroup(db: Db, actor: StaffActor, groupId: number): Promise<void> {
  await refusingReferenced(
    withTransaction(db, async (trx) => {
      await lockGroup(trx, groupId);
      const before = adminGroup(await mustFindGroup(trx, groupId));
      const count = await countGroupCategories(trx, groupId);
      if (count > 0) throw new AppError(taxonomyErrors.inUse, taxonomyMessages.groupHasCategories(count));
      await trx.deleteFrom('categoryGroups').where('id', '=', groupId).execute();
      await recordStaffChange(trx, { ...actor, action: 'deleteGroup', subject: 'Category', subjectId: groupSubjectId(groupId), before, after: null });
    }),
  );
}
