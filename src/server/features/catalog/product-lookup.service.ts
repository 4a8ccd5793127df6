import type { Kysely } from 'kysely';
import type { ProductParam, ProductSummary } from '../../../contract/catalog.ts';
import type { Database } from '../../db/database.ts';
import { findProductIdsByCodeNorm } from './product-lookup.repository.ts';
import { findProductParams, findProductSummaries } from './product.repository.ts';

/**
 * Parts found by their exact part number, normalised as products.codeNorm is (contract/part-number.ts):
 * normalised number → its parts (one per maker that makes it), oldest first. Numbers no part has are absent.
 */
export async function loadProductsByPartNumber(db: Kysely<Database>, codeNorms: readonly string[]): Promise<Map<string, ProductSummary[]>> {
  const rows = await findProductIdsByCodeNorm(db, [...new Set(codeNorms)]);
  const summaries = new Map(
    (
      await findProductSummaries(
        db,
        rows.map((row) => row.id),
      )
    ).map((product) => [product.productId, product]),
  );
  const byNumber = new Map<string, ProductSummary[]>();
  for (const row of rows) {
    const product = summaries.get(row.id);
    if (!product) continue;
    byNumber.set(row.codeNorm, [...(byNumber.get(row.codeNorm) ?? []), product]);
  }
  return byNumber;
}

/** Parts side by side (the compare page): each with every parameter it has, in its category's order; unknown ids are left out. */
export async function loadProductsWithParams(
  db: Kysely<Database>,
  productIds: readonly number[],
): Promise<{ product: ProductSummary; params: ProductParam[] }[]> {
  const [products, params] = await Promise.all([findProductSummaries(db, productIds), Promise.all(productIds.map((id) => findProductParams(db, id)))]);
  const paramsById = new Map(productIds.map((id, index) => [id, params[index] ?? []]));
  return products.map((product) => ({
    product,
    params: (paramsById.get(product.productId) ?? []).map(({ attributeId, name, valueText }) => ({ attributeId, name, valueText })),
  }));
}
