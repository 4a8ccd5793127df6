import { countryNames } from '../../../contract/countries.ts';
import { priceImportMessages as messages, type PriceImportMapping } from '../../../contract/price-import.ts';
import {
  isCadUrl,
  isCountryCode,
  isLeadWeeks,
  isMslLevel,
  normalizeEccn,
  purchasingFieldLabels,
  purchasingFields,
  type MslLevel,
  type Packaging,
  type PurchasingData,
  type PurchasingField,
  type ReachStatus,
} from '../../../contract/purchasing.ts';

/** Column headers of the purchasing columns, after the BOM tool's header normalisation (price-list-header.ts). */
export const purchasingHeaderSynonyms: Record<PurchasingField, readonly string[]> = {
  reachStatus: ['reach', 'reach状态', 'reach合规', 'reach认证', 'reachstatus', 'reachcompliance', 'reachcompliant', 'reachsvhc', 'svhc'],
  msl: ['msl', '湿敏等级', '湿敏等级msl', '湿度敏感等级', '潮敏等级', 'msl等级', 'msllevel', 'moisturesensitivitylevel', 'moisturesensitivitylevelmsl'],
  eccn: ['eccn', 'eccn编码', '出口管制分类', '出口管制分类号', '出口管制编码', 'exportclassification', 'exportcontrolclassificationnumber'],
  originCountry: ['原产地', '原产国', '产地', '原产国家', '原产地区', '原产国地区', 'countryoforigin', 'coo', 'origin', 'madein', 'countryorigin'],
  packaging: ['包装方式', '包装', '包装形式', '包装类型', 'packaging', 'packagingtype', 'packtype'],
  factoryLeadWeeks: [
    '工厂交期',
    '工厂交期周',
    '原厂交期',
    '交期',
    '交期周',
    '货期',
    '生产周期',
    '交货期',
    'leadtime',
    'leadtimeweeks',
    'leadtimewks',
    'factoryleadtime',
    'mfrleadtime',
    'manufacturerleadtime',
    'standardleadtime',
  ],
  cadSymbolUrl: ['原理图符号', '原理图符号链接', '原理图库', '符号', 'symbol', 'schematicsymbol', 'symbolurl', 'cadsymbol'],
  cadFootprintUrl: ['pcb封装', 'pcb封装链接', '封装库', '封装模型', 'pcbfootprint', 'footprinturl', 'cadfootprint', 'landpattern'],
  cadModelUrl: ['3d模型', '3d模型链接', '3d', '3dmodel', '3dmodelurl', 'stepmodel', 'step', 'stp', 'cadmodel'],
};

/** How price lists write them: the store's words, the English ones, the usual abbreviations. */
function keyOf(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\-_.()（）/]+/g, '');
}

const reachWords: Record<string, ReachStatus> = {
  符合: 'compliant',
  合规: 'compliant',
  是: 'compliant',
  yes: 'compliant',
  y: 'compliant',
  compliant: 'compliant',
  reachcompliant: 'compliant',
  svhcfree: 'compliant',
  不符合: 'non_compliant',
  不合规: 'non_compliant',
  否: 'non_compliant',
  no: 'non_compliant',
  n: 'non_compliant',
  noncompliant: 'non_compliant',
  notcompliant: 'non_compliant',
  reachaffected: 'non_compliant',
  // DigiKey's REACH column: "REACH Unaffected" / "REACH Affected".
  reachunaffected: 'compliant',
  unaffected: 'compliant',
  affected: 'non_compliant',
  containssvhc: 'non_compliant',
  未知: 'unknown',
  unknown: 'unknown',
};

