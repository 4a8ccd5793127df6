import type { Logger } from 'pino';
import { brandDisplayName, type ProductSummary } from '../../../contract/catalog.ts';
import { looksLikePartNumber, normalizePartNumber, partNumberBases } from '../../../contract/part-number.ts';
import {
  searchKeyMaxLength,
  searchMessages,
  searchPageSize,
  type SearchParams,
  type SearchProduct,
  type SearchResult,
  type Suggestion,
} from '../../../contract/search.ts';
import { splitKeyword } from '../../../contract/value-query.ts';
import type { Db } from '../../db/create-db.ts';
import { AppError } from '../../http/app-error.ts';
import { requestErrors } from '../../../contract/errors.ts';
import { compileQuery } from './index/compile-query.ts';
import { PartLookup } from './index/part-lookup.ts';
import type { Dictionary } from './index/dictionary.ts';
import type { IndexQuery, IndexResult, SearchIndex } from './index/search-index.ts';
import { PackageTable } from './index/segment-builder.ts';
import { defaultKeeperOptions, SearchIndexKeeper, type KeeperOptions } from './search-index.keeper.ts';
import { loadProductSummaries } from '../catalog/product.service.ts';
import { findProductIdsByCodeNorm } from './search.repository.ts';
import { sqlCountProducts, sqlSearch, sqlSuggestCodes } from './sql-search.repository.ts';

const maxSuggestions = 10;
/** Room kept for brands and categories when part numbers alone would fill the list. */
const maxNameSuggestions = 4;
const maxNearMatches = 8;
/** How long a BOM match waits for the index of a large catalogue being built at start before answering busy. */
const partLookupWaitMs = 20_000;

export type { ParameterQuery, PartHit, PartLookup, TermRequirement } from './index/part-lookup.ts';

