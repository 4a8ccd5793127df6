import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import type { PriceTier } from './pricing.ts';
import { mslLabels, mslLevels, packagingLabels, packagings, reachLabels, reachStatuses, type PurchasingView } from './purchasing.ts';
import type { WarehouseStock } from './warehouse.ts';

/** Sort orders of part lists (the `sort` of spec §3's attribute product list query). */
export const ProductSort = {
  /** 综合: in stock first, then catalogue order. */
  default: 0,
  priceAsc: 1,
  priceDesc: 2,
  stockDesc: 3,
} as const;
export type ProductSort = (typeof ProductSort)[keyof typeof ProductSort];

export function isProductSort(value: number): value is ProductSort {
  return value === 0 || value === 1 || value === 2 || value === 3;
}

export const productSortLabels: Record<ProductSort, string> = {
  0: '综合排序',
  1: '价格从低到高',
  2: '价格从高到低',
  3: '库存从多到少',
};

export const listPageSize = 20;
export const maxListPage = 10_000;

/** Messages of the list requests (parametric selection, search), one wording for each mistake. */
export const listMessages = {
  pageInvalid: '页码有误',
  sortInvalid: '排序方式有误',
  stockInvalid: '库存筛选有误',
  categoryRequired: '请选择分类',
  categoryInvalid: '分类有误',
} as const;

/** The one answer for a part that does not exist (product page, favorites, cart, mobile). */
export const productErrors = defineErrors('product', {
  notFound: { code: ResultCode.notFound, msg: '商品不存在' },
});

export const catalogErrors = defineErrors('catalog', {
  categoryMissing: { code: ResultCode.notFound, msg: '该分类不存在' },
  filterInvalid: { code: ResultCode.badRequest, msg: '筛选条件格式有误' },
});

export const brandErrors = defineErrors('brand', {
  notFound: { code: ResultCode.notFound, msg: '品牌不存在' },
});

/** The brand facet's key inside a filter; every other key is an attribute id or a purchasing key. */
export const brandFilterKey = 'brand';

/**
 * Purchasing data the parametric filter chooses by (issue 28), in every category: product columns, not
 * attributes, so their keys are names. Values travel as the stored codes (tape_reel, 3, compliant).
 */
export const purchasingFilters = {
  packaging: { name: '包装方式', values: packagings, labels: packagingLabels as Record<string, string> },
  msl: { name: '湿敏等级', values: mslLevels, labels: mslLabels as Record<string, string> },
  reach: { name: 'REACH', values: reachStatuses, labels: reachLabels as Record<string, string> },
} as const;
export type PurchasingFilterKey = keyof typeof purchasingFilters;
export const purchasingFilterKeys = Object.keys(purchasingFilters) as PurchasingFilterKey[];

export function isPurchasingFilterKey(key: string): key is PurchasingFilterKey {
  return Object.hasOwn(purchasingFilters, key);
}

export interface NumberRange {
  /** In the attribute's base unit (Ω, F, V…); either bound may be absent. */
  min?: number;
  max?: number;
}

/**
 * A selection of the parametric filters: attribute id → chosen values (as displayed,
 * e.g. "10kΩ") or a numeric range; `brand` → brand ids. Travels as a JSON string in the
 * `filter` field and in the page URL, so a selection can be shared and reloaded.
 */
export type ChooseFilter = Record<string, string[] | NumberRange>;

const filterKeyPattern = /^(\d{1,9}|brand|packaging|msl|reach)$/;
const maxFilterKeys = 30;
const maxFilterValues = 200;
const maxFilterValueLength = 100;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isOptionalFinite(value: unknown): value is number | undefined {
  return value === undefined || (typeof value === 'number' && Number.isFinite(value));
}

