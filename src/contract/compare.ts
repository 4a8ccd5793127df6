import type { ProductSummary } from './catalog.ts';
import type { MobileBasePath } from './mobile-buy.ts';

/**
 * 商品对比: up to four parts side by side by their parameters. The parts a visitor ticks (对比) on list
 * rows and product pages are kept in the browser, under compareStorageKey, until they compare them.
 */
export const comparePath = '/product/compare';
export const maxComparedParts = 4;

/**
 * localStorage key of the chosen parts: `{"value":[{"productId":1,"code":"LM358DR"},…],"expiresAt":null}`
 * (web/lib/storage.ts's entry), in the order chosen, at most maxComparedParts.
 */
export const compareStorageKey = 'compareParts';

export const compareMessages = {
  full: `最多可同时对比${maxComparedParts}个商品，请先移除一个`,
  needTwo: '至少选择2个商品才能对比',
  cut: `最多对比${maxComparedParts}个商品，已显示前${maxComparedParts}个`,
  missing: '部分商品不存在或已删除，已从对比中略去',
} as const;

/** /product/compare?ids=1,2,3 */
export function compareHref(productIds: readonly number[]): string {
  return productIds.length === 0 ? comparePath : `${comparePath}?ids=${productIds.join(',')}`;
}

/** ?ids= read leniently: numbers in order, each once; anything else is skipped; past the fourth is cut. */
export function readCompareIds(text: string | undefined): { ids: number[]; isCut: boolean } {
  const ids: number[] = [];
  for (const piece of (text ?? '').split(',')) {
    const trimmed = piece.trim();
    if (!/^\d{1,10}$/.test(trimmed)) continue;
    const id = Number(trimmed);
    if (id > 0 && id <= 2_147_483_647 && !ids.includes(id)) ids.push(id);
  }
  return { ids: ids.slice(0, maxComparedParts), isCut: ids.length > maxComparedParts };
}

export type CompareRowKind = 'text' | 'tiers';

/** One row of the table: a fact or a parameter, one value per part ('—' where a part has none). */
export interface CompareRow {
  key: string;
  label: string;
  kind: CompareRowKind;
  /** tiers rows: one "数量+ 单价" per line. */
  values: string[];
  /** The parts do not all agree (only with two parts or more). */
  isDifferent: boolean;
}

export interface CompareData {
  parts: ProductSummary[];
  rows: CompareRow[];
  /** Ids asked for that are no part (deleted, or never were). */
  missingIds: number[];
  /** More than maxComparedParts were asked for. */
  isCut: boolean;
}

/** /m/product/compare: the same comparison, with the mobile prefix for links. */
export interface MobileCompareData extends CompareData, MobileBasePath {}
