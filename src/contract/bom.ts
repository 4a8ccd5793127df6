import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import type { PriceTier } from './pricing.ts';

/**
 * The BOM tool (issue 11, /bom): a designer's bill of materials read from a file or pasted text,
 * matched line by line against the catalogue, priced with the cart's tiers and optimised.
 */

export const bomLimits = {
  fileBytesMax: 5 * 1024 * 1024,
  /** Part lines (rows below the header that name a part); title, total and note rows do not count. */
  partLinesMax: 3000,
  pasteCharsMax: 500_000,
  columnsMax: 60,
  cellCharsMax: 500,
  boardsMax: 100_000,
  sparePercentMax: 100,
  nameMax: 60,
  candidatesMax: 5,
  substitutesMax: 3,
  /** Lines added to the cart in one step. */
  cartLinesMax: 500,
} as const;

/**
 * The largest sheet, as JSON, that an upload may give: the page sends the whole sheet (every row and column) back with
 * each match and save, so a larger one could be read but never matched. 3,000 part lines of a wide company template,
 * 20 columns filled to the cell limit: 30 MB (the heavy workbook of issue 27, 3,000 lines of 20 long columns, is
 * 23.3 MB). Past it the upload is refused (bom.sheetTooLarge), not the first match.
 */
export const bomSheetBytesMax = bomLimits.partLinesMax * 20 * bomLimits.cellCharsMax;

/** What a column of the buyer's sheet holds. Columns without a role are kept and exported, never read. */
export const BomColumnRole = {
  /** 型号 / MPN / Manufacturer Part Number / 规格型号 */
  mpn: 'mpn',
  /** 商品编号 / 物料编码 / LCSC Part # (Cxxxx): the store's own code or an LCSC-style code. */
  storeCode: 'storeCode',
  /** 名称 / Value / Comment: "10k", "100nF", "STM32F103C8T6" */
  value: 'value',
  /** 描述 / Description */
  description: 'description',
  /** 封装 / Footprint / Package */
  package: 'package',
  /** 品牌 / Manufacturer */
  brand: 'brand',
  /** 数量 / 用量 / Qty / Quantity: per board */
  quantity: 'quantity',
  /** 位号 / Designator / Reference */
  designator: 'designator',
  /** 备注 / Note */
  note: 'note',
  /** 是否贴片 / Fitted / DNP / Populate */
  fitted: 'fitted',
} as const;
export type BomColumnRole = (typeof BomColumnRole)[keyof typeof BomColumnRole];

export const bomColumnRoles: readonly BomColumnRole[] = Object.values(BomColumnRole);

export const bomColumnRoleLabels: Record<BomColumnRole, string> = {
  mpn: '型号',
  storeCode: '商品编号',
  value: '名称/参数',
  description: '描述',
  package: '封装',
  brand: '品牌',
  quantity: '数量',
  designator: '位号',
  note: '备注',
  fitted: '是否贴片',
};

export function isBomColumnRole(value: string): value is BomColumnRole {
  return (bomColumnRoles as readonly string[]).includes(value);
}

/** Role → 0-based column index of BomSheet.headers; a role without a column is absent. */
export type BomColumnMapping = Partial<Record<BomColumnRole, number>>;

/** Where a sheet's mapping came from: found from the header, the member's earlier correction, or nothing found. */
export type BomMappingSource = 'detected' | 'remembered' | 'none';

/** A file or a paste, read: the rows below the header, as text, and the mapping found for its columns. */
export interface BomSheet {
  fileName: string;
  sheetName: string;
  /** 0-based row of the header in the original sheet; -1 when there was none (a paste of bare lines). */
  headerRowIndex: number;
  /** The header's cells ("列1", "列2" … when there was none). */
  headers: string[];
  /** Rows below the header, each as long as headers, merged cells filled, cells trimmed. */
  rows: string[][];
  mapping: BomColumnMapping;
  mappingSource: BomMappingSource;
  /** Rows that name a part (what partLinesMax counts). */
  partLineCount: number;
  /** Things the buyer should know ("第 3 个工作表未读取"): shown, never blocking. */
  warnings: string[];
}

export const BomLineStatus = {
  /** 精确匹配: the part number or store code found exactly one part. */
  exact: 'exact',
  /** 推荐: a part checked to be the line's (its values, package and limits; or its part number in other packaging). */
  recommended: 'recommended',
  /** 多个候选: several parts fit equally, or the line leaves the package open; the buyer chooses (nothing chosen for them). */
  multiple: 'multiple',
  /** 未匹配: no part checked to be the line's (or none in stock); the closest are listed, not chosen, with the reason. */
  none: 'none',
  /** 不贴: DNP / not fitted: kept, not ordered. */
  notFitted: 'notFitted',
} as const;
export type BomLineStatus = (typeof BomLineStatus)[keyof typeof BomLineStatus];