/** Control characters never reach a query (PostgreSQL refuses NUL); runs of spaces become one. */
export function cleanKeyword(raw: string): string {
  return (
    raw
      // eslint-disable-next-line no-control-regex -- control characters are what it removes
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

export function keywordProblem(keyword: string): string {
  return keyword.length > searchKeyMaxLength ? searchMessages.keyTooLongNotice : '';
}

function searchProductOf(summary: ProductSummary, categoryName: string): SearchProduct {
  return {
    productId: summary.productId,
    code: summary.code,
    brandId: summary.brandId,
    brandName: summary.brandName,
    categoryFirstId: summary.categoryFirstId,
    categoryId: summary.categorySecondId,
    categoryName,
    package: summary.package,
    description: summary.description,
    stock: summary.stock,
    packSize: summary.packSize,
    imagePath: summary.imagePath,
    isSpecialOffer: summary.isSpecialOffer,
    priceTiers: summary.priceTiers,
  };
}

export class SearchService {
  readonly keeper: SearchIndexKeeper;

  constructor(
    private readonly db: Db,
    logger: Logger,
    options: KeeperOptions = defaultKeeperOptions,
  ) {
    this.keeper = new SearchIndexKeeper(db, logger, options);
  }

  /** The header's suggestions: part numbers starting with the key first, then brands and categories. */
  async suggest(rawKey: string): Promise<Suggestion[]> {
    const key = cleanKeyword(rawKey);
    if (!key || keywordProblem(key)) return [];
    const index = await this.keeper.current();
    const dictionary = await this.keeper.dictionary();
    const names = await this.nameSuggestions(key, dictionary, index);
    let codes: Suggestion[] = [];
    if (looksLikePartNumber(key)) {
      const room = maxSuggestions - Math.min(maxNameSuggestions, names.length);
      const found = index ? index.suggestCodes(key, room) : await sqlSuggestCodes(this.db, normalizePartNumber(key), room);
      codes = found.map((code) => ({ key: code.code, searchResultCount: code.count }));
    }
    const seen = new Set<string>();
    return [...codes, ...names]
      .filter((suggestion) => {
        const folded = suggestion.key.toLowerCase();
        if (seen.has(folded)) return false;
        seen.add(folded);
        return true;
      })
      .slice(0, maxSuggestions);
  }

  private async nameSuggestions(key: string, dictionary: Dictionary, index: SearchIndex | null): Promise<Suggestion[]> {
    const suggestions: Suggestion[] = [];
    for (const match of dictionary.matchBrands(key)) {
      const count = index ? index.brandCount(match.entry.id) : await sqlCountProducts(this.db, { brandId: match.entry.id });
      if (count > 0) suggestions.push({ key: match.name, searchResultCount: count });
    }
    for (const match of dictionary.matchCategories(key)) {
      const leaves = dictionary.leafCategoryIds(match.entry.id);
      const count = index ? index.categoryCount(leaves) : await sqlCountProducts(this.db, { categoryIds: leaves });
      if (count > 0) suggestions.push({ key: match.name, searchResultCount: count });
    }
    return suggestions;
  }

  async search(params: SearchParams): Promise<SearchResult> {
    const key = cleanKeyword(params.key);
    const empty: SearchResult = {
      params: { ...params, key },
      total: 0,
      pageSize: searchPageSize,
      list: [],
      facets: { categories: [], brands: [], packages: [], inStockCount: 0 },
      nearMatches: [],
      notice: keywordProblem(key),
    };
    if (!key || empty.notice) return empty;

    const index = await this.keeper.current();
    const dictionary = await this.keeper.dictionary();
    const query: IndexQuery = {
      keyword: key,
      categoryId: params.categoryId,
      brandId: params.brandId,
      packageName: params.package,
      isInStock: params.isInStock,
      sort: params.sort,
      offset: (params.page - 1) * searchPageSize,
      limit: searchPageSize,
    };
    let found = await this.find(index, dictionary, query);
    let page = params.page;
    if (found.productIds.length === 0 && found.total > 0) {
      // A page past the end (an old link): show the last page instead.
      page = Math.ceil(found.total / searchPageSize);
      found = await this.find(index, dictionary, { ...query, offset: (page - 1) * searchPageSize });
    }
    const isUnfiltered = params.categoryId === null && params.brandId === null && params.package === null && !params.isInStock;
    return {
      ...empty,
      params: { ...params, key, page },
      total: found.total,
      list: await this.productsOf(found.productIds, dictionary),
      facets: {
        categories: found.categories.map(({ id, count }) => ({ value: String(id), label: dictionary.category(id)?.name ?? '其他', count })),
        brands: found.brands.map(({ id, count }) => {
          const brand = dictionary.brand(id);
          return { value: String(id), label: brand ? brandDisplayName(brand.nameEn, brand.nameCn) : '其他', count };
        }),
        packages: found.packages.map(({ name, count }) => ({ value: name, label: name, count })),
        inStockCount: found.inStockCount,
      },
      nearMatches: found.total === 0 && isUnfiltered && index ? this.nearMatches(index, key) : [],
    };
  }

  private async find(index: SearchIndex | null, dictionary: Dictionary, query: IndexQuery): Promise<IndexResult> {
    if (index) return index.search(query);
    const compiled = compileQuery(query.keyword, dictionary, new PackageTable());
    return sqlSearch(this.db, { ...query, ...compiled });
  }

  /** For a keyword that found nothing: shorter part numbers that exist, and each word alone. */
  private nearMatches(index: SearchIndex, key: string): Suggestion[] {
    const near: Suggestion[] = [];
    const norm = normalizePartNumber(key);
    if (looksLikePartNumber(key)) {
      for (let length = norm.length - 1; length >= 3; length--) {
        const prefix = norm.slice(0, length);
        if (index.countPrefix(prefix) === 0) continue;
        near.push(...index.suggestCodes(prefix, 6).map((code) => ({ key: code.code, searchResultCount: code.count })));
        break;
      }
    }
    const words = splitKeyword(key);
    if (words.length > 1) {
      for (const word of words) {
        const { total } = index.search({ keyword: word, categoryId: null, brandId: null, packageName: null, isInStock: false, sort: 0, offset: 0, limit: 0 });
        if (total > 0) near.push({ key: word, searchResultCount: total });
      }
    }
    return near.slice(0, maxNearMatches);
  }

  /** The parts with exactly this manufacturer code (several makers may share one); else its base part. */
  async findByFactoryCode(code: string): Promise<SearchProduct[]> {
    const cleaned = cleanKeyword(code);
    const norm = normalizePartNumber(cleaned);
    let ids = await findProductIdsByCodeNorm(this.db, [norm]);
    for (const base of partNumberBases(cleaned)) {
      if (ids.length > 0) break;
      ids = await findProductIdsByCodeNorm(this.db, [base]);
    }
    return this.productsOf(ids, await this.keeper.dictionary());
  }

  /**
   * Lookups over the in-memory index for matching many BOM lines at once (the BOM feature's
   * matcher): waits for the index while a large catalogue is being indexed, up to 20 s, then
   * answers request.busy rather than one SQL query per line.
   */
  async partLookup(): Promise<PartLookup> {
    let index = await this.keeper.current();
    if (!index) {
      const waited = await Promise.race([
        this.keeper.startBuild().then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), partLookupWaitMs).unref()),
      ]);
      index = waited ? await this.keeper.current() : null;
    }
    if (!index) throw new AppError(requestErrors.busy);
    return new PartLookup(index);
  }

  /** The catalogue's list cards of the parts, in this order, named with the index's category names (as the facets are). */
  private async productsOf(productIds: readonly number[], dictionary: Dictionary): Promise<SearchProduct[]> {
    const summaries = await loadProductSummaries(this.db.kysely, productIds);
    return summaries.map((summary) => searchProductOf(summary, dictionary.category(summary.categorySecondId)?.name ?? ''));
  }
}
