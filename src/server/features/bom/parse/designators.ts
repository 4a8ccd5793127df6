/** Designator lists as design tools and people write them: `R1,R2,R5-R8`, `C1 C2`, `R1~R4`, `R1-4`, `U1;U2`, `R1、R2`. */

/** A range wider than this is kept as written instead of being expanded (`R1-R999999`). */
export const designatorExpansionMax = 10_000;

const separators = /[\s,;，；、]+/;
const single = /^[A-Za-z]{1,5}\d{1,5}$/;
const range = /^([A-Za-z_]+)(\d+)[-~～–—]([A-Za-z_]+)?(\d+)$/;

/** The designators named by the text, ranges expanded, in order, each once. */
export function expandDesignators(text: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const add = (designator: string) => {
    if (!seen.has(designator)) {
      seen.add(designator);
      found.push(designator);
    }
  };
  for (const token of tokensOf(text)) {
    const expanded = expandRange(token, designatorExpansionMax - found.length);
    for (const designator of expanded ?? [token]) add(designator);
  }
  return found;
}

/** Splits on separators, but keeps `R5 - R8` and `R5 ~R8` together as one range. */
function tokensOf(text: string): string[] {
  const joined = text.normalize('NFKC').replace(/\s*([-~～–—])\s*/g, '$1');
  return joined
    .split(separators)
    .map((token) => token.trim())
    .filter((token) => token !== '' && !/^[-~～–—]+$/.test(token));
}

/** `R5-R8` → R5 R6 R7 R8; null when the token is not a range or is too wide to expand. */
function expandRange(token: string, room: number): string[] | null {
  const match = range.exec(token);
  if (!match) return null;
  const [, prefix = '', fromText = '', secondPrefix, toText = ''] = match;
  if (secondPrefix !== undefined && secondPrefix.toUpperCase() !== prefix.toUpperCase()) return null;
  const from = Number(fromText);
  const to = Number(toText);
  if (to < from || to - from + 1 > room) return null;
  const width = fromText.length === toText.length && fromText.startsWith('0') ? fromText.length : 0;
  const designators: string[] = [];
  for (let number = from; number <= to; number++) designators.push(`${prefix}${String(number).padStart(width, '0')}`);
  return designators;
}

/** Whether a cell reads as a designator list (`R1,R2`, `C5-C8`, `U1`): the role check of a headerless column. */
export function looksLikeDesignators(text: string): boolean {
  const tokens = tokensOf(text);
  return tokens.length > 0 && tokens.every((token) => single.test(token) || (range.test(token) && /^[A-Za-z]{1,5}\d/.test(token)));
}