export const bomLineStatusLabels: Record<BomLineStatus, string> = {
  exact: '精确匹配',
  recommended: '推荐',
  multiple: '多个候选',
  none: '未匹配',
  notFitted: '不贴',
};

export type BomMatchedBy = 'mpn' | 'storeCode' | 'parameters' | 'keyword';

export interface BomKeyParam {
  name: string;
  value: string;
}

/** A catalogue part offered for a line. */
export interface BomCandidate {
  productId: number;
  code: string;
  brandId: number;
  brandName: string;
  /** 国产: the maker is a Chinese company. */
  isDomesticBrand: boolean;
  package: string;
  description: string;
  keyParams: BomKeyParam[];
  stock: number;
  /** The pack multiple (and smallest quantity): the cart's integer-purchase rule. */
  packSize: number;
  priceTiers: PriceTier[];
  imagePath: string | null;
  categoryId: number;
  /** Checked against the line (issue 27): the line's part (型号一致 / 参数一致), one to choose between, or not it. */
  fit: BomCandidateFit;
  /** Why: "参数一致：阻值 10kΩ、封装 0603、精度 ±1%", "阻值不符：287kΩ（BOM 27kΩ）". */
  evidence: string;
}

/** verified: the line's part; choice: right kind and value, the buyer picks the package; miss: not the line's part, listed as the closest. */
export type BomCandidateFit = 'verified' | 'choice' | 'miss';

/** A part that can stand in for an unmatched or out-of-stock line, and why. */
export interface BomSubstitute extends BomCandidate {
  /** "同类目，阻值 10kΩ、精度 ±1%、封装 0603 相同" */
  reason: string;
}

/** What a line asks for, from the mapped columns. */
export interface BomLineQuery {
  mpn: string;
  storeCode: string;
  value: string;
  description: string;
  package: string;
  brand: string;
}

/** A line as read from the sheet, before matching (the parser's output, the matcher's input). */
export type BomLineInput = Omit<BomLine, 'status' | 'matchedBy' | 'matchReason' | 'candidates' | 'substitutes'>;

/** One line of the BOM: a part the board needs (rows of the same part merged when asked). */
export interface BomLine {
  /** 1-based. */
  lineNo: number;
  /** Indexes into BomSheet.rows of the rows this line came from. */
  sourceRows: number[];
  query: BomLineQuery;
  designators: string[];
  quantityPerBoard: number;
  /** per board × boards × (1 + spare %), rounded up; 0 when not fitted. */
  requiredQuantity: number;
  isNotFitted: boolean;
  status: BomLineStatus;
  matchedBy: BomMatchedBy | null;
  /** Why the line is what it is: "型号一致", "参数一致：…", "未匹配：无此阻值（27kΩ 0603）", "缺货：…". */
  matchReason: string;
  /** Best first; the first is the recommended part. */
  candidates: BomCandidate[];
  substitutes: BomSubstitute[];
  /** Line-level notices ("数量缺失，按位号数计为 4"). */
  notes: string[];
}

export interface BomMatchSummary {
  lineCount: number;
  notFittedCount: number;
  /** Lines (fitted) with at least one candidate. */
  matchedCount: number;
  /** matchedCount / fitted lines, 0–1. */
  matchRate: number;
  countsByStatus: Record<BomLineStatus, number>;
}

export interface BomMatchResult {
  lines: BomLine[];
  summary: BomMatchSummary;
}

/** The quantity options of the match and the optimiser. */
export interface BomQuantityOptions {
  boards: number;
  sparePercent: number;
  mergeDuplicates: boolean;
}

export const defaultBomQuantityOptions: BomQuantityOptions = { boards: 1, sparePercent: 0, mergeDuplicates: false };

/** A buyer's choice for a line: the part and the quantity to order (0: leave the line out). */
export interface BomChoice {
  lineNo: number;
  productId: number;
  quantity: number;
}

/** A saved BOM as the member's list shows it (/user/bom). */
export interface BomSummaryRow {
  bomId: number;
  name: string;
  fileName: string;
  lineCount: number;
  matchRate: number;
  /** The total of the chosen lines when saved, in cents. */
  totalCents: number;
  createdAt: number;
  updatedAt: number;
}

export interface BomListData {
  list: BomSummaryRow[];
  total: number;
  page: number;
  pageSize: number;
}

export const bomListPageSize = 20;

/** A saved BOM reopened: its sheet, options and choices; the page matches it again (prices and stock re-read). */
export interface SavedBom {
  bomId: number;
  name: string;
  sheet: BomSheet;
  options: BomQuantityOptions;
  choices: BomChoice[];
  createdAt: number;
  updatedAt: number;
}

export interface BomCartFailure {
  lineNo: number;
  productId: number;
  code: string;
  /** Why it could not be added, in the cart's words. */
  reason: string;
}

