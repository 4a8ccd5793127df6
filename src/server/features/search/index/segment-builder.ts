import { packageKey } from '../../../../contract/value-query.ts';
import { PackedStrings } from './packed-strings.ts';
import { buildPostings, bump, PairList, postingsOfColumn, takeSlot, type Postings } from './postings.ts';
import { Segment, trigramKey, trigramKeyCount, type SegmentOptions } from './segment.ts';
import { fingerprintAdd, fingerprintStart, paramQuantity, quantityKeys, wordKeys } from './terms.ts';

export interface ParamValue {
  valueText: string;
  valueNum: number | null;
  /** The attribute's unit. */
  unit: string | null;
}

/** A product as the index reads it. */
export interface ProductDoc {
  productId: number;
  code: string;
  codeNorm: string;
  brandId: number;
  categoryId: number;
  packageName: string;
  description: string;
  stock: number;
  priceE4: number | null;
  params: ParamValue[];
}

/** Package names interned once for every segment, so facets count by the same ids. */
export class PackageTable {
  private readonly ids = new Map<string, number>();
  readonly names: string[] = [];
  private readonly idsByKey = new Map<string, number[]>();

  intern(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(name, id);
      this.names.push(name);
      const key = packageKey(name);
      this.idsByKey.set(key, [...(this.idsByKey.get(key) ?? []), id]);
    }
    return id;
  }

  /** Every spelling of a package in the catalogue: SOT-23 and SOT23 are one package. */
  idsForKey(key: string): number[] {
    return this.idsByKey.get(key) ?? [];
  }

  /** The ids of a package name and its other spellings. */
  idsForName(name: string): number[] {
    return this.idsForKey(packageKey(name));
  }

  get size(): number {
    return this.names.length;
  }
}

/** Everything search reads besides stock and price, so a stock change can update in place. */
export function searchFingerprint(doc: ProductDoc): number {
  let hash = fingerprintStart;
  for (const text of [doc.code, doc.codeNorm, String(doc.brandId), String(doc.categoryId), doc.packageName, doc.description]) hash = fingerprintAdd(hash, text);
  for (const param of doc.params) hash = fingerprintAdd(fingerprintAdd(fingerprintAdd(hash, param.valueText), String(param.valueNum)), param.unit ?? '');
  return hash;
}

/** The words and values a parameter is found by: a quantity in base units, or its words. */
export function paramTermKeys(param: ParamValue): string[] {
  const quantity = paramQuantity(param.valueText, param.valueNum, param.unit);
  return quantity ? quantityKeys(quantity) : wordKeys(param.valueText);
}

/** Catalogues repeat descriptions and parameter values endlessly: their term ids are looked up once. */
const maxCachedTexts = 200_000;

/** Collects products in any order, then sorts them by code and builds the lists in one go. */
export class SegmentBuilder {
  private readonly productIds: number[] = [];
  private readonly codes: string[] = [];
  private readonly displayCodes: string[] = [];
  private readonly brandIds: number[] = [];
  private readonly categoryIds: number[] = [];
  private readonly packageIds: number[] = [];
  private readonly stocks: number[] = [];
  private readonly prices: number[] = [];
  private readonly fingerprints: number[] = [];
  private readonly terms = new Map<string, number>();
  private readonly pairs = new PairList();
  private readonly descriptionTerms = new Map<string, number[]>();
  private readonly paramTerms = new Map<string, number[]>();
  /** stamp[term] = doc index + 1 of the last doc that got the term: each term once per doc. */
  private stamp = new Int32Array(1024);

  constructor(private readonly packages: PackageTable) {}

  add(doc: ProductDoc): void {
    const index = this.productIds.length;
    this.productIds.push(doc.productId);
    this.codes.push(doc.codeNorm);
    this.displayCodes.push(doc.code === doc.codeNorm ? '' : doc.code);
    this.brandIds.push(doc.brandId);
    this.categoryIds.push(doc.categoryId);
    this.packageIds.push(this.packages.intern(doc.packageName));
    this.stocks.push(Math.min(doc.stock, 2 ** 31 - 1));
    this.prices.push(doc.priceE4 ?? Number.NaN);
    this.fingerprints.push(searchFingerprint(doc));
    for (const id of this.cachedTermIds(this.descriptionTerms, doc.description, () => wordKeys(doc.description))) this.addTerm(id, index);
    for (const param of doc.params) {
      const key = `${param.unit ?? ''}|${param.valueNum ?? ''}|${param.valueText}`;
      for (const id of this.cachedTermIds(this.paramTerms, key, () => paramTermKeys(param))) this.addTerm(id, index);
    }
  }

