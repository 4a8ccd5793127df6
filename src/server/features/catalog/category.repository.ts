import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export interface CategoryRow {
  id: number;
  name: string;
  level: 1 | 2;
  parentId: number | null;
  groupId: number | null;
  skuCount: number;
}

const categoryColumns = ['id', 'name', 'level', 'parentId', 'groupId', 'skuCount'] as const;

export async function findCategory(db: Kysely<Database>, id: number): Promise<CategoryRow | undefined> {
  return db.selectFrom('categories').select(categoryColumns).where('id', '=', id).executeTakeFirst();
}

export async function findSubcategories(db: Kysely<Database>, parentId: number): Promise<CategoryRow[]> {
  return db.selectFrom('categories').select(categoryColumns).where('parentId', '=', parentId).orderBy('sort').orderBy('id').execute();
}

export interface CategoryAttributeRow {
  attributeId: number;
  name: string;
  unit: string | null;
  valueKind: 'number' | 'text';
}

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

export interface BrandNameRow {
  id: number;
  nameEn: string;
  nameCn: string | null;
}

export async function findAllBrandNames(db: Kysely<Database>): Promise<BrandNameRow[]> {
  return db.selectFrom('brands').select(['id', 'nameEn', 'nameCn']).execute();
}

/** Group → first level → second level, for the catalogue page. */
export interface CategoryTreeRows {
  groups: { id: number; name: string }[];
  categories: (CategoryRow & { sort: number })[];
}

export async function findCategoryTreeRows(db: Kysely<Database>): Promise<CategoryTreeRows> {
  const [groups, categories] = await Promise.all([
    db.selectFrom('categoryGroups').select(['id', 'name']).orderBy('sort').orderBy('id').execute(),
    db.selectFrom('categories').select([...categoryColumns, 'sort']).orderBy('sort').orderBy('id').execute(),
  ]);
  return { groups, categories };
}

/** Every category of a level, the largest first. */
export async function findCategoryIdsBySize(db: Kysely<Database>, level: 1 | 2): Promise<number[]> {
  const rows = await db.selectFrom('categories').select('id').where('level', '=', level).where('skuCount', '>', 0).orderBy('skuCount', 'desc').orderBy('id').execute();
  return rows.map((row) => row.id);
}
