import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { BrandsTable, CategoriesTable, CategoryGroupsTable } from '../catalog/catalog.tables.ts';

type Db = Kysely<Database>;

export type CategoryDeskRow = Pick<Selectable<CategoriesTable>, 'id' | 'name' | 'level' | 'parentId' | 'groupId' | 'sort' | 'isHidden' | 'skuCount'>;
export type GroupDeskRow = Pick<Selectable<CategoryGroupsTable>, 'id' | 'name' | 'sort'>;
export type BrandDeskRow = Pick<Selectable<BrandsTable>, 'id' | 'nameEn' | 'nameCn' | 'initial' | 'logoPath' | 'intro' | 'website' | 'country' | 'sort'>;

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

export function findAllDeskCategories(db: Db): Promise<CategoryDeskRow[]> {
  return db.selectFrom('categories').select(categoryColumns).orderBy('level').orderBy('sort').orderBy('id').execute();
}

export function findDeskCategory(db: Db, id: number): Promise<CategoryDeskRow | undefined> {
  return db.selectFrom('categories').select(categoryColumns).where('id', '=', id).executeTakeFirst();
}

/**
 * Takes the rows' write locks for the rest of the transaction (PostgreSQL; SQLite runs one
 * transaction at a time), in id order so two changes never wait on each other in a circle.
 * The checks read the rows again after it: what a racing change committed is seen.
 */
export async function lockCategories(trx: Db, ids: readonly (number | null)[]): Promise<void> {
  const sorted = [...new Set(ids.filter((id): id is number => id !== null))].sort((a, b) => a - b);
  for (const id of sorted) {
    await trx
      .updateTable('categories')
      .set((eb) => ({ sort: eb.ref('sort') }))
      .where('id', '=', id)
      .execute();
  }
}

export async function lockGroup(trx: Db, id: number): Promise<void> {
  await trx
    .updateTable('categoryGroups')
    .set((eb) => ({ sort: eb.ref('sort') }))
    .where('id', '=', id)
    .execute();
}

/** The categories sharing a place in the tree: a first-level category's group, a second-level one's parent. */
export function findSiblings(db: Db, row: Pick<CategoryDeskRow, 'level' | 'parentId' | 'groupId'>): Promise<CategoryDeskRow[]> {
  let query = db.selectFrom('categories').select(categoryColumns).where('level', '=', row.level);
  if (row.level === 2) query = query.where('parentId', '=', row.parentId ?? -1);
  else query = row.groupId === null ? query.where('groupId', 'is', null) : query.where('groupId', '=', row.groupId);
  return query.orderBy('sort').orderBy('id').execute();
}

export async function countChildren(db: Db, id: number): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('parentId', '=', id)
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** Parts filed under the category at either level (each count reads one index). */
export async function countCategoryProducts(db: Db, id: number): Promise<number> {
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

export async function countGroupCategories(db: Db, groupId: number): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('groupId', '=', groupId)
    .executeTakeFirst();
  return row?.count ?? 0;
}

export async function nextCategorySort(db: Db, place: Pick<CategoryDeskRow, 'level' | 'parentId' | 'groupId'>): Promise<number> {
  const siblings = await findSiblings(db, place);
  return Math.max(0, ...siblings.map((row) => row.sort)) + 10;
}

export function findAllGroups(db: Db): Promise<GroupDeskRow[]> {
  return db.selectFrom('categoryGroups').select(['id', 'name', 'sort']).orderBy('sort').orderBy('id').execute();
}

export function findGroup(db: Db, id: number): Promise<GroupDeskRow | undefined> {
  return db.selectFrom('categoryGroups').select(['id', 'name', 'sort']).where('id', '=', id).executeTakeFirst();
}

const brandColumns = ['id', 'nameEn', 'nameCn', 'initial', 'logoPath', 'intro', 'website', 'country', 'sort'] as const;

export function findDeskBrand(db: Db, id: number): Promise<BrandDeskRow | undefined> {
  return db.selectFrom('brands').select(brandColumns).where('id', '=', id).executeTakeFirst();
}

export async function countBrandProducts(db: Db, brandId: number): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('brandId', '=', brandId)
    .executeTakeFirst();
  return row?.count ?? 0;
}
