import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import type { MobileBasePath } from './mobile-buy.ts';
import type { QuickOrderProblem } from './quick-order.ts';

/**
 * 常购清单: a member's named lists of parts to buy again, saved from the cart, an order or a BOM (or
 * made by hand). Each line keeps the price and stock it had when saved, so the list shows what
 * changed since; reordering puts lines in the cart through the cart's own add.
 */
export const purchaseListPath = '/user/purchase-list';

export function purchaseListDetailPath(listId: number): string {
  return `${purchaseListPath}/${listId}`;
}

export const purchaseListLimits = {
  listsPerMember: 50,
  /** As many different parts as one cart holds (cart.ts maxCartLines). */
  linesPerList: 500,
  nameMax: 40,
  customerPartNoMax: 40,
} as const;

export const purchaseListSources = ['manual', 'cart', 'order', 'bom'] as const;
export type PurchaseListSource = (typeof purchaseListSources)[number];

export const purchaseListSourceLabels: Record<PurchaseListSource, string> = {
  manual: '手动创建',
  cart: '购物车',
  order: '订单',
  bom: 'BOM配单',
};

export const purchaseListMessages = {
  created: '已存为常购清单',
  renamed: '清单已重命名',
  deleted: '清单已删除',
  lineSaved: '已保存',
  linesRemoved: '已移除所选商品',
  chooseLinesToRemove: '请选择要移除的商品',
  linesAdded: (count: number) => `已添加 ${String(count)} 种商品`,
  nameEmpty: '请输入清单名称',
  nameTooLong: `清单名称不能超过${purchaseListLimits.nameMax}个字`,
  customerPartNoTooLong: `客户料号不能超过${purchaseListLimits.customerPartNoMax}个字`,
} as const;

export const purchaseListErrors = defineErrors('purchaseList', {
  /** Another member's list answers the same as one that does not exist. */
  notFound: { code: ResultCode.notFound, msg: '常购清单不存在或已删除' },
  lineNotFound: { code: ResultCode.notFound, msg: '清单中没有该商品，请刷新页面' },
  tooManyLists: { code: ResultCode.badRequest, msg: `最多可保存${purchaseListLimits.listsPerMember}个常购清单，请先删除不再使用的清单` },
  tooManyLines: { code: ResultCode.badRequest, msg: `每个常购清单最多${purchaseListLimits.linesPerList}种商品` },
  cartNothingSelected: { code: ResultCode.badRequest, msg: '请先在购物车中勾选要保存的商品' },
  sourceEmpty: { code: ResultCode.badRequest, msg: '没有可保存的商品（商品可能已下架）' },
  nothingToAdd: { code: ResultCode.badRequest, msg: '请选择要加入购物车的商品' },
  quantityInvalid: { code: ResultCode.badRequest, msg: '数量有误' },
  /** A company's shared list, seen by a role that may not change it (审批, 财务: decision 0027). */
  readOnly: { code: ResultCode.forbidden, msg: '这是企业共享的常购清单，您的角色只能查看，不能修改' },
});

/** Where a new list's lines come from. */
export type PurchaseListOrigin = { kind: 'manual' } | { kind: 'cart' } | { kind: 'order'; orderNo: string } | { kind: 'bom'; bomId: number };

export interface PurchaseListSummary {
  listId: number;
  name: string;
  source: PurchaseListSource;
  /** The order number or BOM id it was saved from; null for the cart and by hand. */
  sourceRef: string | null;
  lineCount: number;
  createdAt: number;
  updatedAt: number;
  /** Shared inside the member's company (企业账户): every member sees it. */
  isShared: boolean;
  /** The member may rename, delete and edit it: their own list, or a shared one their company role may change. */
  canChange: boolean;
  /** Who saved it (shown for shared lists). */
  ownerName: string;
}

/** /user/purchase-list. */
export interface PurchaseListsData {
  lists: PurchaseListSummary[];
}

export interface PriceChange {
  direction: 'up' | 'down' | 'same';
  /** |current − saved| / saved in tenths of a percent, rounded: 125 is 12.5%. */
  permille: number;
}

