import { normalizePartNumber } from '../../../../contract/part-number.ts';
import { kindFits, kindOfPart, partKindLabels, type PartKind } from '../../../../contract/part-kind.ts';
import {
  compareDielectric,
  compareRating,
  dielectricRank,
  isRatingUnit,
  isSameNumber,
  isOtherPackage,
  isSamePackage,
  numberOfParam,
  ratingNames,
  type PartParam,
  type RatingUnit,
} from '../../../../contract/part-compare.ts';
import { formatQuantity, parsePackage, type Quantity, type QuantityUnit } from '../../../../contract/value-query.ts';
import { valueNameOfUnit, valueUnitOfKind, type LineNeeds } from './line-needs.ts';

/**
 * Whether a catalogue part is the part a BOM line asks for, and the evidence either way (issue 27:
 * a recommendation is never a different part). A part is `verified` when its part number is the
 * line's (or the same part in other packaging), or, for a passive, when its kind, value and
 * package are the line's and every limit the line states is met or bettered. `choice`: right kind
 * and value, but the line does not say which package (or which ordering suffix), so the buyer
 * chooses. Anything else is a `miss`, with the first reason it fails. Values, packages, ratings and
 * dielectrics are compared by the rules the cross-reference page uses too (contract/part-compare.ts).
 */

export type MissReason = 'kind' | 'value' | 'package' | 'limit' | 'code' | 'unknown';

export type Verdict = { fit: 'verified'; evidence: string } | { fit: 'choice'; evidence: string } | { fit: 'miss'; evidence: string; miss: MissReason };

/** How the index found the part: its code, another packaging of it, a longer code (ordering suffix), a code like it, or values and words. */
export type FoundBy = 'code' | 'packaging' | 'codePrefix' | 'nearCode' | 'storeCode' | 'values';

export interface PartFacts {
  code: string;
  package: string;
  categoryName: string;
  description: string;
  keyParams: readonly PartParam[];
}

/** An ordering suffix this long at most is the same part (LM358 → LM358DR); longer is another part that shares a prefix. */
const orderingSuffixMax = 6;

function paramOfUnit(part: PartFacts, unit: QuantityUnit): { valueText: string; valueNum: number } | undefined {
  for (const param of part.keyParams) {
    const valueNum = param.unit === unit ? numberOfParam(param) : null;
    if (valueNum !== null) return { valueText: param.valueText, valueNum };
  }
  return undefined;
}

const miss = (reason: MissReason, evidence: string): Verdict => ({ fit: 'miss', miss: reason, evidence });

/** The part's kind against the line's: unknown on either side does not refuse here (the value check needs the kind). */
function kindMiss(needs: LineNeeds, partKind: PartKind | null): Verdict | null {
  if (needs.kind === null || partKind === null || kindFits(needs.kind, partKind)) return null;
  return miss('kind', `类别不符：${partKindLabels[partKind]}（BOM 为${partKindLabels[needs.kind]}）`);
}

function limitMiss(limit: Quantity, unit: RatingUnit, part: PartFacts): Verdict | null {
  const name = ratingNames[unit];
  const param = paramOfUnit(part, unit);
  if (!param) return miss('unknown', `目录未注明${name}（BOM ${formatQuantity(limit)}）`);
  return compareRating(unit, limit.value, param.valueNum) ? null : miss('limit', `${name}不达标：${param.valueText}（BOM ${formatQuantity(limit)}）`);
}

/** The part's dielectric: the first of its values that names one. */
const dielectricOf = (part: PartFacts) => part.keyParams.find((row) => dielectricRank(row.valueText) !== null);

function dielectricMiss(wanted: string, part: PartFacts): Verdict | null {
  if (dielectricRank(wanted) === null) return null;
  const param = dielectricOf(part);
  if (param === undefined) return miss('unknown', `目录未注明材质（BOM ${wanted}）`);
  return compareDielectric(wanted, param.valueText) ? null : miss('limit', `材质不达标：${param.valueText}（BOM ${wanted}）`);
}

/** A passive found by its values: kind, value, package, then each stated limit. */
function verifyByValues(needs: LineNeeds, part: PartFacts): Verdict {
  const partKind = kindOfPart(part.categoryName, part.description);
  const valueUnit = needs.kind === null ? undefined : valueUnitOfKind[needs.kind];
  if (needs.kind === null) return miss('unknown', 'BOM 未表明器件类别（位号或名称），无法确认');
  const wrongKind = kindMiss(needs, partKind);
  if (wrongKind) return wrongKind;
  if (partKind === null) return miss('unknown', '目录中该商品类别不明，无法确认');
  if (valueUnit === undefined) return miss('code', `${partKindLabels[needs.kind]}须按型号匹配`);
  if (needs.value === null) return miss('unknown', `BOM 未注明${valueNameOfUnit[valueUnit] ?? '参数'}`);
  const valueName = valueNameOfUnit[valueUnit] ?? '参数';
  const value = paramOfUnit(part, valueUnit);
  if (!value) return miss('unknown', `目录未注明${valueName}`);
  if (!isSameNumber(value.valueNum, needs.value.value)) return miss('value', `${valueName}不符：${value.valueText}（BOM ${formatQuantity(needs.value)}）`);
  const met: string[] = [`${valueName} ${value.valueText}`];
  if (needs.packageName !== null) {
    if (!isSamePackage(part.package, needs.packageName)) return miss('package', `封装不符：${part.package || '未注明'}（BOM ${needs.packageName}）`);
    met.push(`封装 ${part.package}`);
  }
  for (const limit of needs.limits) {
    const unit = limit.unit;
    if (!isRatingUnit(unit)) continue;
    const failed = limitMiss(limit, unit, part);
    if (failed) return failed;
    const param = paramOfUnit(part, unit);
    if (param) met.push(`${ratingNames[unit]} ${param.valueText}`);
  }
  if (needs.dielectric !== null) {
    const failed = dielectricMiss(needs.dielectric, part);
    if (failed) return failed;
    met.push(`材质 ${dielectricOf(part)?.valueText ?? ''}`);
  }
  if (needs.packageName === null) return { fit: 'choice', evidence: `参数一致：${met.join('、')}；BOM 未注明封装，请选择` };
  return { fit: 'verified', evidence: `参数一致：${met.join('、')}` };
}