const packagingWords: Record<string, Packaging> = {
  卷带: 'tape_reel',
  编带: 'tape_reel',
  卷盘: 'tape_reel',
  tapereel: 'tape_reel',
  'tape&reel': 'tape_reel',
  tr: 'tape_reel',
  't&r': 'tape_reel',
  reel: 'tape_reel',
  // DigiKey's Packaging column: "Tape & Reel (TR)", "Cut Tape (CT)", "Digi-Reel®" (a reel cut to the quantity ordered).
  'tape&reeltr': 'tape_reel',
  cuttapect: 'cut_tape',
  digireel: 'tape_reel',
  'digireel®': 'tape_reel',
  剪切带: 'cut_tape',
  剪带: 'cut_tape',
  cuttape: 'cut_tape',
  ct: 'cut_tape',
  托盘: 'tray',
  tray: 'tray',
  管装: 'tube',
  tube: 'tube',
  散装: 'bulk',
  袋装: 'bulk',
  bulk: 'bulk',
  bag: 'bulk',
  盒装: 'box',
  box: 'box',
};

const notApplicable = new Set(['不适用', 'na', 'notapplicable', '无']);

/** "3", "MSL 3", "3 (168 Hours)" (DigiKey: the level and its floor life), "不适用". */
function readMsl(text: string): MslLevel | null {
  const key = keyOf(text.replace(/[(（].*$/, ''));
  if (notApplicable.has(key)) return 'na';
  const level = key.replace(/^(?:msl|level|等级)/, '').replace(/级$/, '');
  return isMslLevel(level) && level !== 'na' ? level : null;
}

const countryByName = new Map(Object.entries(countryNames).map(([code, name]) => [name, code]));
for (const [alias, code] of [
  ['台湾', 'TW'],
  ['香港', 'HK'],
  ['澳门', 'MO'],
  ['中国大陆', 'CN'],
] as const)
  countryByName.set(alias, code);

function readCountry(text: string): string | null {
  const trimmed = text.trim();
  const code = trimmed.toUpperCase();
  if (/^[A-Z]{2}$/.test(code)) return isCountryCode(code) ? code : null;
  return countryByName.get(trimmed) ?? null;
}

function readLeadWeeks(text: string): number | null {
  const match = /^(\d{1,3})\s*(?:周|weeks?|wks?|w)?$/i.exec(text.normalize('NFKC').trim());
  const weeks = match ? Number(match[1]) : Number.NaN;
  return isLeadWeeks(weeks) ? weeks : null;
}

type Reader = (text: string) => PurchasingData[PurchasingField] | null;

const readers: Record<PurchasingField, { read: Reader; reason: string }> = {
  reachStatus: { read: (text) => reachWords[keyOf(text)] ?? null, reason: messages.reachInvalid },
  msl: { read: readMsl, reason: messages.mslInvalid },
  eccn: { read: normalizeEccn, reason: messages.eccnInvalid },
  originCountry: { read: readCountry, reason: messages.originInvalid },
  packaging: { read: (text) => packagingWords[keyOf(text)] ?? null, reason: messages.packagingInvalid },
  factoryLeadWeeks: { read: readLeadWeeks, reason: messages.leadWeeksInvalid },
  cadSymbolUrl: { read: (text) => (isCadUrl(text.trim()) ? text.trim() : null), reason: messages.cadUrlInvalid },
  cadFootprintUrl: { read: (text) => (isCadUrl(text.trim()) ? text.trim() : null), reason: messages.cadUrlInvalid },
  cadModelUrl: { read: (text) => (isCadUrl(text.trim()) ? text.trim() : null), reason: messages.cadUrlInvalid },
};

/**
 * The purchasing cells of one row: each filled cell read into its field, or an error naming the column in
 * Chinese. An empty cell says nothing (the part keeps its value). Null when the row fills none.
 */
export function readPurchasingCells(
  cellOf: (column: number | undefined) => string,
  mapping: PriceImportMapping,
  fail: (column: string, reason: string) => void,
): Partial<PurchasingData> | null {
  const found: Partial<Record<PurchasingField, unknown>> = {};
  let isFilled = false;
  for (const field of purchasingFields) {
    const text = cellOf(mapping[field]);
    if (text === '') continue;
    const value = readers[field].read(text);
    if (value === null) {
      fail(purchasingFieldLabels[field], readers[field].reason);
      continue;
    }
    found[field] = value;
    isFilled = true;
  }
  return isFilled ? (found as Partial<PurchasingData>) : null;
}
