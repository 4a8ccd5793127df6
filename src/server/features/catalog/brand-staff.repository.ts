import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { BrandsTable } from './catalog.tables.ts';

/** The brands as the console's brand desk writes them (brand-staff.service.ts). */

export type BrandStaffRow = Pick<Selectable<BrandsTable>, 'id' | 'nameEn' | 'nameCn' | 'initial' | 'logoPath' | 'intro' | 'website' | 'country' | 'sort'>;

const brandColumns = ['id', 'nameEn', 'nameCn', 'initial', 'logoPath', 'intro', 'website', 'country', 'sort'] as const;

export function findStaffBrand(db: Kysely<Database>, id: number): Promise<BrandStaffRow | undefined> {
  return db.selectFrom('brands').select(brandColumns).where('id', '=', id).executeTakeFirst();
}

/** A brand of this English name, whatever its case. */
export async function findBrandIdNamed(db: Kysely<Database>, nameEn: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('brands')
    .select('id')
    .where(sql<boolean>`lower(name_en) = ${nameEn.toLowerCase()}`)
    .executeTakeFirst();
  return row?.id;
}

export async function countBrandProducts(db: Kysely<Database>, brandId: number): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('brandId', '=', brandId)
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** Takes the row's write lock for the rest of the transaction (PostgreSQL). */
export async function lockBrand(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('brands')
    .set((eb) => ({ sort: eb.ref('sort') }))
    .where('id', '=', id)
    .execute();
}

export async function insertBrand(db: Kysely<Database>, brand: Insertable<BrandsTable>): Promise<number> {
  const inserted = await db.insertInto('brands').values(brand).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateBrand(db: Kysely<Database>, id: number, changes: Updateable<BrandsTable>): Promise<void> {
  await db.updateTable('brands').set(changes).where('id', '=', id).execute();
}

/** False when another delete removed it first. */
export async function deleteBrandRow(db: Kysely<Database>, id: number): Promise<boolean> {
  const deleted = await db.deleteFrom('brands').where('id', '=', id).executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}