/**
 * A line whose part number names a part of another value than its own value column says (a real
 * EasyEDA export: 10nF and 10uF lines both carrying GRM188R71H104KA93D, a 100nF part): the number
 * is found, but the file contradicts itself, so the buyer confirms.
 */
function valueConflict(needs: LineNeeds, part: PartFacts): string | null {
  const unit = needs.value?.unit;
  if (!needs.value || !unit) return null;
  const carried = paramOfUnit(part, unit);
  if (!carried || isSameNumber(carried.valueNum, needs.value.value)) return null;
  return `${valueNameOfUnit[unit] ?? '参数'}不符：${carried.valueText}（BOM ${formatQuantity(needs.value)}）`;
}

/** The first word of a package as written (`QFN-20(4x4)` → QFN-20), read as a package, or null when it is no package the store knows. */
function knownPackage(text: string): string | null {
  return parsePackage(text.split(/[\s(（]/)[0] ?? '');
}

/**
 * A part number sold in more than one package (S8050 in TO-92 and SOT-23): found by its number, the
 * part is the line's only where the line's package does not name another one. Names the store or
 * the line writes in a way it cannot read (DPAK, QFN-20-EP) never refuse.
 */
function packageConflict(needs: LineNeeds, part: PartFacts): string | null {
  const wanted = needs.packageName === null ? null : knownPackage(needs.packageName);
  const offered = knownPackage(part.package);
  if (wanted === null || offered === null || !isOtherPackage(wanted, offered)) return null;
  return `封装不符：${part.package}（BOM ${needs.packageName ?? ''}）`;
}

/**
 * A connector's designator (P3, J2) on a line whose number names a chip: on real boards that is a
 * module or breakout plugged into a header (an HX711 board on P3), so the chip is not assumed.
 */
function pluggedOnConnector(needs: LineNeeds, part: PartFacts): string | null {
  if (needs.designatorKind !== 'connector') return null;
  const partKind = kindOfPart(part.categoryName, part.description);
  if (partKind === null || kindFits('connector', partKind)) return null;
  return `位号为连接器，可能是插接的模块，请核对是${partKindLabels[partKind]}还是模块`;
}

/** A part whose code starts with the line's (LM358 → LM358DR): the same part only where the package says so. */
function verifyByCodePrefix(needs: LineNeeds, lineCode: string, part: PartFacts): Verdict {
  const wanted = normalizePartNumber(lineCode);
  const code = normalizePartNumber(part.code);
  if (!code.startsWith(wanted) || code.length - wanted.length > orderingSuffixMax) return miss('code', `型号不符：${part.code}（BOM ${lineCode}）`);
  const wrongKind = kindMiss(needs, kindOfPart(part.categoryName, part.description));
  if (wrongKind) return wrongKind;
  if (needs.packageName === null) return { fit: 'choice', evidence: `${lineCode} 的订购型号 ${part.code}；BOM 未注明封装，请选择` };
  if (!isSamePackage(part.package, needs.packageName)) return miss('package', `封装不符：${part.package || '未注明'}（BOM ${needs.packageName}）`);
  return { fit: 'verified', evidence: `${lineCode} 的订购型号 ${part.code}，封装 ${part.package} 一致` };
}

/** The verdict on one part found for a line, by how it was found. */
export function verifyCandidate(needs: LineNeeds, lineCode: string | null, foundBy: FoundBy, part: PartFacts): Verdict {
  if (foundBy === 'code' || foundBy === 'packaging') {
    const conflict = valueConflict(needs, part);
    if (conflict) return { fit: 'choice', evidence: `型号一致，但${conflict}，请核对型号与参数` };
    const plugged = pluggedOnConnector(needs, part);
    if (plugged) return { fit: 'choice', evidence: `型号一致，但${plugged}` };
    const otherPackage = packageConflict(needs, part);
    if (otherPackage) return { fit: 'choice', evidence: `型号一致，但${otherPackage}，请核对型号与封装` };
  }
  if (foundBy === 'code') return { fit: 'verified', evidence: '型号一致' };
  if (foundBy === 'storeCode') return { fit: 'verified', evidence: '商品编号一致' };
  if (foundBy === 'packaging') return { fit: 'verified', evidence: `型号一致（${part.code} 为其他包装）` };
  if (foundBy === 'codePrefix' && lineCode !== null) return verifyByCodePrefix(needs, lineCode, part);
  if (foundBy === 'nearCode') return miss('code', `型号不符：${part.code}（BOM ${lineCode ?? ''}）`);
  return verifyByValues(needs, part);
}
