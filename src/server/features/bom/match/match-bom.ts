import type { Kysely } from 'kysely';
import type { BomCandidate, BomLine, BomLineInput, BomLineStatus, BomMatchResult, BomMatchSummary, BomSubstitute } from '../../../../contract/bom.ts';
import { orderQuantityOf } from '../../../../contract/bom-optimiser.ts';
import type { ProductSummary } from '../../../../contract/catalog.ts';
import { packageParamName } from '../../../../contract/part-compare.ts';
import { lineAmountCents } from '../../../../contract/pricing.ts';
import type { Database } from '../../../db/database.ts';
import { loadKeyParams, loadProductSummaries, type KeyParamRow } from '../../catalog/product.service.ts';
import type { PartLookup, SearchService } from '../../search/search.service.ts';
import { findCategoryNames, findDomesticBrandIds } from './bom-match.repository.ts';
import { findLine, type LineFind, type PooledHit } from './find-candidates.ts';
import { needsOf } from './line-needs.ts';
import { settleLine, type JudgedPart } from './settle-line.ts';
import { findSubstitutes, type FoundSubstitute } from './substitutes.ts';
import { verifyCandidate, type Verdict } from './verify-candidate.ts';

/** What matching needs: the database (a few batched reads) and the app's search service (its in-memory index). */
export interface BomMatchContext {
  db: Kysely<Database>;
  search: SearchService;
}

/** Parts read and shaped as the BOM shows them. */
interface PartRows {
  summaries: Map<number, ProductSummary>;
  keyParams: Map<number, KeyParamRow[]>;
}

/** Summary ids per statement (both engines take thousands of bound parameters; a 3,000-line BOM needs a few statements). */
const summaryChunk = 5000;

async function readParts(db: Kysely<Database>, productIds: readonly number[]): Promise<PartRows> {
  const ids = [...new Set(productIds)];
  const summaries = new Map<number, ProductSummary>();
  const chunks: number[][] = [];
  for (let start = 0; start < ids.length; start += summaryChunk) chunks.push(ids.slice(start, start + summaryChunk));
  const [loaded, keyParams] = await Promise.all([Promise.all(chunks.map((chunk) => loadProductSummaries(db, chunk))), loadKeyParams(db, ids)]);
  for (const summary of loaded.flat()) summaries.set(summary.productId, summary);
  return { summaries, keyParams };
}

function candidateOf(summary: ProductSummary, rows: PartRows, domestic: ReadonlySet<number>, verdict: Verdict): BomCandidate {
  return {
    productId: summary.productId,
    code: summary.code,
    brandId: summary.brandId,
    brandName: summary.brandName,
    isDomesticBrand: domestic.has(summary.brandId),
    package: summary.package,
    description: summary.description,
    keyParams: (rows.keyParams.get(summary.productId) ?? [])
      .filter((param) => param.name !== packageParamName)
      .map((param) => ({ name: param.name, value: param.valueText })),
    stock: summary.stock,
    packSize: summary.packSize,
    priceTiers: summary.priceTiers,
    imagePath: summary.imagePath,
    categoryId: summary.categorySecondId,
    fit: verdict.fit,
    evidence: verdict.evidence,
  };
}

/** 0: enough stock for the order, 1: some, 2: none. */
function stockClassOf(summary: ProductSummary, required: number): number {
  if (summary.stock <= 0) return 2;
  return summary.stock >= orderQuantityOf(Math.max(1, required), summary.packSize) ? 0 : 1;
}

function amountAt(summary: ProductSummary, required: number): number {
  return summary.priceTiers.length === 0
    ? Number.POSITIVE_INFINITY
    : lineAmountCents(summary.priceTiers, orderQuantityOf(Math.max(1, required), summary.packSize));
}

/**
 * Best first: the code itself before its other packagings and other finds, the better match
 * (keyword score, fewer typos), enough stock, the maker the line names, then the lower amount at
 * the line's quantity as the cart prices it.
 */
function rankPool(pool: readonly PooledHit[], rows: PartRows, required: number, namedBrands: ReadonlySet<number>): RankedPart[] {
  const ranked: { summary: ProductSummary; hit: PooledHit; stockClass: number; amount: number }[] = [];
  const seen = new Set<number>();
  for (const hit of pool) {
    const summary = rows.summaries.get(hit.hit.productId);
    if (!summary || seen.has(summary.productId)) continue;
    seen.add(summary.productId);
    ranked.push({ summary, hit, stockClass: stockClassOf(summary, required), amount: amountAt(summary, required) });
  }
  const brandRank = (summary: ProductSummary) => (namedBrands.has(summary.brandId) ? 0 : 1);
  ranked.sort(
    (a, b) =>
      a.hit.rankClass - b.hit.rankClass ||
      b.hit.hit.score - a.hit.hit.score ||
      a.stockClass - b.stockClass ||
      brandRank(a.summary) - brandRank(b.summary) ||
      a.amount - b.amount ||
      a.summary.productId - b.summary.productId,
  );
  return ranked.map((entry) => ({ summary: entry.summary, pooled: entry.hit }));
}

interface RankedPart {
  summary: ProductSummary;
  pooled: PooledHit;
}

