import type { BomLineInput, BomLineStatus, BomMatchedBy } from '../../../../contract/bom.ts';
import { normalizePartNumber } from '../../../../contract/part-number.ts';
import { packageKey, splitKeyword } from '../../../../contract/value-query.ts';
import type { PartHit, PartLookup } from '../../search/search.service.ts';
import { probesOf, type LineProbes, type ParameterTerms } from './line-query.ts';
import type { FoundBy } from './verify-candidate.ts';

/** Parts kept per line from the index; pricing at the line's quantity then picks the candidates among them. */
export const candidatePoolSize = 6;
/** Found by values, a part of another kind can rank first (an NTC in stock before the resistors out of it): more are kept to check. */
const valuePoolSize = 12;

/** A part found for a line: 0 = the code itself, 1 = another packaging of it, 2 = anything else; and how it was found. */
export interface PooledHit {
  hit: PartHit;
  rankClass: 0 | 1 | 2;
  foundBy: FoundBy;
}

/** A line's matching before its parts are read: status, how, and the parts found. */
export interface LineFind {
  status: BomLineStatus;
  matchedBy: BomMatchedBy | null;
  pool: PooledHit[];
  probes: LineProbes | null;
}

const noneFound = (probes: LineProbes | null): LineFind => ({ status: 'none', matchedBy: null, pool: [], probes });

function pooled(hits: PartHit[], rankClass: PooledHit['rankClass'], foundBy: FoundBy): PooledHit[] {
  return hits.map((hit) => ({ hit, rankClass, foundBy }));
}

/** A store product number is trusted only where the line's part number and package agree with it (物料编码 columns hold companies' own numbers too). */
function storeCodeFits(hit: PartHit, probes: LineProbes): boolean {
  const packageName = probes.packageName;
  const codeAgrees = probes.codeTexts.length === 0 || probes.codeTexts.some((text) => hit.code.startsWith(normalizePartNumber(text).slice(0, 4)));
  const packageAgrees = packageName === null || packageKey(hit.packageName) === packageKey(packageName);
  return codeAgrees && packageAgrees;
}

function byCodes(lookup: PartLookup, probes: LineProbes): LineFind | null {
  for (const text of probes.codeTexts) {
    const { exact, variants } = lookup.byCode(text);
    if (exact.length > 0)
      return {
        status: exact.length === 1 ? 'exact' : 'multiple',
        matchedBy: 'mpn',
        pool: [...pooled(exact, 0, 'code'), ...pooled(variants, 1, 'packaging')],
        probes,
      };
    if (variants.length > 0) return { status: 'recommended', matchedBy: 'mpn', pool: pooled(variants, 1, 'packaging'), probes };
  }
  return null;
}

function byNearCodes(lookup: PartLookup, probes: LineProbes, needed: number): LineFind | null {
  for (const text of probes.codeTexts) {
    const prefixed = lookup.byCodePrefix(text, needed, candidatePoolSize);
    if (prefixed.length > 0) return { status: 'recommended', matchedBy: 'mpn', pool: pooled(prefixed, 2, 'codePrefix'), probes };
  }
  for (const text of probes.codeTexts) {
    const near = lookup.nearCodes(text, needed, candidatePoolSize);
    if (near.length > 0) return { status: 'recommended', matchedBy: 'mpn', pool: pooled(near, 2, 'nearCode'), probes };
  }
  return null;
}

function byParameterTerms(lookup: PartLookup, terms: ParameterTerms, needed: number): PartHit[] {
  const query = {
    requirements: lookup.requirementsOf(terms.quantities, terms.wordGroups),
    packageName: terms.packageName,
    categoryIds: null,
    isInStockOnly: false,
    excludeProductIds: new Set<number>(),
  };
  return lookup.byParameters(query, needed, valuePoolSize);
}

/**
 * Every word must match, as in search; failing that, the words that match something, when they are
 * most of them. Ranked with stock for one piece, so lines naming the same thing share the lookup;
 * the line's quantity is weighed when its parts are priced.
 */
function byKeyword(lookup: PartLookup, keyword: string): PartHit[] {
  if (!keyword) return [];
  const needed = 1;
  const hits = lookup.byKeyword(keyword, needed, valuePoolSize);
  if (hits.length > 0) return hits;
  const words = splitKeyword(keyword);
  if (words.length < 2) return [];
  const kept = words.filter((word) => lookup.keywordCount(word) > 0);
  if (kept.length === words.length || kept.length * 2 < words.length) return [];
  return lookup.byKeyword(kept.join(' '), needed, valuePoolSize);
}

/** Parts found by the line's values, then its words: the passives' way, and a second chance for a part number the store lacks. */
function byValues(lookup: PartLookup, probes: LineProbes, needed: number): LineFind | null {
  if (probes.parameters) {
    const { strict, loose } = probes.parameters;
    for (const terms of loose ? [strict, loose] : [strict]) {
      const hits = byParameterTerms(lookup, terms, needed);
      if (hits.length > 0) return { status: 'recommended', matchedBy: 'parameters', pool: pooled(hits, 2, 'values'), probes };
    }
  }
  const keywordHits = byKeyword(lookup, probes.keyword);
  if (keywordHits.length > 0) return { status: 'recommended', matchedBy: 'keyword', pool: pooled(keywordHits, 2, 'values'), probes };
  return null;
}

/**
 * One line against the index, in the order the issue gives: part number (exact, or without
 * packaging suffix), store product number, part number nearly (a prefix, or a typo), values with
 * package, then keywords. A part number found only nearly keeps the values' finds beside it: the
 * verdicts (verify-candidate.ts) decide which, if any, is the line's part. Reads no database.
 */
export function findLine(lookup: PartLookup, line: BomLineInput): LineFind {
  if (line.isNotFitted) return { status: 'notFitted', matchedBy: null, pool: [], probes: null };
  const probes = probesOf(line);
  const needed = Math.max(1, line.requiredQuantity);
  const coded = byCodes(lookup, probes);
  if (coded) return coded;
  if (probes.productId !== null) {
    const hit = lookup.byProductId(probes.productId);
    if (hit && storeCodeFits(hit, probes)) return { status: 'exact', matchedBy: 'storeCode', pool: pooled([hit], 0, 'storeCode'), probes };
  }
  const near = byNearCodes(lookup, probes, needed);
  const valued = byValues(lookup, probes, needed);
  if (near && valued) return { ...near, pool: [...near.pool, ...valued.pool] };
  return near ?? valued ?? noneFound(probes);
}