export interface BomAddToCartResult {
  addedCount: number;
  failures: BomCartFailure[];
  /** The cart's count after adding (the header badge). */
  cartCount: number;
}

export function bomEditPath(bomId: number): string {
  return `/bom?id=${bomId}`;
}

export function bomExportPath(bomId: number, format: 'xlsx' | 'pdf'): string {
  return `/bom/${bomId}/export.${format}`;
}

/** Where the page keeps a visitor's work while they log in (sessionStorage). */
export const bomDraftStorageKey = 'bom.draft';

/**
 * File extensions a BOM may have: Excel (.xlsx, .xlsm, .xls), delimited text (.csv, .tsv, .txt: also Eagle's fixed-width
 * parts list) and OrCAD Capture's .bom; what a file holds is decided by its bytes.
 */
export const bomFileExtensions = ['xlsx', 'xlsm', 'xls', 'csv', 'tsv', 'txt', 'bom'] as const;

export const bomMessages = {
  fileMissing: '请选择要上传的 BOM 文件',
  fileTooLarge: 'BOM 文件不能超过 5MB',
  fileType: '仅支持 .xlsx、.xls、.csv、.txt、.bom 格式的 BOM 文件',
  fileUnreadable: '文件无法读取，请确认是有效的 Excel 或 CSV 文件',
  fileEmpty: '文件中没有找到任何物料行',
  tooManyLines: `BOM 最多 ${bomLimits.partLinesMax} 行物料，请拆分后上传`,
  sheetTooLarge: `表格内容超过 ${String(bomSheetBytesMax / 1_000_000)} MB，无法在线匹配。请删除与物料无关的列（说明、备注、审核意见等），或拆分为多个文件后重新上传`,
  fileTooComplex: '文件内容过于复杂，读取超时。请删除多余的列、说明文字和格式，或另存为 CSV 后重新上传',
  readingBudgetSpent: '短时间内上传的文件过多过大，请 1 分钟后再试',
  pasteEmpty: '请粘贴 BOM 内容',
  pasteTooLong: '粘贴的内容过长，请改为上传文件',
  mappingNeedsPart: '请至少指定“型号”“商品编号”或“名称/参数”中的一列',
  mappingInvalid: '列对应关系有误',
  boardsInvalid: `套数须为 1–${bomLimits.boardsMax} 的整数`,
  spareInvalid: `备品比例须为 0–${bomLimits.sparePercentMax} 的整数`,
  nameMissing: '请填写 BOM 名称',
  nameTooLong: `BOM 名称不能超过 ${bomLimits.nameMax} 个字`,
  rowsInvalid: 'BOM 内容有误，请重新上传',
  choicesInvalid: '所选物料有误',
  nothingToAdd: '请先选择要加入购物车的物料',
  tooManyCartLines: `一次最多加入 ${bomLimits.cartLinesMax} 种物料`,
} as const;

export const bomErrors = defineErrors('bom', {
  fileMissing: { code: ResultCode.badRequest, msg: bomMessages.fileMissing },
  fileTooLarge: { code: ResultCode.badRequest, msg: bomMessages.fileTooLarge },
  fileType: { code: ResultCode.badRequest, msg: bomMessages.fileType },
  fileUnreadable: { code: ResultCode.badRequest, msg: bomMessages.fileUnreadable },
  fileEmpty: { code: ResultCode.badRequest, msg: bomMessages.fileEmpty },
  tooManyLines: { code: ResultCode.badRequest, msg: bomMessages.tooManyLines },
  /** The sheet read is larger than the match and save calls take back (bomSheetBytesMax). */
  sheetTooLarge: { code: ResultCode.badRequest, msg: bomMessages.sheetTooLarge },
  /** The read passed its CPU budget (BOM_FILE_CPU_MS) and was stopped. */
  fileTooComplex: { code: ResultCode.badRequest, msg: bomMessages.fileTooComplex },
  /** The address spent its reading CPU of the minute (BOM_ADDRESS_CPU_MS_PER_MINUTE). */
  readingBudgetSpent: { code: ResultCode.tooManyRequests, msg: bomMessages.readingBudgetSpent },
  pasteEmpty: { code: ResultCode.badRequest, msg: bomMessages.pasteEmpty },
  mappingNeedsPart: { code: ResultCode.badRequest, msg: bomMessages.mappingNeedsPart },
  notFound: { code: ResultCode.notFound, msg: 'BOM 不存在或已删除' },
  nothingToAdd: { code: ResultCode.badRequest, msg: bomMessages.nothingToAdd },
});

/** The multipart upload (field `file`): answers the envelope with a BomSheet. Visitors may upload. */
export const bomUploadPath = '/bom/api/upload';

/** The /bom page's loader state: a saved BOM when opened as /bom?id=N (the page matches it on load). */
export interface BomPageData {
  savedBom: SavedBom | null;
  isLoggedIn: boolean;
}
