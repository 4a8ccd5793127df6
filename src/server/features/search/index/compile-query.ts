import { looksLikePartNumber, normalizePartNumber, partNumberBase } from '../../../../contract/part-number.ts';
import { packageKey, parseValueQuery, splitKeyword } from '../../../../contract/value-query.ts';
import type { Dictionary } from './dictionary.ts';
import type { PackageTable } from './segment-builder.ts';
import { quantityQueryKey, wordKeys } from './terms.ts';

/** A typed part number: normalised, and without its packaging suffix when it had one. */
export interface CodeProbe {
  norm: string;
  base: string;
  allowSubstring: boolean;
}

/** One word of the keyword and every way a part can match it (a part matches if any does). */
export interface TokenProbe {
  text: string;
  code: CodeProbe | null;
  brandIds: number[];
  categoryIds: number[];
  packageIds: number[];
  /** The package the word names (SOT-23 for sot23), when it names one. */
  packageName: string | null;
  quantityKey: string | null;
  /** All of these words must be present (Chinese is looked up by character pairs). */
  wordKeys: string[];
}

export interface CompiledQuery {
  /** The whole keyword as one part number (`rc0603fr 0710kl`), tried before the words. */
  whole: CodeProbe | null;
  tokens: TokenProbe[];
}

export function codeProbe(text: string, allowSubstring: boolean): CodeProbe | null {
  if (!looksLikePartNumber(text)) return null;
  const norm = normalizePartNumber(text);
  if (norm.length < 2) return null;
  return { norm, base: partNumberBase(text), allowSubstring: allowSubstring && norm.length >= 3 };
}

export function compileQuery(keyword: string, dictionary: Dictionary, packages: PackageTable): CompiledQuery {
  const terms = parseValueQuery(keyword);
  const tokens = terms.map((term): TokenProbe => {
    const isValue = term.kind !== 'word';
    const leafCategories = new Set<number>();
    for (const match of dictionary.matchCategories(term.text)) for (const id of dictionary.leafCategoryIds(match.entry.id)) leafCategories.add(id);
    const packageIds = packages.idsForKey(packageKey(term.kind === 'package' ? term.package : term.text));
    return {
      text: term.text,
      // A value (10k, 0603) inside a longer code would flood the results: values match by prefix only.
      code: codeProbe(term.text, !isValue),
      brandIds: dictionary.matchBrands(term.text).map((match) => match.entry.id),
      categoryIds: [...leafCategories],
      packageIds,
      packageName: term.kind === 'package' ? term.package : null,
      quantityKey: term.kind === 'quantity' ? quantityQueryKey(term.quantity) : null,
      wordKeys: wordKeys(term.text),
    };
  });
  const isSeveralLatinWords = splitKeyword(keyword).length > 1 && looksLikePartNumber(keyword);
  return { whole: isSeveralLatinWords ? codeProbe(keyword, false) : null, tokens };
}
