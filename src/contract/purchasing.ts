/**
 * 采购与合规 (issue 28): what a purchasing engineer checks on a part before ordering it: REACH, the moisture
 * sensitivity level, the export classification, the country of origin, how it is packed, the factory lead time
 * and links to its CAD models. Shared by the catalogue, the console's product form, the price import, the
 * product page, the parametric filter and the open API; zod-free (purchasing-requests.ts builds the schemas).
 */
import { countryNames } from './countries.ts';

export const reachStatuses = ['compliant', 'non_compliant', 'unknown'] as const;
export type ReachStatus = (typeof reachStatuses)[number];

/** J-STD-020 levels; `na` (不适用) for parts moisture does not harm (through-hole connectors, most passives). */
export const mslLevels = ['1', '2', '2a', '3', '4', '5', '5a', '6', 'na'] as const;
export type MslLevel = (typeof mslLevels)[number];

export const packagings = ['tape_reel', 'cut_tape', 'tray', 'tube', 'bulk', 'box'] as const;
export type Packaging = (typeof packagings)[number];

/** A part's purchasing data; null where the maker or supplier has not said. */
export interface PurchasingData {
  reachStatus: ReachStatus;
  msl: MslLevel | null;
  /** Export Control Classification Number: EAR99, 3A991.a.2, 5A992.c… */
  eccn: string | null;
  /** ISO 3166-1 alpha-2 (CN, TW, MY…). */
  originCountry: string | null;
  packaging: Packaging | null;
  /** 工厂交期 in weeks. */
  factoryLeadWeeks: number | null;
  /** https only. */
  cadSymbolUrl: string | null;
  cadFootprintUrl: string | null;
  cadModelUrl: string | null;
}

/** As the product page shows it: the country of origin also by its Chinese name (CN → 中国). */
export interface PurchasingView extends PurchasingData {
  originCountryName: string | null;
}

export type PurchasingField = keyof PurchasingData;
export const purchasingFields = [
  'reachStatus',
  'msl',
  'eccn',
  'originCountry',
  'packaging',
  'factoryLeadWeeks',
  'cadSymbolUrl',
  'cadFootprintUrl',
  'cadModelUrl',
] as const satisfies readonly PurchasingField[];

/** What a part knows before anyone said anything: REACH 未知, the rest unsaid. */
export const emptyPurchasing: PurchasingData = {
  reachStatus: 'unknown',
  msl: null,
  eccn: null,
  originCountry: null,
  packaging: null,
  factoryLeadWeeks: null,
  cadSymbolUrl: null,
  cadFootprintUrl: null,
  cadModelUrl: null,
};

export const purchasingFieldLabels: Record<PurchasingField, string> = {
  reachStatus: 'REACH',
  msl: '湿敏等级',
  eccn: 'ECCN',
  originCountry: '原产地',
  packaging: '包装方式',
  factoryLeadWeeks: '工厂交期',
  cadSymbolUrl: '原理图符号',
  cadFootprintUrl: 'PCB 封装',
  cadModelUrl: '3D 模型',
};

export const reachLabels: Record<ReachStatus, string> = { compliant: '符合', non_compliant: '不符合', unknown: '未知' };

/** The level with its floor life out of the bag at ≤30 °C/60 %RH. */
export const mslLabels: Record<MslLevel, string> = {
  '1': 'MSL 1（无限期）',
  '2': 'MSL 2（1年）',
  '2a': 'MSL 2a（4周）',
  '3': 'MSL 3（168小时）',
  '4': 'MSL 4（72小时）',
  '5': 'MSL 5（48小时）',
  '5a': 'MSL 5a（24小时）',
  '6': 'MSL 6（按标签时间）',
  na: '不适用',
};

export const packagingLabels: Record<Packaging, string> = {
  tape_reel: '卷带（Tape & Reel）',
  cut_tape: '剪切带（Cut Tape）',
  tray: '托盘（Tray）',
  tube: '管装（Tube）',
  bulk: '散装（Bulk）',
  box: '盒装（Box）',
};

