import { bomLimits, type BomCandidateFit, type BomLineInput, type BomLineStatus } from '../../../../contract/bom.ts';
import { orderQuantityOf } from '../../../../contract/bom-optimiser.ts';
import type { ProductSummary } from '../../../../contract/catalog.ts';
import { partNumberBase } from '../../../../contract/part-number.ts';
import { formatQuantity } from '../../../../contract/value-query.ts';
import type { LineFind, PooledHit } from './find-candidates.ts';
import type { LineNeeds } from './line-needs.ts';
import { valueNameOfUnit } from './line-needs.ts';
import type { MissReason, Verdict } from './verify-candidate.ts';

/** A part found for a line, read, priced in rank order, and judged against the line. */
export interface JudgedPart {
  summary: ProductSummary;
  pooled: PooledHit;
  verdict: Verdict;
}

export interface SettledLine {
  status: BomLineStatus;
  matchReason: string;
  /** Best first: the line's parts (in stock first), then those to choose between, then the closest others. */
  parts: JudgedPart[];
}

const fitRank: Record<BomCandidateFit, number> = { verified: 0, choice: 1, miss: 2 };

function missSummary(needs: LineNeeds, reason: MissReason | undefined): string {
  const value = needs.value ? formatQuantity(needs.value) : '';
  const valueName = (needs.value?.unit && valueNameOfUnit[needs.value.unit]) ?? '参数';
  const wanted = [value, needs.packageName ?? ''].filter(Boolean).join(' ');
  switch (reason) {
    case 'value':
      return `无此${valueName}（${wanted}）`;
    case 'package':
      return `无此封装（${wanted}）`;
    case 'kind':
      return '目录中没有同类器件';
    case 'limit':
      return '参数不达标';
    case 'code':
      return '目录中没有此型号';
    default:
      return '无法确认是同一器件';
  }
}

/**
 * The line's status from the verdicts on its parts (issue 27): 精确匹配 only by part number or
 * store code — an exact part out of stock stays itself, short; 推荐 only for a part checked to be
 * the line's and in stock; 多个候选 when the buyer must choose (the package left open, or several
 * exact parts); otherwise 未匹配 with the closest parts listed and the reason (缺货 when the line's
 * parts are all out of stock).
 */
export function settleLine(line: BomLineInput, find: LineFind, needs: LineNeeds, judged: readonly JudgedPart[]): SettledLine {
  if (find.status === 'notFitted') return { status: 'notFitted', matchReason: '不贴（BOM 标注不安装）', parts: [] };
  const parts = [...judged]
    .sort((a, b) => fitRank[a.verdict.fit] - fitRank[b.verdict.fit] || (isStocked(a) ? 0 : 1) - (isStocked(b) ? 0 : 1))
    .slice(0, bomLimits.candidatesMax);
  const best = parts[0];
  if (!best) return { status: 'none', matchReason: find.probes ? '未匹配：目录中没有找到' : '未匹配', parts };
  if (find.status === 'exact' || find.status === 'multiple') {
    const exact = [...judged].sort((a, b) => a.pooled.rankClass - b.pooled.rankClass).slice(0, bomLimits.candidatesMax);
    const first = exact[0]?.verdict;
    // The part number found, but the line's own value says otherwise: the buyer confirms which is right.
    const status = first?.fit === 'verified' ? find.status : 'multiple';
    return { status, matchReason: first?.evidence ?? '型号一致', parts: exact };
  }
  const { verdict } = best;
  const suffixes = orderingSuffixChoices(parts);
  if (suffixes) return { status: 'multiple', matchReason: suffixes, parts };
  if (verdict.fit === 'verified') {
    if (!isStocked(best)) return { status: 'none', matchReason: `缺货：${verdict.evidence}的商品暂无库存`, parts };
    const short = best.summary.stock < orderQuantityOf(Math.max(1, line.requiredQuantity), best.summary.packSize);
    return { status: 'recommended', matchReason: short ? `${verdict.evidence}（库存不足）` : verdict.evidence, parts };
  }
  if (verdict.fit === 'choice') return { status: 'multiple', matchReason: verdict.evidence, parts };
  return { status: 'none', matchReason: `未匹配：${missSummary(needs, verdict.miss)}`, parts };
}

/**
 * A line naming only the start of a part number (XC6206) that the store sells with several ordering
 * suffixes which are not packagings of one part (XC6206P332MR 3.3 V, XC6206P182MR 1.8 V): the suffix
 * is the part, so the buyer chooses.
 */
function orderingSuffixChoices(parts: readonly JudgedPart[]): string | null {
  const byPrefix = parts.filter((part) => part.pooled.foundBy === 'codePrefix' && part.verdict.fit === 'verified');
  const bases = [...new Set(byPrefix.map((part) => partNumberBase(part.summary.code)))];
  if (bases.length < 2) return null;
  const codes = byPrefix.map((part) => part.summary.code).slice(0, 4);
  return `BOM 型号不完整，有多个订购型号（${codes.join('、')}），参数不同，请选择`;
}

function isStocked(part: JudgedPart): boolean {
  return part.summary.stock > 0;
}
