import type { EvidenceRow } from '../../../contract/cross-reference.ts';
import { compareParam, packageParamName, type PartParam } from '../../../contract/part-compare.ts';

/**
 * The table of evidence that one part can stand for another, parameter by parameter, each compared by the rules
 * the BOM's judge applies (contract/part-compare.ts): the package first, then each parameter the original records.
 * `strict` (a parameter substitute): every row must be the same or better, else null. Not strict (the same part
 * number, whose code is the evidence): rows the candidate does not record are left out, but one it records
 * differently still refuses it.
 */
export function evidenceOf(
  original: { package: string; params: readonly PartParam[] },
  candidate: { package: string; params: readonly PartParam[] },
  isStrict: boolean,
): EvidenceRow[] | null {
  const rows: EvidenceRow[] = [];
  const wanted: PartParam[] = [
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
