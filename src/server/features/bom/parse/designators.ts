/** Designator lists as design tools and people write them: `R1,R2,R5-R8`, `C1 C2`, `R1~R4`, `R1-4`, `U1;U2`, `R1、R2`. */

/** A range wider than this is kept as written instead of being expanded (`R1-R999999`). */
export const designatorExpansionMax = 10_000;

const separators = /[\s,;，；、]+/;
const single = /^[A-Za-z]{1,5}\d{1,5}[A-Za-z]?$/;
const range = /^([A-Za-z_]+)(\d+)(?:[-~～–—]|\.\.)([A-Za-z_]+)?(\d+)$/;
/** An unannotated symbol (U?, P?, *) names no part yet. */
const unannotated = /^(?:[A-Za-z]{1,5}\?|\*)$/;
/** A cell that says there is no designator. */
const noDesignator = /^(?:[-—–/*?]+|无|N\/?A|none)$/i;

/** The designators named by the text, ranges expanded, in order, each once. */
export function expandDesignators(text: string): string[] {
  // "side switch": words without a number name one part; they are not a list of designators.
  if (/\s/.test(text.trim()) && !/\d/.test(text) && !/[,;，；、]/.test(text)) return [text.trim().replace(/\s+/g, ' ')];
  const found: string[] = [];
  const seen = new Set<string>();
  const add = (designator: string) => {
    if (!seen.has(designator)) {
      seen.add(designator);
      found.push(designator);
    }
  };
  const tokens = tokensOf(text);
  if (tokens.length === 1 && noDesignator.test(tokens[0] ?? '')) return [];
  for (const token of tokens) {
    if (unannotated.test(token)) continue;
    const expanded = expandRange(token, designatorExpansionMax - found.length);
    for (const designator of expanded ?? [token]) add(designator);
  }
  return found;
}

/** Splits on separators, but keeps `R5 - R8`, `R5 ~R8` and `J1..J12` together as one range. */
function tokensOf(text: string): string[] {
  const joined = text.normalize('NFKC').replace(/\s*([-~～–—]|\.\.)\s*/g, '$1');
  const tokens = joined
    .split(separators)
    .map((token) => token.trim())
    .filter((token) => token !== '');
  // A lone dash between list separators is a part's name ("+,—" are a keypad's two keys); a dash alone names none.
  return tokens.length === 1 ? tokens : tokens.filter((token) => !/^[-~～]+$/.test(token));
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
