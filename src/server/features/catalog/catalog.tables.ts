import type { Generated } from 'kysely';
import type { MslLevel, Packaging, ReachStatus } from '../../../contract/purchasing.ts';

export interface CategoryGroupsTable {
  id: Generated<number>;
  /** categoryGroupName */
  name: string;
  sort: number;
}

/** Level 1 rows belong to a group; level 2 rows hang under a level 1 parent. */
export interface CategoriesTable {
  id: Generated<number>;
  groupId: number | null;
  parentId: number | null;
  level: 1 | 2;
  name: string;
  sort: number;
  /** skuCount, kept in step with products by the seed and by product writes. */
  skuCount: number;
  /** 1: left out of the shop's menu and catalogue by staff (migration 0038). */
  isHidden: Generated<number>;
}

export interface BrandsTable {
  id: Generated<number>;
  nameEn: string;
  nameCn: string | null;
  /** A–Z index letter of nameEn. */
  initial: string;
  logoPath: string | null;
  intro: string;
  country: string;
  isPartner: number;
  sort: number;
  /** The maker's site (migration 0038). */
  website: Generated<string | null>;
}

export interface AttributesTable {
  id: Generated<number>;
  /** e.g. 阻值, 容值, 额定电压, 封装 */
  name: string;
  /** Base SI unit of valueNum: Ω, F, V, A, Hz, W… null for text attributes. */
  unit: string | null;
  valueKind: 'number' | 'text';
}

/** The attributes a second-level category can be filtered by, in display order. */
export interface CategoryAttributesTable {
  categoryId: number;
  attributeId: number;
  sort: number;
}

export interface ProductsTable {
  id: Generated<number>;
  /** Manufacturer part number as the maker writes it (factoryCode). */
  code: string;
  /** code upper-cased with spaces, - / . , removed: what buyers' typing is matched against. */
  codeNorm: string;
  brandId: number;
  categoryFirstId: number;
  categorySecondId: number;
  package: string;
  description: string;
  lifecycle: 'active' | 'nrnd' | 'eol';
  isRohs: number;
  datasheetUrl: string | null;
  stock: number;
  /** Integer purchase: quantities must be multiples of this. */
  packSize: number;
  imagePath: string | null;
  /** Display-stand label such as 热卖 / 新品; null for none. */
  label: string | null;
  /** 1 when listed in the special-offer zone (subject A01): its tiers carry an original price. */
  isSpecialOffer: number;
  /** 1 when staff chose it for the IC zone (subject A03); the seed chooses the chip groups' parts. */
  isIcZone: Generated<number>;
  /**
   * 0, except on rows that shared (codeNorm, brand) with an older one before migration 0045 made the pair
   * unique: they are kept and numbered 1, 2, …; every write of the desk sets 0 again.
   */
  codeNormDup: Generated<number>;
  createdAt: number;
  /** Bump on every write to the part, its prices or its parameters: the choose index follows it. */
  updatedAt: number;
  /** The first tier's unit price, kept by triggers on product_prices (bulk loads write it); null without prices. */
  firstTierPriceE4: Generated<number | null>;
  /** 采购与合规 (migration 0058, contract/purchasing.ts); null where nobody has said. */
  reachStatus: Generated<ReachStatus>;
  msl: MslLevel | null;
  eccn: string | null;
  /** ISO 3166-1 alpha-2. */
  originCountry: string | null;
  packaging: Packaging | null;
  factoryLeadWeeks: number | null;
  cadSymbolUrl: string | null;
  cadFootprintUrl: string | null;
  cadModelUrl: string | null;
}

/** Money is stored as integers of 0.0001 yuan (priceE4 = 123 means ¥0.0123). */
export interface ProductPricesTable {
  productId: number;
  qtyStart: number;
  /** null: no upper bound. */
  qtyEnd: number | null;
  priceE4: number;
  /** Price before the special offer; null when the part is not on offer. */
  originalPriceE4: number | null;
}

export interface ProductParamsTable {
  productId: number;
  attributeId: number;
  /** As displayed: 10kΩ, ±1%, 0603. */
  valueText: string;
  /** Normalised to the attribute's base unit (10kΩ → 10000); null for text attributes. */
  valueNum: number | null;
}

export interface CatalogTables {
  categoryGroups: CategoryGroupsTable;
  categories: CategoriesTable;
  brands: BrandsTable;
  attributes: AttributesTable;
  categoryAttributes: CategoryAttributesTable;
  products: ProductsTable;
  productPrices: ProductPricesTable;
  productParams: ProductParamsTable;
}
