import { normalizePartNumber, partNumberBase, partNumberBases } from '../../../contract/part-number.ts';
import { splitKeyword } from '../../../contract/value-query.ts';

/** A piece of text, marked when it is part of what the buyer typed. */
export interface TextSegment {
  text: string;
  isMatch: boolean;
}

/** The words of a keyword to mark, and the whole keyword when it has several (a part number with spaces). */
export function highlightTerms(keyword: string): string[] {
  const words = splitKeyword(keyword);
  return words.length > 1 ? [keyword.trim(), ...words] : words;
}

function toSegments(text: string, ranges: [number, number][]): TextSegment[] {
  const merged: [number, number][] = [];
  for (const [start, end] of ranges.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0])) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  const segments: TextSegment[] = [];
  let at = 0;
  for (const [start, end] of merged) {
    if (start > at) segments.push({ text: text.slice(at, start), isMatch: false });
    segments.push({ text: text.slice(start, end), isMatch: true });
    at = end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), isMatch: false });
  return segments;
}

function occurrences(haystack: string, needle: string): [number, number][] {
  const found: [number, number][] = [];
  if (!needle) return found;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) found.push([at, at + needle.length]);
  return found;
}

/**
 * Marks a typed part number inside a code the way it was matched: ignoring case and the
 * separators, so `rc0603fr0710` marks `RC0603FR-0710` in RC0603FR-0710KL.
 */
export function highlightCode(code: string, terms: string[]): TextSegment[] {
  // Where each character of the normalised code came from in the code as written.
  const origin: number[] = [];
  let normalized = '';
  for (let i = 0; i < code.length; i++) {
    const piece = normalizePartNumber(code.charAt(i));
    for (const char of piece) {
      normalized += char;
      origin.push(i);
    }
  }
  const ranges: [number, number][] = [];
  for (const term of terms) {
    const norm = normalizePartNumber(term);
    // The longest form the code holds: LM358DR/TR marks LM358DR, not the barer LM358D.
    const needle = [norm, ...partNumberBases(term)].find((form) => form.length >= 2 && normalized.includes(form)) ?? partNumberBase(term);
    if (needle.length < 2) continue;
    for (const [start, end] of occurrences(normalized, needle)) ranges.push([origin[start] ?? 0, (origin[end - 1] ?? 0) + 1]);
  }
  return toSegments(code, ranges);
}

const hasCjk = /[\u3400-\u9fff]/;

/** Marks the typed words in a description, ignoring case. */
export function highlightText(text: string, terms: string[]): TextSegment[] {
  const folded = text.toLowerCase();
  const ranges: [number, number][] = [];
  for (const term of terms) {
    const needle = term.trim().toLowerCase();
    if (needle.length < 2 && !hasCjk.test(needle)) continue;
    ranges.push(...occurrences(folded, needle));
  }
  return toSegments(text, ranges);
}
