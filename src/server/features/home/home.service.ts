import type { Kysely } from 'kysely';
import { brandDisplayName } from '../../../contract/catalog.ts';
import { maskPhone } from '../../../contract/account.ts';
import {
  greetingFor,
  type AboutData,
  groupsOf,
  homeLimits,
  specialOfferIconPath,
  type BannerItem,
  type DisplayProduct,
  type HomeData,
  type HomeUserInfo,
  type OrderStatistic,
  type PartnerBrand,
} from '../../../contract/home.ts';
import { roundPriceE4 } from '../../../contract/money.ts';
import { createMemoCache } from '../../cache/memo-cache.ts';
import type { Database } from '../../db/database.ts';
import { countFavorites } from '../favorite/favorite.service.ts';
import { loadBulletin, loadNewsColumn } from '../news/news.service.ts';
import {
  countCatalog,
  countOrdersOfUser,
  findBanners,
  findDisplayProducts,
  findHomeUser,
  findPartnerBrands,
  findRecentOrders,
  type DisplayProductRow,
  type RecentOrderRow,
} from './home.repository.ts';

/** The parts of the home page that are the same for everyone. */
export type HomeContent = Pick<HomeData, 'bannerList' | 'newsList' | 'productList' | 'orderStatisticsList' | 'brandList' | 'informationList' | 'articleList'>;

const maxPartnerBrands = homeLimits.brandsPerSlide * 4;

function toDisplayProduct(row: DisplayProductRow): DisplayProduct {
  return {
    productId: row.productId,
    label: row.label,
    factoryCode: row.code,
    brandName: brandDisplayName(row.nameEn, row.nameCn),
    price: row.priceE4 === null ? 0 : roundPriceE4(row.priceE4),
    filePath: row.imagePath ?? '',
    imagesIcons: row.isSpecialOffer === 1 ? { leftTop: { picFile: { filePath: specialOfferIconPath } } } : {},
  };
}

/** Rows grouped by their curated slide, each slide cut to what fits on one. */
export function displayStandSlides(rows: DisplayProductRow[]): DisplayProduct[][] {
  const slides = new Map<number, DisplayProduct[]>();
  for (const row of rows) {
    const slide = slides.get(row.slide) ?? [];
    if (slide.length < homeLimits.productsPerSlide) slide.push(toDisplayProduct(row));
    slides.set(row.slide, slide);
  }
  return [...slides.values()];
}

/** MM-dd HH:mm of a moment, Beijing time. */
export function orderTimeOf(epochMs: number): string {
  const iso = new Date(epochMs + 8 * 3_600_000).toISOString();
  return `${iso.slice(5, 10)} ${iso.slice(11, 16)}`;
}

export function toOrderStatistic(row: RecentOrderRow): OrderStatistic {
  return {
    userNum: maskPhone(row.phone),
    productCount: row.productCount,
    orderTimeStr: orderTimeOf(row.createdAt),
    tradeAmount: roundPriceE4(row.tradeAmountE4),
  };
}

/** How long an edit of banners, news or the display stand may take to show. */
export const homeContentTtlMs = 60_000;

async function readHomeContent(db: Kysely<Database>): Promise<HomeContent> {
  const [banners, newsList, products, orders, brands, informationList, articleList] = await Promise.all([
    findBanners(db),
    loadBulletin(db, homeLimits.bulletinSize),
    findDisplayProducts(db),
    findRecentOrders(db, homeLimits.orderStatisticsSize),
    findPartnerBrands(db, maxPartnerBrands),
    loadNewsColumn(db, 'information', homeLimits.newsColumnSize),
    loadNewsColumn(db, 'article', homeLimits.newsColumnSize),
  ]);
  const bannerList: BannerItem[] = banners.map((row) => ({ ...row, openType: row.openType === 1 }));
  const brandList: PartnerBrand[][] = groupsOf(
    brands.map((row) => ({ brandId: row.id, brandImgName: row.logoPath ?? '', brandName: brandDisplayName(row.nameEn, row.nameCn) })),
    homeLimits.brandsPerSlide,
  );
  return {
    bannerList,
    newsList,
    productList: displayStandSlides(products),
    orderStatisticsList: orders.map(toOrderStatistic),
    brandList,
    informationList,
    articleList,
  };
}

/** Banners, news, the display stand, brands and recent orders of one app's database, read at most once a minute. */
export interface HomeContentCache {
  load(): Promise<HomeContent>;
}

/** Made once per app by the pages that show home content, closing over its database. */
export function createHomeContentCache(db: Kysely<Database>): HomeContentCache {
  const cache = createMemoCache<'home', HomeContent>({ ttlMs: homeContentTtlMs, maxEntries: 1 });
  return {
    load: () => cache.get('home', () => readHomeContent(db)),
  };
}

/** The member's card; null when the session outlived its member. */
export async function loadHomeUserInfo(db: Kysely<Database>, userId: number): Promise<HomeUserInfo | null> {
  const [row, favoriteCount, orderCount] = await Promise.all([findHomeUser(db, userId), countFavorites(db, userId), countOrdersOfUser(db, userId)]);
  if (!row) return null;
  return { nickName: row.nickName, userNumber: row.userNumber, userImgPath: row.userImgPath ?? '', favoriteCount, orderCount };
}

/**
 * The page query's non-empty inviter, cut to what registration accepts. A repeated parameter
 * (`?inviter=a&inviter=b`) is no usable inviter, so this reads the raw query, not its first values.
 */
/** The inviter of `/?inviter=…`, trimmed and cut to the stored length ('' when absent). */
export function inviterOf(value: string | undefined): string {
  return (value ?? '').trim().slice(0, homeLimits.inviterLength);
}

export async function loadHomeData(
  db: Kysely<Database>,
  homeContent: HomeContentCache,
  userId: number | null,
  inviter: string,
  now = Date.now(),
): Promise<HomeData> {
  const [content, userInfo] = await Promise.all([homeContent.load(), userId === null ? null : loadHomeUserInfo(db, userId)]);
  return { ...content, isLogin: userInfo !== null, userInfo, greetings: greetingFor(now), inviter };
}

export function loadAboutData(db: Kysely<Database>): Promise<AboutData> {
  return countCatalog(db);
}
