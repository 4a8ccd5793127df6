/** Supplier price-list import (operations console): column roles, row errors, preview and job shapes. */
import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import type { StaffHomePageData } from './staff.ts';
import type { GridPage } from './staff-grid.ts';
import { purchasingFieldLabels, purchasingFields, type PurchasingData } from './purchasing.ts';

export const priceImportRoles = ['mpn', 'brand', 'storeCode', 'package', 'description', 'stock', 'packSize', 'moq', 'unitPrice', ...purchasingFields] as const;
export type PriceImportRole = (typeof priceImportRoles)[number];

/** The roles one column fills with one value each (all but the part number, stock and tiers). */
export const singleColumnRoles = ['brand', 'storeCode', 'package', 'description', 'packSize', 'moq', 'unitPrice', ...purchasingFields] as const;
export type SingleColumnRole = (typeof singleColumnRoles)[number];

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
  /** 采购与合规 columns (optional, contract/purchasing.ts): REACH, 湿敏等级, ECCN, 原产地, 包装方式, 工厂交期, CAD links. */
  reachStatus?: number;
  msl?: number;
  eccn?: number;
  originCountry?: number;
  packaging?: number;
  factoryLeadWeeks?: number;
  cadSymbolUrl?: number;
  cadFootprintUrl?: number;
  cadModelUrl?: number;
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
  /** stock by warehouse code (SZ 深圳仓, JS 江苏仓), summing to stock; null without stock columns filled. */
  warehouseStock: Record<string, number> | null;
  packSize: number | null;
  tiers: PriceTier[] | null;
  /** The purchasing cells the row fills (an empty cell says nothing); null when it fills none. */
  purchasing: Partial<PurchasingData> | null;
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

/**
 * queued → running → done; a batch that fails leaves the job `failed` with its committed batches and their
 * "before" values kept: staff resume it from the cursor (→ queued) or roll it back (→ rolling_back → rolled_back;
 * a rollback that stops is `rollback_failed` and can only be rolled back again). The events, who fires them and
 * their guards: price-import-lifecycle.ts.
 */
export const priceImportJobStatuses = ['queued', 'running', 'done', 'failed', 'rolling_back', 'rolled_back', 'rollback_failed'] as const;
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

/** batchRows: rows per transaction, applied and rolled back alike; on SQLite a batch holds the store's requests while it runs. */
export const priceImportLimits = { rowsMax: 100_000, fileBytesMax: 40 * 1024 * 1024, batchRows: 250, previewSamples: 50 } as const;

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
  ...purchasingFieldLabels,
};

