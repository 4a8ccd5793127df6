import type { Kysely } from 'kysely';
import { brandDisplayName } from '../../../contract/catalog.ts';
import { couponPaths } from '../../../contract/coupon.ts';
import {
  greetingFor,
  type Greetings,
  type AboutData,
  groupsOf,
  homeLimits,
  specialOfferIconPath,
  type BannerItem,
  type DisplayProduct,
  type HomeData,
  type HomeUserInfo,
  type PartnerBrand,
} from '../../../contract/home.ts';
import { yuanOfE4 } from '../../../contract/money.ts';
import type { SiteFacts } from '../../../contract/site-facts.ts';
import type { CacheVersions } from '../../cache/cache-versions.ts';
import { createMemoCache } from '../../cache/memo-cache.ts';
import type { Database } from '../../db/database.ts';
import type { Visitor } from '../../http/session.ts';
import { loadMemberCard } from '../account/member-card.service.ts';
import { hasNewMemberPack, visitorHasNewMemberPack } from '../coupon/coupon.service.ts';
import { countFavorites } from '../favorite/favorite.service.ts';
import { loadGreetings } from '../content/site-settings.service.ts';
import { loadBulletin, loadNewsColumn } from '../news/news.service.ts';
import { countOrdersOfMember, loadOrderStatistics } from '../order/order.service.ts';
import { countCatalog, findBanners, findDisplayProducts, findPartnerBrands, type DisplayProductRow } from './home.repository.ts';

/** A slide with the window it shows in (staff schedule slides; the cache holds them all). */
export interface TimedBanner {
  banner: BannerItem;
  startsAt: number | null;
  endsAt: number | null;
}

/** The parts of the home page that are the same for everyone (the slides before their windows are applied). */
export type HomeContent = Pick<HomeData, 'newsList' | 'productList' | 'orderStatisticsList' | 'brandList' | 'informationList' | 'articleList'> & {
  banners: TimedBanner[];
  greetings: Greetings;
};

/** The slides whose window holds `now`. */
export function bannersShowingAt(banners: readonly TimedBanner[], now: number): BannerItem[] {
  return banners
    .filter((entry) => (entry.startsAt === null || entry.startsAt <= now) && (entry.endsAt === null || entry.endsAt > now))
    .map((entry) => entry.banner);
}

const maxPartnerBrands = homeLimits.brandsPerSlide * 4;

