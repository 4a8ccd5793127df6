import type { Generated } from 'kysely';

/** A slide of the main banner carousel. */
export interface BannersTable {
  id: Generated<number>;
  /** Relative to qiniuImgAddress, or a root path of the site's own pictures. */
  picFilePath: string;
  backgroundColor: Generated<string>;
  clickUrl: string;
  /** 1: opens in the same window. */
  openType: Generated<number>;
  sort: Generated<number>;
  /** 0: a draft, shown only in the console's preview. */
  isPublished: Generated<number>;
  /** The window it shows in (either end open when null). */
  startsAt: number | null;
  endsAt: number | null;
}

/** The curated product display stand: which parts, on which slide, in which order. */
export interface HomeProductsTable {
  productId: number;
  slide: number;
  sort: Generated<number>;
}

export interface HomeTables {
  banners: BannersTable;
  homeProducts: HomeProductsTable;
}