export const priceImportMessages = {
  noHeader: '未找到表头：需要至少包含“型号”列，以及价格、库存、包装数量或采购信息（如 包装方式、湿敏等级）中的一列',
  tooManyRows: `文件行数超过上限 ${priceImportLimits.rowsMax.toLocaleString('en')} 行`,
  mpnMissing: '型号为空',
  mpnTooLong: '型号超过 100 个字符',
  brandUnknown: '品牌不存在，请先在品牌库中添加',
  brandAmbiguous: '商品库中该型号有多个品牌，请填写品牌',
  storeCodeInvalid: '商品编号格式不正确，应为数字',
  storeCodeUnknown: '商品编号不存在',
  storeCodeMismatch: '商品编号与型号不符',
  stockInvalid: '库存不是有效的非负整数',
  warehouseUnknown: '未知仓库：请将列名写为深圳仓或江苏仓，该列未导入',
  packSizeInvalid: '包装数量不是有效的正整数',
  moqInvalid: '起订量不是有效的正整数',
  priceInvalid: '价格不是有效的正数（单位：元，按 0.0001 元取整）',
  priceForeign: '价格为外币（如 $、USD），请换算为人民币含税价（元）后再导入',
  tierQtyInvalid: '阶梯数量不是有效的正整数',
  tierOrder: '阶梯数量必须递增且不重复',
  reachInvalid: 'REACH 无法识别：请填写 符合、不符合 或 未知（也可写 Yes/No/Unknown）',
  mslInvalid: '湿敏等级无法识别：请填写 1、2、2a、3、4、5、5a、6（可写作 MSL 3）或 不适用',
  eccnInvalid: 'ECCN 格式不正确：应如 EAR99、3A991.a.2、5A992.c',
  originInvalid: '原产地无法识别：请填写 ISO 两位国家/地区代码（如 CN、TW、MY）或中文名称（如 中国、马来西亚）',
  packagingInvalid: '包装方式无法识别：请填写 卷带、剪切带、托盘、管装、散装 或 盒装（也可写 Tape & Reel、Cut Tape、Tray、Tube、Bulk、Box）',
  leadWeeksInvalid: '工厂交期须为 1-104 的整数周（如 12 或 12周）',
  cadUrlInvalid: 'CAD 模型链接须为 https:// 开头的完整网址，且不超过 500 个字符',
  duplicateRow: '与前面的行重复（同一型号和品牌）',
  newWithoutCategory: '商品库中没有该型号；导入新商品需先指定分类',
  newWithoutBrand: '新商品需填写品牌',
  newWithoutPrice: '新商品需至少一个价格',
  nothingToApply: '没有可导入的行',
  jobNotFound: '导入任务不存在',
  jobRolledBack: '已回滚全部已应用的修改',
  jobFailed: '导入中断，已应用的批次保留：可继续导入或回滚',
  jobNotResumable: '只有中断的任务可以继续',
  jobNotRollbackable: '只有已完成或中断的任务可以回滚',
  undoExpired: '该任务已超过可回滚期限（完成后 30 天），无法回滚',
  anotherJobRunning: '另一个导入或回滚任务正在进行，请等它结束后再回滚',
  rolledBackWithConflicts: (count: number) => `已回滚；${count} 个商品在导入后有变动，未回滚或部分回滚，请下载回滚报告`,
} as const;

/** Why a rollback left a part alone (or partly), as the rollback report says it. */
export const priceImportRollbackReasons = {
  deletedSince: '商品在导入后已被删除，未回滚',
  changedSince: (fields: readonly string[]) => `导入后${fields.join('、')}已被修改，未回滚`,
  createdChanged: (fields: readonly string[]) => `导入新建的商品，导入后${fields.join('、')}已被修改，未删除`,
  createdReferenced: (uses: readonly string[]) => `导入新建的商品已被${uses.join('、')}引用，未删除`,
  stockKept: '库存在导入后已变动（订单出库或人工调整），已恢复价格等信息，保留当前库存',
} as const;

/** A finished job keeps its "before" values this long: it can be rolled back until then (the sweeper purges them after). */
export const priceImportUndoKeepMs = 30 * 24 * 60 * 60 * 1000;

export const priceImportErrors = defineErrors('priceImport', {
  noHeader: { code: ResultCode.badRequest, msg: priceImportMessages.noHeader },
  tooManyRows: { code: ResultCode.badRequest, msg: priceImportMessages.tooManyRows },
  fileEmpty: { code: ResultCode.badRequest, msg: '文件为空' },
  fileTooLarge: { code: ResultCode.badRequest, msg: `文件超过 ${priceImportLimits.fileBytesMax / 1024 / 1024} MB` },
  fileUnreadable: { code: ResultCode.badRequest, msg: '价格表无法读取，请确认是有效的 Excel 或 CSV 文件' },
  /** The read passed its CPU budget (PRICE_LIST_CPU_MS) and was stopped. */
  fileTooComplex: { code: ResultCode.badRequest, msg: '价格表内容过于复杂，读取超时。请删除多余的工作表、列和格式，或另存为 CSV 后重新上传' },
  nothingToApply: { code: ResultCode.badRequest, msg: priceImportMessages.nothingToApply },
  jobNotFound: { code: ResultCode.notFound, msg: priceImportMessages.jobNotFound },
  jobNotResumable: { code: ResultCode.conflict, msg: priceImportMessages.jobNotResumable },
  jobNotRollbackable: { code: ResultCode.conflict, msg: priceImportMessages.jobNotRollbackable },
  undoExpired: { code: ResultCode.conflict, msg: priceImportMessages.undoExpired },
  anotherJobRunning: { code: ResultCode.conflict, msg: priceImportMessages.anotherJobRunning },
  uploadNotFound: { code: ResultCode.notFound, msg: '上传的文件不存在，请重新上传' },
  notValidated: { code: ResultCode.badRequest, msg: '请先校验文件' },
  alreadyApplied: { code: ResultCode.conflict, msg: '该文件已提交导入，请重新上传以再次校验' },
  fileMissing: { code: ResultCode.badRequest, msg: '请选择要上传的价格表文件' },
  categoryInvalid: { code: ResultCode.badRequest, msg: '新商品的分类须为二级分类' },
});

