import { bomLimits } from '../../../../contract/bom.ts';
import { partNumberBase } from '../../../../contract/part-number.ts';
import { packageParamName } from '../../../../contract/part-compare.ts';
import type { KeyParamRow } from '../../catalog/product.service.ts';
import type { PartHit, PartLookup, TermRequirement } from '../../search/search.service.ts';

/** What a line's best part is, for finding parts that can stand in for it. */
export interface SubstituteReference {
  productId: number;
  code: string;
  package: string;
  categoryId: number;
  keyParams: readonly KeyParamRow[];
}

export interface FoundSubstitute {
  hit: PartHit;
  reason: string;
}

/** "同类目，阻值 10kΩ、封装 0603、精度 ±1% 相同": the main value, the package, then the rest. */
export function sameParametersReason(params: readonly Pick<KeyParamRow, 'name' | 'valueText'>[], packageName: string): string {
  const named = params.map((param) => `${param.name} ${param.valueText}`);
  if (packageName) named.splice(Math.min(1, named.length), 0, `${packageParamName} ${packageName}`);
  return named.length > 0 ? `同类目，${named.join('、')} 相同` : '同类目';
}

/** Other packagings of the same part number (and the same number from other makers), in stock. */
function sameCodeParts(lookup: PartLookup, reference: SubstituteReference, exclude: ReadonlySet<number>): FoundSubstitute[] {
  const { exact, variants } = lookup.byCode(reference.code);
  const base = partNumberBase(reference.code);
  const isUsable = (hit: PartHit) => hit.stock > 0 && !exclude.has(hit.productId);
  const found: FoundSubstitute[] = [
    ...exact.filter(isUsable).map((hit) => ({ hit, reason: `同型号 ${reference.code}，其他品牌` })),
    ...variants.filter(isUsable).map((hit) => ({ hit, reason: `同型号 ${base} 的其他包装` })),
  ];
  return found.sort((a, b) => b.hit.stock - a.hit.stock);
}

/**
 * Parts in stock from the same category with the same package and key parameters as the line's
 * best part. When too few carry all of them, the last parameter (the least telling: temperature
 * coefficient, supply range) is let go once, for categories of three or more.
 */
export function findSubstitutes(lookup: PartLookup, reference: SubstituteReference, candidates: ReadonlySet<number>, needed: number): FoundSubstitute[] {
  const exclude = new Set([...candidates, reference.productId]);
  const found = sameCodeParts(lookup, reference, exclude).slice(0, bomLimits.substitutesMax);
  for (const { hit } of found) exclude.add(hit.productId);
  const params = reference.keyParams.filter((param) => param.name !== packageParamName);
  if (params.length === 0) return found;
  const requirementsOf = (kept: readonly KeyParamRow[]): TermRequirement[] =>
    kept.flatMap((param) => lookup.paramRequirements({ valueText: param.valueText, valueNum: param.valueNum, unit: param.unit }));
  const tries = params.length >= 3 ? [params, params.slice(0, -1)] : [params];
  for (const kept of tries) {
    if (found.length >= bomLimits.substitutesMax) break;
    const hits = lookup.byParameters(
      {
        requirements: requirementsOf(kept),
        packageName: reference.package || null,
        categoryIds: [reference.categoryId],
        isInStockOnly: true,
        excludeProductIds: exclude,
      },
      needed,
      bomLimits.substitutesMax - found.length,
    );
    const reason = sameParametersReason(kept, reference.package);
    for (const hit of hits) {
      found.push({ hit, reason });
      exclude.add(hit.productId);
    }
  }
  return found;
}
