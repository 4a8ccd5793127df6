import type { BomCandidate, BomLine } from '../../../../contract/bom.ts';
import { normalizePartNumber, partNumberBase } from '../../../../contract/part-number.ts';
import { packageKey, parseQuantity } from '../../../../contract/value-query.ts';
import type { LabelledKind, LabelledLine } from '../../../../../tests/fixtures/bom-real/labels.ts';
import { expectedOutcomes, type RealLineOutcome } from '../../../../../tests/fixtures/bom-real/real-parts/expected-outcomes.ts';
import type { MatchedRealLine } from './real-parts-lines.ts';
import type { RealPart, RealPartsStore } from './real-parts-store.ts';

/**
 * Each matched real line against what it should have been given (expected-outcomes.ts), and every part the page
 * would choose for the buyer (精确匹配 and 推荐) against the line's hand label: a chosen part of another kind, value or
 * package than the label's is a false recommendation. The oracle is the price lists' own rows, not the matcher's
 * reading of them.
 */

export interface JudgedRealLine extends MatchedRealLine {
  expected: RealLineOutcome;
  /** What the tool answered, in a few words: "精确匹配 CH340G", "未匹配（未匹配：无此封装…）". */
  answer: string;
  isAsExpected: boolean;
  /** Why the chosen part is not the labelled part, when it is not. */
  falseRecommendation: string | null;
}

const statusNames: Record<BomLine['status'], string> = { exact: '精确匹配', recommended: '推荐', multiple: '多个候选', none: '未匹配', notFitted: '不贴' };

export function outcomeOf(file: string, lineNo: number): RealLineOutcome {
  const outcome = expectedOutcomes[file]?.[lineNo];
  if (!outcome) throw new Error(`expected-outcomes.ts has no outcome for ${file} line ${String(lineNo)}`);
  return outcome;
}

export function describeOutcome(outcome: RealLineOutcome): string {
  switch (outcome.outcome) {
    case 'exact':
      return `精确匹配 ${outcome.part}`;
    case 'recommended':
      return `推荐 ${outcome.parts.join(' / ')} (${outcome.by})`;
    case 'outOfStock':
      return `精确匹配 ${outcome.part}, out of stock`;
    case 'unmatched':
      return `no part (${outcome.because}: ${outcome.why})`;
    case 'notFitted':
      return '不贴';
  }
}

function chosenOf(line: BomLine | undefined): BomCandidate | undefined {
  return line?.status === 'exact' || line?.status === 'recommended' ? line.candidates[0] : undefined;
}

function answerOf(line: BomLine | undefined): string {
  if (!line) return 'no line read';
  const chosen = chosenOf(line);
  return chosen ? `${statusNames[line.status]} ${chosen.code}（${line.matchReason}）` : `${statusNames[line.status]}（${line.matchReason}）`;
}

function isAsExpected(expected: RealLineOutcome, line: BomLine | undefined): boolean {
  if (!line) return false;
  const chosen = chosenOf(line);
  switch (expected.outcome) {
    case 'exact':
      return line.status === 'exact' && chosen?.code === expected.part;
    case 'recommended':
      return chosen !== undefined && expected.parts.includes(chosen.code) && chosen.stock > 0;
    case 'outOfStock':
      return line.status === 'exact' && chosen?.code === expected.part && chosen.stock < line.requiredQuantity;
    case 'unmatched':
      return (line.status === 'none' || line.status === 'multiple') && line.matchReason.trim() !== '';
    case 'notFitted':
      return line.status === 'notFitted';
  }
}

/** A diode line takes any diode; every other kind only its own. */
function kindFits(labelled: LabelledKind, part: LabelledKind): boolean {
  return labelled === part || (labelled === 'diode' && ['schottky', 'zener', 'tvs'].includes(part));
}

/** Whether a part number is the labelled one: the same, longer by an ordering suffix, or the label's in other packaging. */
function isSamePartNumber(labelled: string, code: string): boolean {
  const wanted = normalizePartNumber(labelled);
  return normalizePartNumber(code).startsWith(wanted) || wanted.startsWith(partNumberBase(code));
}

function valueMisfit(label: LabelledLine, part: RealPart): string | null {
  if (!label.valueCanonical) return null;
  const wanted = parseQuantity(label.valueCanonical);
  if (!wanted?.unit) return isSamePartNumber(label.valueCanonical, part.code) ? null : `part ${part.code}, labelled ${label.valueCanonical}`;
  const carried = Object.values(part.params)
    .map((text) => parseQuantity(text))
    .find((quantity) => quantity?.unit === wanted.unit);
  if (!carried) return `${part.code} carries no value in ${wanted.unit}, labelled ${label.valueCanonical}`;
  const isSame = Math.abs(carried.value - wanted.value) <= 1e-9 * Math.max(Math.abs(wanted.value), 1e-15);
  return isSame ? null : `value of ${part.code} is not ${label.valueCanonical}`;
}

/** Why a chosen part is not the labelled part; parts the expectation names were checked by hand against the maker's numbering. */
function falseRecommendationOf(judged: MatchedRealLine, expected: RealLineOutcome, store: RealPartsStore): string | null {
  const chosen = chosenOf(judged.line);
  if (!chosen) return null;
  const named = expected.outcome === 'exact' || expected.outcome === 'outOfStock' ? [expected.part] : expected.outcome === 'recommended' ? expected.parts : [];
  if (named.includes(chosen.code)) return null;
  const part = [...store.parts.values()].find((candidate) => candidate.productId === chosen.productId);
  if (!part) return `${chosen.code} is not a part of the real-parts price lists`;
  const { label } = judged;
  if (!kindFits(label.kind, part.kind)) return `${part.code} is of kind ${part.kind}, labelled ${label.kind}`;
  if (label.packageCanonical && packageKey(part.package) !== packageKey(label.packageCanonical))
    return `${part.code} is ${part.package}, labelled ${label.packageCanonical}`;
  return valueMisfit(label, part);
}

export function judgeRealLines(matched: readonly MatchedRealLine[], store: RealPartsStore): JudgedRealLine[] {
  return matched.map((line) => {
    const expected = outcomeOf(line.file, line.label.lineNo);
    const labelDoubt = expected.outcome === 'recommended' ? expected.labelDoubt : undefined;
    return {
      ...line,
      expected,
      answer: answerOf(line.line),
      isAsExpected: isAsExpected(expected, line.line),
      falseRecommendation: labelDoubt ? null : falseRecommendationOf(line, expected, store),
    };
  });
}
