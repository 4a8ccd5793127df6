import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { CategoriesTable, CategoryGroupsTable } from './catalog.tables.ts';

/** The category tree as the console's category desk reads and writes it (category-staff.service.ts). */

export type CategoryStaffRow = Pick<Selectable<CategoriesTable>, 'id' | 'name' | 'level' | 'parentId' | 'groupId' | 'sort' | 'isHidden' | 'skuCount'>;
export type GroupStaffRow = Pick<Selectable<CategoryGroupsTable>, 'id' | 'name' | 'sort'>;
export type CategoryPlace = Pick<CategoryStaffRow, 'level' | 'parentId' | 'groupId'>;

const categoryColumns = ['id', 'name', 'level', 'parentId', 'groupId', 'sort', 'isHidden', 'skuCount'] as const;

/** better-sqlite3's and PostgreSQL's codes for a row a unique index or a foreign key refuses. */
function codeOf(error: unknown): unknown {
  return error instanceof Error && 'code' in error ? error.code : undefined;
}
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
export function isForeignKeyViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

export function findAllStaffCategories(db: Kysely<Database>): Promise<CategoryStaffRow[]> {
  return db.selectFrom('categories').select(categoryColumns).orderBy('level').orderBy('sort').orderBy('id').execute();
}

export function findStaffCategory(db: Kysely<Database>, id: number): Promise<CategoryStaffRow | undefined> {
  return db.selectFrom('categories').select(categoryColumns).where('id', '=', id).executeTakeFirst();
}

/**
 * Takes the rows' write locks for the rest of the transaction (PostgreSQL; SQLite runs one
 * transaction at a time), in id order so two changes never wait on each other in a circle.
 * The checks read the rows again after it: what a racing change committed is seen.
 */
export async function lockCategories(trx: Kysely<Database>, ids: readonly (number | null)[]): Promise<void> {
  const sorted = [...new Set(ids.filter((id): id is number => id !== null))].sort((a, b) => a - b);
  for (const id of sorted) {
    await trx
      .updateTable('categories')
      .set((eb) => ({ sort: eb.ref('sort') }))
      .where('id', '=', id)
      .execute();
  }
}

export async function lockGroup(trx: Kysely<Database>, id: number): Promise<void> {
  await trx
    .updateTable('categoryGroups')
    .set((eb) => ({ sort: eb.ref('sort') }))
    .where('id', '=', id)
    .execute();
}

/** The categories sharing a place in the tree: a first-level category's group, a second-level one's parent. */
export function findSiblings(db: Kysely<Database>, row: CategoryPlace): Promise<CategoryStaffRow[]> {
  let query = db.selectFrom('categories').select(categoryColumns).where('level', '=', row.level);
  if (row.level === 2) query = query.where('parentId', '=', row.parentId ?? -1);
  else query = row.groupId === null ? query.where('groupId', 'is', null) : query.where('groupId', '=', row.groupId);
  return query.orderBy('sort').orderBy('id').execute();
}

/** Another category of this name at this place (the top, or under the same parent). */
export async function findSiblingNamed(db: Kysely<Database>, place: Pick<CategoryStaffRow, 'level' | 'parentId'>, name: string): Promise<number | undefined> {
  let query = db.selectFrom('categories').select('id').where('name', '=', name).where('level', '=', place.level);
  if (place.level === 2) query = query.where('parentId', '=', place.parentId ?? -1);
  return (await query.executeTakeFirst())?.id;
}

export async function countChildren(db: Kysely<Database>, id: number): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('parentId', '=', id)
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** Parts filed under the category at either level (each count reads one index). */
export async function countCategoryProducts(db: Kysely<Database>, id: number): Promise<number> {
  const [first, second] = await Promise.all(
    (['categoryFirstId', 'categorySecondId'] as const).map((column) =>
      db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where(column, '=', id)
        .executeTakeFirst(),
    ),
  );
  return (first?.count ?? 0) + (second?.count ?? 0);
}

export async function countGroupCategories(db: Kysely<Database>, groupId: number): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('groupId', '=', groupId)
    .executeTakeFirst();
  return row?.count ?? 0;
}

export function findAllGroups(db: Kysely<Database>): Promise<GroupStaffRow[]> {
  return db.selectFrom('categoryGroups').select(['id', 'name', 'sort']).orderBy('sort').orderBy('id').execute();
}

export function findGroup(db: Kysely<Database>, id: number): Promise<GroupStaffRow | undefined> {
  return db.selectFrom('categoryGroups').select(['id', 'name', 'sort']).where('id', '=', id).executeTakeFirst();
}

export async function insertCategory(db: Kysely<Database>, category: Insertable<CategoriesTable>): Promise<number> {
  const inserted = await db.insertInto('categories').values(category).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateCategory(db: Kysely<Database>, id: number, changes: Updateable<CategoriesTable>): Promise<void> {
  await db.updateTable('categories').set(changes).where('id', '=', id).execute();
}

export async function addSkuCount(db: Kysely<Database>, categoryIds: readonly number[], delta: number): Promise<void> {
  if (categoryIds.length === 0 || delta === 0) return;
  await db
    .updateTable('categories')
    .set((eb) => ({ skuCount: eb('skuCount', '+', delta) }))
    .where('id', 'in', [...categoryIds])
    .execute();
}

/** The parts of a second-level category follow it to a new parent; updated_at moves so the parametric index of the new parent takes them in. */
export async function moveCategoryProducts(db: Kysely<Database>, categorySecondId: number, categoryFirstId: number, now: number): Promise<void> {
  await db.updateTable('products').set({ categoryFirstId, updatedAt: now }).where('categorySecondId', '=', categorySecondId).execute();
}

/** The category and the attributes it filters by. */
export async function deleteCategoryRow(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('categoryAttributes').where('categoryId', '=', id).execute();
  await db.deleteFrom('categories').where('id', '=', id).execute();
}

export async function maxGroupSort(db: Kysely<Database>): Promise<number> {
  const last = await db
    .selectFrom('categoryGroups')
    .select((eb) => eb.fn.max('sort').as('sort'))
    .executeTakeFirst();
  return last?.sort ?? 0;
}

export async function insertGroup(db: Kysely<Database>, group: Insertable<CategoryGroupsTable>): Promise<number> {
  const inserted = await db.insertInto('categoryGroups').values(group).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateGroup(db: Kysely<Database>, id: number, changes: Updateable<CategoryGroupsTable>): Promise<void> {
  await db.updateTable('categoryGroups').set(changes).where('id', '=', id).execute();
}

export async function deleteGroupRow(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('categoryGroups').where('id', '=', id).execute();
}