export const purchasingLimits = { eccnMax: 20, urlMax: 500, leadWeeksMin: 1, leadWeeksMax: 104 } as const;

export const purchasingMessages = {
  reachInvalid: 'REACH 须为 符合、不符合 或 未知',
  mslInvalid: '湿敏等级须为 1、2、2a、3、4、5、5a、6 或 不适用',
  eccnInvalid: 'ECCN 格式不正确，应如 EAR99、3A991.a.2、5A992.c',
  originInvalid: '原产地须为 ISO 3166 两位国家/地区代码（如 CN、TW、MY）或其中文名称',
  packagingInvalid: '包装方式须为 卷带、剪切带、托盘、管装、散装 或 盒装',
  leadWeeksInvalid: `工厂交期须为${purchasingLimits.leadWeeksMin}-${purchasingLimits.leadWeeksMax}的整数（周）`,
  cadUrlInvalid: `CAD 模型链接须为 https:// 开头的网址，且不超过${purchasingLimits.urlMax}个字符`,
} as const;

/** The Chinese name of an ISO code ('CN' → 中国); the code itself when unknown. */
export function countryNameOf(code: string): string {
  return countryNames[code] ?? code;
}

export function isCountryCode(code: string): boolean {
  return Object.hasOwn(countryNames, code);
}

export function isReachStatus(value: string): value is ReachStatus {
  return (reachStatuses as readonly string[]).includes(value);
}

export function isMslLevel(value: string): value is MslLevel {
  return (mslLevels as readonly string[]).includes(value);
}

export function isPackaging(value: string): value is Packaging {
  return (packagings as readonly string[]).includes(value);
}

/** EAR99, or a category digit, a group letter A–E, three digits, then dotted sub-paragraphs (3A991.a.2, 5A992.c, 4A994.l). */
const eccnPattern = /^(?:EAR99|[0-9][A-E][0-9]{3}(?:\.[a-z0-9]{1,3}){0,4})$/;

/** An ECCN as written (any case, spaces around) in its usual spelling (3A991.a.2); null when it is not one. */
export function normalizeEccn(text: string): string | null {
  const trimmed = text.trim();
  const [head = '', ...rest] = trimmed.split('.');
  const spelled = [head.toUpperCase(), ...rest.map((part) => part.toLowerCase())].join('.');
  return spelled.length <= purchasingLimits.eccnMax && eccnPattern.test(spelled) ? spelled : null;
}

export function isCadUrl(text: string): boolean {
  return text.length <= purchasingLimits.urlMax && /^https:\/\/[^\s/$.?#][^\s]*$/i.test(text);
}

export function isLeadWeeks(value: number): boolean {
  return Number.isInteger(value) && value >= purchasingLimits.leadWeeksMin && value <= purchasingLimits.leadWeeksMax;
}

/** Everything wrong with a whole record, as the first message ('' when it is right): the form and the server share it. */
export function purchasingProblem(data: PurchasingData): string {
  const m = purchasingMessages;
  if (!isReachStatus(data.reachStatus)) return m.reachInvalid;
  if (data.msl !== null && !isMslLevel(data.msl)) return m.mslInvalid;
  if (data.eccn !== null && normalizeEccn(data.eccn) !== data.eccn) return m.eccnInvalid;
  if (data.originCountry !== null && !isCountryCode(data.originCountry)) return m.originInvalid;
  if (data.packaging !== null && !isPackaging(data.packaging)) return m.packagingInvalid;
  if (data.factoryLeadWeeks !== null && !isLeadWeeks(data.factoryLeadWeeks)) return m.leadWeeksInvalid;
  for (const url of [data.cadSymbolUrl, data.cadFootprintUrl, data.cadModelUrl]) if (url !== null && !isCadUrl(url)) return m.cadUrlInvalid;
  return '';
}

/** 1–20 周, as the product page says it. */
export function leadWeeksText(weeks: number): string {
  return `${weeks} 周`;
}