function toDisplayProduct(row: DisplayProductRow): DisplayProduct {
  return {
    productId: row.productId,
    label: row.label,
    factoryCode: row.code,
    brandName: brandDisplayName(row.nameEn, row.nameCn),
    price: row.priceE4 === null ? 0 : yuanOfE4(row.priceE4),
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

/** How long a change the cache versions do not see (recent orders) may take to show. */
export const homeContentTtlMs = 60_000;

/**
 * What visitors see; with `isPreview`, the drafts too and the slides not yet started (the console's
 * preview, never cached, never served to a visitor).
 */
export async function readHomeContent(db: Kysely<Database>, facts: SiteFacts, isPreview = false): Promise<HomeContent> {
  const [bannerRows, newsList, products, orders, brands, informationList, articleList, greetings] = await Promise.all([
    findBanners(db, isPreview),
    loadBulletin(db, homeLimits.bulletinSize, facts, isPreview),
    findDisplayProducts(db),
    loadOrderStatistics(db, homeLimits.orderStatisticsSize),
    findPartnerBrands(db, maxPartnerBrands),
    loadNewsColumn(db, 'information', homeLimits.newsColumnSize, facts, isPreview),
    loadNewsColumn(db, 'article', homeLimits.newsColumnSize, facts, isPreview),
    loadGreetings(db),
  ]);
  const banners: TimedBanner[] = bannerRows.map(({ startsAt, endsAt, ...row }) => ({
    banner: { ...row, openType: row.openType === 1 },
    startsAt: isPreview ? null : startsAt,
    endsAt,
  }));
  const brandList: PartnerBrand[][] = groupsOf(
    brands.map((row) => ({ brandId: row.id, brandImgName: row.logoPath ?? '', brandName: brandDisplayName(row.nameEn, row.nameCn) })),
    homeLimits.brandsPerSlide,
  );
  return {
    banners,
    greetings,
    newsList,
    productList: displayStandSlides(products),
    orderStatisticsList: orders,
    brandList,
    informationList,
    articleList,
  };
}

/** Banners, news, the display stand, brands and recent orders of one app's database, read again after an edit (orders: once a minute). */
export interface HomeContentCache {
  load(): Promise<HomeContent>;
}

/**
 * Made once per app by the pages that show home content, closing over its database. The news titles are
 * kept with the site facts they name filled in, so a change of the settings or the warehouses reloads them.
 */
export function createHomeContentCache(db: Kysely<Database>, versions: CacheVersions, loadFacts: () => Promise<SiteFacts>): HomeContentCache {
  const cache = createMemoCache<'home', HomeContent>({
    ttlMs: homeContentTtlMs,
    maxEntries: 1,
    version: versions.of('banners', 'news', 'home_products', 'products', 'product_prices', 'brands', 'site_config', 'warehouses'),
  });
  return {
    load: () => cache.get('home', async () => readHomeContent(db, await loadFacts())),
  };
}

/** The member's card; null when the session outlived its member. */
export async function loadHomeUserInfo(db: Kysely<Database>, member: Visitor, userId: number): Promise<HomeUserInfo | null> {
  const [row, favoriteCount, orderCount] = await Promise.all([loadMemberCard(db, member), countFavorites(db, userId), countOrdersOfMember(db, userId)]);
  if (!row) return null;
  return { nickName: row.nickName, userNumber: row.userNumber, userImgPath: row.userImgPath ?? '', favoriteCount, orderCount };
}

/** The inviter of `/?inviter=…`, trimmed and cut to the stored length ('' when absent). */
export function inviterOf(value: string | undefined): string {
  return (value ?? '').trim().slice(0, homeLimits.inviterLength);
}

/** The home page for the request's visitor (null: nobody, the console's preview); what its shell also reads is read once. */
export async function loadHomeData(
  db: Kysely<Database>,
  homeContent: HomeContentCache,
  visitor: Visitor | null,
  inviter: string,
  now = Date.now(),
): Promise<HomeData> {
  const userId = visitor?.userId ?? null;
  const [content, userInfo, hasPack] = await Promise.all([
    homeContent.load(),
    visitor === null || userId === null ? null : loadHomeUserInfo(db, visitor, userId),
    visitor !== null && visitorHasNewMemberPack(db, visitor),
  ]);
  const { banners, greetings, ...shared } = content;
  const bannerList = bannersFor(bannersShowingAt(banners, now), hasPack);
  return { ...shared, bannerList, isLogin: userInfo !== null, userInfo, greetings: greetingFor(now, greetings), inviter };
}

/** The banners a member sees: one who has the new-member pack gets the coupon centre's banner instead of the pack's. */
function bannersFor(banners: BannerItem[], hasPack: boolean): BannerItem[] {
  return hasPack ? banners.map((banner) => (banner.clickUrl === couponPaths.newMemberPack ? couponCentreBanner : banner)) : banners;
}

/** The home banners for one visitor or member, as the desktop home shows them (the mobile home shows the same). */
export async function loadHomeBanners(db: Kysely<Database>, homeContent: HomeContentCache, userId: number | null, now = Date.now()): Promise<BannerItem[]> {
  const [content, hasPack] = await Promise.all([homeContent.load(), userId !== null && hasNewMemberPack(db, userId)]);
  return bannersFor(bannersShowingAt(content.banners, now), hasPack);
}

/** Shown instead of the new-member pack's banner to a member who has the pack. */
const couponCentreBanner: BannerItem = {
  picFilePath: '/static/banners/banner-coupon-centre.svg',
  backgroundColor: '#1e50ae',
  clickUrl: couponPaths.centre,
  openType: true,
};

/** /about's live figures (its prose comes from the help centre's company pages group). */
export function loadAboutData(db: Kysely<Database>): Promise<Omit<AboutData, 'prose'>> {
  return countCatalog(db);
}
