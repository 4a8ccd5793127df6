import type { Generated } from 'kysely';

/**
 * One row per product write, appended by database triggers (migration 0008), so every app
 * process can bring its in-memory search index up to date, whoever wrote the product.
 */
export interface CatalogChangesTable {
  seq: Generated<number>;
  /** The product written; null when brands, categories or attributes changed (rebuild everything). */
  productId: number | null;
  /** Epoch ms, for pruning old rows. */
  changedAt: number;
}

/** A single row (id 1): changes with seq ≤ prunedThrough have been deleted. */
export interface CatalogSyncTable {
  id: number;
  prunedThrough: number;
}

/** Searches that found nothing (migration 0043): one row per Beijing day and keyword, counting repeats. */
export interface SearchMissesTable {
  /** Beijing date, yyyy-MM-dd. */
  day: string;
  keyword: string;
  count: number;
  lastAt: number;
}

export interface SearchTables {
  catalogChanges: CatalogChangesTable;
  catalogSync: CatalogSyncTable;
  searchMisses: SearchMissesTable;
}
