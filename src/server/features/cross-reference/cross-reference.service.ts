import type { Kysely } from 'kysely';
import type { ProductSummary } from '../../../contract/catalog.ts';
import {
  crossReferenceLimits,
  crossReferenceMessages,
  type CrossReferenceMatch,
  type CrossReferencePart,
  type CrossReferenceRelation,
  type CrossReferenceResult,
} from '../../../contract/cross-reference.ts';
import { dielectricRank, isRatingUnit, packageParamName, type PartParam } from '../../../contract/part-compare.ts';
import { kindFits, kindOfPart } from '../../../contract/part-kind.ts';
import type { Database } from '../../db/database.ts';
import { loadKeyParams, loadProductSummaries } from '../catalog/product.service.ts';
import type { PartHit, PartLookup, SearchService } from '../search/search.service.ts';
import { evidenceOf } from './cross-reference-evidence.ts';
import { findCategoryNames, findDomesticBrandIds } from './cross-reference.repository.ts';

export interface CrossReferenceContext {
  db: Kysely<Database>;
  search: SearchService;
}

/** Parts of the same category and package read before checking their evidence: far more than are shown. */
const parameterCandidatesMax = 200;

interface Facts {
  summary: ProductSummary;
  categoryName: string;
  params: PartParam[];
}

function partOf(facts: Facts, domestic: ReadonlySet<number>): CrossReferencePart {
  const { summary } = facts;
  return {
    productId: summary.productId,
    code: summary.code,
    brandName: summary.brandName,
    isDomesticBrand: domestic.has(summary.brandId),
    categoryName: facts.categoryName,
    package: summary.package,
    description: summary.description,
    stock: summary.stock,
    packSize: summary.packSize,
    priceTiers: summary.priceTiers,
  };
}

/** In stock first, then the cheaper first tier. */
function byBuying(a: CrossReferenceMatch, b: CrossReferenceMatch): number {
  const inStock = Number(b.part.stock > 0) - Number(a.part.stock > 0);
  if (inStock !== 0) return inStock;
  const price = (match: CrossReferenceMatch) => match.part.priceTiers[0]?.priceE4 ?? Number.MAX_SAFE_INTEGER;
  return price(a) - price(b);
}

async function factsOf(db: Kysely<Database>, productIds: readonly number[]): Promise<Map<number, Facts>> {
  const summaries = await loadProductSummaries(db, productIds);
  const params = await loadKeyParams(db, productIds);
  const names = await findCategoryNames(db, [...new Set(summaries.map((summary) => summary.categorySecondId))]);
  return new Map(
    summaries.map((summary) => [
      summary.productId,
      { summary, categoryName: names.get(summary.categorySecondId) ?? '', params: params.get(summary.productId) ?? [] },
    ]),
  );
}

/**
 * The parts of the same category and package carrying each value that must be equal. Ratings and dielectrics, which
 * a better value also meets, are left out of the index query and checked one by one afterwards.
 */
function parameterHits(lookup: PartLookup, original: Facts, exclude: ReadonlySet<number>): PartHit[] {
  const mustEqual = original.params.filter((param) => param.name !== packageParamName && !isRatingUnit(param.unit) && dielectricRank(param.valueText) === null);
  const requirements = mustEqual.flatMap((param) => lookup.paramRequirements({ valueText: param.valueText, valueNum: param.valueNum, unit: param.unit }));
  return lookup.byParameters(
    {
      requirements,
      packageName: original.summary.package,
      categoryIds: [original.summary.categorySecondId],
      isInStockOnly: false,
      excludeProductIds: exclude,
    },
    1,
    parameterCandidatesMax,
  );
}

/** Why the catalogue cannot show parameter substitutes for the part, or ''. */
function parameterNotice(original: Facts): string {
  if (original.summary.package.trim() === '') return crossReferenceMessages.noPackage;
  const hasParams = original.params.some((param) => param.name !== packageParamName && param.valueText.trim() !== '');
  return hasParams ? '' : crossReferenceMessages.noKeyParams;
}

/**
 * 型号替代查询: the part of this number (else of its base without packaging suffixes), the same number
 * in other packagings and from other makers, then the parts whose evidence shows them equal or better.
 */
export async function findCrossReferences(context: CrossReferenceContext, rawCode: string): Promise<CrossReferenceResult> {
  const code = rawCode.trim();
  const empty: CrossReferenceResult = { code, found: null, sameCode: [], byParameters: [], notice: '' };
  const lookup = await context.search.partLookup();
  const { exact, variants } = lookup.byCode(code);
  const sameCodeHits: [PartHit, CrossReferenceRelation][] = [
    ...exact.map((hit): [PartHit, CrossReferenceRelation] => [hit, 'otherBrand']),
    ...variants.map((hit): [PartHit, CrossReferenceRelation] => [hit, 'otherPackaging']),
  ];
  // Of several makers' parts of the number, the one in stock most stands for it.
  const originalHit = [...exact].sort((a, b) => b.stock - a.stock)[0] ?? variants[0];
  if (!originalHit) return empty;

  const exclude = new Set(sameCodeHits.map(([hit]) => hit.productId));
  const facts = await factsOf(context.db, [...exclude]);
  const original = facts.get(originalHit.productId);
  if (!original) return empty;
  const notice = parameterNotice(original);
  const candidates = notice ? [] : parameterHits(lookup, original, exclude);
  for (const [id, fact] of await factsOf(
    context.db,
    candidates.map((hit) => hit.productId),
  ))
    facts.set(id, fact);
  const allFacts = [...facts.values()];
  const domestic = await findDomesticBrandIds(context.db, [...new Set(allFacts.map((fact) => fact.summary.brandId))]);
  const originalFacts = { package: original.summary.package, params: original.params };
  const originalKind = kindOfPart(original.categoryName, original.summary.description);

  const matchOf = (productId: number, relation: CrossReferenceRelation, isStrict: boolean): CrossReferenceMatch | null => {
    const fact = facts.get(productId);
    if (!fact || productId === original.summary.productId) return null;
    const kind = kindOfPart(fact.categoryName, fact.summary.description);
    // Never a different kind: a resistor's number never brings an NTC, whatever its values (the category already keeps to one).
    if (originalKind !== null && kind !== null && !kindFits(originalKind, kind)) return null;
    const evidence = evidenceOf(originalFacts, { package: fact.summary.package, params: fact.params }, isStrict);
    if (evidence === null) return null;
    return { part: partOf(fact, domestic), relation, evidence, pinNote: crossReferenceMessages.pinNote };
  };

  const sameCode = sameCodeHits
    .map(([hit, relation]) => matchOf(hit.productId, relation, false))
    .filter((match) => match !== null)
    .sort(byBuying)
    .slice(0, crossReferenceLimits.sameCodeMax);
  const byParameters = candidates
    .map((hit) => matchOf(hit.productId, 'parameters', true))
    .filter((match) => match !== null)
    .sort(byBuying)
    .slice(0, crossReferenceLimits.byParametersMax);
  return { code, found: partOf(original, domestic), sameCode, byParameters, notice };
}
