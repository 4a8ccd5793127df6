import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export interface BrandRow {
  id: number;
  nameEn: string;
  nameCn: string | null;
  initial: string;
  logoPath: string | null;
  intro: string;
  country: string;
  isPartner: number;
}

const brandColumns = ['id', 'nameEn', 'nameCn', 'initial', 'logoPath', 'intro', 'country', 'isPartner'] as const;

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
  return new Map(rows.map((row) => [row.brandId, Number(row.count)]));
}
