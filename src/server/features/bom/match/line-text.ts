import { looksLikePartNumber, normalizePartNumber } from '../../../../contract/part-number.ts';
import { parsePackage, parseQuantity, splitKeyword, type Quantity } from '../../../../contract/value-query.ts';

/**
 * How real BOM cells write packages, values and part numbers that search's own parsing does not
 * read as such (issue 27, from the labelled real exports): footprint names of the CAD tools, a
 * unit written apart from its number, EIA codes, part numbers inside longer text.
 */

/** Metric chip codes as IPC-7351 names carry them (RESC1608L): the imperial size the store sells by. */
const imperialOfMetric: Record<string, string> = {
  '0402': '01005',
  '0603': '0201',
  '1005': '0402',
  '1608': '0603',
  '2012': '0805',
  '3216': '1206',
  '3225': '1210',
  '4532': '1812',
  '5025': '2010',
  '6332': '2512',
};

/** Footprint spellings of one package token: `0603R`, `M0805`, `603`, `RESC1608L`, `SOIC127P600X175-14N`. */
function packageOfFootprintToken(token: string): string | null {
  const upper = token.toUpperCase();
  const ipcChip = /^(?:RES|CAP|IND|LED|DIO)C(\d{4})X?\d*[LMN]?$/.exec(upper);
  if (ipcChip) return imperialOfMetric[ipcChip[1] ?? ''] ?? null;
  const ipcSoic = /^SOIC127P\d+X\d+-(\d{1,2})N?$/.exec(upper);
  if (ipcSoic) return `SOIC-${ipcSoic[1] ?? ''}`;
  if (/^SOT230P\d+X\d+-4N?$/.test(upper)) return 'SOT-223';
  const chip = /^[RCLDM]?(0?\d{3,4})[RCL]?$/.exec(upper)?.[1];
  if (chip) return parsePackage(chip.padStart(4, '0')) ?? parsePackage(chip);
  return parsePackage(upper);
}

/** A footprint or package cell as a package name: `R_0603_1608Metric` → 0603, `0603-CAP` → 0603, `SOT23-3` → SOT-23-3. */
export function packageOfFootprint(text: string): string | null {
  for (const token of text.split(/[\s:_/\\,;()[\]（）]+/)) {
    if (!token) continue;
    const named = packageOfFootprintToken(token) ?? packageOfFootprintToken(token.split('-')[0] ?? '');
    if (named) return named;
  }
  return null;
}

/** A token of values joined by slashes (`10nF/50V/X7R`) is several values; a part number with a slash stays whole. */
function splitValueRun(token: string): string {
  const pieces = token.split('/');
  if (pieces.length < 2) return token;
  const isValue = (piece: string) => parseQuantity(piece) !== null || /^(X[5-8][RSTPV]|Y5V|Z5U|C0G|COG|NP0|NPO)$/i.test(piece);
  return pieces.every(isValue) ? pieces.join(' ') : token;
}

/**
 * A value cell made readable: brackets and metric chip codes dropped (`0603(1608m)`), a unit
 * written apart joined to its number (`10 uF`, `10K OHM`, `62欧`), slash runs split, and the
 * frequency a bead's impedance is measured at dropped ("600R@100MHz" is 600 Ω, not a 100 MHz part).
 */
export function readableValueText(text: string): string {
  const cleaned = text
    .replace(/@\s*\d+(\.\d+)?\s*[kKMG]?Hz/gi, ' ')
    .replace(/[()（）[\]]/g, ' ')
    .replace(/\b\d{4}m(etric)?\b/gi, ' ')
    .replace(/(\d)\s*欧姆?/g, '$1Ω ')
    .replace(/(\d[kKM]?)\s+(ohms?|Ω)(?![\w\u4e00-\u9fff])/gi, '$1$2')
    .replace(/(\d)\s+([pnuµμmkKMG]?(?:ohms?|Ω|F|H|Hz))(?![\w\u4e00-\u9fff])/gi, '$1$2')
    .replace(/(\d[pnuµμmkKMG]?)\s+([VvWwAa])(?![\w\u4e00-\u9fff])/g, '$1$2');
  return cleaned.split(/\s+/).map(splitValueRun).join(' ');
}

/** The E24 mantissas: a value in this series is a value as written, one outside it an EIA code. */
const e24 = new Set([10, 11, 12, 13, 15, 16, 18, 20, 22, 24, 27, 30, 33, 36, 39, 43, 47, 51, 56, 62, 68, 75, 82, 91]);

function isE24(digits: string): boolean {
  const significant = digits.replace(/^0+/, '').replace(/0+$/, '');
  if (significant.length > 2) return false;
  return e24.has(Number(significant.padEnd(2, '0')));
}

/**
 * A number written without a unit on a resistor or capacitor line (`220`, `104`, `104PF`): the
 * value as written where it is a value one can buy (E24: 220 Ω, 22 pF), else its EIA code, two
 * digits and a power of ten (104 = 100 nF, 472 = 4.7 kΩ; 1002 = 10 kΩ). Null for anything else.
 */
export function valueOfBareNumber(token: string, unit: 'Ω' | 'F'): Quantity | null {
  const match = unit === 'F' ? /^(\d{1,4})(?:p[fF]?|P[fF]?)?$/.exec(token) : /^(\d{1,4})$/.exec(token);
  const digits = match?.[1];
  if (!digits || Number(digits) === 0) return null;
  const baseExponent = unit === 'F' ? -12 : 0;
  // Resistors also carry four-digit codes (1002 = 100 × 10² = 10 kΩ, the 1 % series).
  const isCode = (digits.length === 3 || (digits.length === 4 && unit === 'Ω')) && !isE24(digits);
  if (isCode) {
    const exponent = Number(digits.at(-1));
    if (exponent > 6) return null;
    return { value: Number(`${digits.slice(0, -1)}e${exponent + baseExponent}`), unit };
  }
  return { value: Number(`${digits}e${baseExponent}`), unit };
}

/**
 * Part numbers written inside longer text: `STM STM32F072CBT6`, `二极管 PESD5V0L1BA`,
 * `AMS1117-3.3(5v-3.3v)`, an LCSC export's `L78M05CDT-TR/DPAK`, and Altium's `SM04B-GHS-TB_LF__SN_-`
 * (its brackets turned into underscores). A token counts when it has letters and digits and is
 * no value, package or dielectric.
 */
export function partNumbersInText(text: string): string[] {
  const found: string[] = [];
  for (const raw of splitKeyword(text.replace(/\(\s*\d[^()]*\)/g, ' '))) {
    if (splitValueRun(raw) !== raw) continue;
    for (const token of candidateSpellings(raw)) {
      const norm = normalizePartNumber(token);
      if (norm.length < 5 || !/[A-Z]/.test(norm) || !/\d/.test(norm) || !looksLikePartNumber(token)) continue;
      if (parseQuantity(token) || parsePackage(token) || packageOfFootprintToken(token)) continue;
      if (!found.includes(token)) found.push(token);
    }
  }
  return found;
}

function candidateSpellings(token: string): string[] {
  const unmangled = token.replace(/_([A-Z0-9]{1,4})_/gi, '($1)').replace(/[-_]+$/, '');
  const beforePackage = unmangled.includes('/') ? unmangled.slice(0, unmangled.lastIndexOf('/')) : '';
  return [unmangled, beforePackage].filter((spelling) => spelling.length > 0);
}
