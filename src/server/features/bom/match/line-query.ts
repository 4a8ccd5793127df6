import type { BomLineInput } from '../../../../contract/bom.ts';
import { looksLikePartNumber, normalizePartNumber } from '../../../../contract/part-number.ts';
import { kindOfLine } from '../../../../contract/part-kind.ts';
import { parseValueQuery, splitKeyword, type Quantity, type QuantityUnit } from '../../../../contract/value-query.ts';
import { packageOfFootprint, partNumbersInText, readableValueText, valueOfBareNumber } from './line-text.ts';

export { packageOfFootprint } from './line-text.ts';

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

/** The unit of a line's bare numbers: its designator's, else the kind its words name (电阻, 贴片电容). */
function unitOfLine(line: Pick<BomLineInput, 'query' | 'designators'>): QuantityUnit | null {
  const byDesignator = unitOfDesignators(line.designators);
  if (byDesignator !== null) return byDesignator;
  const kind = kindOfLine([], [line.query.value, line.query.description]);
  return kind === 'resistor' ? 'Ω' : kind === 'capacitor' ? 'F' : kind === 'inductor' ? 'H' : null;
}

/** A cell that is one part number, not a value (10k), a package (0603) or a dielectric (X7R). */
export function isPartNumberText(text: string): boolean {
  const readable = readableValueText(text);
  if (splitKeyword(readable).length !== 1) return false;
  const [term] = parseValueQuery(readable);
  if (term?.kind !== 'word' || dielectricPattern.test(text.trim())) return false;
  const norm = normalizePartNumber(text);
  return norm.length >= 4 && looksLikePartNumber(text) && /[A-Z]/.test(norm) && /\d/.test(norm);
}

/** A quantity as the line's kind reads it: a unitless one takes the kind's unit; a bare number on a resistor or capacitor line is its value or EIA code. */
function quantityOfTerm(text: string, parsed: Quantity | null, unit: QuantityUnit | null, isValueCell: boolean): Quantity | null {
  if (isValueCell && (unit === 'Ω' || unit === 'F') && parsed?.unit !== 'Ω') {
    const bare = valueOfBareNumber(text, unit);
    if (bare) return bare;
  }
  if (parsed === null) return null;
  return parsed.unit === null && unit !== null && parsed.value !== 0 ? { ...parsed, unit } : parsed;
}

function parameterTermsOf(texts: readonly { text: string; isValueCell: boolean }[], packageCell: string, unit: QuantityUnit | null): ParameterTerms {
  const terms: ParameterTerms = { quantities: [], wordGroups: [], packageName: packageCell ? packageOfFootprint(packageCell) : null };
  const seen = new Set<string>();
  for (const { text, isValueCell } of texts) {
    for (const term of parseValueQuery(readableValueText(text))) {
      if (term.kind === 'package') {
        terms.packageName ??= term.package;
        continue;
      }
      const quantity = quantityOfTerm(term.text, term.kind === 'quantity' ? term.quantity : null, unit, isValueCell);
      if (quantity) {
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

  // Lower in trust: a part number inside longer text, or in the description column.
  for (const text of [mpn, value, description]) for (const code of partNumbersInText(text)) addCode(code);

  const unit = unitOfLine(line);
  // A part-number cell adds no values; a value typed in the MPN column ("10K") does.
  const valueTexts = [mpn, value].filter((text) => text.trim() && !codeTexts.includes(text.trim())).map((text) => ({ text, isValueCell: true }));
  const strict = parameterTermsOf([...valueTexts, { text: description, isValueCell: false }], packageCell, unit);
  const loose = parameterTermsOf(valueTexts, packageCell, unit);
  const parameters = strict.quantities.length > 0 ? { strict, loose: loose.quantities.length > 0 && !sameTerms(strict, loose) ? loose : null } : null;

  const keywordWords = [...splitKeyword(value), ...splitKeyword(description)];
  const packageName = strict.packageName;
  if (packageName && keywordWords.length > 0) keywordWords.push(packageName);
  return { codeTexts, productId, parameters, keyword: [...new Set(keywordWords)].slice(0, 8).join(' '), packageName };
}
