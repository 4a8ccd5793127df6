import type { CartSummary } from './cart.ts';
import { looksLikePartNumber, normalizePartNumber } from './part-number.ts';
import { maxPurchaseQuantity } from './pricing.ts';

/**
 * 快速下单: lines of "型号, 数量" pasted into the cart. One parser reads them for the browser (the count
 * under the box) and for the server (quick-order-requests.ts runs it inside the call's schema).
 */
export const quickOrderLimits = {
  /** Lines with something on them; blank lines and a header row do not count. */
  linesMax: 200,
  textMax: 20_000,
} as const;

export const quickOrderMessages = {
  empty: '请粘贴或输入型号和数量，每行一个',
  tooManyLines: `一次最多${quickOrderLimits.linesMax}行，请分批提交`,
  tooLong: '内容过长，请分批提交',
  noPartNumber: '缺少型号',
  notPartNumber: '未识别为厂家型号',
  noQuantity: '缺少数量',
  badQuantity: '数量格式有误',
  fractionalQuantity: '数量须为整数',
  zeroQuantity: '数量须大于0',
  tooLarge: `数量不能超过${maxPurchaseQuantity}`,
  notFound: '未找到该型号',
  delisted: '该商品已下架',
} as const;

/** A part number several makers make: the buyer chooses on the search page. */
export function ambiguousPartNumberText(brandNames: readonly string[]): string {
  return `该型号有${String(brandNames.length)}个品牌（${brandNames.join('、')}），请在搜索结果中选择`;
}

/** A line read as a part number and a quantity. */
export interface QuickOrderLine {
  /** 1-based, counting every line of the text as pasted (blank ones too), so it matches what the buyer sees. */
  lineNo: number;
  /** The line as pasted, trimmed. */
  text: string;
  partNumber: string;
  /** normalizePartNumber(partNumber): what products.codeNorm is matched against. */
  partNumberNorm: string;
  quantity: number;
}

export interface QuickOrderProblem {
  lineNo: number;
  text: string;
  reason: string;
}

export interface ParsedQuickOrder {
  lines: QuickOrderLine[];
  problems: QuickOrderProblem[];
  /** Lines with something on them, a header row left out: what the limit counts. */
  lineCount: number;
}

export interface QuickOrderAdded {
  lineNo: number;
  productId: number;
  code: string;
  brandName: string;
  /** What was added: the quantity asked, raised to the part's minimum and whole packs when it was below or between them. */
  quantity: number;
  requestedQuantity: number;
}

/** cartCalls' /cart/api/quickOrder: what went in, which lines did not and why, and the cart afterwards. */
export interface QuickOrderResult {
  added: QuickOrderAdded[];
  problems: QuickOrderProblem[];
  cart: CartSummary;
}

/** Units buyers write after a quantity: 100个, 100pcs. */
const unitWords = '(?:个|只|片|颗|件|pcs|pc|ea)';
const unitSuffix = new RegExp(`${unitWords}$`, 'i');
const unitAfterSpace = new RegExp(`(\\d)\\s+(${unitWords})$`, 'i');
const thousands = /^\d{1,3}(?:,\d{3})+$/;
const quantityToken = new RegExp(`^\\d[\\d,.]*${unitWords}?$`, 'i');
const looksLikeQuantity = (token: string) => quantityToken.test(token);
/** A word standing between the part and its quantity ("LM358 x 100"). */
const joiningWord = /^(?:x|×|\*)$/i;
/** "型号, 1,000" read from the end: the quantity may hold thousands commas, the part number the separator (NXP's ",215"). */
const separatedFromEnd = new RegExp(`^(.*?\\S)\\s*[,;、|]\\s*(\\d{1,3}(?:,\\d{3})+|\\d+(?:\\.\\d+)?)\\s*${unitWords}?$`, 'i');

