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

/** Whether a typed token names this name: whole, or a meaningful part of it. */
function nameMatches(name: string, token: string): 'exact' | 'partial' | null {
  const n = compact(name);
  const t = compact(token);
  if (!t || !n) return null;
  if (n === t) return 'exact';
  if (hasCjk.test(t)) return t.length >= 2 && n.includes(t) ? 'partial' : null;
  // Latin: a word start of the name, three letters or more (mur → Murata; ti alone only exactly).
  if (t.length < 3) return null;
  const words = name
    .normalize('NFKC')
    .toLowerCase()
    .split(/[\s\-_/()（）]+/);
  return n.startsWith(t) || words.some((word) => word.startsWith(t)) ? 'partial' : null;
}

export class Dictionary {
  private readonly categoriesById: Map<number, CategoryEntry>;
  private readonly childrenOf = new Map<number, number[]>();
  readonly brandsById: Map<number, BrandEntry>;

  constructor(
    readonly brands: BrandEntry[],
    readonly categories: CategoryEntry[],
  ) {
    this.brandsById = new Map(brands.map((brand) => [brand.id, brand]));
    this.categoriesById = new Map(categories.map((category) => [category.id, category]));
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
    const matches: NameMatch<BrandEntry>[] = [];
    for (const brand of this.brands) {
      const names = [brand.nameEn, ...(brand.nameCn ? [brand.nameCn] : [])];
      let best: NameMatch<BrandEntry> | null = null;
      for (const name of names) {
        const kind = nameMatches(name, token);
        if (kind && (!best || (kind === 'exact' && !best.isExact))) best = { entry: brand, name, isExact: kind === 'exact' };
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
    for (const category of this.categories) {
      const name = compact(category.name);
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