/** 有货, 库存不足 (less than the line's quantity), 缺货 (none), 下架 (no longer sold, or deleted). */
export type LineAvailability = 'inStock' | 'short' | 'outOfStock' | 'delisted';

export interface PurchaseListLine {
  lineId: number;
  /** null once the part was deleted from the catalogue: the line keeps what it was saved as. */
  productId: number | null;
  code: string;
  brandName: string;
  package: string;
  quantity: number;
  /** 客户料号: the buyer's own number for the part; '' when none. */
  customerPartNo: string;
  packSize: number;
  /** The tier's unit price at the line's quantity when saved, in 0.0001 yuan; null when it had none. */
  savedUnitPriceE4: number | null;
  /** The same now; null when the part has no prices (下架). */
  currentUnitPriceE4: number | null;
  priceChange: PriceChange | null;
  savedStock: number;
  currentStock: number;
  availability: LineAvailability;
  /** What 加入购物车 puts in: the quantity raised to the minimum and whole packs (orderableQuantityOf). */
  orderQuantity: number;
}

/** /user/purchase-list/{id}. */
export interface PurchaseListDetail {
  list: PurchaseListSummary;
  lines: PurchaseListLine[];
}

/** /m/user/purchase-list: the same lists, with the mobile prefix for links. */
export interface MobilePurchaseListsData extends PurchaseListsData, MobileBasePath {}

/** /m/user/purchase-list/{id}. */
export interface MobilePurchaseListDetail extends PurchaseListDetail, MobileBasePath {}

export interface PurchaseListCreated {
  listId: number;
  name: string;
  lineCount: number;
}

export interface ReorderAdded {
  lineId: number;
  code: string;
  quantity: number;
  /** The list's quantity, when the cart needed more (minimum or whole packs). */
  requestedQuantity: number;
}

export interface ReorderSkipped {
  lineId: number;
  code: string;
  reason: string;
}

export interface ReorderResult {
  added: ReorderAdded[];
  skipped: ReorderSkipped[];
  cartCount: number;
}

/** Lines typed or pasted into a list (the quick-order parser): the list afterwards and the lines left out. */
export interface PurchaseListAddLinesResult {
  detail: PurchaseListDetail;
  addedCount: number;
  problems: QuickOrderProblem[];
}

/** How the price moved between saving and now; null when either is unknown. */
export function priceChangeOf(savedE4: number | null, currentE4: number | null): PriceChange | null {
  if (savedE4 === null || currentE4 === null || savedE4 <= 0) return null;
  if (savedE4 === currentE4) return { direction: 'same', permille: 0 };
  return { direction: currentE4 > savedE4 ? 'up' : 'down', permille: Math.round((Math.abs(currentE4 - savedE4) * 1000) / savedE4) };
}

/** ↑ 12.5% / ↓ 3.0% / 持平. */
export function priceChangeText(change: PriceChange): string {
  if (change.direction === 'same') return '持平';
  const percent = `${String(Math.trunc(change.permille / 10))}.${String(change.permille % 10)}%`;
  return `${change.direction === 'up' ? '↑' : '↓'} ${percent}`;
}

export function availabilityOf(isOnSale: boolean, stock: number, quantity: number): LineAvailability {
  if (!isOnSale) return 'delisted';
  if (stock <= 0) return 'outOfStock';
  return stock < quantity ? 'short' : 'inStock';
}

export const availabilityLabels: Record<LineAvailability, string> = {
  inStock: '有货',
  short: '库存不足',
  outOfStock: '缺货',
  delisted: '下架',
};

/** The name the save dialog proposes. */
export function defaultListName(origin: PurchaseListOrigin, bomName = '', today = ''): string {
  if (origin.kind === 'order') return `订单 ${origin.orderNo}`;
  if (origin.kind === 'bom') return (bomName.trim() || 'BOM').slice(0, purchaseListLimits.nameMax);
  if (origin.kind === 'cart') return `购物车 ${today}`.trim();
  return '';
}
