import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { LogoBrand } from './brand-logo.ts';

/**
 * Stopgap: `brands` belongs to the catalogue (brand feature), whose service offers no read of
 * one brand's names today (findBrandById went with the brand context). Kept to these two
 * columns, behind images.service, until brand.service exports such a read.
 */
export async function findBrandForLogo(db: Kysely<Database>, brandId: number): Promise<LogoBrand | undefined> {
  return db.selectFrom('brands').select(['nameEn', 'nameCn']).where('id', '=', brandId).executeTakeFirst();
}
