import type { z } from 'zod';
import type { BomLineInput, BomLineStatus } from '../../../contract/bom.ts';
import { orderQuantityOf } from '../../../contract/bom-optimiser.ts';
import { productDetailPath, type ProductSummary } from '../../../contract/catalog.ts';
import { yuanTextOfCents, yuanTextOfE4 } from '../../../contract/money.ts';
import { apiKeyLimits, leadTimeDaysOf, openApiCurrency, openApiErrors } from '../../../contract/open-api.ts';
import { emptyPurchasing } from '../../../contract/purchasing.ts';
import type { openApiSchemas } from '../../../contract/open-api-requests.ts';
import { defaultSearchParams, searchPageSize } from '../../../contract/search.ts';
import { lineAmountCents, quantityProblem, tierIndexAt, type PriceTier } from '../../../contract/pricing.ts';
import { AppError } from '../../http/app-error.ts';
import type { FeatureDeps } from '../feature-registration.ts';
import { matchBomLineInputs } from '../bom/bom.service.ts';
import { catalogContextOf } from '../catalog/choose/choose.service.ts';
import { loadProductDetail } from '../catalog/product-detail.service.ts';
import { loadProductSummaries } from '../catalog/product.service.ts';
import { loadPurchasingOf } from '../catalog/purchasing.service.ts';

type Schemas = typeof openApiSchemas;
type Out<Key extends keyof Schemas> = z.output<Schemas[Key]>;
type OpenProduct = Out<'lookupResponse'>['items'][number];
type OpenTier = NonNullable<Out<'priceResponse'>['tier']>;

/** What the endpoints read: the database, the app's search service, the catalogue's context. */
export type OpenApiDeps = Pick<FeatureDeps, 'db' | 'search' | 'logger' | 'cacheVersions'>;

function tierOf(tier: PriceTier): OpenTier {
  return { qtyStart: tier.qtyStart, qtyEnd: tier.qtyEnd, unitPrice: yuanTextOfE4(tier.priceE4), currency: openApiCurrency };
}

type Purchasing = Awaited<ReturnType<typeof loadPurchasingOf>>;

/** A part as /open/v1 answers it: the list card with its purchasing data (read for all the answer's parts at once). */
function productOf(summary: ProductSummary, purchasingById: Purchasing): OpenProduct {
  const { isRohs = false, purchasing = emptyPurchasing } = purchasingById.get(summary.productId) ?? {};
  return {
    productId: summary.productId,
    partNumber: summary.code,
    brand: summary.brandName,
    package: summary.package,
    description: summary.description,
    categoryId: summary.categorySecondId,
    stock: summary.stock,
    packSize: summary.packSize,
    leadTimeDays: leadTimeDaysOf(summary.stock),
    factoryLeadWeeks: purchasing.factoryLeadWeeks,
    packaging: purchasing.packaging,
    compliance: {
      rohs: isRohs,
      reach: purchasing.reachStatus,
      msl: purchasing.msl,
      eccn: purchasing.eccn,
      countryOfOrigin: purchasing.originCountry,
    },
    cadModels: { symbolUrl: purchasing.cadSymbolUrl, footprintUrl: purchasing.cadFootprintUrl, model3dUrl: purchasing.cadModelUrl },
    lifecycle: summary.lifecycle,
    priceTiers: summary.priceTiers.map(tierOf),
    url: productDetailPath(summary.productId),
  };
}

export async function openProductsOf(deps: OpenApiDeps, summaries: readonly ProductSummary[]): Promise<OpenProduct[]> {
  const purchasing = await loadPurchasingOf(
    deps.db,
    summaries.map((summary) => summary.productId),
  );
  return summaries.map((summary) => productOf(summary, purchasing));
}

async function summariesInOrder(deps: OpenApiDeps, productIds: readonly number[]): Promise<ProductSummary[]> {
  const byId = new Map((await loadProductSummaries(deps.db, productIds)).map((summary) => [summary.productId, summary]));
  return productIds.flatMap((id) => byId.get(id) ?? []);
}

async function summaryOf(deps: OpenApiDeps, productId: number): Promise<ProductSummary> {
  const [summary] = await loadProductSummaries(deps.db, [productId]);
  if (!summary) throw new AppError(openApiErrors.notFound);
  return summary;
}

/**
 * The site's search (its in-memory index), 20 a page. A page past the end is empty, with the true
 * total: the site shows an old link's last page instead, and a program reading "until empty" would read it again and again.
 */
export async function openSearch(deps: OpenApiDeps, query: Out<'searchQuery'>): Promise<Out<'searchResponse'>> {
  const result = await deps.search.search({ ...defaultSearchParams, key: query.keyword, page: query.page });
  const pageCount = Math.ceil(result.total / searchPageSize);
  const isPastTheEnd = query.page > pageCount;
  const items = isPastTheEnd
    ? []
    : await summariesInOrder(
        deps,
        result.list.map((item) => item.productId),
      );
  return {
    keyword: result.params.key,
    total: result.total,
    page: query.page,
    pageSize: searchPageSize,
    pageCount,
    hasMore: query.page < Math.min(pageCount, apiKeyLimits.searchPagesMax),
    items: await openProductsOf(deps, items),
  };
}

