import type { BomCandidate, BomLine } from '../../../contract/bom.ts';
import { unitPriceE4At } from '../../../contract/pricing.ts';

/** How the candidate lists are narrowed and ordered: one set of filters for the whole BOM, as a buyer shops. */
export interface CandidateFilters {
  inStockOnly: boolean;
  domesticOnly: boolean;
  /** '' for every brand. */
  brand: string;
  sort: CandidateSort;
}

export type CandidateSort = 'match' | 'price' | 'stock';

export const candidateSortLabels: Record<CandidateSort, string> = { match: '匹配度', price: '价格从低到高', stock: '库存从高到低' };

export const defaultCandidateFilters: CandidateFilters = { inStockOnly: false, domesticOnly: false, brand: '', sort: 'match' };

export function isCandidateSort(value: string): value is CandidateSort {
  return value === 'match' || value === 'price' || value === 'stock';
}

/** What the check of a part against the line found (issue 27), before its evidence. */
export const candidateFitLabels: Record<BomCandidate['fit'], string> = { verified: '匹配依据', choice: '待确认', miss: '不符' };

/** Every part a line offers: its candidates, then its substitutes (a substitute may also be picked). */
export function partsOfLine(line: BomLine): BomCandidate[] {
  const seen = new Set(line.candidates.map((candidate) => candidate.productId));
  return [...line.candidates, ...line.substitutes.filter((substitute) => !seen.has(substitute.productId))];
}

export function findPart(line: BomLine, productId: number | null): BomCandidate | null {
  if (productId === null) return null;
  return partsOfLine(line).find((part) => part.productId === productId) ?? null;
}

/** The unit price a part would have at a quantity; parts without tiers sort last. */
function priceAt(part: BomCandidate, quantity: number): number {
  return unitPriceE4At(part.priceTiers, Math.max(1, quantity)) ?? Number.MAX_SAFE_INTEGER;
}

/** The parts shown for a line under the filters; the matcher's order unless sorted by price or stock. */
export function filterCandidates<Part extends BomCandidate>(parts: readonly Part[], filters: CandidateFilters, quantity: number): Part[] {
  const kept = parts.filter(
    (part) =>
      (!filters.inStockOnly || part.stock > 0) && (!filters.domesticOnly || part.isDomesticBrand) && (!filters.brand || part.brandName === filters.brand),
  );
  if (filters.sort === 'price') return [...kept].sort((a, b) => priceAt(a, quantity) - priceAt(b, quantity));
  if (filters.sort === 'stock') return [...kept].sort((a, b) => b.stock - a.stock);
  return kept;
}

/** The brands offered anywhere in the BOM, for the brand filter. */
export function brandsOf(lines: readonly BomLine[]): string[] {
  const names = new Set<string>();
  for (const line of lines) for (const part of partsOfLine(line)) if (part.brandName) names.add(part.brandName);
  return [...names].sort();
}

export function hasActiveFilters(filters: CandidateFilters): boolean {
  return filters.inStockOnly || filters.domesticOnly || filters.brand !== '';
}
