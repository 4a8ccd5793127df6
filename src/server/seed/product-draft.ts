import type { AttributeKey } from './attributes.data.ts';
import type { BrandKey } from './brands.data.ts';
import type { CategoryKey } from './category-tree.data.ts';

/** One typed parameter: the displayed text and, for numeric attributes, the value in the base unit. */
export interface ParamDraft {
  key: AttributeKey;
  text: string;
  num: number | null;
}

/** How a part is sold, which decides its price tiers and stock steps. */
export type SalesUnit = 'reel-passive' | 'tube-ic' | 'piece';

/** What a family knows about one part; stock, prices and labels are added by the commerce step. */
export interface ProductDraft {
  code: string;
  brand: BrandKey;
  category: CategoryKey;
  package: string;
  description: string;
  params: ParamDraft[];
  /** Unit price for one piece at the smallest tier, in 0.0001 yuan. */
  unitPriceE4: number;
  /** Minimum multiple: passives on reels sell in 100s or more, ICs one by one. */
  packSize: number;
  salesUnit: SalesUnit;
  /** Where the maker publishes its datasheet, or null when it does not. */
  datasheetUrl: string | null;
}

/**
 * A family enumerates part variants over the axes of its naming pattern: variant(index) for
 * index in [0, size) gives distinct codes, or null where the maker does not make that combination.
 */
export interface Family {
  key: string;
  category: CategoryKey;
  brand: BrandKey;
  /** Share of the catalogue relative to other families. */
  weight: number;
  size: number;
  variant(index: number): ProductDraft | null;
}

/** Item of a list by index, for axes whose index is known to be in range. */
export function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`index ${index} outside 0..${items.length - 1}`);
  return item;
}

/** Splits a flat index into one index per axis (mixed radix, last axis fastest). */
export function splitIndex(index: number, axes: readonly number[]): number[] {
  const digits = new Array<number>(axes.length);
  let rest = index;
  for (let axis = axes.length - 1; axis >= 0; axis--) {
    const radix = at(axes, axis);
    digits[axis] = rest % radix;
    rest = Math.floor(rest / radix);
  }
  return digits;
}

/** A family over the product of its axes: build gets one choice per axis. */
export function defineFamily(
  spec: Omit<Family, 'size' | 'variant'> & { axes: readonly (readonly unknown[])[]; build(choice: number[]): ProductDraft | null },
): Family {
  const radices = spec.axes.map((axis) => axis.length);
  const size = radices.reduce((product, radix) => product * radix, 1);
  return {
    key: spec.key,
    category: spec.category,
    brand: spec.brand,
    weight: spec.weight,
    size,
    variant: (index) => spec.build(splitIndex(index, radices)),
  };
}

export function param(key: AttributeKey, text: string, num: number | null = null): ParamDraft {
  return { key, text, num };
}

/** A family of parts listed one by one (named series of ICs and modules). */
export function listedFamily(key: string, weight: number, drafts: readonly ProductDraft[]): Family {
  const first = drafts[0];
  if (!first) throw new Error(`family ${key} lists no parts`);
  return { key, category: first.category, brand: first.brand, weight, size: drafts.length, variant: (index) => drafts[index] ?? null };
}
