import type { CompanyProse } from './help.ts';
import { beijingHourOf } from './time.ts';

/** The home page's data (spec §3 "Home data") and its limits (spec §9). */

/** userInfo (home): display name is nickName, falling back to userNumber; no userImgPath → default avatar. */
export interface HomeUserInfo {
  nickName: string;
  userNumber: string;
  /** Relative to qiniuImgAddress; '' when the member has no picture. */
  userImgPath: string;
  favoriteCount: number;
  orderCount: number;
}

/** A slide of the main banner carousel. openType set: same window; unset: a new window. */
export interface BannerItem {
  picFilePath: string;
  backgroundColor: string;
  clickUrl: string;
  openType: boolean;
}

/** A bulletin-board announcement, linking to /news/{newsId}. */
export interface NewsItem {
  newsId: number;
  title: string;
}

/** A news-column entry (information or article): opens linkUrl in a new window. */
export interface InformationItem {
  title: string;
  linkUrl: string;
  /** yyyy-MM-dd, Beijing time. */
  releaseDate: string;
}

/** The special-offer corner icon sits at imagesIcons.leftTop.picFile.filePath. */
export interface ImagesIcons {
  leftTop?: { picFile: { filePath: string } };
}

/** A part on the product display stand; price is the single-piece price in yuan, exact to 0.0001 (a unit price, not rounded to fen). */
export interface DisplayProduct {
  productId: number;
  /** 热卖 / 新品 …; null for none. */
  label: string | null;
  factoryCode: string;
  brandName: string;
  price: number;
  /** The part's picture, relative to qiniuImgAddress; '' when there is none. */
  filePath: string;
  imagesIcons: ImagesIcons;
}

/** A row of the recent-order statistics. */
export interface OrderStatistic {
  /** The buyer's phone with its middle hidden: 138****8000. */
  userNum: string;
  productCount: number;
  /** MM-dd HH:mm, Beijing time. */
  orderTimeStr: string;
  /** Yuan, two decimals. */
  tradeAmount: number;
}

/** A partner brand of the brand carousel; brandImgName is its logo, relative to qiniuImgAddress. */
export interface PartnerBrand {
  brandId: number;
  brandImgName: string;
  brandName: string;
}

export interface HomeData {
  isLogin: boolean;
  userInfo: HomeUserInfo | null;
  /** The bulletin board, newest first, at most 6. */
  newsList: NewsItem[];
  bannerList: BannerItem[];
  /** One group per slide of the display stand. */
  productList: DisplayProduct[][];
  orderStatisticsList: OrderStatistic[];
  /** One group per slide of the brand carousel. */
  brandList: PartnerBrand[][];
  /** 早上好 / 下午好 / 晚上好 by the server's Beijing time. */
  greetings: string;
  informationList: InformationItem[];
  articleList: InformationItem[];
  /** The page query's inviter ('' when absent): remembered in local storage and sent on registration. */
  inviter: string;
}

/** The about page's figures: parts listed and brands carried. */
export interface AboutData {
  skuCount: number;
  brandCount: number;
  /** Staff-edited prose (the help centre's company pages group). */
  prose: CompanyProse<'intro' | 'services'>;
}

export const homeLimits = {
  bulletinSize: 6,
  newsColumnSize: 5,
  bannerAutoplayMs: 5000,
  brandAutoplayMs: 5000,
  productAutoplayMs: 3000,
  /** The order statistics show 5 rows at a time while they scroll. */
  orderStatisticsVisibleRows: 5,
  orderStatisticsSize: 20,
  orderStatisticsScrollMs: 2000,
  productsPerSlide: 5,
  brandsPerSlide: 12,
  registerReloadMs: 2000,
  /** Longest inviter kept from the query (the registration schema's limit). */
  inviterLength: 32,
} as const;

/** The special-offer corner icon of the display stand (a site picture, not uploaded content). */
export const specialOfferIconPath = '/static/banners/special-offer-corner.svg';

/** The avatar shown when a member has no picture. */
export const defaultAvatarPath = '/static/banners/default-avatar.svg';

/** 早上好 from 5:00, 下午好 from 12:00, 晚上好 from 18:00 until 5:00 (Beijing time). */
/** The home card's greeting by Beijing time of day; staff word them in the console (site settings). */
export interface Greetings {
  morning: string;
  afternoon: string;
  evening: string;
}

export const defaultGreetings: Greetings = { morning: '早上好', afternoon: '下午好', evening: '晚上好' };

export function greetingFor(epochMs: number, greetings: Greetings = defaultGreetings): string {
  const hour = beijingHourOf(epochMs);
  if (hour >= 5 && hour < 12) return greetings.morning;
  if (hour >= 12 && hour < 18) return greetings.afternoon;
  return greetings.evening;
}

/** 1234567 → "1,234,567": the same on the server and in every browser (no locale data involved). */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 12,000pcs */
export function formatPieces(count: number): string {
  return `${groupThousands(String(Math.trunc(count)))}pcs`;
}

/** Slices a list into groups of `size`: one group per carousel slide. */
export function groupsOf<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size) groups.push(items.slice(start, start + size));
  return groups;
}
