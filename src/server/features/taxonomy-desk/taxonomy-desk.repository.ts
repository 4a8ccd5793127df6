import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { escapeLike } from '../../db/escape-like.ts';

/** The brand desk's grid: reads only (the catalogue writes its brands, catalog/brand-staff.service.ts). */

export interface BrandFilters {
  name?: string | undefined;
  initial?: string | undefined;
  hasProducts?: 'yes' | 'no' | undefined;
}

const productCountSql = sql<number>`(select count(*) from products where products.brand_id = brands.id)`;
const hasProductsSql = sql<boolean>`exists (select 1 from products where products.brand_id = brands.id)`;

/** Brands by name words, initial and whether they have parts, each with its part count; not yet ordered. */
export function brandDeskQuery(db: Kysely<Database>, { name, initial, hasProducts }: BrandFilters) {
  let query = db
    .selectFrom('brands')
    .select(['id', 'nameEn', 'nameCn', 'initial', 'logoPath', 'intro', 'website', 'country', 'sort', productCountSql.as('productCount')]);
  if (name) {
    const pattern = `%${escapeLike(name.toLowerCase())}%`;
    query = query.where(sql<boolean>`(lower(name_en) like ${pattern} escape '\\' or lower(coalesce(name_cn, '')) like ${pattern} escape '\\')`);
  }
  if (initial) query = query.where('initial', '=', initial);
  if (hasProducts === 'yes') query = query.where(hasProductsSql);
  if (hasProducts === 'no') query = query.where(sql<boolean>`not ${hasProductsSql}`);
  return query;
}

export const brandSortExpressions = { nameEn: sql`lower(name_en)`, productCount: productCountSql };
