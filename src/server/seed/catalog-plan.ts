import { normalizePartNumber } from '../../contract/part-number.ts';
import type { Family, ProductDraft } from './product-draft.ts';

/** How many parts each family contributes, and in which order they come out. */
interface Quota {
  family: Family;
  quota: number;
}

const samplePoints = 64;

const capacities = new WeakMap<Family, number>();

/** Parts a family can really make: its size times the share of sampled combinations that exist. */
export function estimateCapacity(family: Family): number {
  let capacity = capacities.get(family);
  if (capacity === undefined) {
    capacity = sampleCapacity(family);
    capacities.set(family, capacity);
  }
  return capacity;
}

function sampleCapacity(family: Family): number {
  if (family.size <= samplePoints * 4) {
    let made = 0;
    for (let index = 0; index < family.size; index++) if (family.variant(index)) made++;
    return made;
  }
  let made = 0;
  for (let point = 0; point < samplePoints; point++) {
    if (family.variant(Math.floor(((point + 0.5) * family.size) / samplePoints))) made++;
  }
  return Math.floor((family.size * made * 0.9) / samplePoints);
}

/** Share of the catalogue spread evenly over categories, so even a small one fills every shelf. */
const evenShare = 0.3;

/**
 * Quotas: first an even share per second-level category (split over its families), then the
 * rest by family weight; never more than a family can make (water filling).
 */
export function allocateQuotas(families: readonly Family[], total: number): Quota[] {
  const capacities = families.map(estimateCapacity);
  const quotas = families.map(() => 0);
  const give = (index: number, wanted: number) => {
    const take = Math.max(0, Math.min(wanted, (capacities[index] ?? 0) - (quotas[index] ?? 0)));
    quotas[index] = (quotas[index] ?? 0) + take;
    return take;
  };

  const byCategory = new Map<string, number[]>();
  families.forEach((family, index) => byCategory.set(family.category, [...(byCategory.get(family.category) ?? []), index]));
  const perCategory = Math.floor((total * evenShare) / byCategory.size);
  let remaining = total;
  for (const members of byCategory.values()) {
    for (let slot = 0; slot < perCategory; slot++) {
      const index = members[slot % members.length] ?? 0;
      remaining -= give(index, 1);
    }
  }

  let open = families.map((_, index) => index).filter((index) => (quotas[index] ?? 0) < (capacities[index] ?? 0));
  while (remaining > 0 && open.length > 0) {
    const weight = open.reduce((sum, index) => sum + (families[index]?.weight ?? 0), 0);
    let given = 0;
    for (const index of open) {
      if (given >= remaining) break;
      const share = Math.max(1, Math.floor((remaining * (families[index]?.weight ?? 0)) / weight));
      given += give(index, Math.min(share, remaining - given));
    }
    remaining -= given;
    open = open.filter((index) => (quotas[index] ?? 0) < (capacities[index] ?? 0));
    if (given === 0) break;
  }
  return families.map((family, index) => ({ family, quota: quotas[index] ?? 0 }));
}

const strides = [1_000_003, 999_983, 611_953, 479_001_599, 15_485_863, 7_919];

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * A part's key in the store: the maker and the normalised part number (products_code_norm_unique).
 * Two codes of one family can normalise alike (SMF7.0A and SMF70A): the later one is skipped.
 */
function partKeyOf(draft: ProductDraft): string {
  return `${draft.brand}|${normalizePartNumber(draft.code)}`;
}

/**
 * Walks a family's combinations in a scattered but fixed order, so a small catalogue still
 * covers every size, value and voltage rather than the first few of each axis.
 */
class FamilyCursor {
  private step = 0;
  private readonly stride: number;
  isExhausted = false;

  constructor(
    readonly family: Family,
    private readonly taken: Set<string>,
    private readonly grade: Grade | null = null,
  ) {
    this.stride = strides.find((stride) => gcd(stride, family.size) === 1) ?? 1;
  }

  next(): ProductDraft | null {
    const { size } = this.family;
    while (this.step < size) {
      const index = (this.step * this.stride + Math.floor(size / 3)) % size;
      this.step++;
      const made = this.family.variant(index);
      if (!made) continue;
      const draft = this.grade ? gradedDraft(made, this.grade) : made;
      const key = partKeyOf(draft);
      if (this.taken.has(key)) continue;
      this.taken.add(key);
      return draft;
    }
    this.isExhausted = true;
    return null;
  }
}

const rounds = 256;

/**
 * A further grade of every part (automotive, halogen-free…): the maker's code with a grade
 * suffix. Only catalogues larger than the families can make (over about 1.4 million parts)
 * use them, after every family's own codes are taken; smaller catalogues stay as they were.
 */
export interface Grade {
  suffix: string;
  label: string;
  /** Price factor of the grade (automotive parts cost more). */
  priceFactor: number;
}

export const catalogueGrades: readonly Grade[] = [
  { suffix: '-Q1', label: '车规级(AEC-Q)', priceFactor: 1.35 },
  { suffix: '-HF', label: '无卤', priceFactor: 1.08 },
  { suffix: '-EP', label: '增强型(宽温)', priceFactor: 1.6 },
  { suffix: '-LS', label: '长期供货', priceFactor: 1.12 },
];

function gradedDraft(draft: ProductDraft, grade: Grade): ProductDraft {
  return {
    ...draft,
    code: `${draft.code}${grade.suffix}`,
    description: `${draft.description} ${grade.label}`,
    unitPriceE4: Math.max(1, Math.round(draft.unitPriceE4 * grade.priceFactor)),
  };
}

/**
 * The catalogue's parts in id order: the named parts first, then the families interleaved in
 * rounds (each round takes a slice of every family's quota), topped up from families with room
 * when one falls short of its estimate.
 */
export function* planProducts(
  named: readonly ProductDraft[],
  families: readonly Family[],
  total: number,
  grades: readonly Grade[] = [],
): Generator<ProductDraft> {
  const first = named.slice(0, total);
  yield* first;
  const taken = new Set(first.map(partKeyOf));
  const quotas = allocateQuotas(families, total - first.length);
  const cursors = quotas.map(({ family }) => new FamilyCursor(family, taken));
  // What the estimates could not place, plus what families fall short of their quota by.
  let shortfall = total - first.length - quotas.reduce((sum, { quota }) => sum + quota, 0);
  for (let round = 0; round < rounds; round++) {
    for (let index = 0; index < quotas.length; index++) {
      const quota = quotas[index]?.quota ?? 0;
      const cursor = cursors[index];
      if (!cursor) continue;
      let want = Math.floor((quota * (round + 1)) / rounds) - Math.floor((quota * round) / rounds);
      while (want > 0) {
        const draft = cursor.next();
        if (!draft) break;
        yield draft;
        want--;
      }
      shortfall += want;
    }
  }
  let graded = 0;
  while (shortfall > 0) {
    let open = cursors.filter((cursor) => !cursor.isExhausted);
    const grade = grades[graded];
    if (open.length === 0 && grade) {
      graded++;
      open = families.map((family) => new FamilyCursor(family, taken, grade));
      cursors.push(...open);
    }
    if (open.length === 0) throw new Error(`演示目录最多只能生成 ${total - shortfall} 个不同的料号，无法生成 ${total} 个`);
    const each = Math.ceil(shortfall / open.length);
    for (const cursor of open) {
      for (let count = 0; count < each && shortfall > 0; count++) {
        const draft = cursor.next();
        if (!draft) break;
        yield draft;
        shortfall--;
      }
    }
  }
}
