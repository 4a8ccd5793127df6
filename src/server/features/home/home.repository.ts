import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export interface BannerRow {
  picFilePath: string;
  backgroundColor: string;
  clickUrl: string;
  openType: number;
  startsAt: number | null;
  endsAt: number | null;
}

/** The published slides (with drafts too for the console's preview), their windows for the caller to apply. */
export async function findBanners(db: Kysely<Database>, withDrafts = false): Promise<BannerRow[]> {
  let query = db.selectFrom('banners').select(['picFilePath', 'backgroundColor', 'clickUrl', 'openType', 'startsAt', 'endsAt']);
  if (!withDrafts) query = query.where('isPublished', '=', 1);
  return query.orderBy('sort').orderBy('id').execute();
}

export interface DisplayProductRow {
  productId: number;
  slide: number;
  label: string | null;
  code: string;
  nameEn: string;
  nameCn: string | null;
  imagePath: string | null;
  isSpecialOffer: number;
  /** The first tier's unit price; null for a part without prices. */
  priceE4: number | null;
}

/** The curated display stand in slide order, each part with its single-piece price. */
export async function findDisplayProducts(db: Kysely<Database>): Promise<DisplayProductRow[]> {
  return db
    .selectFrom('homeProducts as hp')
    .innerJoin('products as p', 'p.id', 'hp.productId')
    .innerJoin('brands as b', 'b.id', 'p.brandId')
    .select((eb) => [
      'hp.productId',
      'hp.slide',
      'p.label',
      'p.code',
      'b.nameEn',
      'b.nameCn',
      'p.imagePath',
      'p.isSpecialOffer',
      eb.selectFrom('productPrices as pp').select('pp.priceE4').whereRef('pp.productId', '=', 'p.id').orderBy('pp.qtyStart').limit(1).as('priceE4'),
    ])
    .orderBy('hp.slide')
    .orderBy('hp.sort')
    .orderBy('hp.productId')
    .execute();
}

export interface PartnerBrandRow {
  id: number;
  nameEn: string;
  nameCn: string | null;
  logoPath: string | null;
}

export async function findPartnerBrands(db: Kysely<Database>, limit: number): Promise<PartnerBrandRow[]> {
  return db.selectFrom('brands').select(['id', 'nameEn', 'nameCn', 'logoPath']).where('isPartner', '=', 1).orderBy('sort').orderBy('id').limit(limit).execute();
}

export interface NewBanner {
  picFilePath: string;
  backgroundColor: string;
  clickUrl: string;
  openType: number;
  sort: number;
}

export async function insertBanners(db: Kysely<Database>, banners: NewBanner[]): Promise<void> {
  if (banners.length > 0) await db.insertInto('banners').values(banners).execute();
}

export async function insertHomeProducts(db: Kysely<Database>, picks: { productId: number; slide: number; sort: number }[]): Promise<void> {
  if (picks.length > 0) await db.insertInto('homeProducts').values(picks).execute();
}

/** What the about page boasts: parts listed (the categories' kept counts) and brands carried. */
export async function countCatalog(db: Kysely<Database>): Promise<{ skuCount: number; brandCount: number }> {
  const [skus, brands] = await Promise.all([
    db
      .selectFrom('categories')
      .select((eb) => eb.fn.sum<number>('skuCount').as('total'))
      .where('level', '=', 2)
      .executeTakeFirst(),
    db
      .selectFrom('brands')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirst(),
  ]);
  return { skuCount: skus?.total ?? 0, brandCount: brands?.count ?? 0 };
}
