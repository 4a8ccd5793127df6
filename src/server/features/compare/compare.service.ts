import type { Kysely } from 'kysely';
import { readCompareIds, type CompareData } from '../../../contract/compare.ts';
import type { Database } from '../../db/database.ts';
import { loadProductsWithParams } from '../catalog/product-lookup.service.ts';
import { compareRowsOf } from './compare-table.ts';

/** /product/compare?ids=…: the parts asked for (the first four), side by side, from the catalogue. */
export async function loadComparison(db: Kysely<Database>, idsText: string | undefined): Promise<CompareData> {
  const { ids, isCut } = readCompareIds(idsText);
  const parts = await loadProductsWithParams(db, ids);
  const found = new Set(parts.map((part) => part.product.productId));
  return {
    parts: parts.map((part) => part.product),
    rows: parts.length === 0 ? [] : compareRowsOf(parts),
    missingIds: ids.filter((id) => !found.has(id)),
    isCut,
  };
}
