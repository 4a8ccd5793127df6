/**
 * Buyers search passives by value as they write them on a BOM: `10k 0603 1%`, `100nF 50V`,
 * `4K7`, `4R7`, `0.1uF`. This turns a keyword into terms: quantities normalised to base SI
 * units (10k = 10kΩ = 10000Ω, 100nF = 0.1µF = 1e-7 F), package names, and plain words.
 */

export type QuantityUnit = 'Ω' | 'F' | 'H' | 'V' | 'A' | 'W' | 'Hz' | '%';

export interface Quantity {
  /** In the base unit: 10kΩ → 10000, 100nF → 1e-7. */
  value: number;
  /** null when the buyer gave no unit (`10k`): it matches any unit with that value. */
  unit: QuantityUnit | null;
}

export type QueryTerm =
  { kind: 'quantity'; text: string; quantity: Quantity } | { kind: 'package'; text: string; package: string } | { kind: 'word'; text: string };

const prefixExponents: Record<string, number> = {
  p: -12,
  P: -12,
  n: -9,
  N: -9,
  u: -6,
  U: -6,
  µ: -6,
  μ: -6,
  m: -3,
  k: 3,
  K: 3,
  M: 6,
  G: 9,
};

/** Unit spellings, compared lower-cased. `R` is handled by the resistor notation. */
const unitSpellings: Record<string, QuantityUnit> = {
  ω: 'Ω',
  Ω: 'Ω',
  ohm: 'Ω',
  ohms: 'Ω',
  欧: 'Ω',
  欧姆: 'Ω',
  f: 'F',
  h: 'H',
  v: 'V',
  a: 'A',
  w: 'W',
  hz: 'Hz',
  '%': '%',
};

const prefixChars = 'pPnNuUµμmkKMG';
const unitPattern = '(Ω|Ω|[Oo][Hh][Mm][Ss]?|欧姆?|[Hh][Zz]|[FfHhVvAaWw]|%)';

/** `100nF`, `0.1uF`, `3.3V`, `10k`, `1%`, `±5%`, `8MHz`, `100mA`. */
const plainQuantity = new RegExp(`^(\\d+(?:\\.\\d+)?|\\.\\d+)([${prefixChars}]?)${unitPattern}?$`);
/** The notation printed on parts and BOMs: `4K7` = 4.7k, `2u2` = 2.2µ, `4R7` = 4.7Ω, `R10` = 0.1Ω. */
const infixQuantity = new RegExp(`^(\\d{1,3})([${prefixChars}Rr])(\\d{1,2})${unitPattern}?$`);
const leadingR = /^[Rr](\d{1,3})$/;
/** Voltages and currents in the same notation: `3V3` = 3.3V, `1A5` = 1.5A. */
const unitInfix = /^(\d{1,3})([VvAa])(\d{1,2})$/;
/** Power ratings written as fractions: `1/4W`. */
const fractionWatts = /^(\d{1,2})\/(\d{1,3})[Ww]$/;

function scaled(mantissa: string, exponent: number): number {
  // Through the decimal string, so 100n is exactly 1e-7 rather than 1.0000000000000001e-7.
  return Number(`${mantissa}e${exponent}`);
}

function unitOf(spelling: string | undefined): QuantityUnit | null {
  if (!spelling) return null;
  return unitSpellings[spelling.toLowerCase()] ?? unitSpellings[spelling] ?? null;
}

function exponentOf(prefix: string, unit: QuantityUnit | null): number {
  // Nobody buys millihertz crystals: `8mhz` means 8 MHz.
  if (prefix === 'm' && unit === 'Hz') return 6;
  return prefixExponents[prefix] ?? 0;
}

/** One token as a quantity, or null. A bare integer (`358`) is not a quantity: it is a word. */
export function parseQuantity(token: string): Quantity | null {
  const text = token.trim().replace(/^[±+]/, '');
  if (text === '') return null;

  const fraction = fractionWatts.exec(text);
  if (fraction) {
    const denominator = Number(fraction[2]);
    return denominator === 0 ? null : { value: Number(fraction[1]) / denominator, unit: 'W' };
  }
  const ohmsBelowOne = leadingR.exec(text);
  if (ohmsBelowOne) return { value: Number(`0.${ohmsBelowOne[1] ?? ''}`), unit: 'Ω' };

  const voltsOrAmps = unitInfix.exec(text);
  if (voltsOrAmps) {
    const [, whole = '', unitText = '', decimals = ''] = voltsOrAmps;
    return { value: Number(`${whole}.${decimals}`), unit: unitOf(unitText) };
  }

  const infix = infixQuantity.exec(text);
  if (infix) {
    const [, whole = '', marker = '', decimals = '', unitText] = infix;
    const isOhmMarker = marker === 'R' || marker === 'r';
    const unit = isOhmMarker ? 'Ω' : unitOf(unitText);
    if (isOhmMarker && unitText && unitOf(unitText) !== 'Ω') return null;
    return { value: scaled(`${whole}.${decimals}`, isOhmMarker ? 0 : exponentOf(marker, unit)), unit };
  }

  const withOhmSuffix = /^(\d+(?:\.\d+)?)([kKM]?)[Rr]$/.exec(text);
  if (withOhmSuffix) {
    const [, number = '', prefix = ''] = withOhmSuffix;
    return { value: scaled(number, exponentOf(prefix, 'Ω')), unit: 'Ω' };
  }

  const plain = plainQuantity.exec(text);
  if (!plain) return null;
  const [, number = '', prefix = '', unitText] = plain;
  const unit = unitOf(unitText);
  if (!prefix && !unit && !number.includes('.')) return null;
  return { value: scaled(number, exponentOf(prefix, unit)), unit };
}