export async function openProductDetail(deps: OpenApiDeps, productId: number): Promise<Out<'productResponse'>> {
  const detail = await loadProductDetail(catalogContextOf(deps), productId, null).catch((error: unknown) => {
    throw error instanceof AppError && error.code === openApiErrors.notFound.code ? new AppError(openApiErrors.notFound) : error;
  });
  return {
    product: productOf(detail.product, await loadPurchasingOf(deps.db, [productId])),
    params: detail.params.map((param) => ({ name: param.name, value: param.valueText })),
    datasheetUrl: detail.datasheetUrl,
    isRohs: detail.isRohs,
    categoryName: detail.categorySecond.categoryName,
  };
}

/** The parts with this manufacturer part number (several makers may share one), as the site's search finds them. */
export async function openLookup(deps: OpenApiDeps, partNumber: string): Promise<Out<'lookupResponse'>> {
  const found = await deps.search.findByFactoryCode(partNumber);
  const items = await summariesInOrder(
    deps,
    found.map((item) => item.productId),
  );
  return { partNumber, items: await openProductsOf(deps, items) };
}

/** The cart's rule: the tier of the quantity, unit price × quantity rounded once to fen. */
export async function openPrice(deps: OpenApiDeps, productId: number, quantity: number): Promise<Out<'priceResponse'>> {
  const summary = await summaryOf(deps, productId);
  const tier = summary.priceTiers[tierIndexAt(summary.priceTiers, quantity)];
  const problem = tier ? quantityProblem(quantity, summary.packSize) : '该商品暂无报价';
  const amountCents = lineAmountCents(summary.priceTiers, quantity);
  return {
    productId,
    partNumber: summary.code,
    quantity,
    unitPrice: tier ? yuanTextOfE4(tier.priceE4) : null,
    amount: yuanTextOfCents(amountCents),
    amountCents,
    currency: openApiCurrency,
    tier: tier ? tierOf(tier) : null,
    packSize: summary.packSize,
    leadTimeDays: leadTimeDaysOf(summary.stock, quantity),
    isPurchasable: problem === '',
    problem,
  };
}

export async function openStock(deps: OpenApiDeps, productId: number): Promise<Out<'stockResponse'>> {
  const summary = await summaryOf(deps, productId);
  return {
    productId,
    partNumber: summary.code,
    stock: summary.stock,
    packSize: summary.packSize,
    isInStock: summary.stock > 0,
    leadTimeDays: leadTimeDaysOf(summary.stock),
  };
}

/** Up to 100 part numbers, answered in the order asked. */
export async function openBatchLookup(deps: OpenApiDeps, partNumbers: readonly string[]): Promise<Out<'batchResponse'>> {
  const found = await Promise.all(partNumbers.map((partNumber) => openLookup(deps, partNumber)));
  return { items: found.map(({ partNumber, items }) => ({ partNumber, isFound: items.length > 0, products: items })) };
}

/** How sure the matcher is, from the evidence each status stands for (contract/bom.ts BomLineStatus). */
const confidenceOf: Record<BomLineStatus, Out<'bomResponse'>['lines'][number]['confidence']> = {
  exact: 'high',
  recommended: 'medium',
  multiple: 'low',
  none: 'none',
  notFitted: 'none',
};

/** The BOM tool's matcher (the in-memory part lookup, the parts read for all lines at once), priced at each line's order quantity. */
export async function openBomMatch(deps: OpenApiDeps, lines: Out<'bomBody'>['lines']): Promise<Out<'bomResponse'>> {
  const inputs: BomLineInput[] = lines.map((line, index) => ({
    lineNo: index + 1,
    sourceRows: [index],
    query: { mpn: line.partNumber, storeCode: '', value: '', description: line.description, package: line.package, brand: line.brand },
    designators: [],
    quantityPerBoard: line.quantity,
    requiredQuantity: line.quantity,
    isNotFitted: false,
    notes: [],
  }));
  const result = await matchBomLineInputs(deps, inputs);
  const candidateIds = [...new Set(result.lines.flatMap((line) => line.candidates.map((candidate) => candidate.productId)))];
  const summaries = new Map((await loadProductSummaries(deps.db, candidateIds)).map((summary) => [summary.productId, summary]));
  const purchasing = await loadPurchasingOf(deps.db, candidateIds);
  return {
    lines: result.lines.map((line) => ({
      lineNo: line.lineNo,
      status: line.status === 'notFitted' ? 'none' : line.status,
      matchedBy: line.matchedBy,
      confidence: confidenceOf[line.status],
      matchReason: line.matchReason,
      candidates: line.candidates.flatMap((candidate) => {
        const summary = summaries.get(candidate.productId);
        if (!summary) return [];
        const orderQuantity = orderQuantityOf(line.requiredQuantity, summary.packSize);
        const tier = summary.priceTiers[tierIndexAt(summary.priceTiers, orderQuantity)];
        return [
          {
            product: productOf(summary, purchasing),
            orderQuantity,
            unitPrice: tier ? yuanTextOfE4(tier.priceE4) : null,
            amount: yuanTextOfCents(lineAmountCents(summary.priceTiers, orderQuantity)),
            currency: openApiCurrency,
          },
        ];
      }),
    })),
    summary: { lineCount: result.summary.lineCount, matchedCount: result.summary.matchedCount },
  };
}
