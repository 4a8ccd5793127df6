import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export interface ProductStamp {
  id: number;
  updatedAt: number;
}

/** One product sitemap: the parts with ids in (bucket × size, (bucket + 1) × size], and their latest change. */
export interface ProductBucket {
  bucket: number;
  lastmod: number;
}

/** One pass over (id, updated_at): which id ranges hold parts, and when each range last changed. */
export async function listProductBuckets(db: Kysely<Database>, urlsPerFile: number): Promise<ProductBucket[]> {
  const bucket = sql<number>`(id - 1) / ${sql.lit(urlsPerFile)}`;
  const result = await sql<ProductBucket>`select ${bucket} as bucket, max(updated_at) as lastmod from products group by ${bucket} order by bucket`.execute(db);
  return result.rows;
}

/** The next chunk of a product sitemap, by keyset (id > afterId), never an offset. */
export async function readProductStamps(db: Kysely<Database>, afterId: number, upToId: number, limit: number): Promise<ProductStamp[]> {
  return db.selectFrom('products').select(['id', 'updatedAt']).where('id', '>', afterId).where('id', '<=', upToId).orderBy('id').limit(limit).execute();
}

export interface CategoryStamp {
  id: number;
  level: 1 | 2;
  parentId: number | null;
  /** The latest change of a part in it; null for a category with no parts. */
  lastmod: number | null;
}

/**
 * Categories carry no timestamp of their own: a category page shows its parts, so it changes when
 * one of them does. Each max is one descent of the (category, updated_at) indexes of migration 0009.
 */
export async function listCategoryStamps(db: Kysely<Database>): Promise<CategoryStamp[]> {
  const first = await db
    .selectFrom('categories as c')
    .where('c.level', '=', 1)
    .select(['c.id', 'c.level', 'c.parentId'])
    .select((eb) =>
      eb
        .selectFrom('products as p')
        .whereRef('p.categoryFirstId', '=', 'c.id')
        .select((inner) => inner.fn.max('p.updatedAt').as('m'))
        .as('lastmod'),
    )
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute();
  const second = await db
    .selectFrom('categories as c')
    .where('c.level', '=', 2)
    .select(['c.id', 'c.level', 'c.parentId'])
    .select((eb) =>
      eb
        .selectFrom('products as p')
        .whereRef('p.categorySecondId', '=', 'c.id')
        .select((inner) => inner.fn.max('p.updatedAt').as('m'))
        .as('lastmod'),
    )
    .orderBy('c.parentId')
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute();
  return [...first, ...second];
}

export interface BrandStamp {
  id: number;
  lastmod: number | null;
}

/**
 * Brands carry no timestamp either: a brand page lists its parts, so it changes when one of them
 * does. Each max is one descent of the (brand, updated_at) index of migration 0034.
 */
export async function listBrandStamps(db: Kysely<Database>): Promise<BrandStamp[]> {
  return db
    .selectFrom('brands as b')
    .select('b.id')
    .select((eb) =>
      eb
        .selectFrom('products as p')
        .whereRef('p.brandId', '=', 'b.id')
        .select((inner) => inner.fn.max('p.updatedAt').as('m'))
        .as('lastmod'),
    )
    .orderBy('b.sort')
    .orderBy('b.id')
    .execute();
}

export interface NewsStamp {
  newsId: number;
  kind: Database['news']['kind'];
  releaseDate: number;
}

/** News with a page of their own (an entry with a linkUrl leads elsewhere), newest first. */
export async function listNewsStamps(db: Kysely<Database>): Promise<NewsStamp[]> {
  return db
    .selectFrom('news')
    .select(['newsId', 'kind', 'releaseDate'])
    .where('linkUrl', 'is', null)
    .orderBy('releaseDate', 'desc')
    .orderBy('newsId', 'desc')
    .execute();
}