  private cachedTermIds(cache: Map<string, number[]>, text: string, keysOf: () => string[]): number[] {
    let ids = cache.get(text);
    if (!ids) {
      ids = keysOf().map((key) => this.termId(key));
      if (cache.size >= maxCachedTexts) cache.clear();
      cache.set(text, ids);
    }
    return ids;
  }

  private termId(key: string): number {
    let id = this.terms.get(key);
    if (id === undefined) {
      id = this.terms.size;
      this.terms.set(key, id);
    }
    return id;
  }

  private addTerm(id: number, index: number): void {
    if (id >= this.stamp.length) {
      const grown = new Int32Array(Math.max(id + 1, this.stamp.length * 2));
      grown.set(this.stamp);
      this.stamp = grown;
    }
    if (this.stamp[id] === index + 1) return;
    this.stamp[id] = index + 1;
    this.pairs.push(id, index);
  }

  get count(): number {
    return this.productIds.length;
  }

  finish(options?: SegmentOptions): Segment {
    const n = this.productIds.length;
    const codes = this.codes;
    const order = Array.from({ length: n }, (_, i) => i);
    order.sort((a, b) => {
      const codeA = codes[a] ?? '';
      const codeB = codes[b] ?? '';
      if (codeA !== codeB) return codeA < codeB ? -1 : 1;
      return (this.productIds[a] ?? 0) - (this.productIds[b] ?? 0);
    });
    const rank = new Uint32Array(n);
    order.forEach((old, doc) => (rank[old] = doc));
    const permuteInt = (values: number[]) => Int32Array.from(order, (old) => values[old] ?? 0);

    const productIds = permuteInt(this.productIds);
    const sortedCodes = order.map((old) => codes[old] ?? '');
    const brandIds = permuteInt(this.brandIds);
    const categoryIds = permuteInt(this.categoryIds);
    const packageIds = permuteInt(this.packageIds);
    const byProduct = Uint32Array.from({ length: n }, (_, i) => i).sort((a, b) => (productIds[a] ?? 0) - (productIds[b] ?? 0));
    return new Segment(
      {
        productIds,
        codes: PackedStrings.of(sortedCodes),
        displayCodes: PackedStrings.of(order.map((old) => this.displayCodes[old] ?? '')),
        brandIds,
        categoryIds,
        packageIds,
        stocks: permuteInt(this.stocks),
        prices: Float64Array.from(order, (old) => this.prices[old] ?? Number.NaN),
        fingerprints: Uint32Array.from(order, (old) => this.fingerprints[old] ?? 0),
        trigrams: buildTrigrams(sortedCodes),
        terms: this.terms,
        termPostings: buildPostings(this.pairs, this.terms.size, n, rank),
        brandPostings: postingsOfColumn(brandIds, maxOf(brandIds) + 1),
        categoryPostings: postingsOfColumn(categoryIds, maxOf(categoryIds) + 1),
        packagePostings: postingsOfColumn(packageIds, this.packages.size),
        byProduct,
      },
      options,
    );
  }
}

function maxOf(values: Int32Array): number {
  let max = -1;
  for (const value of values) if (value > max) max = value;
  return max;
}

/** Two passes over the codes (count, then fill) so no pair list is needed for the largest lists. */
function buildTrigrams(codes: string[]): Postings {
  const offsets = new Uint32Array(trigramKeyCount + 1);
  const seen: number[] = [];
  const eachTrigram = (code: string, visit: (key: number) => void) => {
    seen.length = 0;
    for (let i = 0; i + 3 <= code.length; i++) {
      const key = trigramKey(code, i);
      if (!seen.includes(key)) {
        seen.push(key);
        visit(key);
      }
    }
  };
  for (const code of codes) eachTrigram(code, (key) => bump(offsets, key + 1));
  for (let k = 0; k < trigramKeyCount; k++) offsets[k + 1] = (offsets[k + 1] ?? 0) + (offsets[k] ?? 0);
  const cursor = offsets.slice(0, trigramKeyCount);
  const docs = new Uint32Array(offsets[trigramKeyCount] ?? 0);
  codes.forEach((code, doc) => eachTrigram(code, (key) => (docs[takeSlot(cursor, key)] = doc)));
  return { offsets, docs };
}
