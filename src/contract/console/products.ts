import { defineErrors } from '../errors.ts';
import { ResultCode } from '../envelope.ts';
import { lifecycleLabels } from '../catalog.ts';
import { maxPurchaseQuantity } from '../pricing.ts';
import { e4OfYuanText } from '../money.ts';
import type { GridPage } from '../staff-grid.ts';
import type { StaffHomePageData } from '../staff.ts';
import type { WarehouseStock } from '../warehouse.ts';
import type { PurchasingData } from '../purchasing.ts';

/**
 * 商品管理 (issue 14, catalogue desk): the console's product list and form. The form edits what the
 * shop shows (codes, category, parameters, tiers, zones); the stock figure has a form of its own,
 * the only product change the warehouse role may make (subject Stock), and it never rides on a product save,
 * so a save can never overwrite units that orders reserved meanwhile.
 */
export const productLifecycles = ['active', 'nrnd', 'eol'] as const;
export type ProductLifecycle = (typeof productLifecycles)[number];
export { lifecycleLabels };

export const adminProductsPath = '/admin/products';
export const adminProductNewPath = '/admin/products/new';
export const adminProductExportPath = '/admin/api/products/export';
/** POST multipart (the file field of upload.ts): a product picture, its type read from its bytes. */
export const adminProductImageUploadPath = '/admin/api/products/uploadImage';
export const productImageBytes = 2 * 1024 * 1024;
export const productImageKeyPrefix = 'product/';

/** A picture uploaded on this desk: product/<random>.<ext> under UPLOAD_DIR, served at {image base}product/<file>. */
export function isUploadedProductImage(path: string): boolean {
  return /^product\/[0-9a-f]{32}\.(bmp|jpg|png|webp)$/.test(path);
}

export interface UploadedProductImage {
  /** What the form saves as imagePath. */
  path: string;
  url: string;
}
export function adminProductPath(productId: number): string {
  return `${adminProductsPath}/${productId}`;
}

export const productFormLimits = {
  codeMax: 64,
  descriptionMax: 500,
  packageMax: 32,
  labelMax: 8,
  urlMax: 500,
  paramMax: 64,
  maxTiers: 10,
  maxParams: 40,
  maxStock: 100_000_000,
  maxPackSize: 1_000_000,
  /** ¥100,000 per unit, in 0.0001 yuan. */
  maxPriceE4: 1_000_000_000,
  bulkMax: 100,
} as const;

export const adminProductMessages = {
  stale: '数据已被他人修改，请刷新后重试',
  saved: '商品已保存',
  created: '商品已创建',
  stockSaved: '库存已保存',
  bulkDone: '批量操作已完成',
  codeMissing: '请输入型号',
  codeTooLong: `型号不能超过${productFormLimits.codeMax}个字符`,
  codeDuplicate: '该品牌下已有相同型号的商品',
  brandMissing: '请选择品牌',
  brandUnknown: '品牌不存在',
  categoryMissing: '请选择二级分类',
  categoryUnknown: '分类不存在或不是二级分类',
  descriptionTooLong: `描述不能超过${productFormLimits.descriptionMax}个字符`,
  packageTooLong: `封装不能超过${productFormLimits.packageMax}个字符`,
  labelTooLong: `标签不能超过${productFormLimits.labelMax}个字符`,
  urlInvalid: '数据手册链接须为 http:// 或 https:// 开头的网址',
  lifecycleInvalid: '请选择生命周期',
  packSizeInvalid: `包装数量（整包倍数）须为1-${productFormLimits.maxPackSize}的整数`,
  stockInvalid: `库存须为0-${productFormLimits.maxStock}的整数`,
  warehousesInvalid: '请逐个仓库填写库存，每个仓库只能填写一次',
  warehouseUnknown: '仓库不存在或已停用',
  tiersMissing: '请至少填写一个价格阶梯',
  tiersTooMany: `价格阶梯不能超过${productFormLimits.maxTiers}个`,
  qtyInvalid: `阶梯起订量须为1-${maxPurchaseQuantity}的整数`,
  qtyNotAscending: '阶梯起订量须从小到大排列且不能重复',
  firstQtyNotPack: '首个阶梯的起订量须为包装数量的整数倍',
  priceInvalid: '单价须大于0，最多4位小数，且不超过¥100000',
  priceNotDescending: '数量越多单价不能越高',
  originalMissing: '特价商品每个阶梯都须填写原价，且原价须高于特价',
  paramsTooMany: `参数不能超过${productFormLimits.maxParams}个`,
  paramUnknown: '参数不属于所选分类',
  paramDuplicate: '同一参数只能填写一次',
  paramEmpty: '参数值不能为空',
  paramTooLong: `参数值不能超过${productFormLimits.paramMax}个字符`,
  paramNotNumber: '数值参数无法识别，请写成如 10kΩ、100nF、3.3V 的形式',
  productMissing: '商品不存在',
  imageInvalid: '商品图片无效，请重新上传',
  imageMissing: '请选择要上传的图片',
  bulkEmpty: '请先选择商品',
  bulkTooMany: `一次最多操作${productFormLimits.bulkMax}个商品`,
} as const;

