/**
 * The shell's count badges (spec §9). Each returns the text to show, or '' for no badge;
 * the BOM badge is a number up to 9 and then a dot.
 */

/** Status-bar messages: capped at 99. */
export function messageBadge(count: number): string {
  if (!(count > 0)) return '';
  return String(Math.min(Math.floor(count), 99));
}

/** Sidebar cart: 99+ past 99; 0 is shown. */
export function sidebarCartBadge(count: number): string {
  const n = Math.max(0, Math.floor(count) || 0);
  return n > 99 ? '99+' : String(n);
}

/** Header cart: "99.." past 99; 0 is shown. */
export function headerCartBadge(count: number): string {
  const n = Math.max(0, Math.floor(count) || 0);
  return n > 99 ? '99..' : String(n);
}

export type DotBadge = { kind: 'none' } | { kind: 'number'; text: string } | { kind: 'dot' };

/** BOM and offer messages: 1–9 as a number, more as a dot, none hidden. */
export function bomBadge(count: number): DotBadge {
  if (!(count > 0)) return { kind: 'none' };
  if (count > 9) return { kind: 'dot' };
  return { kind: 'number', text: String(Math.floor(count)) };
}
