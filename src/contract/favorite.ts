import { productDetailPath } from './catalog.ts';
import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import { formatUnitPriceE4 } from './money.ts';

/**
 * The member's favorite parts. A favorite of a part that does not exist is refused with the
 * catalogue's one answer for it, productErrors.notFound (catalog.ts).
 */
export const favoriteMessages = {
  added: '已加入收藏',
  removed: '已取消收藏',
  removedMany: '已删除所选收藏',
  alertSaved: '提醒设置已保存',
} as const;

export const favoriteErrors = defineErrors('favorite', {
  /** An alert or removal of a part the member has not favourited. */
  notFound: { code: ResultCode.notFound, msg: '该商品不在您的收藏中' },
});

export const favoritePath = '/user/favorite';
/** The page sizes a member can choose; the first is the default. */
export const favoritePageSizes = [10, 20] as const;
export type FavoritePageSize = (typeof favoritePageSizes)[number];
export const maxFavoriteKeywordLength = 60;
/** How many favourites one removal may name. */
export const maxFavoriteBatch = 100;

export interface FavoriteResponse {
  isFavorite: boolean;
}

/** /user/favorite?q=&page=&size=: what is shown, kept in the URL so a reload shows the same. */
export interface FavoriteListQuery {
  keyword: string;
  page: number;
  pageSize: FavoritePageSize;
}

export interface FavoriteItem {
  productId: number;
  code: string;
  brandName: string;
  package: string;
  description: string;
  imagePath: string | null;
  stock: number;
  packSize: number;
  /** What an add to the cart puts in: the first tier's start as a pack multiple (as the product page starts). */
  initialQuantity: number;
  /** The unit price of the tier covering one piece, in 0.0001 yuan; null without prices. */
  unitPriceE4: number | null;
  /** Not sold any more (no prices, or discontinued and out of stock): shown so, not addable to the cart. */
  isDiscontinued: boolean;
  /** Epoch ms the favourite was added. */
  createdAt: number;
  isStockAlertOn: boolean;
  isPriceAlertOn: boolean;
}

export interface FavoriteListData extends FavoriteListQuery {
  items: FavoriteItem[];
  total: number;
}

export interface FavoriteRemoveManyResponse {
  removedCount: number;
}

export interface FavoriteAlertResponse {
  isStockAlertOn: boolean;
  isPriceAlertOn: boolean;
}

/** Reads the page's query leniently: anything odd is the default. */
export function readFavoriteListQuery(query: Record<string, unknown>): FavoriteListQuery {
  const text = (name: string) => (typeof query[name] === 'string' ? query[name] : '');
  const page = /^\d{1,6}$/.test(text('page')) ? Number(text('page')) : 1;
  const size = Number(text('size'));
  return {
    keyword: text('q').trim().slice(0, maxFavoriteKeywordLength),
    page: page >= 1 ? page : 1,
    pageSize: favoritePageSizes.find((candidate) => candidate === size) ?? favoritePageSizes[0],
  };
}

/** The page's link for a query, defaults left out. */
export function favoriteListHref(query: FavoriteListQuery): string {
  const params = new URLSearchParams();
  if (query.keyword) params.set('q', query.keyword);
  if (query.page > 1) params.set('page', String(query.page));
  if (query.pageSize !== favoritePageSizes[0]) params.set('size', String(query.pageSize));
  const text = params.toString();
  return text ? `${favoritePath}?${text}` : favoritePath;
}

/** The 商品提醒 message of a part back in stock. */
export function backInStockText(code: string, productId: number, stock: number): string {
  return `您收藏的商品 ${code} 已到货，当前库存 ${stock} 个，查看详情：${productDetailPath(productId)}`;
}

/** The 商品提醒 message of a price drop. */
export function priceDropText(code: string, productId: number, oldPriceE4: number, newPriceE4: number): string {
  return `您收藏的商品 ${code} 降价了：单价由 ${formatUnitPriceE4(oldPriceE4)} 降至 ${formatUnitPriceE4(newPriceE4)}，查看详情：${productDetailPath(productId)}`;
}
