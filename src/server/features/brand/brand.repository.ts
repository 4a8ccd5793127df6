import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { BrandsTable } from '../catalog/catalog.tables.ts';

/** The columns the brand pages show. */
export type BrandRow = Pick<Selectable<BrandsTable>, 'id' | 'nameEn' | 'nameCn' | 'initial' | 'logoPath' | 'intro' | 'country' | 'website'>;

const brandColumns = ['id', 'nameEn', 'nameCn', 'initial', 'logoPath', 'intro', 'country', 'website'] as const;

export async function findBrand(db: Kysely<Database>, id: number): Promise<BrandRow | undefined> {
  return db.selectFrom('brands').select(brandColumns).where('id', '=', id).executeTakeFirst();
}

export async function findAllBrands(db: Kysely<Database>): Promise<BrandRow[]> {
  return db.selectFrom('brands').select(brandColumns).orderBy('initial').orderBy('sort').orderBy('nameEn').execute();
}

/** Parts per brand: one pass over the brand index. */
export async function countProductsByBrand(db: Kysely<Database>): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('products')
    .select(['brandId', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('brandId')
    .execute();
  return new Map(rows.map((row) => [row.brandId, row.count]));
}