/** A range has only min and max, each optional and finite, and min ≤ max. */
function readRange(value: Record<string, unknown>): NumberRange | null {
  if (Object.keys(value).some((key) => key !== 'min' && key !== 'max')) return null;
  const { min, max } = value;
  if (!isOptionalFinite(min) || !isOptionalFinite(max)) return null;
  if (min !== undefined && max !== undefined && min > max) return null;
  return { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
}

function isFilterValueList(value: unknown[]): value is string[] {
  return value.length <= maxFilterValues && value.every((item) => typeof item === 'string' && item.length >= 1 && item.length <= maxFilterValueLength);
}

/**
 * Parses the `filter` JSON string; null when it is not a valid selection. Empty → no filters.
 * Read by hand rather than by a schema: the browser reads its URL with it, without zod.
 */
export function parseChooseFilter(text: string | null | undefined): ChooseFilter | null {
  if (text === undefined || text === null || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isPlainObject(value)) return null;
  const entries = Object.entries(value);
  if (entries.length > maxFilterKeys) return null;
  const filter: ChooseFilter = {};
  for (const [key, selection] of entries) {
    if (!filterKeyPattern.test(key)) return null;
    const read = Array.isArray(selection) ? (isFilterValueList(selection) ? selection : null) : isPlainObject(selection) ? readRange(selection) : null;
    if (read === null) return null;
    filter[key] = read;
  }
  return filter;
}

/** The filter without empty entries, as the JSON string of the URL ('' when nothing is chosen). */
export function serializeChooseFilter(filter: ChooseFilter): string {
  const entries = Object.entries(filter).filter(([, value]) => (Array.isArray(value) ? value.length > 0 : value.min !== undefined || value.max !== undefined));
  return entries.length === 0 ? '' : JSON.stringify(Object.fromEntries(entries));
}

export function isNumberRange(value: string[] | NumberRange | undefined): value is NumberRange {
  return value !== undefined && !Array.isArray(value);
}

/** A part as lists, cards and the cart show it. */
export interface ProductSummary {
  productId: number;
  code: string;
  brandId: number;
  /** "TI(德州仪器)" */
  brandName: string;
  package: string;
  description: string;
  stock: number;
  packSize: number;
  /** Relative to qiniuImgAddress; null when there is no picture. */
  imagePath: string | null;
  isSpecialOffer: boolean;
  lifecycle: 'active' | 'nrnd' | 'eol';
  categoryFirstId: number;
  categorySecondId: number;
  priceTiers: PriceTier[];
}

/** A row of the parametric list: its values of the category's attributes, by attribute id. */
export interface ChooseProduct extends ProductSummary {
  params: Record<string, string>;
}

export interface ProductPage<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

export type QueryAttrbuteProductListResponse = ProductPage<ChooseProduct>;

export interface FacetValue {
  /** The value as the filter carries it: valueText, or a brand id. */
  value: string;
  label: string;
  /** Parts with this value once the other filters apply (not this facet's own). */
  count: number;
  /** Numeric attributes: the value in the base unit, for range choices. */
  valueNum: number | null;
}

export interface AttributeFacet {
  /** Attribute id as a string, `brand`, or a purchasing key (packaging, msl, reach). */
  key: string;
  name: string;
  unit: string | null;
  valueKind: 'number' | 'text';
  values: FacetValue[];
}

export interface SubcategoryFacet {
  categoryId: number;
  categoryName: string;
  count: number;
}

export interface QueryAttrbuteExcludeListResponse {
  /** The second-level categories of a first-level view, with their counts. */
  subcategories: SubcategoryFacet[];
  facets: AttributeFacet[];
  total: number;
}

/** "TI(德州仪器)"; just the name when there is no other Chinese name (TDK). */
export function brandDisplayName(nameEn: string, nameCn: string | null): string {
  return nameCn && nameCn !== nameEn ? `${nameEn}(${nameCn})` : nameEn;
}

export const lifecycleLabels: Record<ProductSummary['lifecycle'], string> = {
  active: '量产',
  nrnd: '不推荐新设计',
  eol: '停产',
};

/** Where a category's parts are chosen: /choose/{first} or /choose/{first}-{second}. */
export function choosePath(categoryFirstId: number, categorySecondId?: number | null): string {
  return categorySecondId ? `/choose/${categoryFirstId}-${categorySecondId}` : `/choose/${categoryFirstId}`;
}

export function productDetailPath(productId: number): string {
  return `/product/detail/${productId}`;
}

export function brandPath(brandId: number): string {
  return `/brand/${brandId}`;
}

/** Zones of /product/discount: A01 special offers, A03 the IC zone. */
export const discountSubjects = {
  A01: { title: '特价专区', description: '限时特价电子元器件，原厂正品现货，价格实惠。' },
  A03: { title: 'IC专区', description: '集成电路（IC）现货专区：单片机、存储器、电源管理、接口、放大器等芯片。' },
} as const;
export type DiscountSubject = keyof typeof discountSubjects;
export const discountSubjectKeys: readonly DiscountSubject[] = ['A01', 'A03'];

export function isDiscountSubject(value: string | undefined): value is DiscountSubject {
  return value === 'A01' || value === 'A03';
}

export interface CategoryRef {
  categoryId: number;
  categoryName: string;
}

export interface ProductParam {
  attributeId: number;
  name: string;
  valueText: string;
}

/** /product/detail/{productId}. */
export interface ProductDetail {
  product: ProductSummary;
  isRohs: boolean;
  /** 采购与合规: REACH, 湿敏等级, ECCN, 原产地, 包装方式, 工厂交期, CAD models. */
  purchasing: PurchasingView;
  datasheetUrl: string | null;
  label: string | null;
  params: ProductParam[];
  categoryFirst: CategoryRef;
  categorySecond: CategoryRef;
  brandLogoPath: string | null;
  /** Parts of the same category sharing the key parameters. */
  similar: ProductSummary[];
  /** The key parameters the similar parts share, e.g. 阻值 10kΩ, 精度 ±1%. */
  similarBy: { name: string; valueText: string }[];
  isFavorite: boolean;
  /** The stock per warehouse (深圳仓, 江苏仓), summing to product.stock. */
  warehouses: WarehouseStock[];
}

export interface CountedCategory {
  categoryId: number;
  categoryName: string;
  count: number;
}

export interface CountedValue {
  value: string;
  count: number;
}

/** A part list chosen by plain columns (a brand, a zone) with its category and package counts. */
export interface FacetedProductPage extends ProductPage<ProductSummary> {
  categories: CountedCategory[];
  packages: CountedValue[];
}

export interface BrandCard {
  brandId: number;
  nameEn: string;
  nameCn: string | null;
  logoPath: string | null;
  country: string;
  productCount: number;
}

export interface BrandInitialGroup {
  /** A–Z, or # for names not starting with a letter. */
  initial: string;
  brands: BrandCard[];
}

export interface BrandProfile {
  brandId: number;
  nameEn: string;
  nameCn: string | null;
  logoPath: string | null;
  country: string;
  intro: string;
  /** The maker's site, set in the console's 品牌管理 ('' for none). */
  website: string;
}

/** Sold: known, priced, and not a discontinued part with nothing left (what an order or a cart may take). */
export function isSold(product: ProductSummary | undefined): boolean {
  if (!product || product.priceTiers.length === 0) return false;
  return !(product.lifecycle === 'eol' && product.stock <= 0);
}