export const adminProductErrors = defineErrors('adminProduct', {
  stale: { code: ResultCode.conflict, msg: adminProductMessages.stale },
  notFound: { code: ResultCode.notFound, msg: adminProductMessages.productMissing },
  brandUnknown: { code: ResultCode.badRequest, msg: adminProductMessages.brandUnknown },
  categoryUnknown: { code: ResultCode.badRequest, msg: adminProductMessages.categoryUnknown },
  codeDuplicate: { code: ResultCode.badRequest, msg: adminProductMessages.codeDuplicate },
  paramUnknown: { code: ResultCode.badRequest, msg: adminProductMessages.paramUnknown },
  paramNotNumber: { code: ResultCode.badRequest, msg: adminProductMessages.paramNotNumber },
  imageInvalid: { code: ResultCode.badRequest, msg: adminProductMessages.imageInvalid },
  imageMissing: { code: ResultCode.badRequest, msg: adminProductMessages.imageMissing },
  warehouseUnknown: { code: ResultCode.badRequest, msg: adminProductMessages.warehouseUnknown },
});

/** A price tier as the form sends it: unit prices in 0.0001 yuan; the tier ends where the next starts. */
export interface ProductTierInput {
  qtyStart: number;
  priceE4: number;
  /** The price before the special offer (A01); null when the part is not on offer. */
  originalPriceE4: number | null;
}

export interface ProductParamInput {
  attributeId: number;
  valueText: string;
}

/** What the product form edits (stock apart). Minimum order = the first tier's start; multiple = packSize. */
export interface ProductFormValues {
  code: string;
  brandId: number;
  categorySecondId: number;
  description: string;
  package: string;
  /** '' for none. */
  datasheetUrl: string;
  lifecycle: ProductLifecycle;
  isRohs: boolean;
  packSize: number;
  /** Display-stand label such as 热卖 / 新品; '' for none. */
  label: string;
  /** In the special-offer zone (A01): every tier carries its original price. */
  isSpecialOffer: boolean;
  /** In the IC zone (A03, /product/discount?subject=A03): chosen per product, whatever its category. */
  isIcZone: boolean;
  /** Relative to the image base: the product's current picture, one uploaded on this desk, or '' for none. */
  imagePath: string;
  tiers: ProductTierInput[];
  params: ProductParamInput[];
  /** 采购与合规 (contract/purchasing.ts); absent: a new part starts unknown, a saved one keeps what it had. */
  purchasing?: PurchasingData | undefined;
}