// The console's 价格导入 desk (/admin/price-import).

export const priceImportUploadPath = '/admin/api/price-import/upload';
export const priceImportErrorReportPath = '/admin/api/price-import/errors';
/** GET ?jobId=N&format=csv|xlsx: the parts a rollback did not overwrite or delete, with the reason. */
export const priceImportRollbackReportPath = '/admin/api/price-import/rollback-report';
/** The console shows this many errors on the page; the report holds them all. */
export const priceImportFirstErrors = 100;
/** How often the page asks a running job's progress. */
export const priceImportPollMs = 1000;

export const priceImportKindLabels: Record<PreviewKind, string> = {
  create: '新增',
  update: '更新',
  priceChange: '价格变化',
  unchanged: '无变化',
  error: '错误',
};

export const priceImportStatusLabels: Record<PriceImportJobStatus, string> = {
  queued: '排队中',
  running: '导入中',
  done: '完成',
  failed: '已中断',
  rolling_back: '回滚中',
  rolled_back: '已回滚',
  rollback_failed: '回滚未完成',
};

export const priceImportFieldLabels: Record<string, string> = {
  stock: '库存',
  packSize: '包装数量',
  package: '封装',
  description: '描述',
  prices: '价格',
  ...purchasingFieldLabels,
};

/** An uploaded file as read: its header row, the detected (or chosen) mapping and a few rows to check it against. */
export interface PriceImportUploadView {
  uploadId: number;
  fileName: string;
  sheetName: string;
  headerRowIndex: number;
  headers: string[];
  mapping: PriceImportMapping;
  sampleRows: string[][];
}

export interface PriceImportSummary {
  /** Data rows in the file. */
  total: number;
  counts: Record<PreviewKind, number>;
  /** Error lines (a row may have several). */
  errorCount: number;
}

export interface PriceImportValidation {
  uploadId: number;
  summary: PriceImportSummary;
  firstErrors: PriceImportError[];
}

export type PriceImportChangeKind = 'create' | 'update' | 'priceChange';

export interface PriceImportPreviewRow {
  row: number;
  kind: PriceImportChangeKind;
  mpn: string;
  productId: number | null;
  changed: string[];
  oldStock: number | null;
  newStock: number | null;
  oldFirstPriceE4: number | null;
  newFirstPriceE4: number | null;
}

export interface PriceImportJobRow extends PriceImportJobView {
  staffName: string;
  /** A finished job can be rolled back until then; null when it cannot (not finished, purged, rolled back). */
  undoUntil: number | null;
  /** Its "before" values are kept now (an interrupted job, a finished one until undoUntil): the lifecycle's hasUndo. */
  hasUndo: boolean;
  /** A rollback's progress: undo rows worked of those there were. */
  undoTotal: number;
  undone: number;
  /** Lines of the rollback report (parts left alone or with their stock kept). */
  conflictCount: number;
}

export interface PriceImportApplied {
  job: PriceImportJobRow;
  /** False when this upload had been applied already (a second click): the job is the first one. */
  isNew: boolean;
}

/** A level-2 category new parts may go to, labelled "一级 / 二级". */
export interface PriceImportCategoryOption {
  id: number;
  label: string;
}

/** Column roles as the mapping form shows them, one per column of the header row. */
export const priceImportColumnRoles = ['ignore', ...priceImportRoles, 'tierPrice', 'tierQty'] as const;
export type PriceImportColumnRole = (typeof priceImportColumnRoles)[number];