/** Imperial chip sizes as sold: 0603 means the 1.6 × 0.8 mm chip. */
const chipSizes = new Set(['01005', '0201', '0402', '0603', '0805', '1206', '1210', '1808', '1812', '2010', '2220', '2512']);
const packageFamilies =
  /^(SOT|SOD|SOP|SOIC|SSOP|TSSOP|MSOP|VSSOP|HSOP|ESOP|QSOP|QFN|DFN|VQFN|WQFN|UQFN|LQFP|TQFP|QFP|BGA|LGA|DIP|PDIP|SIP|TO|TSOT|SC|SON|WSON|HC|SMA|SMB|SMC|SMAF|DO|MELF|LL)-?(\d{1,4})?(?:-(\d{1,3}))?([A-Z]{0,3})$/;

/** A package name as a comparison key: upper case without dashes or spaces (SOT-23 = sot23). */
export function packageKey(name: string): string {
  return name.toUpperCase().replace(/[\s\-_]/g, '');
}

/** The package a token names, as written in the catalogue (`sot23` → `SOT-23`), or null. */
export function parsePackage(token: string): string | null {
  const text = token.trim().toUpperCase();
  if (chipSizes.has(text)) return text;
  const family = packageFamilies.exec(text);
  if (!family) return null;
  const [, name = '', size, pins, suffix = ''] = family;
  const needsSize = !['SMA', 'SMB', 'SMC', 'SMAF', 'MELF', 'QFP', 'BGA', 'LGA'].includes(name);
  if (needsSize && !size) return null;
  const sized = size ? `${name}-${size}` : name;
  return `${sized}${pins ? `-${pins}` : ''}${suffix}`;
}

const separators = /[\s,，;；、]+/;
const cjkRun = /[\u3400-\u9fff\uf900-\ufaff]+|[^\u3400-\u9fff\uf900-\ufaff]+/g;

/** Splits a keyword into tokens: on spaces and list punctuation, and where Chinese meets Latin (10k电阻). */
export function splitKeyword(keyword: string): string[] {
  const tokens: string[] = [];
  for (const piece of keyword.split(separators)) {
    if (!piece) continue;
    for (const run of piece.match(cjkRun) ?? []) if (run.trim()) tokens.push(run.trim());
  }
  return tokens;
}

/** `100nF/50V` is two values; a part number with a slash (`LM358/TR`) stays whole. */
function splitValuePair(token: string): string[] {
  const halves = token.split('/');
  if (halves.length === 2 && halves.every((half) => parseQuantity(half) !== null)) return halves;
  return [token];
}

export function parseValueQuery(keyword: string): QueryTerm[] {
  const terms: QueryTerm[] = [];
  for (const token of splitKeyword(keyword).flatMap(splitValuePair)) {
    const packageName = parsePackage(token);
    if (packageName) {
      terms.push({ kind: 'package', text: token, package: packageName });
      continue;
    }
    const quantity = parseQuantity(token);
    if (quantity) terms.push({ kind: 'quantity', text: token, quantity });
    else terms.push({ kind: 'word', text: token });
  }
  return terms;
}

/** Values compared after rounding to 6 significant digits, so float noise never splits equal values. */
export function quantityKey(value: number): string {
  return String(Number(value.toPrecision(6)));
}

const engineeringPrefixes: readonly [number, string][] = [
  [1e9, 'G'],
  [1e6, 'M'],
  [1e3, 'k'],
  [1, ''],
  [1e-3, 'm'],
  [1e-6, 'µ'],
  [1e-9, 'n'],
  [1e-12, 'p'],
];

/**
 * Engineering notation as parts are labelled, to `significantDigits` without trailing zeros: 10000 Ω → 10kΩ,
 * 1e-7 F → 100nF. A value that rounds up to the next prefix takes it (999.96 at three digits is 1k).
 */
export function formatEngineering(value: number, unit: string, significantDigits: number): string {
  if (value === 0) return `0${unit}`;
  const magnitude = Math.abs(value);
  const roundsUpFrom = 1 - 5 * 10 ** -(significantDigits + 1);
  const [scale, prefix] = engineeringPrefixes.find(([factor]) => magnitude >= factor * roundsUpFrom) ?? [1e-12, 'p'];
  return `${String(Number((value / scale).toPrecision(significantDigits)))}${prefix}${unit}`;
}

/** A quantity as engineers write it: 10000 Ω → 10kΩ, 1e-7 F → 100nF, 1 % → ±1%. */
export function formatQuantity(quantity: Quantity): string {
  const unit = quantity.unit ?? '';
  if (unit === '%') return `±${String(Number(quantity.value.toPrecision(6)))}%`;
  return formatEngineering(quantity.value, unit, 6);
}