/** A product as the form loads it. */
export interface AdminProduct extends ProductFormValues {
  id: number;
  purchasing: PurchasingData;
  categoryFirstId: number;
  stock: number;
  /** Stock per warehouse: the stock form sets each over the figure it showed. */
  warehouses: WarehouseStock[];
  /** The optimistic check: a save names the updatedAt it was loaded with. */
  updatedAt: number;
  updatedAtStr: string;
}

/** A row of the product grid. */
export interface AdminProductRow {
  id: number;
  code: string;
  brandName: string;
  categoryName: string;
  package: string;
  lifecycle: ProductLifecycle;
  stock: number;
  /** stock per warehouse, in the warehouses' order. */
  warehouses: WarehouseStock[];
  packSize: number;
  /** The first tier's unit price in 0.0001 yuan; null without prices. */
  firstTierPriceE4: number | null;
  isSpecialOffer: boolean;
  isIcZone: boolean;
  updatedAt: number;
  updatedAtStr: string;
}

export type AdminProductPage = GridPage<AdminProductRow>;

export const productSortColumns = ['code', 'stock', 'price', 'updatedAt'] as const;
export type ProductSortColumn = (typeof productSortColumns)[number];

export interface ProductFormOptions {
  brands: { id: number; name: string }[];
  /** Second-level categories, each with the parameters the parametric selection filters by. */
  categories: { id: number; name: string; parentName: string; attributes: { id: number; name: string; unit: string | null; valueKind: 'number' | 'text' }[] }[];
}

export interface AdminProductsPageData extends StaffHomePageData {
  result: AdminProductPage;
  brands: ProductFormOptions['brands'];
  categories: { id: number; name: string; parentName: string }[];
}

export interface AdminProductEditPageData extends StaffHomePageData {
  /** null: a new product. */
  product: AdminProduct | null;
  options: ProductFormOptions;
  /** Where pictures are served from (qiniuImgAddress): imagePath is relative to it. */
  imageBase: string;
}

export interface ProductStockResult {
  productId: number;
  stock: number;
  warehouses: WarehouseStock[];
  updatedAt: number;
}

/** The stock form's limit of warehouses in one save. */
export const maxWarehousesPerSave = 20;

export interface BulkResult {
  count: number;
}

/** Why a tier list cannot be saved ('' when it can): shared by the form and the server's schema. */
export function tiersProblem(tiers: readonly ProductTierInput[], packSize: number, isSpecialOffer: boolean): string {
  const m = adminProductMessages;
  if (tiers.length === 0) return m.tiersMissing;
  if (tiers.length > productFormLimits.maxTiers) return m.tiersTooMany;
  for (const [index, tier] of tiers.entries()) {
    if (!Number.isInteger(tier.qtyStart) || tier.qtyStart < 1 || tier.qtyStart > maxPurchaseQuantity) return m.qtyInvalid;
    if (!isPriceE4(tier.priceE4)) return m.priceInvalid;
    const previous = tiers[index - 1];
    if (previous && tier.qtyStart <= previous.qtyStart) return m.qtyNotAscending;
    if (previous && tier.priceE4 > previous.priceE4) return m.priceNotDescending;
    if (isSpecialOffer && (tier.originalPriceE4 === null || !isPriceE4(tier.originalPriceE4) || tier.originalPriceE4 <= tier.priceE4)) return m.originalMissing;
  }
  const first = tiers[0];
  if (first && Number.isInteger(packSize) && packSize > 0 && first.qtyStart % packSize !== 0) return m.firstQtyNotPack;
  return '';
}

function isPriceE4(value: number): boolean {
  return Number.isInteger(value) && value > 0 && value <= productFormLimits.maxPriceE4;
}

/** A unit price typed in the product form (money.ts, at most 4 decimals and 6 digits before the point) within the form's range; null otherwise. */
export function productPriceE4Of(text: string): number | null {
  const e4 = e4OfYuanText(text, 6);
  return e4 !== null && isPriceE4(e4) ? e4 : null;
}

export function isHttpUrl(text: string): boolean {
  return /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(text);
}
