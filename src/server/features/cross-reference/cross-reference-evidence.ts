import type { EvidenceRow, EvidenceVerdict } from '../../../contract/cross-reference.ts';
import { packageKey, parseQuantity } from '../../../contract/value-query.ts';

/**
 * The evidence that one part can stand for another, parameter by parameter, by the BOM matcher's
 * rules (bom/match/verify-candidate.ts): the package and every value the same; a tolerance as
 * tight or tighter, a voltage, power or current rating as high or higher, a dielectric as stable
 * or more. A parameter the candidate does not record, or records worse, is no evidence: null.
 */

export interface ParamValue {
  name: string;
  unit: string | null;
  valueText: string;
  valueNum: number | null;
}

export const packageParamName = '封装';

/** Dielectrics from the most stable (C0G and NP0 are one). */
const dielectricRanks = ['C0G', 'NP0', 'X8R', 'X7R', 'X7S', 'X6S', 'X5R', 'X7T', 'X5S', 'Y5V', 'Z5U'];
function dielectricRank(text: string): number | null {
  const upper = text.toUpperCase().replace('COG', 'C0G').replace('NPO', 'NP0');
  const index = dielectricRanks.findIndex((name) => upper.includes(name));
  return index < 0 ? null : index <= 1 ? 0 : index - 1;
}

const atLeastUnits = new Set(['V', 'W', 'A']);
const isClose = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b), 1e-15);
const textKey = (text: string) => text.toUpperCase().replace(/\s+/g, '');
/** A range (2.0V~3.6V, -40℃~+85℃) is compared as written: "more" of a range means nothing. */
const isRange = (text: string) => /[~～]|\d\s*-\s*[+\d]/.test(text);

function numberOf(param: ParamValue): number | null {
  return param.valueNum ?? parseQuantity(param.valueText.split(/[\s/，,]+/)[0] ?? '')?.value ?? null;
}

/** Whether the candidate's value is the original's, or better where the rules allow better; null when it is neither or unknown. */
export function compareParam(original: ParamValue, candidate: ParamValue): EvidenceVerdict | null {
  if (textKey(original.valueText) === textKey(candidate.valueText)) return 'same';
  if (original.name === packageParamName) return packageKey(original.valueText) === packageKey(candidate.valueText) ? 'same' : null;
  const wantedRank = dielectricRank(original.valueText);
  if (wantedRank !== null) {
    const rank = dielectricRank(candidate.valueText);
    if (rank === null || rank > wantedRank) return null;
    return rank === wantedRank ? 'same' : 'better';
  }
  if (isRange(original.valueText) || isRange(candidate.valueText)) return null;
  const wanted = numberOf(original);
  const offered = numberOf(candidate);
  if (wanted === null || offered === null) return null;
  if (isClose(wanted, offered)) return 'same';
  if (original.unit === '%') return offered < wanted ? 'better' : null;
  if (original.unit !== null && atLeastUnits.has(original.unit)) return offered > wanted ? 'better' : null;
  return null;
}

/**
 * The table of evidence: the package first, then each parameter the original records. `strict`
 * (a parameter substitute): every row must be the same or better, else null. Not strict (the same
 * part number, whose code is the evidence): rows the candidate does not record are left out, but
 * one it records differently still refuses it.
 */
export function evidenceOf(
  original: { package: string; params: readonly ParamValue[] },
  candidate: { package: string; params: readonly ParamValue[] },
  isStrict: boolean,
): EvidenceRow[] | null {
  const rows: EvidenceRow[] = [];
  const wanted: ParamValue[] = [
    { name: packageParamName, unit: null, valueText: original.package, valueNum: null },
    ...original.params.filter((param) => param.name !== packageParamName),
  ];
  for (const param of wanted) {
    const offeredText = param.name === packageParamName ? candidate.package : undefined;
    const offered =
      offeredText !== undefined
        ? { ...param, valueText: offeredText }
        : candidate.params.find((row) => row.name === param.name && row.name !== packageParamName);
    if (param.valueText.trim() === '') {
      if (isStrict) return null;
      continue;
    }
    if (!offered || offered.valueText.trim() === '') {
      if (isStrict) return null;
      continue;
    }
    const verdict = compareParam(param, offered);
    if (verdict === null) return null;
    rows.push({ name: param.name, original: param.valueText, candidate: offered.valueText, verdict });
  }
  return rows;
}
