/**
 * Brands and categories by name, in Chinese and English: 德州仪器 = TI, 电阻 = every
 * resistor category. Small (hundreds of rows), reloaded whole when any of them changes.
 */
export interface BrandEntry {
  id: number;
  nameEn: string;
  nameCn: string | null;
}

export interface CategoryEntry {
  id: number;
  name: string;
  parentId: number | null;
  level: number;
  skuCount: number;
}

export interface NameMatch<T> {
  entry: T;
  /** The name that matched, in the language typed: what a suggestion shows. */
  name: string;
  isExact: boolean;
}

const hasCjk = /[\u3400-\u9fff]/;

function compact(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\-_.·&()（）]/g, '');
}

/** A name as matching reads it, worked out once per dictionary: every suggestion request matches every brand. */
interface MatchableName {
  name: string;
  compact: string;
  words: string[];
}

function matchableName(name: string): MatchableName {
  return {
    name,
    compact: compact(name),
    words: name
      .normalize('NFKC')
      .toLowerCase()
      .split(/[\s\-_/()（）]+/),
  };
}

/** Whether a typed token (compacted) names this name: whole, or a meaningful part of it. */
function nameMatches(name: MatchableName, token: string): 'exact' | 'partial' | null {
  const n = name.compact;
  if (!token || !n) return null;
  if (n === token) return 'exact';
  if (hasCjk.test(token)) return token.length >= 2 && n.includes(token) ? 'partial' : null;
  // Latin: a word start of the name, three letters or more (mur → Murata; ti alone only exactly).
  if (token.length < 3) return null;
  return n.startsWith(token) || name.words.some((word) => word.startsWith(token)) ? 'partial' : null;
}

export class Dictionary {
  private readonly categoriesById: Map<number, CategoryEntry>;
  private readonly childrenOf = new Map<number, number[]>();
  private readonly brandNames: { brand: BrandEntry; names: MatchableName[] }[];
  private readonly categoryNames: { category: CategoryEntry; compact: string }[];
  readonly brandsById: Map<number, BrandEntry>;

  constructor(
    readonly brands: BrandEntry[],
    readonly categories: CategoryEntry[],
  ) {
    this.brandsById = new Map(brands.map((brand) => [brand.id, brand]));
    this.categoriesById = new Map(categories.map((category) => [category.id, category]));
    this.brandNames = brands.map((brand) => ({ brand, names: [brand.nameEn, ...(brand.nameCn ? [brand.nameCn] : [])].map(matchableName) }));
    this.categoryNames = categories.map((category) => ({ category, compact: compact(category.name) }));
    for (const category of categories) {
      if (category.parentId !== null) this.childrenOf.set(category.parentId, [...(this.childrenOf.get(category.parentId) ?? []), category.id]);
    }
  }

  brand(id: number): BrandEntry | undefined {
    return this.brandsById.get(id);
  }

  category(id: number): CategoryEntry | undefined {
    return this.categoriesById.get(id);
  }

  matchBrands(token: string): NameMatch<BrandEntry>[] {
    const t = compact(token);
    const matches: NameMatch<BrandEntry>[] = [];
    for (const { brand, names } of this.brandNames) {
      let best: NameMatch<BrandEntry> | null = null;
      for (const name of names) {
        const kind = nameMatches(name, t);
        if (kind && (!best || (kind === 'exact' && !best.isExact))) best = { entry: brand, name: name.name, isExact: kind === 'exact' };
      }
      if (best) matches.push(best);
    }
    return matches.sort((a, b) => Number(b.isExact) - Number(a.isExact));
  }

  /** Categories whose name contains the token; a first-level match brings its second levels. */
  matchCategories(token: string): NameMatch<CategoryEntry>[] {
    const t = compact(token);
    if (t.length < 2) return [];
    const matches: NameMatch<CategoryEntry>[] = [];
    for (const { category, compact: name } of this.categoryNames) {
      if (name.includes(t)) matches.push({ entry: category, name: category.name, isExact: name === t });
    }
    return matches.sort((a, b) => Number(b.isExact) - Number(a.isExact) || b.entry.skuCount - a.entry.skuCount);
  }

  /** The second-level categories a matched category stands for (products hang on second levels). */
  leafCategoryIds(categoryId: number): number[] {
    const children = this.childrenOf.get(categoryId);
    return children && children.length > 0 ? children : [categoryId];
  }
}
