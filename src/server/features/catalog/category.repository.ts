import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { AttributesTable, BrandsTable, CategoriesTable } from './catalog.tables.ts';

export type CategoryRow = Pick<Selectable<CategoriesTable>, 'id' | 'name' | 'level' | 'parentId' | 'groupId' | 'skuCount'>;

const categoryColumns = ['id', 'name', 'level', 'parentId', 'groupId', 'skuCount'] as const;

/** Several categories in one statement; unknown ids are left out. */
export async function findCategories(db: Kysely<Database>, ids: readonly number[]): Promise<CategoryRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('categories').select(categoryColumns).where('id', 'in', ids).execute();
}

/** The shown (not hidden) second-level categories of a first-level one. */
export async function findSubcategories(db: Kysely<Database>, parentId: number): Promise<CategoryRow[]> {
  return db.selectFrom('categories').select(categoryColumns).where('parentId', '=', parentId).where('isHidden', '=', 0).orderBy('sort').orderBy('id').execute();
}

export type CategoryAttributeRow = { attributeId: number } & Pick<Selectable<AttributesTable>, 'name' | 'unit' | 'valueKind'>;

/** The attributes a second-level category is filtered by, in display order. */
export async function findCategoryAttributes(db: Kysely<Database>, categoryId: number): Promise<CategoryAttributeRow[]> {
  return db
    .selectFrom('categoryAttributes as ca')
    .innerJoin('attributes as a', 'a.id', 'ca.attributeId')
    .select(['a.id as attributeId', 'a.name', 'a.unit', 'a.valueKind'])
    .where('ca.categoryId', '=', categoryId)
    .orderBy('ca.sort')
    .orderBy('a.id')
    .execute();
}

export type BrandNameRow = Pick<Selectable<BrandsTable>, 'id' | 'nameEn' | 'nameCn'>;

export async function findAllBrandNames(db: Kysely<Database>): Promise<BrandNameRow[]> {
  return db.selectFrom('brands').select(['id', 'nameEn', 'nameCn']).execute();
}

/** Every category of a level, the largest first. */
export async function findCategoryIdsBySize(db: Kysely<Database>, level: 1 | 2): Promise<number[]> {
  const rows = await db
    .selectFrom('categories')
    .select('id')
    .where('level', '=', level)
    .where('skuCount', '>', 0)
    .orderBy('skuCount', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}
