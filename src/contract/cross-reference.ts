import type { ParamVerdict } from './part-compare.ts';
import type { PriceTier } from './pricing.ts';

/**
 * 型号替代查询 (issue 27): a part number in; the same part in other packagings or from other makers,
 * and parts of the same category and package whose every recorded parameter is the same or better,
 * out, each with its evidence parameter by parameter. The store keeps no pin-compatibility table,
 * so a same package is all it can show: the page says so instead of claiming more.
 */

export const crossReferencePaths = {
  page: '/cross-reference',
} as const;

export function crossReferencePath(code: string): string {
  return `${crossReferencePaths.page}?code=${encodeURIComponent(code)}`;
}

export const crossReferenceCodeMaxLength = 60;
/** What a part number is written with: LM358DR/TR, RC0603FR-0710KL, BAT54S,215, 1N4148W(T4). */
const codeCharacters = /^[A-Za-z0-9][A-Za-z0-9 ._/+#,()-]*$/;

export const crossReferenceMessages = {
  codeMissing: '请输入要查询的型号',
  codeTooLong: `型号不能超过${crossReferenceCodeMaxLength}个字符`,
  codeInvalid: '型号只能包含字母、数字和 - _ . / + # , ( ) 等字符',
  notFound: '未找到该型号',
  pinNote: '封装相同，引脚兼容需核对数据手册',
  noPinTable: '本商城没有型号对照表，替代依据为目录记录的参数；未记录引脚兼容信息，下单前请核对数据手册。',
  noKeyParams: '目录未记录该型号的关键参数，无法按参数给出替代。',
  noPackage: '目录未记录该型号的封装，无法按参数给出替代。',
} as const;

/** The problem with a typed part number, or '' when it can be looked up. */
export function crossReferenceCodeProblem(code: string): string {
  const trimmed = code.trim();
  if (trimmed === '') return crossReferenceMessages.codeMissing;
  if (trimmed.length > crossReferenceCodeMaxLength) return crossReferenceMessages.codeTooLong;
  if (!codeCharacters.test(trimmed)) return crossReferenceMessages.codeInvalid;
  return '';
}

export interface CrossReferencePart {
  productId: number;
  code: string;
  brandName: string;
  isDomesticBrand: boolean;
  categoryName: string;
  package: string;
  description: string;
  stock: number;
  packSize: number;
  priceTiers: PriceTier[];
}

/** `better`: a tighter tolerance, a higher voltage, power or current rating, a more stable dielectric (the BOM's rules: part-compare.ts). */
export type EvidenceVerdict = ParamVerdict;

export interface EvidenceRow {
  name: string;
  original: string;
  candidate: string;
  verdict: EvidenceVerdict;
}

/** How an equivalent relates to the part looked up. */
export type CrossReferenceRelation = 'otherBrand' | 'otherPackaging' | 'parameters';

export const crossReferenceRelationLabels: Record<CrossReferenceRelation, string> = {
  otherBrand: '同型号，其他品牌',
  otherPackaging: '同型号，其他包装',
  parameters: '参数替代',
};

export interface CrossReferenceMatch {
  part: CrossReferencePart;
  relation: CrossReferenceRelation;
  evidence: EvidenceRow[];
  /** Always the package note: the store records no pin compatibility. */
  pinNote: string;
}

export interface CrossReferenceResult {
  /** The part number as typed (trimmed). */
  code: string;
  /** The part looked up, or null: 未找到该型号. */
  found: CrossReferencePart | null;
  sameCode: CrossReferenceMatch[];
  byParameters: CrossReferenceMatch[];
  /** Why there are no parameter substitutes when the catalogue cannot show them ('' otherwise). */
  notice: string;
}

/** The page's state: no result before a part number is typed; `problem` for one that cannot be looked up. */
export interface CrossReferencePageData {
  code: string;
  problem: string;
  result: CrossReferenceResult | null;
}

export const crossReferenceLimits = { sameCodeMax: 20, byParametersMax: 30 } as const;