export const priceImportColumnRoleLabels: Record<PriceImportColumnRole, string> = {
  ignore: '不导入',
  mpn: '型号',
  brand: '品牌',
  storeCode: '商品编号',
  package: '封装',
  description: '描述',
  stock: '库存（可多列，相加）',
  packSize: '包装数量',
  moq: '起订量',
  unitPrice: '单价',
  tierPrice: '阶梯价',
  tierQty: '阶梯数量',
  ...purchasingFieldLabels,
};

export interface PriceImportColumnChoice {
  role: PriceImportColumnRole;
  /** For a tier price column without a quantity column: the break quantity ("10+"). */
  qtyStart?: number | undefined;
}

/** A mapping as one choice per column (what the form edits). */
export function columnChoicesOf(mapping: PriceImportMapping, columnCount: number): PriceImportColumnChoice[] {
  const choices: PriceImportColumnChoice[] = Array.from({ length: columnCount }, () => ({ role: 'ignore' }));
  const set = (column: number | undefined, choice: PriceImportColumnChoice) => {
    if (column !== undefined && column < columnCount) choices[column] = choice;
  };
  set(mapping.mpn, { role: 'mpn' });
  for (const role of singleColumnRoles) set(mapping[role], { role });
  for (const column of mapping.stock ?? []) set(column, { role: 'stock' });
  for (const tier of mapping.tiers ?? []) {
    set(tier.priceColumn, { role: 'tierPrice', qtyStart: tier.qtyStart });
    set(tier.qtyColumn, { role: 'tierQty' });
  }
  return choices;
}

/**
 * The choices back as a mapping, or the Chinese reason they cannot be one. Tier price columns pair with tier
 * quantity columns in order when there are as many; otherwise each tier price needs its own start quantity.
 */
export function mappingOfColumnChoices(choices: readonly PriceImportColumnChoice[]): PriceImportMapping | string {
  const columnsOf = (role: PriceImportColumnRole) => choices.flatMap((choice, column) => (choice.role === role ? [column] : []));
  const mpn = columnsOf('mpn');
  if (mpn.length !== 1) return '请指定且只指定一列为“型号”';
  const mapping: PriceImportMapping = { mpn: mpn[0] ?? 0 };
  for (const role of singleColumnRoles) {
    const columns = columnsOf(role);
    if (columns.length > 1) return `“${priceImportColumnRoleLabels[role]}”只能指定一列`;
    if (columns[0] !== undefined) mapping[role] = columns[0];
  }
  const stock = columnsOf('stock');
  if (stock.length > 0) mapping.stock = stock;
  const prices = columnsOf('tierPrice');
  const quantities = columnsOf('tierQty');
  if (quantities.length > 0 && quantities.length !== prices.length) return '“阶梯数量”列与“阶梯价”列的数目须相同';
  if (prices.length > 0) {
    const tiers: TierColumn[] = [];
    for (const [index, priceColumn] of prices.entries()) {
      const qtyColumn = quantities[index];
      const qtyStart = choices[priceColumn]?.qtyStart;
      if (qtyColumn !== undefined) tiers.push({ priceColumn, qtyColumn });
      else if (qtyStart !== undefined && Number.isInteger(qtyStart) && qtyStart > 0) tiers.push({ priceColumn, qtyStart });
      else return '每个“阶梯价”列需填写起始数量（正整数）';
    }
    mapping.tiers = tiers;
  }
  const hasPurchasing = purchasingFields.some((field) => mapping[field] !== undefined);
  if (mapping.stock === undefined && mapping.tiers === undefined && mapping.unitPrice === undefined && mapping.packSize === undefined && !hasPurchasing) {
    return '请至少指定价格、库存、包装数量或采购信息中的一列';
  }
  return mapping;
}

/** /admin/price-import: the desk's jobs (newest first) and the categories new parts may go to. */
export interface PriceImportDeskPageData extends StaffHomePageData {
  jobs: GridPage<PriceImportJobRow>;
  categories: PriceImportCategoryOption[];
}
