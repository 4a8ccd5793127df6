import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export async function findBrandForLogo(db: Kysely<Database>, brandId: number) {
  return db.selectFrom('brands').select(['nameEn', 'nameCn']).where('id', '=', brandId).executeTakeFirst();
}