/** A quantity as typed (full-width digits already folded): "100", "1,000", "100pcs", "100 个". */
function readQuantity(text: string): { quantity: number } | { problem: string } {
  const bare = text.replace(/\s+/g, '').replace(unitSuffix, '');
  if (bare === '') return { problem: quickOrderMessages.noQuantity };
  const digits = thousands.test(bare) ? bare.replace(/,/g, '') : bare;
  if (/^\d+\.\d*[1-9]\d*$/.test(digits)) return { problem: quickOrderMessages.fractionalQuantity };
  const whole = /^(\d+)(?:\.0*)?$/.exec(digits);
  if (!whole?.[1]) return { problem: quickOrderMessages.badQuantity };
  const quantity = Number(whole[1]);
  if (quantity === 0) return { problem: quickOrderMessages.zeroQuantity };
  if (quantity > maxPurchaseQuantity) return { problem: quickOrderMessages.tooLarge };
  return { quantity };
}

/** The first two fields: a line starting with its separator has no part number. */
function fieldsOf(parts: readonly string[]): { partNumber: string; quantityText: string } {
  return { partNumber: parts[0]?.trim() ?? '', quantityText: parts[1]?.trim() ?? '' };
}

/**
 * Splits a line into its part number and quantity text. Excel pastes are tab-separated, so a tab
 * splits first (and "1,000" inside a cell stays a number); then 型号*数量 or 型号×数量; then a comma
 * or semicolon (full-width ones are folded by NFKC first) before a quantity at the end, else the
 * first two fields; then the last space.
 */
export function splitQuickOrderLine(line: string): { partNumber: string; quantityText: string } {
  const folded = line.normalize('NFKC').trim();
  if (folded.includes('\t')) return fieldsOf(folded.split('\t'));
  const star = /^(.*\S)\s*[*×]\s*(\S.*)$/.exec(folded);
  if (star?.[1] && star[2] && looksLikeQuantity(star[2])) return { partNumber: star[1], quantityText: star[2] };
  if (/[,;、|]/.test(folded)) {
    const fromEnd = separatedFromEnd.exec(folded);
    return fromEnd?.[1] && fromEnd[2] ? { partNumber: fromEnd[1].trim(), quantityText: fromEnd[2] } : fieldsOf(folded.split(/[,;、|]/));
  }
  const tokens = folded.replace(unitAfterSpace, '$1$2').split(/\s+/);
  const last = tokens.at(-1) ?? '';
  if (tokens.length < 2 || !looksLikeQuantity(last)) return { partNumber: folded, quantityText: '' };
  const partTokens = tokens.slice(0, -1);
  while (partTokens.length > 1 && joiningWord.test(partTokens.at(-1) ?? '')) partTokens.pop();
  return { partNumber: partTokens.join(' '), quantityText: last };
}

/** A first line of column names pasted from a spreadsheet (型号 数量, Part Number Qty). */
function isHeaderLine(partNumber: string, quantityText: string): boolean {
  return /型号|物料|料号|part|mpn/i.test(partNumber) && /数量|qty|quantity|用量/i.test(quantityText);
}

/** One line: a part number and a quantity, or why not. */
function readLine(lineNo: number, text: string): QuickOrderLine | QuickOrderProblem {
  const { partNumber, quantityText } = splitQuickOrderLine(text);
  if (partNumber === '') return { lineNo, text, reason: quickOrderMessages.noPartNumber };
  if (!looksLikePartNumber(partNumber)) return { lineNo, text, reason: quickOrderMessages.notPartNumber };
  const quantity = readQuantity(quantityText);
  if ('problem' in quantity) return { lineNo, text, reason: quantity.problem };
  return { lineNo, text, partNumber, partNumberNorm: normalizePartNumber(partNumber), quantity: quantity.quantity };
}

/** Reads pasted text into part lines and the lines it could not read, each with its reason. */
export function parseQuickOrderText(text: string): ParsedQuickOrder {
  const result: ParsedQuickOrder = { lines: [], problems: [], lineCount: 0 };
  const rows = text.split(/\r\n|\r|\n/);
  rows.forEach((row, index) => {
    const trimmed = row.trim();
    if (trimmed === '') return;
    if (result.lineCount === 0) {
      const { partNumber, quantityText } = splitQuickOrderLine(trimmed);
      if (isHeaderLine(partNumber, quantityText)) return;
    }
    result.lineCount += 1;
    const read = readLine(index + 1, trimmed);
    if ('reason' in read) result.problems.push(read);
    else result.lines.push(read);
  });
  return result;
}

/** The count shown under the box as the buyer types: lines with something on them. */
export function countQuickOrderLines(text: string): number {
  return parseQuickOrderText(text).lineCount;
}
