import type { Kysely } from 'kysely';
import type { ServiceDeps } from '../../service-deps.ts';
import type { Database } from '../../db/database.ts';
import { findAllBrandNames, type BrandNameRow } from './category.repository.ts';
import { createChooseIndexStore, type ChooseIndexStore, type ChooseIndexStoreOptions } from './choose-index.store.ts';

/** What the catalogue services share within one app: the database and the in-memory indexes. */
export interface CatalogContext {
  db: Kysely<Database>;
  chooseIndex: ChooseIndexStore;
  /** Brand names by id, read at most once a minute (a few hundred rows). */
  brandNames(): Promise<Map<number, BrandNameRow>>;
}

const brandNamesTtlMs = 60_000;

export function createCatalogContext(deps: Pick<ServiceDeps, 'db' | 'logger'>, options: ChooseIndexStoreOptions = {}): CatalogContext {
  const db = deps.db;
  let brandNames: { loadedAt: number; names: Promise<Map<number, BrandNameRow>> } | null = null;
  return {
    db,
    chooseIndex: createChooseIndexStore(db, deps.logger, options),
    brandNames() {
      const now = Date.now();
      if (!brandNames || now - brandNames.loadedAt > brandNamesTtlMs) {
        const names = findAllBrandNames(db).then((rows) => new Map(rows.map((row) => [row.id, row])));
        names.catch(() => {
          brandNames = null;
        });
        brandNames = { loadedAt: now, names };
      }
      return brandNames.names;
    },
  };
}
