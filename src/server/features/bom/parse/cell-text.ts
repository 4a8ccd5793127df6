import { looksLikePartNumber } from '../../../../contract/part-number.ts';

/** What a cell's text reads as: the checks shared by header detection, headerless pastes and the line reader. */

const quantityPattern = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s*(?:pcs|pc|ea|each|units?|x|个|只|颗|片|pcs\.|件|套|粒|条|支|根|块|pieces?)?\.?$/i;

/** A quantity as people write it: "10", "10 pcs", "10个", "1,000", "2.0"; null when the text is not one. */
export function parseQuantityText(text: string): number | null {
  const match = quantityPattern.exec(text.normalize('NFKC').trim());
  if (!match) return null;
  const whole = Number((match[1] ?? '').replace(/,/g, ''));
  const fraction = match[2] ? Number(`0.${match[2]}`) : 0;
  const quantity = whole + fraction;
  return Number.isFinite(quantity) ? quantity : null;
}

const packageNames =
  /^(?:0100|01005|0201|0402|0603|0805|1206|1210|1812|2010|2512|(?:SOT|SOD|SOIC|SOP|SSOP|TSSOP|MSOP|QFN|DFN|LQFP|TQFP|QFP|BGA|TO|DIP|SIP|LGA|WSON|SON|VSSOP|HTSSOP|ESOP|SMD|PLCC)-?\d+(?:-\d+)?[A-Z]?|SOT-?23-?\d?|SMA|SMB|SMC|SMAF|(?:[RCL]|LED)_?(?:0402|0603|0805|1206)(?:_\d{4}Metric)?)$/i;

/** A package or footprint name alone in a cell: "0603", "SOT-23", "LQFP-48", "R_0603_1608Metric". */
export function looksLikePackage(text: string): boolean {
  return packageNames.test(text.trim());
}

const valueToken = /^[<>≤≥±]?\d+(?:\.\d+)?\s*(?:[pnuμµmkKMG]|meg)?(?:F|H|Ω|ohms?|R|V|A|W|Hz|%|ppm)?(?:\d+)?$/i;
const valueWithUnit = /^[±]?\d+(?:\.\d+)?\s*(?:[pnuμµmkKMG]|meg)?(?:F|H|Ω|ohms?|V|A|W|Hz|%|ppm)$|^\d+(?:\.\d+)?[RKMkpnuμµ]\d*$/i;

/** A cell that gives parameters, not a part number: "10k", "100nF", "10K ±1% 0603", "0.1uF 50V X7R". */
export function looksLikeParameters(text: string): boolean {
  const tokens = text
    .normalize('NFKC')
    .trim()
    .split(/[\s,，/]+/)
    .filter((token) => token !== '');
  if (tokens.length === 0) return false;
  if (tokens.length === 1) return valueWithUnit.test(tokens[0] ?? '');
  return tokens.some((token) => valueWithUnit.test(token) || valueToken.test(token)) && tokens.some((token) => !looksLikePackage(token));
}

/** A cell that reads as one manufacturer part number: letters and digits, one token, not a value like "10k". */
export function looksLikeMpn(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '' || /\s/.test(trimmed) || trimmed.length < 4 || trimmed.length > 40) return false;
  if (looksLikeParameters(trimmed) || looksLikePackage(trimmed) || !looksLikePartNumber(trimmed)) return false;
  return /[A-Za-z]/.test(trimmed) && /\d/.test(trimmed);
}

/** Whether at least `share` of the cells pass the test (and there are cells). */
export function mostly(cells: string[], test: (cell: string) => boolean, share = 0.6): boolean {
  return cells.length > 0 && cells.filter(test).length >= cells.length * share;
}

/** Whether the text holds Chinese characters. */
export function hasChinese(text: string): boolean {
  return /[\u3400-\u9fff]/.test(text);
}

/**
 * Header text reduced for lookup: NFKC, lower case, `#` and "number" read as "no", no spaces or punctuation
 * (`Mfr. Part #` → `mfrpartno`, `Manufacturer Part Number` → `manufacturerpartno`, KiBot's `manf#` → `manfno`);
 * accents dropped, so KiCad's French `Référence` / `Quantité` read as `reference` / `quantite`.
 */
export function normalizeHeaderText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/#/g, 'no')
    .replace(/number/g, 'no')
    .replace(/[\s._:：()（）[\]【】/\\\-*'"?？]+/g, '');
}

/** A footprint or package name, also a tool's own (CAP_SMD_0805_2012_M, Capacitor_SMD:C_0603, HDR2X16-2.54mm): not a value. */
const footprintWords =
  /(?:^|[^A-Za-z])(?:SOT|SOD|SOIC|SOP|SSOP|TSSOP|TSOT|MSOP|QFN|DFN|LQFP|TQFP|QFP|BGA|DIP|PDIP|SMD|SMA|SMB|SMC|TO-?\d|DO-?\d|HDR|XTAL|CAP|RES|IND|LED|CASE|PinHeader|PinSocket|Package_|Resistor_|Capacitor_|Inductor_|Connector_)(?=[^A-Za-z]|$)/i;
const chipSizes = /(?:^|[^0-9])(?:01005|0201|0402|0603|0805|1206|1210|1812|2010|2512)(?:[^0-9]|$)/;

/** "贴片电容0603" names the kind of part and its size: a description, not a footprint. */
const kindWords = /电容|电阻|电感|二极管|三极管|晶振|按键|按钮|开关|芯片|capacitor|resistor|inductor|diode/i;

export function looksLikeFootprint(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > 60) return false;
  // KiCad's Library:Footprint, whatever words the library's name holds.
  if (/^[A-Za-z][\w.-]*:\S+$/.test(trimmed)) return true;
  if (looksLikeParameters(trimmed) || /^(?:LED|CAP|RES|IND)$/i.test(trimmed) || kindWords.test(trimmed)) return false;
  if (looksLikePackage(trimmed)) return true;
  return footprintWords.test(trimmed) || chipSizes.test(trimmed);
}

/** A distributor's order code rather than the maker's part number: DigiKey's "-ND", Mouser's "595-…". */
export function looksLikeDistributorCode(text: string): boolean {
  return /-ND$/i.test(text.trim()) || /^\d{2,3}-[A-Z0-9][A-Z0-9-]*[A-Z]/i.test(text.trim());
}

/** A store or LCSC code: C25804, or the store's numeric product number. */
export function looksLikeStoreCode(text: string): boolean {
  return /^C\d{3,}$/i.test(text.trim()) || /^\d{1,9}$/.test(text.trim());
}

export function looksLikeUrl(text: string): boolean {
  return /^(?:https?:\/\/|www\.)\S+$/i.test(text.trim());
}
