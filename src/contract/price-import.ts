/** Supplier price-list import (operations console): column roles, row errors, preview and job shapes. */
import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';

export const priceImportRoles = ['mpn', 'brand', 'storeCode', 'package', 'description', 'stock', 'packSize', 'moq', 'unitPrice'] as const;
export type PriceImportRole = (typeof priceImportRoles)[number];

/** One price break: from this quantity up, this unit price (integers of 0.0001 yuan, CNY). */
export interface PriceTier {
  qtyStart: number;
  priceE4: number;
}

/** A tier column: either "10+" (quantity in the header) or a qty/price pair of columns. */
export interface TierColumn {
  priceColumn: number;
  /** Quantity from the header ("10+", "≥10", "10-99"). */
  qtyStart?: number;
  /** Or a column holding the break quantity ("数量1", "Qty Break 1"). */
  qtyColumn?: number;
}

/** Column indexes of each role; stock may be several columns (one per warehouse), summed. */
export interface PriceImportMapping {
  mpn: number;
  brand?: number;
  storeCode?: number;
  package?: number;
  description?: number;
  stock?: number[];
  packSize?: number;
  moq?: number;
  /** A single unit-price column (its tier starts at the MOQ, else 1). */
  unitPrice?: number;
  tiers?: TierColumn[];
}

export interface PriceListRow {
  /** Row number as the staff member sees it in the file (1-based, header included). */
  rowNumber: number;
  mpn: string;
  brand: string;
  storeCode: string;
  package: string | null;
  description: string | null;
  stock: number | null;
  packSize: number | null;
  tiers: PriceTier[] | null;
}

export interface PriceImportError {
  row: number;
  column: string;
  reason: string;
}

export type PreviewKind = 'create' | 'update' | 'priceChange' | 'unchanged' | 'error';

export interface PreviewSample {
  row: number;
  kind: PreviewKind;
  mpn: string;
  brand: string;
  productId: number | null;
  /** Fields that change, by name (stock, packSize, package, description, prices). */
  changed: string[];
  oldFirstPriceE4: number | null;
  newFirstPriceE4: number | null;
}

export interface PriceImportPreview {
  total: number;
  counts: Record<PreviewKind, number>;
  samples: PreviewSample[];
  errors: PriceImportError[];
}

export const priceImportJobStatuses = ['queued', 'running', 'done', 'failed', 'rolled_back'] as const;
export type PriceImportJobStatus = (typeof priceImportJobStatuses)[number];

export interface PriceImportJobView {
  id: number;
  status: PriceImportJobStatus;
  fileName: string;
  total: number;
  processed: number;
  error: string | null;
  createdAt: number;
  updatedAt: number;
}

export const priceImportLimits = { rowsMax: 100_000, fileBytesMax: 40 * 1024 * 1024, batchRows: 1000, previewSamples: 50 } as const;

/** Column names used in the error report and messages. */
export const priceImportColumnNames: Record<PriceImportRole | 'tiers' | 'file', string> = {
  mpn: '型号',
  brand: '品牌',
  storeCode: '商品编号',
  package: '封装',
  description: '描述',
  stock: '库存',
  packSize: '包装数量',
  moq: '起订量',
  unitPrice: '单价',
  tiers: '阶梯价',
  file: '文件',
};

export const priceImportMessages = {
  noHeader: '未找到表头：需要至少包含“型号”列和价格或库存列',
  tooManyRows: `文件行数超过上限 ${priceImportLimits.rowsMax.toLocaleString('en')} 行`,
  mpnMissing: '型号为空',
  mpnTooLong: '型号超过 100 个字符',
  brandUnknown: '品牌不存在，请先在品牌库中添加',
  brandAmbiguous: '商品库中该型号有多个品牌，请填写品牌',
  storeCodeInvalid: '商品编号格式不正确，应为数字',
  storeCodeUnknown: '商品编号不存在',
  storeCodeMismatch: '商品编号与型号不符',
  stockInvalid: '库存不是有效的非负整数',
  packSizeInvalid: '包装数量不是有效的正整数',
  moqInvalid: '起订量不是有效的正整数',
  priceInvalid: '价格不是有效的正数（单位：元，按 0.0001 元取整）',
  tierQtyInvalid: '阶梯数量不是有效的正整数',
  tierOrder: '阶梯数量必须递增且不重复',
  duplicateRow: '与前面的行重复（同一型号和品牌）',
  newWithoutCategory: '商品库中没有该型号；导入新商品需先指定分类',
  newWithoutBrand: '新商品需填写品牌',
  newWithoutPrice: '新商品需至少一个价格',
  nothingToApply: '没有可导入的行',
  jobNotFound: '导入任务不存在',
  jobRolledBack: '导入失败，已回滚全部已应用的修改',
} as const;

export const priceImportErrors = defineErrors('priceImport', {
  noHeader: { code: ResultCode.badRequest, msg: priceImportMessages.noHeader },
  tooManyRows: { code: ResultCode.badRequest, msg: priceImportMessages.tooManyRows },
  fileEmpty: { code: ResultCode.badRequest, msg: '文件为空' },
  fileTooLarge: { code: ResultCode.badRequest, msg: `文件超过 ${priceImportLimits.fileBytesMax / 1024 / 1024} MB` },
  nothingToApply: { code: ResultCode.badRequest, msg: priceImportMessages.nothingToApply },
  jobNotFound: { code: ResultCode.notFound, msg: priceImportMessages.jobNotFound },
});
