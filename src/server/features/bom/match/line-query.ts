import type { BomLineInput } from '../../../../contract/bom.ts';
import { looksLikePartNumber, normalizePartNumber } from '../../../../contract/part-number.ts';
import { parsePackage, parseValueQuery, splitKeyword, type Quantity, type QuantityUnit } from '../../../../contract/value-query.ts';

/**
 * What a BOM line can be matched by, read from its cells with search's own parsing
 * (value-query.ts, part-number.ts): part numbers to look up, a store product number, parameter
 * values with the package, and the words for a keyword search.
 */

/** Values a part must carry: quantities (10kΩ, ±1%, 16V), dielectrics (any spelling of one), and the package. */
export interface ParameterTerms {
  quantities: Quantity[];
  /** Each group: any of these words (C0G or NP0). */
  wordGroups: string[][];
  packageName: string | null;
}

export interface LineProbes {
  /** Part numbers to try, most trusted first (MPN column, then a part number in the value column). */
  codeTexts: string[];
  /** A store product number (商品编号), when the store-code column holds one. */
  productId: number | null;
  /** Every value the line states; `loose`: the value column's alone, tried when the description adds a mismatch. */
  parameters: { strict: ParameterTerms; loose: ParameterTerms | null } | null;
  /** Words for a keyword search ('' for none): 贴片电阻 10K 0603. */
  keyword: string;
  /** The package the line names (package column first, else a package among its values). */
  packageName: string | null;
}

const dielectrics: Record<string, string[]> = {
  C0G: ['C0G', 'NP0'],
  COG: ['C0G', 'NP0'],
  NP0: ['C0G', 'NP0'],
  NPO: ['C0G', 'NP0'],
};
const dielectricPattern = /^(X[5-8][RSTPV]|Y5V|Z5U|C0G|COG|NP0|NPO)$/i;

/** An LCSC-style part code (C25804): the catalogue keeps no such column, so it cannot be looked up. */
const lcscCode = /^C\d{3,8}$/i;
const storeProductNumber = /^\d{1,9}$/;

/** The quantity unit a designator's letter implies: R1 is a resistor, C1 a capacitor, L1 an inductor. */
function unitOfDesignators(designators: readonly string[]): QuantityUnit | null {
  const letters = /^[A-Za-z]+/.exec(designators[0] ?? '')?.[0].toUpperCase() ?? '';
  if (letters === 'R' || letters === 'RN' || letters === 'VR') return 'Ω';
  if (letters === 'C' || letters === 'CE' || letters === 'EC') return 'F';
  if (letters === 'L' || letters === 'FB') return 'H';
  return null;
}

/** A footprint or package cell as a package name: `R_0603_1608Metric` → 0603, `C0805` → 0805, `SOIC-8_3.9x4.9mm` → SOIC-8. */
export function packageOfFootprint(text: string): string | null {
  for (const token of text.split(/[\s:_/\\,;()[\]（）]+/)) {
    if (!token) continue;
    const named = parsePackage(token) ?? parsePackage(token.replace(/^[RCLD](?=\d{4,5}$)/i, ''));
    if (named) return named;
  }
  return null;
}

/** A cell that is one part number, not a value (10k), a package (0603) or a dielectric (X7R). */
export function isPartNumberText(text: string): boolean {
  const words = splitKeyword(text);
  if (words.length !== 1) return false;
  const [term] = parseValueQuery(text);
  if (term?.kind !== 'word' || dielectricPattern.test(text.trim())) return false;
  const norm = normalizePartNumber(text);
  return norm.length >= 4 && looksLikePartNumber(text) && /[A-Z]/.test(norm) && /\d/.test(norm);
}

/**
 * Joins "10K OHM" into "10KOHM", so a unit written apart still reads as one value; drops the
 * frequency a bead's impedance is measured at ("600R@100MHz" is 600 Ω, not a 100 MHz part).
 */
function joinSeparatedUnits(text: string): string {
  return text.replace(/@\s*\d+(\.\d+)?\s*[kKMG]?Hz/gi, ' ').replace(/(\d[pnuµμmkKMG]?)\s+(ohms?|Ω|欧姆?|[FfVvHhWwAa])(?![\w\u4e00-\u9fff])/gi, '$1$2');
}

function parameterTermsOf(texts: readonly string[], packageCell: string, unit: QuantityUnit | null): ParameterTerms {
  const terms: ParameterTerms = { quantities: [], wordGroups: [], packageName: packageCell ? packageOfFootprint(packageCell) : null };
  const seen = new Set<string>();
  for (const text of texts) {
    for (const term of parseValueQuery(joinSeparatedUnits(text))) {
      if (term.kind === 'package') {
        terms.packageName ??= term.package;
      } else if (term.kind === 'quantity') {
        const quantity = term.quantity.unit === null && unit !== null && term.quantity.value !== 0 ? { ...term.quantity, unit } : term.quantity;
        const key = `${quantity.unit ?? '*'}|${quantity.value}`;
        if (!seen.has(key)) terms.quantities.push(quantity);
        seen.add(key);
      } else if (dielectricPattern.test(term.text)) {
        const word = term.text.toUpperCase();
        if (!seen.has(word)) terms.wordGroups.push(dielectrics[word] ?? [word]);
        seen.add(word);
      }
    }
  }
  return terms;
}

function sameTerms(a: ParameterTerms, b: ParameterTerms): boolean {
  return a.quantities.length === b.quantities.length && a.wordGroups.length === b.wordGroups.length && a.packageName === b.packageName;
}

export function probesOf(line: Pick<BomLineInput, 'query' | 'designators'>): LineProbes {
  const { mpn, storeCode, value, description, package: packageCell } = line.query;
  const codeTexts: string[] = [];
  const addCode = (text: string) => {
    const trimmed = text.trim();
    if (trimmed && !codeTexts.some((known) => normalizePartNumber(known) === normalizePartNumber(trimmed))) codeTexts.push(trimmed);
  };
  if (mpn.trim() && looksLikePartNumber(mpn) && parseValueQuery(mpn).every((term) => term.kind === 'word')) addCode(mpn);
  if (isPartNumberText(value)) addCode(value);
  const store = storeCode.trim();
  const productId = storeProductNumber.test(store) ? Number(store) : null;
  if (store && productId === null && !lcscCode.test(store) && isPartNumberText(store)) addCode(store);

  const unit = unitOfDesignators(line.designators);
  // A part-number cell adds no values; a value typed in the MPN column ("10K") does.
  const valueTexts = [mpn, value].filter((text) => text.trim() && !codeTexts.includes(text.trim()));
  const strict = parameterTermsOf([...valueTexts, description], packageCell, unit);
  const loose = parameterTermsOf(valueTexts, packageCell, unit);
  const parameters = strict.quantities.length > 0 ? { strict, loose: loose.quantities.length > 0 && !sameTerms(strict, loose) ? loose : null } : null;

  const keywordWords = [...splitKeyword(value), ...splitKeyword(description)];
  const packageName = strict.packageName;
  if (packageName && keywordWords.length > 0) keywordWords.push(packageName);
  return { codeTexts, productId, parameters, keyword: [...new Set(keywordWords)].slice(0, 8).join(' '), packageName };
}
