import { rm } from 'node:fs/promises';
import { pino, type Logger } from 'pino';
import type { Db } from '../db/create-db.ts';
import { createChooseIndexStore } from '../features/catalog/choose/choose-index.store.ts';
import { warmChooseIndexes } from '../features/catalog/choose/choose.service.ts';
import { readSyncState } from '../cache/catalog-changes.ts';
import { buildSearchIndex } from '../features/search/index/build-index.ts';
import { snapshotPathOf } from '../cache/snapshot-paths.ts';
import { writeSearchSnapshot } from '../features/search/index/search-snapshot.ts';

export interface SnapshotTiming {
  path: string;
  /** Building the index from the database (choose: with writing the file). */
  buildMs: number;
  writeMs: number;
  bytes: number;
}

/**
 * After a seed: builds the search and choose indexes once and writes them beside the database,
 * so the first server start loads them in seconds instead of reading millions of parts.
 * Snapshots of an earlier catalogue are removed first.
 */
export async function writeIndexSnapshots(db: Db, base: string, logger?: Logger): Promise<{ search: SnapshotTiming; choose: SnapshotTiming }> {
  const searchPath = snapshotPathOf(base, 'search-index') ?? '';
  const choosePath = snapshotPathOf(base, 'choose-index') ?? '';
  await Promise.all([rm(searchPath, { force: true }), rm(choosePath, { force: true })]);

  let started = performance.now();
  const { maxSeq } = await readSyncState(db);
  const built = await buildSearchIndex(db);
  if (!built) throw new Error('search index build cancelled');
  const buildMs = performance.now() - started;
  started = performance.now();
  const { bytes } = await writeSearchSnapshot(searchPath, built.index, maxSeq);
  const search = { path: searchPath, buildMs, writeMs: performance.now() - started, bytes };
  logger?.info(search, 'search index snapshot written');

  started = performance.now();
  const store = createChooseIndexStore(db.kysely, logger ?? pino({ level: 'silent' }));
  const outcome = await warmChooseIndexes({ db: db.kysely, chooseIndex: store }, () => false, choosePath);
  const choose = { path: choosePath, buildMs: performance.now() - started, writeMs: 0, bytes: outcome.snapshotBytes };
  logger?.info(choose, 'choose index snapshot written');
  return { search, choose };
}
