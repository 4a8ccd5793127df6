import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { logBackgroundFailure } from '../../../db/database-errors.ts';
import type { Database } from '../../../db/database.ts';
import { findCategoryAttributes } from '../category.repository.ts';
import { buildScopeIndex, patchScopeIndex, type ScopeIndex } from './choose-index.ts';
import { countScopeProducts, findScopeProductsChangedSince, findScopeVersion, type ChooseScope } from './choose-index.repository.ts';

export interface ChooseIndexStoreOptions {
  /** Scopes up to this many products are rebuilt before answering; larger ones answer from the previous index meanwhile (patches are always awaited). */
  largeScopeSize?: number;
  /** How often the product count is compared (deleted or moved products leave the version alone). */
  countCheckMs?: number;
  /** Changed rows patched in place; more than this rebuilds. */
  patchLimit?: number;
}

interface Entry {
  index: ScopeIndex | null;
  building: Promise<ScopeIndex> | null;
  refreshing: Promise<void> | null;
  mustRebuild: boolean;
}

export interface ChooseIndexStore {
  /** The scope's index, checked against the database's version of the scope first. */
  get(scope: ChooseScope): Promise<ScopeIndex>;
  /** A page met a product the index should not hold: rebuild at the next request. */
  markStale(scope: ChooseScope): void;
  /** Builds the indexes of the scopes one after another, until `isStopped`. */
  warm(scopes: readonly ChooseScope[], isStopped: () => boolean): Promise<void>;
  /** Takes indexes read from a snapshot for scopes that have none yet (each checked against the database on its first request). */
  restore(indexes: readonly ScopeIndex[]): void;
  /** The indexes held now (to write a snapshot). */
  held(): ScopeIndex[];
}

interface StoreSettings {
  db: Kysely<Database>;
  logger: Logger;
  largeScopeSize: number;
  countCheckMs: number;
  patchLimit: number;
}

async function buildIndex({ db }: StoreSettings, scope: ChooseScope): Promise<ScopeIndex> {
  const attributes = scope.level === 2 ? await findCategoryAttributes(db, scope.categoryId) : [];
  return buildScopeIndex(db, scope, attributes);
}

/** Changed rows of products the index holds are patched in place; true when that was enough. */
async function tryPatch({ db, patchLimit }: StoreSettings, entry: Entry, scope: ChooseScope, version: number): Promise<boolean> {
  const current = entry.index;
  if (!current || entry.mustRebuild) return false;
  const changed = await findScopeProductsChangedSince(db, scope, current.version, patchLimit + 1);
  return changed.length <= patchLimit && (await patchScopeIndex(db, current, changed, version));
}

function startRebuild(settings: StoreSettings, entry: Entry, scope: ChooseScope): Promise<void> {
  entry.refreshing ??= buildIndex(settings, scope)
    .then((index) => {
      entry.index = index;
      entry.mustRebuild = false;
    })
    .finally(() => {
      entry.refreshing = null;
    });
  return entry.refreshing;
}

/** The entry's index once the database's version of the scope has been checked. */
async function checkedIndex(settings: StoreSettings, held: Entry, index: ScopeIndex, scope: ChooseScope): Promise<ScopeIndex> {
  const { db, logger, countCheckMs, largeScopeSize } = settings;
  const version = await findScopeVersion(db, scope);
  const now = Date.now();
  if (!held.mustRebuild && now - index.countCheckedAt >= countCheckMs) {
    const count = await countScopeProducts(db, scope);
    index.countCheckedAt = now;
    if (count !== index.size) held.mustRebuild = true;
  }
  if (version === index.version && !held.mustRebuild) return index;
  if (!held.refreshing && (await tryPatch(settings, held, scope, version))) return index;
  const rebuilding = startRebuild(settings, held, scope);
  if (index.size <= largeScopeSize) {
    await rebuilding;
    // The rebuild replaced held.index (a failed one throws above).
    return held.index ?? index;
  }
  rebuilding.catch((error: unknown) => logBackgroundFailure(logger, error, 'choose index rebuild failed', { scope }));
  return index;
}

/**
 * One per app. Every request asks the database for the scope's max(updatedAt) (one index
 * entry); when it moved, the changed rows are patched in, or the scope is rebuilt. So writes
 * by any process sharing the database show up, provided they bump products.updatedAt.
 */
export function createChooseIndexStore(db: Kysely<Database>, logger: Logger, options: ChooseIndexStoreOptions = {}): ChooseIndexStore {
  const settings: StoreSettings = {
    db,
    logger,
    largeScopeSize: options.largeScopeSize ?? 20_000,
    countCheckMs: options.countCheckMs ?? 60_000,
    patchLimit: options.patchLimit ?? 2_000,
  };
  const entries = new Map<string, Entry>();
  const keyOf = (scope: ChooseScope) => `${scope.level}:${scope.categoryId}`;

  return {
    async get(scope) {
      const key = keyOf(scope);
      let entry = entries.get(key);
      if (!entry) {
        entry = { index: null, building: null, refreshing: null, mustRebuild: false };
        entries.set(key, entry);
      }
      const held = entry;
      if (held.index) return checkedIndex(settings, held, held.index, scope);
      held.building ??= buildIndex(settings, scope).then(
        (index) => {
          held.index = index;
          held.building = null;
          return index;
        },
        (error: unknown) => {
          held.building = null;
          throw error;
        },
      );
      return held.building;
    },
    markStale(scope) {
      const entry = entries.get(keyOf(scope));
      if (entry) entry.mustRebuild = true;
    },
    async warm(scopes, isStopped) {
      for (const scope of scopes) {
        if (isStopped()) return;
        await this.get(scope);
      }
    },
    restore(indexes) {
      for (const index of indexes) {
        const key = keyOf(index.scope);
        if (!entries.get(key)?.index) entries.set(key, { index, building: null, refreshing: null, mustRebuild: false });
      }
    },
    held() {
      return [...entries.values()].flatMap((entry) => (entry.index ? [entry.index] : []));
    },
  };
}