/** Substitutes for lines whose part number was not found as such, or whose best part is short of stock. */
function needsSubstitutes(line: BomLineInput, find: LineFind, best: ProductSummary | undefined): best is ProductSummary {
  if (!best || line.isNotFitted) return false;
  const isCodeMiss = (find.probes?.codeTexts.length ?? 0) > 0 && find.status !== 'exact' && find.status !== 'multiple';
  return isCodeMiss || best.stock < orderQuantityOf(Math.max(1, line.requiredQuantity), best.packSize);
}

function summaryOf(lines: readonly BomLine[]): BomMatchSummary {
  const countsByStatus: Record<BomLineStatus, number> = { exact: 0, recommended: 0, multiple: 0, none: 0, notFitted: 0 };
  for (const line of lines) countsByStatus[line.status]++;
  const fitted = lines.length - countsByStatus.notFitted;
  // Matched: a part checked to be the line's (or to choose between); the closest parts of an unmatched line do not count.
  const matchedCount = lines.filter((line) => line.status !== 'notFitted' && line.status !== 'none').length;
  return {
    lineCount: lines.length,
    notFittedCount: countsByStatus.notFitted,
    matchedCount,
    matchRate: fitted === 0 ? 0 : matchedCount / fitted,
    countsByStatus,
  };
}

interface SettledRow {
  line: BomLineInput;
  find: LineFind;
  settled: ReturnType<typeof settleLine>;
}

/** Substitutes stand in for the line's own part: only a line whose part is known (checked, or exact) gets them. */
function substitutesFor(lookup: PartLookup, rows: readonly SettledRow[], parts: PartRows): Map<number, FoundSubstitute[]> {
  const found = new Map<number, FoundSubstitute[]>();
  rows.forEach(({ line, find, settled }, index) => {
    const own = settled.parts.filter((part) => part.verdict.fit === 'verified');
    const best = own[0]?.summary;
    if (!needsSubstitutes(line, find, best)) return;
    const reference = {
      productId: best.productId,
      code: best.code,
      package: best.package,
      categoryId: best.categorySecondId,
      keyParams: parts.keyParams.get(best.productId) ?? [],
    };
    const listed = new Set(settled.parts.map((part) => part.summary.productId));
    found.set(index, findSubstitutes(lookup, reference, listed, Math.max(1, line.requiredQuantity)));
  });
  return found;
}

/**
 * Matches every line against the catalogue: all lookups in the in-memory index (search's), then
 * the parts found read in a few statements for the whole BOM (summaries with tiers, key
 * parameters, categories, domestic brands; again for substitutes), never one query per line.
 * Every part found is checked against the line (verify-candidate.ts) before it may be offered as
 * the line's part.
 */
export async function matchBomLines(context: BomMatchContext, lines: readonly BomLineInput[]): Promise<BomMatchResult> {
  const lookup = await context.search.partLookup();
  const finds = lines.map((line) => findLine(lookup, line));
  const [rows, domestic, categoryNames] = await Promise.all([
    readParts(
      context.db,
      finds.flatMap((find) => find.pool.map((pooled) => pooled.hit.productId)),
    ),
    findDomesticBrandIds(context.db),
    findCategoryNames(context.db),
  ]);
  const settledRows: SettledRow[] = lines.map((line, index) => {
    const find = finds[index] ?? { status: 'none', matchedBy: null, pool: [], probes: null };
    const namedBrands = new Set(line.query.brand.trim() ? lookup.brandIdsNamed(line.query.brand) : []);
    const needs = needsOf(line, find.probes ?? emptyProbes);
    const lineCode = find.probes?.codeTexts[0] ?? null;
    const judged: JudgedPart[] = rankPool(find.pool, rows, line.requiredQuantity, namedBrands).map(({ summary, pooled }) => ({
      summary,
      pooled,
      verdict: verifyCandidate(needs, lineCode, pooled.foundBy, {
        code: summary.code,
        package: summary.package,
        categoryName: categoryNames.get(summary.categorySecondId) ?? '',
        description: summary.description,
        keyParams: rows.keyParams.get(summary.productId) ?? [],
      }),
    }));
    return { line, find, settled: settleLine(line, find, needs, judged) };
  });
  const substitutes = substitutesFor(lookup, settledRows, rows);
  const substituteRows = await readParts(
    context.db,
    [...substitutes.values()].flatMap((list) => list.map((found) => found.hit.productId)),
  );
  const matched: BomLine[] = settledRows.map(({ line, find, settled }, index) => {
    const lineSubstitutes: BomSubstitute[] = (substitutes.get(index) ?? []).flatMap(({ hit, reason }) => {
      const summary = substituteRows.summaries.get(hit.productId);
      return summary ? [{ ...candidateOf(summary, substituteRows, domestic, { fit: 'choice', evidence: reason }), reason }] : [];
    });
    return {
      ...line,
      status: settled.status,
      matchedBy: settled.status === 'none' || settled.status === 'notFitted' ? null : find.matchedBy,
      matchReason: settled.matchReason,
      candidates: settled.parts.map((part) => candidateOf(part.summary, rows, domestic, part.verdict)),
      substitutes: lineSubstitutes,
    };
  });
  return { lines: matched, summary: summaryOf(matched) };
}

const emptyProbes = { codeTexts: [], productId: null, parameters: null, keyword: '', packageName: null };
